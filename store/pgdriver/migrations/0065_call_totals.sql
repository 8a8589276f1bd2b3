-- Totals of calls kept beside the calls, so that a report over months reads
-- a few thousand rows instead of every call in its range (a 90-day report
-- of a busy workspace read 250,000 index entries). Kept by triggers, in the
-- transaction of the write that changes a call, whichever statement it is:
-- the store's own writes, a migration or an operator's UPDATE.
--
-- call_totals_quarter: per UTC quarter hour (bucket: Unix seconds, a
-- multiple of 900), for the report by local day: every zone's offset and
-- every daylight-saving change falls on a quarter hour. shard (0-3, from the
-- call's SID) spreads one workspace's inserts of one quarter hour over four
-- rows, so concurrent call inserts seldom wait on each other's row lock.
CREATE TABLE call_totals_quarter (
    workspace_id text    NOT NULL,
    bucket       bigint  NOT NULL,
    shard        smallint NOT NULL,
    calls        bigint  NOT NULL,
    answered     bigint  NOT NULL,
    talk_seconds bigint  NOT NULL,
    PRIMARY KEY (workspace_id, bucket, shard)
);

-- call_totals_daily: per UTC day (Unix seconds of its midnight), agent and
-- outcome ('' for none), for the reports by agent and by outcome, with or
-- without one agent. A report's first and last partial days are read from
-- the calls themselves.
CREATE TABLE call_totals_daily (
    workspace_id   text   NOT NULL,
    day            bigint NOT NULL,
    agent_identity text   NOT NULL,
    outcome_key    text   NOT NULL,
    calls          bigint NOT NULL,
    answered       bigint NOT NULL,
    talk_seconds   bigint NOT NULL,
    PRIMARY KEY (workspace_id, day, agent_identity, outcome_key)
);

CREATE FUNCTION call_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO call_totals_quarter (workspace_id, bucket, shard, calls, answered, talk_seconds)
    SELECT workspace_id, floor(extract(epoch FROM created_at) / 900)::bigint * 900, abs(hashtext(call_sid)) % 4,
           count(*), count(answered_at), coalesce(sum(duration), 0)
    FROM new_calls GROUP BY 1, 2, 3
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = call_totals_quarter.calls + excluded.calls,
        answered = call_totals_quarter.answered + excluded.answered,
        talk_seconds = call_totals_quarter.talk_seconds + excluded.talk_seconds;
    INSERT INTO call_totals_daily (workspace_id, day, agent_identity, outcome_key, calls, answered, talk_seconds)
    SELECT workspace_id, floor(extract(epoch FROM created_at) / 86400)::bigint * 86400, agent_identity, coalesce(outcome_id, ''),
           count(*), count(answered_at), coalesce(sum(duration), 0)
    FROM new_calls GROUP BY 1, 2, 3, 4
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key) DO UPDATE SET calls = call_totals_daily.calls + excluded.calls,
        answered = call_totals_daily.answered + excluded.answered,
        talk_seconds = call_totals_daily.talk_seconds + excluded.talk_seconds;
    RETURN NULL;
END;
$$;

-- One call's figures, added (sign 1) or taken away (-1).
CREATE FUNCTION call_totals_apply(c calls, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO call_totals_quarter AS t (workspace_id, bucket, shard, calls, answered, talk_seconds)
    VALUES (c.workspace_id, floor(extract(epoch FROM c.created_at) / 900)::bigint * 900, abs(hashtext(c.call_sid)) % 4,
            sign, CASE WHEN c.answered_at IS NULL THEN 0 ELSE sign END, sign * coalesce(c.duration, 0))
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds;
    INSERT INTO call_totals_daily AS t (workspace_id, day, agent_identity, outcome_key, calls, answered, talk_seconds)
    VALUES (c.workspace_id, floor(extract(epoch FROM c.created_at) / 86400)::bigint * 86400, c.agent_identity, coalesce(c.outcome_id, ''),
            sign, CASE WHEN c.answered_at IS NULL THEN 0 ELSE sign END, sign * coalesce(c.duration, 0))
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds;
END;
$$;

CREATE FUNCTION call_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM call_totals_apply(OLD, -1);
    IF TG_OP = 'UPDATE' THEN
        PERFORM call_totals_apply(NEW, 1);
    END IF;
    RETURN NULL;
END;
$$;

-- Inserts per statement: a bulk insert adds its groups once, not per row.
CREATE TRIGGER calls_totals_insert AFTER INSERT ON calls
    REFERENCING NEW TABLE AS new_calls FOR EACH STATEMENT EXECUTE FUNCTION call_totals_insert();
-- Updates per row, and only of what the totals count: the status callbacks
-- that change nothing counted write no totals.
CREATE TRIGGER calls_totals_update AFTER UPDATE ON calls FOR EACH ROW
    WHEN (OLD.workspace_id IS DISTINCT FROM NEW.workspace_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
       OR OLD.agent_identity IS DISTINCT FROM NEW.agent_identity OR OLD.outcome_id IS DISTINCT FROM NEW.outcome_id
       OR OLD.answered_at IS DISTINCT FROM NEW.answered_at OR OLD.duration IS DISTINCT FROM NEW.duration
       OR OLD.call_sid IS DISTINCT FROM NEW.call_sid)
    EXECUTE FUNCTION call_totals_change();
CREATE TRIGGER calls_totals_delete AFTER DELETE ON calls FOR EACH ROW EXECUTE FUNCTION call_totals_change();

-- The calls already there.
INSERT INTO call_totals_quarter (workspace_id, bucket, shard, calls, answered, talk_seconds)
SELECT workspace_id, floor(extract(epoch FROM created_at) / 900)::bigint * 900, abs(hashtext(call_sid)) % 4,
       count(*), count(answered_at), coalesce(sum(duration), 0)
FROM calls GROUP BY 1, 2, 3;
INSERT INTO call_totals_daily (workspace_id, day, agent_identity, outcome_key, calls, answered, talk_seconds)
SELECT workspace_id, floor(extract(epoch FROM created_at) / 86400)::bigint * 86400, agent_identity, coalesce(outcome_id, ''),
       count(*), count(answered_at), coalesce(sum(duration), 0)
FROM calls GROUP BY 1, 2, 3, 4;
