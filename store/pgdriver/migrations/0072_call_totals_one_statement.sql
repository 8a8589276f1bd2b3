-- A call written adds to its quarter hour's and its day's totals in one
-- statement (two data-modifying parts of one WITH) instead of two function
-- calls of one statement each: the insert trigger runs at the commit of
-- every call-control webhook, and each statement costs an executor start
-- and end of its own. Updates and deletes keep 0065's paths: they are the
-- rarer writes, and their order of rows matters (see 0065).
CREATE OR REPLACE FUNCTION call_totals_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    oq bigint; nq bigint; od bigint; nd bigint; o_out text; n_out text;
    oa integer := 0; na integer := 0; ot integer := 0; nt integer := 0; os smallint; ns smallint;
BEGIN
    IF TG_OP = 'INSERT' THEN
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
    END IF;
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
    IF TG_OP = 'DELETE' THEN
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
