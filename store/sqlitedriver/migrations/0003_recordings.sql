-- Call recordings (call control, issue 4). A recording is made on the
-- call's customer leg; call_sid names the Call (its agent leg).
CREATE TABLE recordings (
    recording_sid TEXT PRIMARY KEY,
    call_sid      TEXT NOT NULL REFERENCES calls (call_sid) ON DELETE CASCADE,
    workspace_id  TEXT NOT NULL,
    leg_sid       TEXT NOT NULL,
    status        TEXT NOT NULL,
    -- in-progress and paused 0, stopped 1, completed and failed 2: updates
    -- never lower it, and nothing moves a rank-2 recording.
    status_rank   INTEGER NOT NULL,
    channels      TEXT NOT NULL,
    duration      INTEGER,
    media_url     TEXT NOT NULL DEFAULT '',
    started_at    DATETIME NOT NULL,
    completed_at  DATETIME,
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL
);

CREATE INDEX recordings_call ON recordings (call_sid, started_at DESC, recording_sid DESC);
