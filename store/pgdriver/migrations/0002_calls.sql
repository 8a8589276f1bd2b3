-- Calls, their events, pending customer-leg dials and caller IDs.

-- One row per call, keyed by the agent leg's provider SID: the CallSid of the
-- call-control webhook. The primary key is what makes a retried webhook
-- idempotent: a second insert of the same CallSid finds the first.
CREATE TABLE calls (
    call_sid          text PRIMARY KEY,
    -- No foreign key: a refused call-control webhook is recorded even when
    -- it names a workspace that does not exist.
    workspace_id      text NOT NULL,
    agent_identity    text NOT NULL,
    direction         text NOT NULL DEFAULT 'outbound',
    to_number         text NOT NULL,
    from_number       text NOT NULL,
    status            text NOT NULL,
    -- initiated 0, ringing 1, answered 2, final 3: updates move it up only.
    status_rank       smallint NOT NULL,
    -- SequenceNumber of the last customer-leg callback applied, -1 for none.
    last_seq          integer NOT NULL DEFAULT -1,
    -- NULL until the call-control webhook ran (a click-to-call call waits
    -- for its agent to answer); NULLs are distinct under UNIQUE.
    conference_name   text UNIQUE,
    conference_sid    text NOT NULL DEFAULT '',
    customer_call_sid text UNIQUE,
    on_hold           boolean NOT NULL DEFAULT false,
    muted             boolean NOT NULL DEFAULT false,
    transfer_type     text NOT NULL DEFAULT '',
    transfer_target   text NOT NULL DEFAULT '',
    transfer_status   text NOT NULL DEFAULT '',
    transfer_call_sid text NOT NULL DEFAULT '',
    failure_reason    text NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL,
    answered_at       timestamptz,
    ended_at          timestamptz,
    duration          integer
);

CREATE INDEX calls_agent_created ON calls (workspace_id, agent_identity, created_at DESC, call_sid DESC);

CREATE TABLE call_events (
    id              text PRIMARY KEY,
    -- NULL for a callback about a leg no call knows yet (it can beat the
    -- write of the customer leg's SID); that write adopts it.
    call_sid        text REFERENCES calls (call_sid) ON DELETE CASCADE,
    leg_sid         text NOT NULL,
    source          text NOT NULL,
    provider_status text NOT NULL,
    status          text NOT NULL DEFAULT '',
    sequence        integer NOT NULL DEFAULT -1,
    duration        integer,
    applied         boolean NOT NULL,
    created_at      timestamptz NOT NULL,
    -- A repeated callback is the same event: kept once.
    UNIQUE (leg_sid, source, provider_status, sequence)
);

CREATE INDEX call_events_call ON call_events (call_sid, created_at, id);
CREATE INDEX call_events_leg ON call_events (leg_sid);

-- The customer leg still to be created. Written with the call, before the
-- webhook answers; deleted when the leg exists or the call fails. A row whose
-- claim has expired belongs to a process that died: the next one claims it.
CREATE TABLE pending_dials (
    call_sid        text PRIMARY KEY REFERENCES calls (call_sid) ON DELETE CASCADE,
    workspace_id    text NOT NULL,
    to_number       text NOT NULL,
    from_number     text NOT NULL,
    conference_name text NOT NULL,
    attempts        integer NOT NULL DEFAULT 1,
    claimed_until   timestamptz NOT NULL,
    created_at      timestamptz NOT NULL
);

CREATE INDEX pending_dials_claimed ON pending_dials (claimed_until);

CREATE TABLE caller_ids (
    id              text PRIMARY KEY,
    workspace_id    text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    phone_number    text NOT NULL,
    friendly_name   text NOT NULL DEFAULT '',
    status          text NOT NULL CHECK (status IN ('verified', 'pending')),
    validation_code text NOT NULL DEFAULT '',
    is_default      boolean NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL,
    UNIQUE (workspace_id, phone_number)
);

-- At most one default per workspace.
CREATE UNIQUE INDEX caller_ids_one_default ON caller_ids (workspace_id) WHERE is_default;
CREATE INDEX caller_ids_workspace_created ON caller_ids (workspace_id, created_at DESC, id DESC);
