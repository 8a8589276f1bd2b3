package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

//go:embed migrations/postgres/*.sql migrations/sqlite/*.sql
var migrationFS embed.FS

// Migration is one versioned SQL file of a dialect.
type Migration struct {
	Version int    // the file's numeric prefix: 1 for 0001_init.sql
	Name    string // the file name
	SQL     string
}

// Migrations lists the dialect's embedded migrations in version order.
func Migrations(d Dialect) ([]Migration, error) {
	dir := "migrations/" + string(d)
	entries, err := fs.ReadDir(migrationFS, dir)
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
		b, err := fs.ReadFile(migrationFS, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: name, SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	return ms, nil
}

// migrationLockKey is the PostgreSQL advisory lock that keeps two processes
// from applying the same migration at once ("sbmigr" in ASCII).
const migrationLockKey = 0x73626d69677231

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
	ms, err := Migrations(db.dialect)
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
		if err := db.lockMigrations(tx); err != nil {
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
			if err := db.lockMigrations(tx); err != nil {
				return err
			}
			// Checked inside the transaction, after the lock (PostgreSQL)
			// or the immediate write lock (SQLite): another process may
			// have applied it while this one waited.
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
			db.logger.DebugContext(ctx, "migration applied", "dialect", db.dialect, "migration", m.Name)
		}
	}
	return nil
}

// lockMigrations serializes migrating processes until tx ends. SQLite needs
// nothing: the writer's transactions BEGIN IMMEDIATE and so already exclude
// every other writer.
func (db *DB) lockMigrations(tx *gorm.DB) error {
	if db.dialect != Postgres {
		return nil
	}
	return tx.Exec("SELECT pg_advisory_xact_lock(?)", migrationLockKey).Error
}
