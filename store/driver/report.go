package driver

import "gorm.io/gorm"

// Reports is what a call report asks of the database that differs between
// the two: a call's time as Unix seconds, a day number as a date, and
// refreshing the planner's statistics. SQLite has no time-zone database, so
// the zone's offsets are computed in Go (daylight saving included) and the
// database only adds them to the seconds.
type Reports interface {
	// Epoch is an integer expression of col (a created_at): its Unix
	// time in whole seconds, rounded down, as the totals' triggers
	// compute it.
	Epoch(col string) string
	// DayKey is an expression of a day number (days since 1970-01-01)
	// as YYYY-MM-DD text.
	DayKey(expr string) string
	// SettleCalls brings calls and call_tags (their totals folded
	// already) after a bulk load to where the service's background work
	// would (PostgreSQL: statistics and the visibility map an index-only
	// scan reads; SQLite: nothing), outside any transaction.
	SettleCalls(w *gorm.DB) error
	// CallTotalsQuarter and CallTotalsDaily are what a report reads as
	// the totals of whole quarter hours (columns workspace_id, bucket,
	// calls, answered, talk_seconds) and of whole UTC days (workspace_id,
	// day, agent_identity, outcome_key and the three figures): a table,
	// or a subquery of the totals and the changes not yet folded into
	// them. A key may have several rows; the report sums them.
	CallTotalsQuarter() string
	CallTotalsDaily() string
	// FoldsCallTotals reports whether the totals wait for FoldCallTotals
	// (PostgreSQL: the calls' triggers append to a log) or are written
	// by the triggers themselves (SQLite, whose one writer locks the
	// whole database anyway).
	FoldsCallTotals() bool
	// FoldCallTotals moves up to batch logged changes into the totals in
	// one statement and says how many it moved; nothing where the
	// triggers write the totals.
	FoldCallTotals(w *gorm.DB, batch int) (int64, error)
}
