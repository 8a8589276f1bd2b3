-- A call written appends its change to a log, and a periodic job folds the
-- log into the totals (0065), instead of each write adding to its totals
-- rows at its commit. Every call-control webhook of a workspace wrote the
-- same few rows (its quarter hour's, its day's): each held their locks
-- until its commit, and the commits of concurrent calls queued on them;
-- saturated, the webhook answered a tenth fewer requests a second than
-- before the totals, and sharding the rows four ways only narrowed it. An
-- insert into a table with no index takes no lock another call waits on.
--
-- A report reads the totals and the log not yet folded together (the
-- store's ReportCalls), so a report counts a call from its commit on,
-- folded or not: the fold (FoldCallTotals) only keeps the log short. It
-- moves the rows it sees in statements of a bounded batch (DELETE ...
-- RETURNING, summed into the totals), each committed whole or not at all,
-- and two folds at once (two instances) never move a row twice, since the
-- second's DELETE waits on the first's row locks and then finds those rows
-- gone.
--
-- bucket is the UTC quarter hour (Unix seconds, a multiple of 900); its day
-- is bucket - bucket % 86400, as a quarter hour lies within one UTC day.
CREATE TABLE call_totals_log (
    workspace_id   text    NOT NULL,
    bucket         bigint  NOT NULL,
    agent_identity text    NOT NULL,
    outcome_key    text    NOT NULL,
    calls          integer NOT NULL,
    answered       integer NOT NULL,
    talk_seconds   integer NOT NULL
);
-- A report scans the whole log, dead rows too, and every fold leaves all
-- its rows dead: autovacuum comes after every thousand of them, whatever
-- the table's size (by default after a fifth of its rows, and a log just
-- folded has none), so that the space is reused instead of the heap
-- growing between vacuums. Nor does a vacuum cut the heap's empty end off:
-- that takes a lock every call's insert would wait on, and the space is
-- written again within seconds.
ALTER TABLE call_totals_log SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
    vacuum_truncate = false);

-- One call's insert, update or delete: the call as it was, taken back, and
-- as it is, added. An update writes both even when they fall in the same
-- rows; the fold nets them.
CREATE FUNCTION call_totals_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO call_totals_log VALUES (OLD.workspace_id, floor(extract(epoch FROM OLD.created_at) / 900)::bigint * 900,
            OLD.agent_identity, coalesce(OLD.outcome_id, ''), -1,
            CASE WHEN OLD.answered_at IS NULL THEN 0 ELSE -1 END, -coalesce(OLD.duration, 0));
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO call_totals_log VALUES (NEW.workspace_id, floor(extract(epoch FROM NEW.created_at) / 900)::bigint * 900,
            NEW.agent_identity, coalesce(NEW.outcome_id, ''), 1,
            CASE WHEN NEW.answered_at IS NULL THEN 0 ELSE 1 END, coalesce(NEW.duration, 0));
    END IF;
    RETURN NULL;
END;
$$;

-- Plain AFTER triggers: with nothing locked, nothing gains from waiting for
-- the commit. Updates still fire only when a counted column changed.
DROP TRIGGER calls_totals_insert ON calls;
DROP TRIGGER calls_totals_update ON calls;
DROP TRIGGER calls_totals_delete ON calls;
DROP FUNCTION call_totals_insert();
DROP FUNCTION call_totals_change();
DROP FUNCTION call_totals_quarter_add(text, bigint, smallint, integer, integer, integer);
DROP FUNCTION call_totals_daily_add(text, bigint, text, text, smallint, integer, integer, integer);
CREATE TRIGGER calls_totals_insert AFTER INSERT ON calls
    FOR EACH ROW EXECUTE FUNCTION call_totals_log_change();
CREATE TRIGGER calls_totals_update AFTER UPDATE ON calls
    FOR EACH ROW
    WHEN (OLD.workspace_id IS DISTINCT FROM NEW.workspace_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
       OR OLD.agent_identity IS DISTINCT FROM NEW.agent_identity OR OLD.outcome_id IS DISTINCT FROM NEW.outcome_id
       OR OLD.answered_at IS DISTINCT FROM NEW.answered_at OR OLD.duration IS DISTINCT FROM NEW.duration)
    EXECUTE FUNCTION call_totals_log_change();
CREATE TRIGGER calls_totals_delete AFTER DELETE ON calls
    FOR EACH ROW EXECUTE FUNCTION call_totals_log_change();

-- The fold is the totals' only writer now, so the four shards that spread
-- concurrent writers' locks go back into one row (shard 0), and a report
-- reads a quarter of the rows it read.
WITH moved AS (DELETE FROM call_totals_quarter WHERE shard <> 0 RETURNING *)
INSERT INTO call_totals_quarter AS t (workspace_id, bucket, shard, calls, answered, talk_seconds)
SELECT workspace_id, bucket, 0, sum(calls), sum(answered), sum(talk_seconds) FROM moved GROUP BY workspace_id, bucket
ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = t.calls + excluded.calls,
    answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds;
WITH moved AS (DELETE FROM call_totals_daily WHERE shard <> 0 RETURNING *)
INSERT INTO call_totals_daily AS t (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
SELECT workspace_id, day, agent_identity, outcome_key, 0, sum(calls), sum(answered), sum(talk_seconds) FROM moved
GROUP BY workspace_id, day, agent_identity, outcome_key
ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = t.calls + excluded.calls,
    answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds;
