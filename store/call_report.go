package store

import (
	"context"
	"strings"
	"time"

	"github.com/switchboard-oss/switchboard"
)

// The totals tables' grains (migration 0065): a report reads whole buckets
// of a grain from the totals and only its range's partial first and last
// buckets from the calls.
const (
	quarterHour = 15 * 60      // call_totals_quarter: the report by day
	utcDay      = 24 * 60 * 60 // call_totals_daily: by agent and by outcome
)

// reportPart is one SELECT of a report's union: rows of (key, calls,
// answered, talk_seconds), already grouped by key.
type reportPart struct {
	sql  string
	args []any
	// bindsAgent: the SQL ends by binding the report's agent.
	bindsAgent bool
}

// ReportCalls implements switchboard.CallStore: one grouped statement. The
// whole buckets of the range come from the totals the calls' triggers keep
// (a 90-day report reads about 8,000 of them instead of every call), the
// partial buckets at either end from the calls, through the index on
// (workspace_id, created_at). A report by day in a zone whose offsets or
// changes are not on quarter hours, and one agent's report by day, read the
// calls alone. ReportByDay's key is the call's local date: its UTC second
// plus the offset of the OffsetSpans stretch it falls in, the date
// time.Time.In gives, daylight saving included, with no time-zone database
// needed in SQL.
func (db *DB) ReportCalls(ctx context.Context, q switchboard.CallReportQuery) ([]switchboard.CallReportRow, error) {
	var parts []reportPart
	dayKey := false
	switch q.GroupBy {
	case switchboard.ReportByDay:
		spans := q.OffsetSpans()
		if len(spans) == 0 {
			return []switchboard.CallReportRow{}, nil
		}
		dayKey = true
		raw := func(col string) (string, []any) { return localDay(db.drv.Epoch(col), spans) }
		if q.Agent == "" && onQuarterHours(spans) {
			key, args := localDay("t.bucket", spans)
			parts = db.reportParts(q, quarterHour, raw, reportPart{
				sql: "SELECT " + key + " AS key, sum(t.calls) AS calls, sum(t.answered) AS answered, sum(t.talk_seconds) AS talk_seconds" +
					" FROM " + db.drv.CallTotalsQuarter() + " t WHERE t.workspace_id = ? AND t.bucket >= ? AND t.bucket < ? GROUP BY 1",
				args: args,
			})
		} else {
			parts = db.reportParts(q, 0, raw, reportPart{})
		}
	case switchboard.ReportByAgent, switchboard.ReportByOutcome:
		rawKey, totalKey := "c.agent_identity", "t.agent_identity"
		if q.GroupBy == switchboard.ReportByOutcome {
			rawKey = "coalesce(c.outcome_id, '" + switchboard.ReportNoOutcome + "')"
			totalKey = "CASE WHEN t.outcome_key = '' THEN '" + switchboard.ReportNoOutcome + "' ELSE t.outcome_key END"
		}
		byAgent := ""
		if q.Agent != "" {
			byAgent = " AND t.agent_identity = ?"
		}
		parts = db.reportParts(q, utcDay, func(string) (string, []any) { return rawKey, nil }, reportPart{
			sql: "SELECT " + totalKey + " AS key, sum(t.calls) AS calls, sum(t.answered) AS answered, sum(t.talk_seconds) AS talk_seconds" +
				" FROM " + db.drv.CallTotalsDaily() + " t WHERE t.workspace_id = ? AND t.day >= ? AND t.day < ?" + byAgent + " GROUP BY 1",
			bindsAgent: byAgent != "",
		})
	default:
		return nil, switchboard.FieldErrorf(switchboard.EInvalid, "groupBy", "groupBy must be one of agent, outcome, day, not %q",
			switchboard.Truncate(strings.TrimSpace(string(q.GroupBy)), 20))
	}

	var union []string
	var args []any
	for _, p := range parts {
		union = append(union, p.sql)
		args = append(args, p.args...)
	}
	key := "u.key"
	if dayKey {
		key = db.drv.DayKey("u.key")
	}
	// Keys whose totals a later change took back to no calls are left out:
	// a report has a row per key that has calls.
	stmt := db.r.WithContext(ctx).Raw("SELECT "+key+" AS key, CAST(sum(u.calls) AS BIGINT) AS calls, CAST(sum(u.answered) AS BIGINT) AS answered,"+
		" CAST(sum(u.talk_seconds) AS BIGINT) AS talk_seconds FROM ("+strings.Join(union, " UNION ALL ")+") u"+
		" GROUP BY u.key HAVING sum(u.calls) > 0", args...)
	var rows []struct {
		Key         string
		Calls       int
		Answered    int
		TalkSeconds int64
	}
	if err := scan(stmt, &rows); err != nil {
		return nil, err
	}
	out := make([]switchboard.CallReportRow, len(rows))
	for i, row := range rows {
		out[i] = switchboard.CallReportRow{Key: row.Key, Calls: row.Calls, Answered: row.Answered, TalkSeconds: row.TalkSeconds}
	}
	switchboard.SortReportRows(out)
	return out, nil
}

