package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivermigrate"
)

// The job engine (River) keeps its tables in the store's database, so that
// a delivery job is queued in the same transaction as the event it carries.
// Which of River's drivers fits, and how its tables are migrated, is the
// store's driver's choice, so nothing above the store needs to know which
// database it runs on.

// JobDriver returns River's driver for this database, on the writer pool,
// with River's tables migrated. With notify, a database that can tell
// River at once of a queued job (PostgreSQL's LISTEN/NOTIFY, on a small
// pool of its own) does; otherwise River polls. release closes what
// JobDriver opened; call it after the River client has stopped.
func (db *DB) JobDriver(ctx context.Context, notify bool) (driver riverdriver.Driver[*sql.Tx], release func(), err error) {
	driver, release, err = db.drv.Jobs(ctx, db.pools, notify)
	if err != nil {
		return nil, nil, err
	}
	if err := db.migrateJobs(ctx, driver); err != nil {
		release()
		return nil, nil, err
	}
	return driver, release, nil
}

// migrateJobs brings River's tables up to date, while no other process
// migrates them.
func (db *DB) migrateJobs(ctx context.Context, driver riverdriver.Driver[*sql.Tx]) error {
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: db.logger.With("component", "rivermigrate")})
	if err != nil {
		return fmt.Errorf("store: river migrator: %w", err)
	}
	return db.drv.LockJobMigrations(ctx, db.pools, func() error {
		if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return fmt.Errorf("store: migrating river's tables: %w", err)
		}
		return nil
	})
}

// JobQueueDepth is how many jobs wait or run: available, scheduled,
// retrying or running (the metric of the queue's backlog).
func (db *DB) JobQueueDepth(ctx context.Context) (int, error) {
	var n int
	err := scan(db.r.WithContext(ctx).Raw(
		"SELECT count(*) FROM river_job WHERE state IN ('available', 'scheduled', 'retryable', 'running')"), &n)
	return n, err
}
