-- An agent's calls, with their status: the index an agent's own list walks
-- (0002's calls_agent_created) now holds the status after the key (SQLite
-- has no INCLUDE), so that the count of "an agent's completed calls this
-- week" tests each entry's status in the index instead of reading up to
-- CallCountScan call rows from the table. Built before the old one is
-- dropped, so that no moment of the migration leaves an agent's list
-- without its index.
CREATE INDEX calls_agent_status_created ON calls (workspace_id, agent_identity, created_at DESC, call_sid DESC, status);
DROP INDEX calls_agent_created;