// reportParts splits q's range at whole buckets of grain seconds: the
// buckets in between from totals (its SQL binds the workspace, the first
// and the end bucket, then its own args and q.Agent when it names one),
// the rest from the calls, grouped by rawKey's expression of c.created_at.
// A grain of 0, or a range without a whole bucket, reads only calls.
func (db *DB) reportParts(q switchboard.CallReportQuery, grain int64, rawKey func(col string) (string, []any), totals reportPart) []reportPart {
	calls := func(from, to time.Time) reportPart {
		key, args := rawKey("c.created_at")
		p := reportPart{
			sql: "SELECT " + key + " AS key, count(*) AS calls, count(c.answered_at) AS answered, coalesce(sum(c.duration), 0) AS talk_seconds" +
				" FROM calls c WHERE c.workspace_id = ? AND c.created_at >= ? AND c.created_at < ?",
			args: append(args, q.WorkspaceID, from.UTC(), to.UTC()),
		}
		if q.Agent != "" {
			p.sql += " AND c.agent_identity = ?"
			p.args = append(p.args, q.Agent)
		}
		p.sql += " GROUP BY 1"
		return p
	}
	if grain == 0 {
		return []reportPart{calls(q.From, q.To)}
	}
	first, end := q.From.Unix()/grain*grain, q.To.Unix()/grain*grain
	if first < q.From.Unix() || q.From.Nanosecond() > 0 {
		first += grain
	}
	if first >= end {
		return []reportPart{calls(q.From, q.To)}
	}
	totals.args = append(totals.args, q.WorkspaceID, first, end)
	if totals.bindsAgent {
		totals.args = append(totals.args, q.Agent)
	}
	parts := []reportPart{totals}
	if at := time.Unix(first, 0); q.From.Before(at) {
		parts = append(parts, calls(q.From, at))
	}
	if at := time.Unix(end, 0); at.Before(q.To) {
		parts = append(parts, calls(at, q.To))
	}
	return parts
}

// localDay is the number of the local day (days since 1970-01-01) of the
// UTC second epoch, an integer expression, with the offset of the span it
// falls in, and its arguments.
func localDay(epoch string, spans []switchboard.OffsetSpan) (string, []any) {
	var b strings.Builder
	args := make([]any, 0, 2*len(spans))
	b.WriteString("((" + epoch + ") + ")
	if len(spans) == 1 {
		b.WriteString("CAST(? AS BIGINT)")
		args = append(args, spans[0].Offset)
	} else {
		b.WriteString("CASE")
		for i, s := range spans[:len(spans)-1] {
			b.WriteString(" WHEN (" + epoch + ") < CAST(? AS BIGINT) THEN CAST(? AS BIGINT)")
			args = append(args, spans[i+1].Start.Unix(), s.Offset)
		}
		b.WriteString(" ELSE CAST(? AS BIGINT) END")
		args = append(args, spans[len(spans)-1].Offset)
	}
	b.WriteString(") / 86400")
	return b.String(), args
}

// onQuarterHours reports whether every offset and every change of it falls
// on a quarter hour, so that a quarter-hour bucket lies within one local
// day: true of every zone's rules today; not of local mean times of the
// 19th century.
func onQuarterHours(spans []switchboard.OffsetSpan) bool {
	for i, s := range spans {
		if s.Offset%quarterHour != 0 || (i > 0 && s.Start.Unix()%quarterHour != 0) {
			return false
		}
	}
	return true
}
