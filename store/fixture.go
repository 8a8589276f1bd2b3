package store

import (
	"context"

	"gorm.io/gorm"
)

// Fixture runs fn in one write transaction of the store. It exists for
// tests' fixtures and benchmarks' bulk loads (store/storetest): rows a
// test needs as data, such as calls of last year or calls with after-call
// columns written by another part of the service, which no store method
// writes as such. The service never calls it.
func (db *DB) Fixture(ctx context.Context, fn func(tx *gorm.DB) error) error {
	return db.transact(ctx, fn)
}

// SettleCalls brings calls and call_tags after a bulk load to where the
// service's own background work would bring them in time: on PostgreSQL
// autovacuum's VACUUM ANALYZE; on SQLite nothing, as the service gathers no
// statistics there. For benchmarks that load and measure at once. The
// load's logged totals are folded first, as the fold's periodic job would.
func (db *DB) SettleCalls(ctx context.Context) error {
	if _, err := db.FoldCallTotals(ctx); err != nil {
		return err
	}
	return db.drv.SettleCalls(db.w.WithContext(ctx))
}
