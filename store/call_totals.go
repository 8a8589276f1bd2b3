package store

import "context"

// FoldsCallTotals reports whether the calls' totals wait for
// FoldCallTotals: on PostgreSQL the calls' triggers append each change to
// a log (migration 0073) that a report reads beside the totals, and a
// periodic job folds it in to keep it short; on SQLite the triggers write
// the totals themselves.
func (db *DB) FoldsCallTotals() bool { return db.drv.FoldsCallTotals() }

// foldBatch is the most logged changes one statement of FoldCallTotals
// moves: a few tenths of a second's work. A log that grew while no fold ran
// (every instance down, a long migration) is moved in several statements,
// each committed, so that a fold cut short by its job's timeout or a
// process's end keeps what it moved, and the next goes on from there,
// instead of starting again on a log that only grows.
const foldBatch = 50_000

// FoldCallTotals moves the logged changes of the calls into their totals
// and says how many it moved: in statements of up to foldBatch changes,
// each all or nothing, until one moves fewer (the log is empty, or another
// fold took the rest) or ctx ends. Safe to run from several instances at
// once: a change is moved once.
func (db *DB) FoldCallTotals(ctx context.Context) (int64, error) {
	var total int64
	for {
		n, err := db.drv.FoldCallTotals(db.w.WithContext(ctx), db.tune.foldBatch)
		total += n
		if err != nil || n < int64(db.tune.foldBatch) {
			return total, unavailable(err)
		}
		if err := ctx.Err(); err != nil {
			return total, err
		}
	}
}
