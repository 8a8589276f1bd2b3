package store_test

import (
	"context"
	"database/sql"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx", for the server's list of backends
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/pgdriver"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// Warm leaves the PostgreSQL pool's connections (up to WarmConns) open, idle and each with
// every table of its schema planned once (its last statement, as the server
// lists its backends); on SQLite it does nothing.
func TestWarm(t *testing.T) {
	ctx := context.Background()
	t.Run("postgres", func(t *testing.T) {
		dbURL := storetest.PostgresURL(t)
		u, err := url.Parse(dbURL)
		require.NoError(t, err)
		schema, _, _ := strings.Cut(u.Query().Get("search_path"), ",")
		db, err := store.Open(ctx, dbURL, slog.New(slog.DiscardHandler))
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		require.NoError(t, db.Migrate(ctx))
		require.NoError(t, db.Warm(ctx))

		stats := db.WriterStats()
		want := min(pgdriver.WarmConns, stats.MaxOpenConnections)
		require.Equal(t, want, stats.OpenConnections, "the pool's connections, up to WarmConns, are open")
		require.Equal(t, want, stats.Idle, "and idle, kept by the pool")

		admin, err := sql.Open("pgx", os.Getenv(storetest.EnvDatabaseURL))
		require.NoError(t, err)
		defer admin.Close()
		var warmed int
		require.NoError(t, admin.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity
			WHERE state = 'idle' AND query LIKE '(SELECT 1 FROM ' || $1::text || '.%' AND query LIKE '%' || $1::text || '.calls LIMIT 0%'`, schema).Scan(&warmed))
		require.Equal(t, want, warmed, "each connection planned the schema's tables, calls among them")
	})
	t.Run("sqlite", func(t *testing.T) {
		db := storetest.OpenSQLite(t)
		require.NoError(t, db.Warm(ctx))
	})
}
