package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// The job engine (River) keeps its tables in the store's database, so that
// a delivery job is queued in the same transaction as the event it carries.
// Which of River's drivers fits, and how its tables are migrated, depends on
// the database: that choice is the store's, so nothing above it needs to
// know which database it runs on.

// riverLockKey serializes River's migrations across processes on
// PostgreSQL ("sbriver" in ASCII), as the store's own are.
const riverLockKey = 0x73627269766572

// JobDriver returns River's driver for this database, on the writer pool,
// with River's tables migrated. On PostgreSQL with notify, it also opens a
// small pgx pool for LISTEN/NOTIFY, so a queued job starts at once; without
// it River polls. release closes what JobDriver opened; call it after the
// River client has stopped.
func (db *DB) JobDriver(ctx context.Context, notify bool) (driver riverdriver.Driver[*sql.Tx], release func(), err error) {
	pool := db.sqlDBs[0]
	release = func() {}
	switch db.dialect {
	case SQLite:
		// River's writes queue behind the store's on the one writer
		// connection instead of failing with "database is locked".
		driver = riversqlite.New(pool)
	case Postgres:
		driver = riverdatabasesql.New(pool)
		if notify {
			lp, err := pgxpool.New(ctx, db.url)
			if err != nil {
				return nil, nil, fmt.Errorf("store: job notification pool: %w", err)
			}
			release = lp.Close
			driver = riverdatabasesql.NewWithPgxListener(pool, lp)
		}
	}
	if err := db.migrateJobs(ctx, driver); err != nil {
		release()
		return nil, nil, err
	}
	return driver, release, nil
}

// migrateJobs brings River's tables up to date. On PostgreSQL two processes
// starting at once take turns on an advisory lock; SQLite's single writer
// already serializes them.
func (db *DB) migrateJobs(ctx context.Context, driver riverdriver.Driver[*sql.Tx]) error {
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: db.logger.With("component", "rivermigrate")})
	if err != nil {
		return fmt.Errorf("store: river migrator: %w", err)
	}
	if db.dialect != Postgres {
		if _, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return fmt.Errorf("store: migrating river's tables: %w", err)
		}
		return nil
	}
	// River's migrations cannot share one transaction (one adds an enum
	// value a later statement uses), so the lock is a session's, held on a
	// connection of its own while the migrator uses others.
	conn, err := db.sqlDBs[0].Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", riverLockKey); err != nil {
		return err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", riverLockKey)
	if _, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("store: migrating river's tables: %w", err)
	}
	return nil
}

// JobQueueDepth is how many jobs wait or run: available, scheduled,
// retrying or running (the metric of the queue's backlog).
func (db *DB) JobQueueDepth(ctx context.Context) (int, error) {
	var n int
	err := db.r.WithContext(ctx).Raw(
		"SELECT count(*) FROM river_job WHERE state IN ('available', 'scheduled', 'retryable', 'running')").Scan(&n).Error
	return n, err
}
