-- Calls, their events, pending customer-leg dials and caller IDs.
-- Booleans are INTEGER 0/1 and timestamps DATETIME, as in 0001.

-- One row per call, keyed by the agent leg's provider SID: the CallSid of the
-- call-control webhook. The primary key is what makes a retried webhook
-- idempotent: a second insert of the same CallSid finds the first.
CREATE TABLE calls (
    call_sid          TEXT PRIMARY KEY,
    -- No foreign key: a refused call-control webhook is recorded even when
    -- it names a workspace that does not exist.
    workspace_id      TEXT NOT NULL,
    agent_identity    TEXT NOT NULL,
    direction         TEXT NOT NULL DEFAULT 'outbound',
    to_number         TEXT NOT NULL,
    from_number       TEXT NOT NULL,
    status            TEXT NOT NULL,
    -- initiated 0, ringing 1, answered 2, final 3: updates move it up only.
    status_rank       INTEGER NOT NULL,
    -- SequenceNumber of the last customer-leg callback applied, -1 for none.
    last_seq          INTEGER NOT NULL DEFAULT -1,
    -- NULL until the call-control webhook ran (a click-to-call call waits
    -- for its agent to answer); NULLs are distinct under UNIQUE.
    conference_name   TEXT UNIQUE,
    conference_sid    TEXT NOT NULL DEFAULT '',
    customer_call_sid TEXT UNIQUE,
    on_hold           INTEGER NOT NULL DEFAULT 0,
    muted             INTEGER NOT NULL DEFAULT 0,
    transfer_type     TEXT NOT NULL DEFAULT '',
    transfer_target   TEXT NOT NULL DEFAULT '',
    transfer_status   TEXT NOT NULL DEFAULT '',
    transfer_call_sid TEXT NOT NULL DEFAULT '',
    failure_reason    TEXT NOT NULL DEFAULT '',
    created_at        DATETIME NOT NULL,
    updated_at        DATETIME NOT NULL,
    answered_at       DATETIME,
    ended_at          DATETIME,
    duration          INTEGER
);

CREATE INDEX calls_agent_created ON calls (workspace_id, agent_identity, created_at DESC, call_sid DESC);

CREATE TABLE call_events (
    id              TEXT PRIMARY KEY,
    -- NULL for a callback about a leg no call knows yet (it can beat the
    -- write of the customer leg's SID); that write adopts it.
    call_sid        TEXT REFERENCES calls (call_sid) ON DELETE CASCADE,
    leg_sid         TEXT NOT NULL,
    source          TEXT NOT NULL,
    provider_status TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT '',
    sequence        INTEGER NOT NULL DEFAULT -1,
    duration        INTEGER,
    applied         INTEGER NOT NULL,
    created_at      DATETIME NOT NULL,
    -- A repeated callback is the same event: kept once.
    UNIQUE (leg_sid, source, provider_status, sequence)
);

CREATE INDEX call_events_call ON call_events (call_sid, created_at, id);
CREATE INDEX call_events_leg ON call_events (leg_sid);

-- The customer leg still to be created. Written with the call, before the
-- webhook answers; deleted when the leg exists or the call fails. A row whose
-- claim has expired belongs to a process that died: the next one claims it.
CREATE TABLE pending_dials (
    call_sid        TEXT PRIMARY KEY REFERENCES calls (call_sid) ON DELETE CASCADE,
    workspace_id    TEXT NOT NULL,
    to_number       TEXT NOT NULL,
    from_number     TEXT NOT NULL,
    conference_name TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 1,
    claimed_until   DATETIME NOT NULL,
    created_at      DATETIME NOT NULL
);

CREATE INDEX pending_dials_claimed ON pending_dials (claimed_until);

CREATE TABLE caller_ids (
    id              TEXT PRIMARY KEY,
    workspace_id    TEXT NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    phone_number    TEXT NOT NULL,
    friendly_name   TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL CHECK (status IN ('verified', 'pending')),
    validation_code TEXT NOT NULL DEFAULT '',
    is_default      INTEGER NOT NULL DEFAULT 0,
    created_at      DATETIME NOT NULL,
    UNIQUE (workspace_id, phone_number)
);

-- At most one default per workspace.
CREATE UNIQUE INDEX caller_ids_one_default ON caller_ids (workspace_id) WHERE is_default = 1;
CREATE INDEX caller_ids_workspace_created ON caller_ids (workspace_id, created_at DESC, id DESC);
