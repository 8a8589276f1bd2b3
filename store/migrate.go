package store

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Migration is one versioned SQL file of the database's driver.
type Migration struct {
	Version int    // the file's numeric prefix: 1 for 0001_init.sql
	Name    string // the file name
	SQL     string
}

// Migrations lists the driver's embedded migrations in version order.
func (db *DB) Migrations() ([]Migration, error) {
	fsys := db.drv.Migrations()
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("store: read migrations: %w", err)
	}
	var ms []Migration
	seen := map[int]string{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		prefix, _, _ := strings.Cut(name, "_")
		v, err := strconv.Atoi(prefix)
		if err != nil || v <= 0 {
			return nil, fmt.Errorf("store: migration %s: name must start with a positive number and '_'", name)
		}
		if other, dup := seen[v]; dup {
			return nil, fmt.Errorf("store: migrations %s and %s share version %d", other, name, v)
		}
		seen[v] = name
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: name, SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	return ms, nil
}

// Migrate applies every migration not yet recorded in schema_migrations, in
// version order, each in its own transaction with its record, so a failing
// file leaves nothing half-applied. It is safe to run from several processes
// at once.
func (db *DB) Migrate(ctx context.Context) error {
	return db.MigrateTo(ctx, math.MaxInt)
}

// MigrateTo is Migrate up to and including version: tests of a migration
// write the rows it must convert at the version before it.
func (db *DB) MigrateTo(ctx context.Context, version int) error {
	ms, err := db.Migrations()
	if err != nil {
		return err
	}
	for i, m := range ms {
		if m.Version > version {
			ms = ms[:i]
			break
		}
	}
	w := db.w.WithContext(ctx)
	err = w.Transaction(func(tx *gorm.DB) error {
		if err := db.drv.LockMigrations(tx); err != nil {
			return err
		}
		return tx.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
			version integer PRIMARY KEY,
			name text NOT NULL,
			applied_at text NOT NULL
		)`).Error
	})
	if err != nil {
		return fmt.Errorf("store: create schema_migrations: %w", err)
	}
	for _, m := range ms {
		applied := false
		err := w.Transaction(func(tx *gorm.DB) error {
			if err := db.drv.LockMigrations(tx); err != nil {
				return err
			}
			// Checked inside the transaction, after the driver's lock:
			// another process may have applied it while this one waited.
			var n int64
			if err := tx.Raw("SELECT count(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			// Exec straight on the connection: GORM's statement builder
			// would treat '?' and '@' in SQL text as placeholders.
			if _, err := tx.Statement.ConnPool.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			applied = true
			return tx.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				m.Version, m.Name, time.Now().UTC().Format(time.RFC3339)).Error
		})
		if err != nil {
			return fmt.Errorf("store: migration %s: %w", m.Name, err)
		}
		if applied {
			db.logger.DebugContext(ctx, "migration applied", "database", db.drv.Name(), "migration", m.Name)
		}
	}
	return nil
}

// PendingMigrations names the migrations this build carries that the
// database has not recorded, in version order: none once Migrate ran. A
// database migrated by a newer build has every one of this build's, so an
// instance of the previous release stays ready during a rolling upgrade.
func (db *DB) PendingMigrations(ctx context.Context) ([]string, error) {
	ms, err := db.Migrations()
	if err != nil {
		return nil, err
	}
	var versions []int
	if err := db.r.WithContext(ctx).Raw("SELECT version FROM schema_migrations").Scan(&versions).Error; err != nil {
		return nil, fmt.Errorf("store: read schema_migrations: %w", err)
	}
	applied := make(map[int]bool, len(versions))
	for _, v := range versions {
		applied[v] = true
	}
	var pending []string
	for _, m := range ms {
		if !applied[m.Version] {
			pending = append(pending, m.Name)
		}
	}
	return pending, nil
}
