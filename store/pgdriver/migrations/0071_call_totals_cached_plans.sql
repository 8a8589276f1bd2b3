-- The totals' upserts (0065) in PL/pgSQL rather than SQL functions: a SQL
-- function's body is parsed and planned again at every call (its plan lives
-- only as long as the query that calls it), and the trigger calls two per
-- call written, in the call-control webhook's transaction. PL/pgSQL keeps
-- each statement's plan for the session, as the connection pool keeps the
-- session. Same signatures, same statements: the triggers are unchanged.
CREATE OR REPLACE FUNCTION call_totals_quarter_add(ws text, b bigint, sh smallint, n integer, a integer, talk integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO call_totals_quarter AS t (workspace_id, bucket, shard, calls, answered, talk_seconds)
    VALUES (ws, b, sh, n, a, talk)
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds;
END;
$$;
CREATE OR REPLACE FUNCTION call_totals_daily_add(ws text, d bigint, agent text, outcome text, sh smallint, n integer, a integer, talk integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO call_totals_daily AS t (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
    VALUES (ws, d, agent, outcome, sh, n, a, talk)
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds;
END;
$$;
