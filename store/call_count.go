package store

import (
	"slices"
	"strings"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// callCount is what a list's count found: n calls, exactly when exact.
type callCount struct {
	n     int64
	exact bool
}

// countDriver is the index a count walks, named by the equalities it starts
// with, and the conditions tested on each entry it reads.
type countDriver struct {
	eq     []condition // answered by the index
	others []condition // tested entry by entry
}

type condition struct{ col, val string }

// chooseDriver picks the index that likely holds the fewest calls of the
// filter's equalities, by what each filter usually selects: a contact's
// calls are few, an agent's calls with one outcome are one in a hundred
// (calls_agent_outcome_created), an outcome or an agent one in ten or so,
// and a status often half of them (completed), so it drives last. A tag is tested entry by entry rather than walked, unless
// nothing else filters: walking call_tags would test every other condition
// on a call row read by key, in no useful order.
func chooseDriver(f switchboard.CallFilter) countDriver {
	var present []condition // in that order of preference
	for _, c := range []condition{{"contact_id", f.ContactID}, {"outcome_id", f.OutcomeID}, {"agent_identity", f.Agent}, {"status", string(f.Status)}} {
		if c.val != "" {
			present = append(present, c)
		}
	}
	var d countDriver
	switch {
	case len(present) == 0:
		return d
	case f.ContactID == "" && f.Agent != "" && f.OutcomeID != "":
		d.eq = []condition{{"agent_identity", f.Agent}, {"outcome_id", f.OutcomeID}}
	default:
		d.eq = present[:1]
	}
	for _, c := range present {
		if !slices.ContainsFunc(d.eq, func(e condition) bool { return e.col == c.col }) {
			d.others = append(d.others, c)
		}
	}
	return d
}

// countCalls counts the calls f selects. With nothing to test entry by
// entry it counts the list's own query up to CallCountCap+1 rows, in the
// list's order so that PostgreSQL walks the list's index as the page does.
// Otherwise it reads the newest CallCountScan entries of the driving index
// (in the time range) and counts those that pass the other conditions:
// exact when that read ran out of entries, a lower bound when it did not.
func countCalls(r *gorm.DB, workspaceID string, f switchboard.CallFilter) (callCount, error) {
	d := chooseDriver(f)
	if len(d.others) == 0 && (f.Tag == "" || len(d.eq) == 0) {
		capped, ks := filterCalls(r, workspaceID, f, true)
		capped = capped.Select("1 AS one").Order(ks.timeCol + " DESC, " + ks.idCol + " DESC").Limit(switchboard.CallCountCap + 1)
		var n int64
		if err := r.Table("(?) AS capped", capped).Count(&n).Error; err != nil {
			return callCount{}, err
		}
		return atCap(n, true), nil
	}
	cols := []string{"c.call_sid", "c.created_at"}
	for _, c := range d.others {
		cols = append(cols, "c."+c.col)
	}
	inner := r.Table("calls c").Select(strings.Join(cols, ", ")).Where("c.workspace_id = ?", workspaceID)
	for _, c := range d.eq {
		inner = inner.Where("c."+c.col+" = ?", c.val)
	}
	if f.CreatedAfter != nil {
		inner = inner.Where("c.created_at >= ?", f.CreatedAfter.UTC())
	}
	if f.CreatedBefore != nil {
		inner = inner.Where("c.created_at < ?", f.CreatedBefore.UTC())
	}
	inner = inner.Order("c.created_at DESC, c.call_sid DESC").Limit(switchboard.CallCountScan)
	var tests []string
	var args []any
	for _, c := range d.others {
		tests = append(tests, "d."+c.col+" = ?")
		args = append(args, c.val)
	}
	if f.Tag != "" {
		// By call_tags_list rather than the (call_sid, tag) key: the
		// driving entries come newest first, so their probes walk
		// neighbouring leaves of the tag's index instead of random ones
		// (a third of the time at a million calls on PostgreSQL).
		// The SID compared as an expression keeps SQLite off call_tags'
		// (call_sid, tag) key, which it prefers as unique and which then
		// reads each tag row from the table (see pageOfCalls).
		tests = append(tests, "EXISTS (SELECT 1 FROM call_tags t WHERE t.workspace_id = ? AND t.tag = ? AND t.created_at = d.created_at AND t.call_sid || '' = d.call_sid)")
		args = append(args, workspaceID, f.Tag)
	}
	var got struct {
		Examined int64
		Matched  int64
	}
	sel := "count(*) AS examined, count(CASE WHEN " + strings.Join(tests, " AND ") + " THEN 1 END) AS matched"
	if err := scan(r.Table("(?) AS d", inner).Select(sel, args...), &got); err != nil {
		return callCount{}, err
	}
	return atCap(got.Matched, got.Examined < switchboard.CallCountScan), nil
}

// atCap applies CallCountCap to a count of n, exact or not.
func atCap(n int64, exact bool) callCount {
	if n > switchboard.CallCountCap {
		return callCount{switchboard.CallCountCap, false}
	}
	return callCount{n, exact}
}
