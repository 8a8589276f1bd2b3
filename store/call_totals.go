package store

import "context"

// FoldsCallTotals reports whether the calls' totals wait for
// FoldCallTotals: on PostgreSQL the calls' triggers append each change to
// a log (migration 0073) that a report reads beside the totals, and a
// periodic job folds it in to keep it short; on SQLite the triggers write
// the totals themselves.
func (db *DB) FoldsCallTotals() bool { return db.drv.FoldsCallTotals() }

// FoldCallTotals moves the logged changes of the calls into their totals,
// all or none, and says how many it moved. Safe to run from several
// instances at once: a change is moved once.
func (db *DB) FoldCallTotals(ctx context.Context) (int64, error) {
	n, err := db.drv.FoldCallTotals(db.w.WithContext(ctx))
	return n, unavailable(err)
}
