package store

import (
	"context"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// Lists of calls. Every list reads newest first on (created_at, call_sid)
// from an index that starts with the workspace and the list's one
// equality (agent, contact, outcome, status, or a tag through call_tags,
// whose created_at is the call's), so a page reads about as many index
// entries as it returns however large the workspace is (0030_call_lists).
// Totals count at most CallCountCap+1 rows for the same reason.

// ListCalls implements switchboard.CallStore.
func (db *DB) ListCalls(ctx context.Context, workspaceID string, f switchboard.CallFilter, page switchboard.Page) ([]*switchboard.Call, switchboard.Meta, error) {
	return db.listCalls(ctx, workspaceID, f, page)
}

// ListContactCalls implements switchboard.CallStore. The contact is looked
// up first: a contact of another workspace, or none, is ENotFound even when
// calls still carry its id.
func (db *DB) ListContactCalls(ctx context.Context, workspaceID, contactID string, page switchboard.Page) ([]*switchboard.Call, switchboard.Meta, error) {
	if !isContactID(contactID) {
		return nil, switchboard.Meta{}, notFound("Contact")
	}
	var n int64
	err := db.r.WithContext(ctx).Model(&contactRow{}).Where("workspace_id = ? AND id = ?", workspaceID, contactID).Count(&n).Error
	if err != nil {
		return nil, switchboard.Meta{}, err
	}
	if n == 0 {
		return nil, switchboard.Meta{}, notFound("Contact")
	}
	return db.listCalls(ctx, workspaceID, switchboard.CallFilter{ContactID: contactID}, page)
}

// listCalls counts (see countCalls) and reads one page of the calls f
// selects. The count reads a bounded number of rows: "1,000+" is all a
// client shows past the cap, and counting a busy workspace's calls exactly
// would cost more than the page.
func (db *DB) listCalls(ctx context.Context, workspaceID string, f switchboard.CallFilter, page switchboard.Page) ([]*switchboard.Call, switchboard.Meta, error) {
	page = clampPage(page)
	r := db.r.WithContext(ctx)
	count, err := countCalls(r, workspaceID, f)
	if err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []callRow
	if err := pageOfCalls(r, workspaceID, f, page).Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, count.n, func(c *callRow) switchboard.PageKey {
		return switchboard.PageKey{Time: c.CreatedAt, ID: c.CallSID}
	})
	switch {
	case count.exact:
	case page.After == nil && !meta.HasMore && (len(rows) > 0 || page.Offset == 0):
		// The last page by offset: the list ends here.
		meta.Total = page.Offset + len(rows)
	default:
		// A lower bound, never below what this page shows (trim keeps
		// Total at least offset + rows on an offset page).
		meta.Total, meta.TotalIsLowerBound = max(meta.Total, len(rows)), true
	}
	// callsOf, not toDomain: a listed call shows its outcome's name and
	// kind like every other read of a call.
	out, err := db.callsOf(r, rows)
	return out, meta, err
}

// pageOfCalls is the query of one page of the calls f selects, newest
// first. A tag with other filters walks the tag's index (call_tags_list)
// and tests each entry's call in the index of those filters, by its whole
// key (workspace, the equalities, created_at, call_sid): an index probe,
// where joining the calls read each candidate's row from the table, about
// 500 random reads for 51 rows when the outcome is one call in ten. Only
// the page's own rows are then read by key. The probe is a scalar
// subquery, not EXISTS: PostgreSQL turns EXISTS into a semi-join, estimates
// it at one row (it cannot know that the key matches) and hashes both
// indexes' whole ranges, 85 ms at a million calls against 2.5 for the
// probes (EXPLAIN ANALYZE); a scalar subquery stays a probe per entry.
// The call's SID is compared as an expression (with an empty string
// appended), so that neither planner can look the call up by its primary
// key: SQLite did, and read each candidate's row from the table to test
// the rest, three times the time of the probe in the covering index the
// equalities and created_at find (EXPLAIN QUERY PLAN and timings at a
// million calls).
func pageOfCalls(r *gorm.DB, workspaceID string, f switchboard.CallFilter, page switchboard.Page) *gorm.DB {
	eq := callEqualities(f)
	if f.Tag == "" || len(eq) == 0 {
		sel, ks := filterCalls(r, workspaceID, f, false)
		return pageCalls(sel.Select("c.*"), ks, page)
	}
	probe := r.Table("calls m").Select("1").
		Where("m.workspace_id = ? AND m.created_at = t.created_at AND m.call_sid || '' = t.call_sid", workspaceID)
	for _, e := range eq {
		probe = probe.Where("m."+e.col+" = ?", e.val)
	}
	ks := keyset{timeCol: "t.created_at", idCol: "t.call_sid"}
	keys := r.Table("call_tags t").Select("t.call_sid").
		Where("t.workspace_id = ? AND t.tag = ?", workspaceID, f.Tag).
		Where("(?) IS NOT NULL", probe.Limit(1))
	if f.CreatedAfter != nil {
		keys = keys.Where("t.created_at >= ?", f.CreatedAfter.UTC())
	}
	if f.CreatedBefore != nil {
		keys = keys.Where("t.created_at < ?", f.CreatedBefore.UTC())
	}
	return r.Table("calls c").Select("c.*").
		Where("c.call_sid IN (?)", pageCalls(keys, ks, page)).
		Order("c.created_at DESC, c.call_sid DESC")
}

