package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite" // database/sql driver "sqlite", for the raw rows

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// migrationDatabases are the databases a migration test runs on: the
// store's URL, and the database/sql driver and DSN that write rows as an
// earlier release did.
var migrationDatabases = []struct {
	name string
	urls func(t *testing.T) (storeURL, driver, dsn string)
}{
	{"sqlite", func(t *testing.T) (string, string, string) {
		file := filepath.Join(t.TempDir(), "sb.db")
		return "sqlite:" + file, "sqlite", file
	}},
	{"postgres", func(t *testing.T) (string, string, string) {
		u := storetest.PostgresURL(t)
		return u, "pgx", u
	}},
}

// atMigration runs fn on each database with a store migrated to version
// and a raw connection that writes rows as that release did.
func atMigration(t *testing.T, version int, fn func(t *testing.T, db *store.DB, raw *sql.DB)) {
	for _, d := range migrationDatabases {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			storeURL, driver, dsn := d.urls(t)
			db, err := store.Open(ctx, storeURL, nil)
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close() })
			require.NoError(t, db.MigrateTo(ctx, version))
			raw, err := sql.Open(driver, dsn)
			require.NoError(t, err)
			t.Cleanup(func() { _ = raw.Close() })
			fn(t, db, raw)
		})
	}
}

// TestMigration0007: a number that several workspaces registered before
// caller IDs became one workspace's stays with the first registration
// (oldest createdAt, then lowest id), the others are deleted, and existing
// workspaces get the default calling hours and zone.
func TestMigration0007(t *testing.T) {
	t.Parallel()
	atMigration(t, 6, func(t *testing.T, db *store.DB, raw *sql.DB) {
		ctx := context.Background()
		t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		for _, ws := range []string{"ws1", "ws2", "ws3"} {
			_, err := raw.ExecContext(ctx, "INSERT INTO workspaces (id, contact_count, created_at) VALUES ($1, 0, $2)", ws, t0)
			require.NoError(t, err)
		}
		const dup = "+14155550100"
		for _, r := range []struct {
			id, ws, phone string
			at            time.Time
			isDefault     bool
		}{
			{"c1", "ws1", dup, t0.Add(2 * time.Hour), true},
			{"c3", "ws3", dup, t0.Add(time.Hour), true}, // ties with c2 on time; c2's id is lower
			{"c2", "ws2", dup, t0.Add(time.Hour), false},
			{"c4", "ws1", "+14155550101", t0, false},
		} {
			_, err := raw.ExecContext(ctx, `INSERT INTO caller_ids (id, workspace_id, phone_number, friendly_name, status, validation_code, is_default, created_at)
					VALUES ($1, $2, $3, '', 'verified', '', $4, $5)`, r.id, r.ws, r.phone, r.isDefault, r.at)
			require.NoError(t, err)
		}

		require.NoError(t, db.Migrate(ctx))

		holder, err := db.CallerIDWorkspace(ctx, dup)
		require.NoError(t, err)
		require.Equal(t, "ws2", holder, "the first registration keeps the number")
		for _, ws := range []string{"ws1", "ws3"} {
			_, err := db.FindCallerIDByPhone(ctx, ws, dup)
			require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), ws)
		}
		_, err = db.DefaultCallerID(ctx, "ws3")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "ws3 lost its only, default, caller ID")
		_, err = db.FindCallerIDByPhone(ctx, "ws1", "+14155550101")
		require.NoError(t, err, "numbers held once are untouched")

		// The index holds from now on.
		_, err = raw.ExecContext(ctx, `INSERT INTO caller_ids (id, workspace_id, phone_number, friendly_name, status, validation_code, is_default, created_at)
				VALUES ('c5', 'ws1', $1, '', 'verified', '', false, $2)`, dup, t0)
		require.Error(t, err, "the unique index refuses a second workspace")

		s, err := db.WorkspaceSettings(ctx, "ws1")
		require.NoError(t, err)
		require.Equal(t, &switchboard.DefaultCallingHours, s.CallingHours)
		require.Equal(t, switchboard.DefaultTimeZone, s.TimeZone)
	})
}
