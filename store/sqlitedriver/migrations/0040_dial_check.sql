-- The dial check: the states' rules switch, the workspace's attempt limit,
-- a contact's own time zone, and the index that counts a number's calls.
-- Booleans are INTEGER 0/1, as in 0001. SQLite adds one column a statement,
-- each with its own CHECK (that both are set or neither is, the service
-- holds: switchboard.AttemptLimit.Validate).

-- state_rules: apply the stricter US states' rules (on for every workspace
-- until an admin turns them off). attempt_limit_*: at most max calls to one
-- number in any window_hours, both NULL for no limit.
ALTER TABLE workspaces ADD COLUMN state_rules INTEGER NOT NULL DEFAULT 1;
ALTER TABLE workspaces ADD COLUMN attempt_limit_max INTEGER
    CHECK (attempt_limit_max IS NULL OR attempt_limit_max BETWEEN 1 AND 100);
ALTER TABLE workspaces ADD COLUMN attempt_limit_window_hours INTEGER
    CHECK (attempt_limit_window_hours IS NULL OR attempt_limit_window_hours BETWEEN 1 AND 720);

-- An IANA zone name, NULL when unknown; checked by the service.
ALTER TABLE contacts ADD COLUMN time_zone TEXT;

-- A dial counts the calls created to its number in a window: one range of
-- this index, whatever the size of the workspace.
CREATE INDEX calls_to_number ON calls (workspace_id, to_number, created_at);
