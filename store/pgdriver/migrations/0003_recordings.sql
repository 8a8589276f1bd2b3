-- Call recordings (call control, issue 4). A recording is made on the
-- call's customer leg; call_sid names the Call (its agent leg).
CREATE TABLE recordings (
    recording_sid text PRIMARY KEY,
    call_sid      text NOT NULL REFERENCES calls (call_sid) ON DELETE CASCADE,
    workspace_id  text NOT NULL,
    leg_sid       text NOT NULL,
    status        text NOT NULL,
    -- in-progress and paused 0, stopped 1, completed and failed 2: updates
    -- never lower it, and nothing moves a rank-2 recording.
    status_rank   smallint NOT NULL,
    channels      text NOT NULL,
    duration      integer,
    media_url     text NOT NULL DEFAULT '',
    started_at    timestamptz NOT NULL,
    completed_at  timestamptz,
    created_at    timestamptz NOT NULL,
    updated_at    timestamptz NOT NULL
);

CREATE INDEX recordings_call ON recordings (call_sid, started_at DESC, recording_sid DESC);
