-- An agent's calls with one outcome: the pair an agent's own list (which
-- always names the agent) and a lead's review filter by. With only the
-- outcome's index, such a list tested the agent on one outcome row in ten
-- of the workspace's; here its page reads its own calls, and the status
-- (after the key: SQLite has no INCLUDE) lets a count of "an agent's
-- no-answers with this outcome" read this index alone.
CREATE INDEX calls_agent_outcome_created ON calls (workspace_id, agent_identity, outcome_id, created_at DESC, call_sid DESC, status)
    WHERE outcome_id IS NOT NULL;