// callEqualities are f's equality filters on the calls' own columns.
func callEqualities(f switchboard.CallFilter) []condition {
	var eq []condition
	for _, c := range []condition{{"agent_identity", f.Agent}, {"status", string(f.Status)}, {"contact_id", f.ContactID}, {"outcome_id", f.OutcomeID}} {
		if c.val != "" {
			eq = append(eq, c)
		}
	}
	return eq
}

// pageCalls is keyset.page with the position spelled without a row value.
// SQLite, once ANALYZE has seen a single workspace, answers a row-value
// bound on (created_at, call_sid) after an equality column with a skip-scan
// and a sort of every earlier match (100-900 ms a page at a million calls);
// "before the time, or at it with a smaller id" keeps the index's order on
// both databases.
func pageCalls(q *gorm.DB, ks keyset, p switchboard.Page) *gorm.DB {
	q = q.Order(ks.timeCol + " DESC, " + ks.idCol + " DESC").Limit(p.Limit + 1)
	if k := p.After; k != nil {
		t := k.Time.UTC()
		return q.Where(ks.timeCol+" <= ? AND ("+ks.timeCol+" < ? OR ("+ks.timeCol+" = ? AND "+ks.idCol+" < ?))", t, t, t, k.ID)
	}
	return q.Offset(p.Offset)
}

// filterCalls is the query of the workspace's calls f selects, as calls c,
// and the keyset to page it by. A tag filter reads from call_tags t, whose
// index holds a tag's calls newest first, and pages on its copy of the
// calls' created_at; the time bounds go on the same columns as the order,
// so that they bound the index's range. For a count (count true) of a
// tag's calls with no other condition on the calls, call_tags alone
// answers: its rows are written and deleted with their calls, and joining
// each to its call read 1,001 call rows from disk for nothing (40 ms a
// count at a million calls on PostgreSQL).
func filterCalls(r *gorm.DB, workspaceID string, f switchboard.CallFilter, count bool) (*gorm.DB, keyset) {
	ks := keyset{timeCol: "c.created_at", idCol: "c.call_sid"}
	var q *gorm.DB
	if f.Tag != "" && count && f.Agent == "" && f.Status == "" && f.ContactID == "" && f.OutcomeID == "" {
		ks = keyset{timeCol: "t.created_at", idCol: "t.call_sid"}
		q = r.Table("call_tags t").Where("t.workspace_id = ? AND t.tag = ?", workspaceID, f.Tag)
	} else if f.Tag != "" {
		ks = keyset{timeCol: "t.created_at", idCol: "t.call_sid"}
		q = r.Table("call_tags t").Joins("JOIN calls c ON c.call_sid = t.call_sid").
			Where("t.workspace_id = ? AND t.tag = ? AND c.workspace_id = ?", workspaceID, f.Tag, workspaceID)
	} else {
		q = r.Table("calls c").Where("c.workspace_id = ?", workspaceID)
	}
	for _, e := range callEqualities(f) {
		q = q.Where("c."+e.col+" = ?", e.val)
	}
	if f.CreatedAfter != nil {
		q = q.Where(ks.timeCol+" >= ?", f.CreatedAfter.UTC())
	}
	if f.CreatedBefore != nil {
		q = q.Where(ks.timeCol+" < ?", f.CreatedBefore.UTC())
	}
	return q, ks
}
