-- A call written adds to its quarter hour's and its day's totals in one
-- statement (two data-modifying parts of one WITH) instead of two function
-- calls of one statement each: the insert trigger runs at the commit of
-- every call-control webhook, and each statement costs an executor start
-- and end of its own. Only the insert trigger moves to this function;
-- updates and deletes, the rarer writes, keep call_totals_change (0065),
-- whose INSERT branch is no longer reached.
CREATE FUNCTION call_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    WITH quarter AS (
        INSERT INTO call_totals_quarter AS t (workspace_id, bucket, shard, calls, answered, talk_seconds)
        VALUES (NEW.workspace_id, floor(extract(epoch FROM NEW.created_at) / 900)::bigint * 900,
            abs(hashtext(NEW.call_sid)) % 4, 1, CASE WHEN NEW.answered_at IS NULL THEN 0 ELSE 1 END,
            coalesce(NEW.duration, 0))
        ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = t.calls + excluded.calls,
            answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds)
    INSERT INTO call_totals_daily AS t (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
    VALUES (NEW.workspace_id, floor(extract(epoch FROM NEW.created_at) / 86400)::bigint * 86400, NEW.agent_identity,
        coalesce(NEW.outcome_id, ''), abs(hashtext(NEW.call_sid)) % 4, 1,
        CASE WHEN NEW.answered_at IS NULL THEN 0 ELSE 1 END, coalesce(NEW.duration, 0))
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds;
    RETURN NULL;
END;
$$;

DROP TRIGGER calls_totals_insert ON calls;
CREATE CONSTRAINT TRIGGER calls_totals_insert AFTER INSERT ON calls
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION call_totals_insert();
