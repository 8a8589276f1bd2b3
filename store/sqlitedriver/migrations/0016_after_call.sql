-- After-call work: what came of each call (its contact, outcome, notes and
-- tags) and the outcomes a workspace offers its agents.
-- Booleans are INTEGER 0/1 and timestamps DATETIME, as in 0001.

-- A workspace's outcomes, in the order they were made (position). Never
-- deleted: calls keep theirs, and an archived one is only no longer offered.
-- Names are unique per workspace ignoring case (name_key is lower(name)).
-- A workspace's seven defaults are written the first time its outcomes are
-- read or used, by whichever request comes first (ON CONFLICT DO NOTHING).
CREATE TABLE call_outcomes (
    id           TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name         TEXT NOT NULL,
    name_key     TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('connected', 'not_connected', 'do_not_call')),
    archived     INTEGER NOT NULL DEFAULT 0,
    position     INTEGER NOT NULL,
    created_at   DATETIME NOT NULL,
    UNIQUE (workspace_id, name_key),
    UNIQUE (workspace_id, position)
);

-- contact_id: the workspace's contact whose phone was the number dialled
-- when the call was created (text, not a foreign key: a call outlives its
-- contact). outcome_id: a call_outcomes row of the call's workspace.
-- tags: the call's tags as a JSON array of strings, in the agent's order;
-- call_tags below holds the same tags a row each, for the tag filter.
ALTER TABLE calls ADD COLUMN contact_id TEXT;
ALTER TABLE calls ADD COLUMN outcome_id TEXT;
ALTER TABLE calls ADD COLUMN notes TEXT NOT NULL DEFAULT '';
ALTER TABLE calls ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';

-- One row per tag of a call, written in the same transaction as calls.tags;
-- created_at is the call's, so a tag's calls list newest first from the
-- index alone.
CREATE TABLE call_tags (
    call_sid     TEXT NOT NULL REFERENCES calls (call_sid) ON DELETE CASCADE,
    workspace_id TEXT NOT NULL,
    tag          TEXT NOT NULL,
    created_at   DATETIME NOT NULL,
    PRIMARY KEY (call_sid, tag)
);
CREATE INDEX call_tags_list ON call_tags (workspace_id, tag, created_at DESC, call_sid DESC);
