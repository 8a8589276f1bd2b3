-- Totals of calls kept beside the calls, so that a report over months reads
-- a few thousand rows instead of every call in its range (a 90-day report
-- of a busy workspace read 250,000 index entries, about half a second on
-- this driver). Kept by triggers, in the transaction of the write that
-- changes a call, whichever statement it is: the store's own writes, a
-- migration or an operator's UPDATE.
--
-- call_totals_quarter: per UTC quarter hour (bucket: Unix seconds, a
-- multiple of 900), for the report by local day: every zone's offset and
-- every daylight-saving change falls on a quarter hour. shard is 0 here:
-- SQLite has one writer, while PostgreSQL spreads concurrent writes of one
-- quarter hour or day over four rows so that they do not wait on one lock.
CREATE TABLE call_totals_quarter (
    workspace_id TEXT    NOT NULL,
    bucket       INTEGER NOT NULL,
    shard        INTEGER NOT NULL,
    calls        INTEGER NOT NULL,
    answered     INTEGER NOT NULL,
    talk_seconds INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, bucket, shard)
) WITHOUT ROWID;

-- call_totals_daily: per UTC day (Unix seconds of its midnight), agent and
-- outcome ('' for none), for the reports by agent and by outcome, with or
-- without one agent. A report's first and last partial days are read from
-- the calls themselves.
CREATE TABLE call_totals_daily (
    workspace_id   TEXT    NOT NULL,
    day            INTEGER NOT NULL,
    agent_identity TEXT    NOT NULL,
    outcome_key    TEXT    NOT NULL,
    shard          INTEGER NOT NULL,
    calls          INTEGER NOT NULL,
    answered       INTEGER NOT NULL,
    talk_seconds   INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, day, agent_identity, outcome_key, shard)
) WITHOUT ROWID;

-- unixepoch() reads created_at's text (UTC, with its offset) as whole
-- seconds, rounded down like the report's bounds. Rows left at zero calls
-- stay: the reports skip keys without calls.
CREATE TRIGGER calls_totals_insert AFTER INSERT ON calls BEGIN
    INSERT INTO call_totals_quarter (workspace_id, bucket, shard, calls, answered, talk_seconds)
    VALUES (NEW.workspace_id, unixepoch(NEW.created_at) / 900 * 900, 0, 1, NEW.answered_at IS NOT NULL, coalesce(NEW.duration, 0))
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = calls + excluded.calls,
        answered = answered + excluded.answered, talk_seconds = talk_seconds + excluded.talk_seconds;
    INSERT INTO call_totals_daily (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
    VALUES (NEW.workspace_id, unixepoch(NEW.created_at) / 86400 * 86400, NEW.agent_identity, coalesce(NEW.outcome_id, ''), 0,
            1, NEW.answered_at IS NOT NULL, coalesce(NEW.duration, 0))
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = calls + excluded.calls,
        answered = answered + excluded.answered, talk_seconds = talk_seconds + excluded.talk_seconds;
END;

-- Updates only of what each table counts: the status callbacks that change
-- nothing counted write no totals, and an outcome set touches no quarter
-- hour.
CREATE TRIGGER calls_totals_update_quarter AFTER UPDATE ON calls
WHEN OLD.workspace_id IS NOT NEW.workspace_id OR OLD.created_at IS NOT NEW.created_at
  OR OLD.answered_at IS NOT NEW.answered_at OR OLD.duration IS NOT NEW.duration
BEGIN
    INSERT INTO call_totals_quarter (workspace_id, bucket, shard, calls, answered, talk_seconds)
    VALUES (OLD.workspace_id, unixepoch(OLD.created_at) / 900 * 900, 0, -1, -(OLD.answered_at IS NOT NULL), -coalesce(OLD.duration, 0))
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = calls + excluded.calls,
        answered = answered + excluded.answered, talk_seconds = talk_seconds + excluded.talk_seconds;
    INSERT INTO call_totals_quarter (workspace_id, bucket, shard, calls, answered, talk_seconds)
    VALUES (NEW.workspace_id, unixepoch(NEW.created_at) / 900 * 900, 0, 1, NEW.answered_at IS NOT NULL, coalesce(NEW.duration, 0))
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = calls + excluded.calls,
        answered = answered + excluded.answered, talk_seconds = talk_seconds + excluded.talk_seconds;
END;

CREATE TRIGGER calls_totals_update_daily AFTER UPDATE ON calls
WHEN OLD.workspace_id IS NOT NEW.workspace_id OR OLD.created_at IS NOT NEW.created_at
  OR OLD.agent_identity IS NOT NEW.agent_identity OR OLD.outcome_id IS NOT NEW.outcome_id
  OR OLD.answered_at IS NOT NEW.answered_at OR OLD.duration IS NOT NEW.duration
BEGIN
    INSERT INTO call_totals_daily (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
    VALUES (OLD.workspace_id, unixepoch(OLD.created_at) / 86400 * 86400, OLD.agent_identity, coalesce(OLD.outcome_id, ''), 0,
            -1, -(OLD.answered_at IS NOT NULL), -coalesce(OLD.duration, 0))
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = calls + excluded.calls,
        answered = answered + excluded.answered, talk_seconds = talk_seconds + excluded.talk_seconds;
    INSERT INTO call_totals_daily (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
    VALUES (NEW.workspace_id, unixepoch(NEW.created_at) / 86400 * 86400, NEW.agent_identity, coalesce(NEW.outcome_id, ''), 0,
            1, NEW.answered_at IS NOT NULL, coalesce(NEW.duration, 0))
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = calls + excluded.calls,
        answered = answered + excluded.answered, talk_seconds = talk_seconds + excluded.talk_seconds;
END;

CREATE TRIGGER calls_totals_delete AFTER DELETE ON calls BEGIN
    INSERT INTO call_totals_quarter (workspace_id, bucket, shard, calls, answered, talk_seconds)
    VALUES (OLD.workspace_id, unixepoch(OLD.created_at) / 900 * 900, 0, -1, -(OLD.answered_at IS NOT NULL), -coalesce(OLD.duration, 0))
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = calls + excluded.calls,
        answered = answered + excluded.answered, talk_seconds = talk_seconds + excluded.talk_seconds;
    INSERT INTO call_totals_daily (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
    VALUES (OLD.workspace_id, unixepoch(OLD.created_at) / 86400 * 86400, OLD.agent_identity, coalesce(OLD.outcome_id, ''), 0,
            -1, -(OLD.answered_at IS NOT NULL), -coalesce(OLD.duration, 0))
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = calls + excluded.calls,
        answered = answered + excluded.answered, talk_seconds = talk_seconds + excluded.talk_seconds;
END;

-- The calls already there.
INSERT INTO call_totals_quarter (workspace_id, bucket, shard, calls, answered, talk_seconds)
SELECT workspace_id, unixepoch(created_at) / 900 * 900, 0, count(*), count(answered_at), coalesce(sum(duration), 0)
FROM calls WHERE true GROUP BY 1, 2;
INSERT INTO call_totals_daily (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
SELECT workspace_id, unixepoch(created_at) / 86400 * 86400, agent_identity, coalesce(outcome_id, ''), 0,
       count(*), count(answered_at), coalesce(sum(duration), 0)
FROM calls WHERE true GROUP BY 1, 2, 3, 4;
