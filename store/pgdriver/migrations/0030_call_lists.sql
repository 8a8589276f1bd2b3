-- Indexes for the lists and reports of calls. Each list reads newest first
-- on (created_at, call_sid) from an index that starts with the workspace
-- and the list's one equality, so a page and its capped count read about as
-- many entries as they return; calls_agent_created (0002) serves an agent's
-- own list and call_tags_list (0016) the tag filter.

-- The admin's whole list, and every report: a report reads a range of
-- created_at and only the columns INCLUDEd here, so it is an index-only
-- scan (on the pages autovacuum has marked all-visible) and never touches
-- the wide call rows.
CREATE INDEX calls_workspace_created ON calls (workspace_id, created_at DESC, call_sid DESC)
    INCLUDE (agent_identity, outcome_id, answered_at, duration);

-- A contact's history and the contactId filter; the outcomeId filter. Calls
-- without a contact or an outcome are left out: they are never asked for,
-- and most writes of such calls then skip these indexes.
CREATE INDEX calls_contact_created ON calls (workspace_id, contact_id, created_at DESC, call_sid DESC)
    WHERE contact_id IS NOT NULL;
CREATE INDEX calls_outcome_created ON calls (workspace_id, outcome_id, created_at DESC, call_sid DESC)
    WHERE outcome_id IS NOT NULL;

-- The status filter: a rare status (ringing, failed) would otherwise walk
-- the whole workspace to fill a page.
CREATE INDEX calls_status_created ON calls (workspace_id, status, created_at DESC, call_sid DESC);
