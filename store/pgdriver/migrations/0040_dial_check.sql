-- The dial check: the states' rules switch, the workspace's attempt limit,
-- a contact's own time zone, and the index that counts a number's calls.

-- state_rules: apply the stricter US states' rules (on for every workspace
-- until an admin turns them off). attempt_limit_*: at most max calls to one
-- number in any window_hours, both NULL for no limit.
ALTER TABLE workspaces
    ADD COLUMN state_rules boolean NOT NULL DEFAULT true,
    ADD COLUMN attempt_limit_max smallint,
    ADD COLUMN attempt_limit_window_hours smallint,
    ADD CONSTRAINT workspaces_attempt_limit CHECK (
        (attempt_limit_max IS NULL AND attempt_limit_window_hours IS NULL)
        OR (attempt_limit_max BETWEEN 1 AND 100 AND attempt_limit_window_hours BETWEEN 1 AND 720));

-- An IANA zone name, NULL when unknown; checked by the service.
ALTER TABLE contacts ADD COLUMN time_zone text;

-- A dial counts the calls created to its number in a window: one range of
-- this index, whatever the size of the workspace.
CREATE INDEX calls_to_number ON calls (workspace_id, to_number, created_at);
