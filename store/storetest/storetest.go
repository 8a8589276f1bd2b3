// Package storetest is the conformance suite every driver behind store.DB
// must pass, in the manner of River's riverdrivertest: Run exercises a
// store opened by the caller's function, and TestStoreSQLite and
// TestStorePostgres (in package store) run it against both drivers. A new
// table's tests join Run's groups.
//
// It also gives other packages isolated, migrated databases for their own
// tests: OpenSQLite (a file in t.TempDir()), OpenPostgres (a schema of its
// own in the database named by TEST_DATABASE_URL, dropped at cleanup; skips
// when the variable is unset) and Databases, which lists both so an HTTP
// suite can run once per database. Tests never mock the database.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store"
)

// Opener opens a fresh, migrated store for one test; the test's cleanup
// closes it (and drops whatever it created).
type Opener func(t testing.TB, opts ...store.Option) *store.DB

// Database names an Opener.
type Database struct {
	Name string
	Open Opener
}

// Databases lists every database. The PostgreSQL one skips its test when
// TEST_DATABASE_URL is unset. EnvDatabases, when set, keeps only the
// databases it names.
func Databases() []Database {
	var out []Database
	for _, d := range []Database{{"sqlite", OpenSQLite}, {"postgres", OpenPostgres}} {
		if Wanted(d.Name) {
			out = append(out, d)
		}
	}
	return out
}

// EnvDatabases names, comma-separated, the databases the suites that run on
// each database run on ("postgres"): CI's PostgreSQL run under the race
// detector sets it, since the SQLite halves ran just before it.
const EnvDatabases = "SWITCHBOARD_TEST_DATABASES"

// Wanted reports whether the database name is one the tests run on.
func Wanted(name string) bool {
	only := os.Getenv(EnvDatabases)
	return only == "" || slices.Contains(strings.Split(only, ","), name)
}

// EnvDatabaseURL names the PostgreSQL database the tests may create schemas
// in, e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable.
const EnvDatabaseURL = "TEST_DATABASE_URL"

// OpenSQLite opens a migrated store on a new SQLite file in t.TempDir(): a
// file, not ":memory:", because WAL and the separate reader pool need one.
func OpenSQLite(t testing.TB, opts ...store.Option) *store.DB {
	t.Helper()
	return openAndMigrate(t, "sqlite:"+filepath.Join(t.TempDir(), "switchboard.db"), opts...)
}

// OpenPostgres opens a migrated store in a schema of its own (sb_<random>)
// of the TEST_DATABASE_URL database, so parallel tests and runs never
// collide, and drops the schema at cleanup. The connection's search_path is
// "<schema>,public" so pg_trgm's operators, installed in public, resolve.
func OpenPostgres(t testing.TB, opts ...store.Option) *store.DB {
	t.Helper()
	return openAndMigrate(t, PostgresURL(t), opts...)
}

// PostgresURL creates a schema of its own (dropped at cleanup) in the
// TEST_DATABASE_URL database and returns a URL whose search_path selects it,
// for tests that run the real program against PostgreSQL. It skips when the
// variable is unset.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvDatabaseURL)
	if base == "" {
		t.Skipf("%s is not set; set it to a PostgreSQL URL (e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable) to run the PostgreSQL store tests", EnvDatabaseURL)
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	require.NoError(t, err, "connect to %s", EnvDatabaseURL)
	defer admin.Close(ctx)

	// Install pg_trgm once, in public, under a lock: concurrent CREATE
	// EXTENSION IF NOT EXISTS calls can still collide, and a migration run
	// with the test schema first in search_path would install it there.
	_, err = admin.Exec(ctx, `SELECT pg_advisory_lock(7367255)`)
	require.NoError(t, err)
	_, err = admin.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`)
	_, unlockErr := admin.Exec(ctx, `SELECT pg_advisory_unlock(7367255)`)
	require.NoError(t, err, "create extension pg_trgm")
	require.NoError(t, unlockErr)

	schema := "sb_" + randomHex(8)
	_, err = admin.Exec(ctx, "CREATE SCHEMA "+schema)
	require.NoError(t, err)
	t.Cleanup(func() {
		conn, err := pgx.Connect(context.Background(), base)
		if err != nil {
			t.Logf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(context.Background())
		if _, err := conn.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+schema+" CASCADE"); err != nil {
			t.Logf("drop schema %s: %v", schema, err)
		}
	})

	u, err := url.Parse(base)
	require.NoError(t, err)
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()
	return u.String()
}

func openAndMigrate(t testing.TB, databaseURL string, opts ...store.Option) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, databaseURL, testLogger(t), opts...)
	require.NoError(t, err)
	// Registered before the schema's cleanup runs (cleanups run last-in
	// first-out), so the pool is closed before its schema is dropped.
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(ctx))
	return db
}

// testLogger writes the store's debug log to the test log when
// STORETEST_LOG is set, and discards it otherwise.
func testLogger(t testing.TB) *slog.Logger {
	if os.Getenv("STORETEST_LOG") == "" {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(tWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type tWriter struct{ t testing.TB }

func (w tWriter) Write(p []byte) (int, error) {
	w.t.Log(string(p))
	return len(p), nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

// NewWorkspaceID returns a workspace id no other test uses.
func NewWorkspaceID() string { return "ws_" + randomHex(6) }

// Run exercises every method of the store opened by open. Each group of
// tests opens its own store and runs in parallel.
func Run(t *testing.T, open Opener) { run(t, open, nil) }

// RunContactLists runs the groups that page through contact lists, for a
// test of how a list pages (the keys a list keeps) that need not run the
// rest.
func RunContactLists(t *testing.T, open Opener) {
	run(t, open, map[string]bool{"Contact": true, "ContactList": true, "ContactImport": true, "ConcurrentWriters": true, "CursorWalk": true})
}

// run runs the groups named in only (nil: all).
func run(t *testing.T, open Opener, only map[string]bool) {
	groups := []struct {
		name string
		fn   func(t *testing.T, open Opener)
	}{
		{"Migrate", testMigrate},
		{"Auth", testAuth},
		{"Contact", testContact},
		{"ContactList", testContactList},
		{"ContactSearch", testContactSearch},
		{"ContactSearchBroad", testContactSearchBroad},
		{"ContactImport", testContactImport},
		{"DNC", testDNC},
		{"Call", testCall}, {"CallerID", testCallerID}, {"CallerIDOwner", testCallerIDOwner},
		{"Workspace", testWorkspace}, {"RecordingAnnouncement", testRecordingAnnouncement},
		{"CallControl", testCallControl}, {"Recording", testRecording},
		{"ConcurrentWriters", testConcurrentWriters},
		{"CursorWalk", testCursorWalk},
		{"SearchClasses", testSearchClasses},
		{"SearchDifferential", func(t *testing.T, open Opener) { RunSearchDifferential(t, open, true) }},
		{"Events", testEvents},
		{"Relay", testRelay}, {"Deliveries", testDeliveries},
		{"Outcome", testOutcome}, {"CallWork", testCallWork},
		{"CallList", testCallList}, {"CallTotals", testCallTotals},
		{"Voicemail", testVoicemail},
	}
	for _, g := range groups {
		if only != nil && !only[g.name] {
			continue
		}
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			g.fn(t, open)
		})
	}
}

// ctx is the context the suite's calls use.
func ctx() context.Context { return context.Background() }

func mustf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
