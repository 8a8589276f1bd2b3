-- Totals of calls kept beside the calls, so that a report over months reads
-- a few thousand rows instead of every call in its range (a 90-day report
-- of a busy workspace read 250,000 index entries). Kept by triggers, in the
-- transaction of the write that changes a call, whichever statement it is:
-- the store's own writes, a migration or an operator's UPDATE.
--
-- call_totals_quarter: per UTC quarter hour (bucket: Unix seconds, a
-- multiple of 900), for the report by local day: every zone's offset and
-- every daylight-saving change falls on a quarter hour. shard (0-3, from the
-- call's SID) spreads a workspace's calls of one quarter hour over four
-- rows: each write locks its row until its transaction commits, and with
-- one row every call-control webhook of the workspace waited on the others'
-- commits (the saturated webhook lost 8%; wrap-ups moving calls between the
-- same two outcome rows took PATCH's p99 from 21 to 114 ms). A report reads
-- four times the rows for it: a 90-day report by day reads 34,560, about
-- 15 ms.
--
-- The figures are integer, not bigint: sum(integer) adds in 64 bits, while
-- sum(bigint) adds in numeric, which took a 90-day report by day from 16 to
-- 52 ms. A quarter hour's talk time stays far below 2^31 seconds.
CREATE TABLE call_totals_quarter (
    workspace_id text     NOT NULL,
    bucket       bigint   NOT NULL,
    shard        smallint NOT NULL,
    calls        integer  NOT NULL,
    answered     integer  NOT NULL,
    talk_seconds integer  NOT NULL,
    PRIMARY KEY (workspace_id, bucket, shard)
);

-- call_totals_daily: per UTC day (Unix seconds of its midnight), agent and
-- outcome ('' for none), and shard as above, for the reports by agent and
-- by outcome, with or without one agent. A report's first and last partial
-- days are read from the calls themselves.
CREATE TABLE call_totals_daily (
    workspace_id   text   NOT NULL,
    day            bigint NOT NULL,
    agent_identity text   NOT NULL,
    outcome_key    text   NOT NULL,
    shard          smallint NOT NULL,
    calls          integer NOT NULL,
    answered       integer NOT NULL,
    talk_seconds   integer NOT NULL,
    PRIMARY KEY (workspace_id, day, agent_identity, outcome_key, shard)
);

-- Adds one call's change to a quarter hour's and to a day's row.
CREATE FUNCTION call_totals_quarter_add(ws text, b bigint, sh smallint, n integer, a integer, talk integer) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO call_totals_quarter AS t (workspace_id, bucket, shard, calls, answered, talk_seconds)
    VALUES (ws, b, sh, n, a, talk)
    ON CONFLICT (workspace_id, bucket, shard) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds
$$;
CREATE FUNCTION call_totals_daily_add(ws text, d bigint, agent text, outcome text, sh smallint, n integer, a integer, talk integer) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO call_totals_daily AS t (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
    VALUES (ws, d, agent, outcome, sh, n, a, talk)
    ON CONFLICT (workspace_id, day, agent_identity, outcome_key, shard) DO UPDATE SET calls = t.calls + excluded.calls,
        answered = t.answered + excluded.answered, talk_seconds = t.talk_seconds + excluded.talk_seconds
$$;

-- One call's insert, update or delete. An update adds its net change: to
-- one row when the call stays in it (nothing when the row's figures do not
-- change: an outcome set touches no quarter hour), else to the old and the
-- new row in key order, so that two transactions moving calls between the
-- same two rows in opposite directions lock them in the same order.
CREATE FUNCTION call_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    oq bigint; nq bigint; od bigint; nd bigint; o_out text; n_out text;
    oa integer := 0; na integer := 0; ot integer := 0; nt integer := 0; os smallint; ns smallint;
BEGIN
    IF TG_OP <> 'INSERT' THEN
        oq := floor(extract(epoch FROM OLD.created_at) / 900)::bigint * 900;
        od := floor(extract(epoch FROM OLD.created_at) / 86400)::bigint * 86400;
        o_out := coalesce(OLD.outcome_id, '');
        oa := CASE WHEN OLD.answered_at IS NULL THEN 0 ELSE 1 END;
        ot := coalesce(OLD.duration, 0);
        os := abs(hashtext(OLD.call_sid)) % 4;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        nq := floor(extract(epoch FROM NEW.created_at) / 900)::bigint * 900;
        nd := floor(extract(epoch FROM NEW.created_at) / 86400)::bigint * 86400;
        n_out := coalesce(NEW.outcome_id, '');
        na := CASE WHEN NEW.answered_at IS NULL THEN 0 ELSE 1 END;
        nt := coalesce(NEW.duration, 0);
        ns := abs(hashtext(NEW.call_sid)) % 4;
    END IF;
    IF TG_OP = 'INSERT' THEN
        PERFORM call_totals_quarter_add(NEW.workspace_id, nq, ns, 1, na, nt);
        PERFORM call_totals_daily_add(NEW.workspace_id, nd, NEW.agent_identity, n_out, ns, 1, na, nt);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM call_totals_quarter_add(OLD.workspace_id, oq, os, -1, -oa, -ot);
        PERFORM call_totals_daily_add(OLD.workspace_id, od, OLD.agent_identity, o_out, os, -1, -oa, -ot);
    ELSE
        IF (OLD.workspace_id, oq, os) = (NEW.workspace_id, nq, ns) THEN
            IF na <> oa OR nt <> ot THEN
                PERFORM call_totals_quarter_add(NEW.workspace_id, nq, ns, 0, na - oa, nt - ot);
            END IF;
        ELSIF (OLD.workspace_id, oq, os) < (NEW.workspace_id, nq, ns) THEN
            PERFORM call_totals_quarter_add(OLD.workspace_id, oq, os, -1, -oa, -ot);
            PERFORM call_totals_quarter_add(NEW.workspace_id, nq, ns, 1, na, nt);
        ELSE
            PERFORM call_totals_quarter_add(NEW.workspace_id, nq, ns, 1, na, nt);
            PERFORM call_totals_quarter_add(OLD.workspace_id, oq, os, -1, -oa, -ot);
        END IF;
        IF (OLD.workspace_id, od, OLD.agent_identity, o_out, os) = (NEW.workspace_id, nd, NEW.agent_identity, n_out, ns) THEN
            IF na <> oa OR nt <> ot THEN
                PERFORM call_totals_daily_add(NEW.workspace_id, nd, NEW.agent_identity, n_out, ns, 0, na - oa, nt - ot);
            END IF;
        ELSIF (OLD.workspace_id, od, OLD.agent_identity, o_out, os) < (NEW.workspace_id, nd, NEW.agent_identity, n_out, ns) THEN
            PERFORM call_totals_daily_add(OLD.workspace_id, od, OLD.agent_identity, o_out, os, -1, -oa, -ot);
            PERFORM call_totals_daily_add(NEW.workspace_id, nd, NEW.agent_identity, n_out, ns, 1, na, nt);
        ELSE
            PERFORM call_totals_daily_add(NEW.workspace_id, nd, NEW.agent_identity, n_out, ns, 1, na, nt);
            PERFORM call_totals_daily_add(OLD.workspace_id, od, OLD.agent_identity, o_out, os, -1, -oa, -ot);
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

-- Deferred to the commit: a call's insert or change takes its totals rows'
-- locks only as its transaction commits, not from the statement on (the
-- call-control webhook's transaction also writes the pending dial and the
-- event after the call), so concurrent calls of one workspace, which share
-- a quarter hour's row, wait on each other for the commit alone. Updates
-- fire only when a counted column changed: the status callbacks that
-- change nothing counted write no totals.
CREATE CONSTRAINT TRIGGER calls_totals_insert AFTER INSERT ON calls
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION call_totals_change();
CREATE CONSTRAINT TRIGGER calls_totals_update AFTER UPDATE ON calls
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (OLD.workspace_id IS DISTINCT FROM NEW.workspace_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
       OR OLD.agent_identity IS DISTINCT FROM NEW.agent_identity OR OLD.outcome_id IS DISTINCT FROM NEW.outcome_id
       OR OLD.answered_at IS DISTINCT FROM NEW.answered_at OR OLD.duration IS DISTINCT FROM NEW.duration)
    EXECUTE FUNCTION call_totals_change();
CREATE CONSTRAINT TRIGGER calls_totals_delete AFTER DELETE ON calls
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION call_totals_change();

-- The calls already there.
INSERT INTO call_totals_quarter (workspace_id, bucket, shard, calls, answered, talk_seconds)
SELECT workspace_id, floor(extract(epoch FROM created_at) / 900)::bigint * 900, abs(hashtext(call_sid)) % 4,
       count(*), count(answered_at), coalesce(sum(duration), 0)
FROM calls GROUP BY 1, 2, 3;
INSERT INTO call_totals_daily (workspace_id, day, agent_identity, outcome_key, shard, calls, answered, talk_seconds)
SELECT workspace_id, floor(extract(epoch FROM created_at) / 86400)::bigint * 86400, agent_identity, coalesce(outcome_id, ''),
       abs(hashtext(call_sid)) % 4, count(*), count(answered_at), coalesce(sum(duration), 0)
FROM calls GROUP BY 1, 2, 3, 4, 5;
