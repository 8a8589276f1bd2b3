package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// `switchboard healthcheck` asks the listener SWITCHBOARD_ADDR names: it
// succeeds while the service answers, --ready fails once the job engine
// stops (503 naming it), and it fails when nothing listens.
func TestHealthcheckCommand(t *testing.T) {
	cfg, err := LoadConfig(testEnv(t, nil))
	require.NoError(t, err)
	m := NewMain(cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, m.Run(context.Background()))
	t.Cleanup(func() { _ = m.Close() })
	_, port, err := net.SplitHostPort(m.Addr)
	require.NoError(t, err)
	getenv := testEnv(t, map[string]string{"SWITCHBOARD_ADDR": ":" + port}) // every interface: asked on 127.0.0.1

	check := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(context.Background(), append([]string{"healthcheck"}, args...), getenv, &out, &bytes.Buffer{})
		return out.String(), err
	}
	out, err := check()
	require.NoError(t, err)
	require.Contains(t, out, "GET http://127.0.0.1:"+port+"/healthz: 200")
	out, err = check("--ready")
	require.NoError(t, err)
	require.Contains(t, out, `"jobs":"ok"`)

	require.NoError(t, m.stopEvents())
	_, err = check("--ready")
	require.ErrorContains(t, err, "answered 503")
	require.ErrorContains(t, err, `"field":"jobs"`)
	_, err = check()
	require.NoError(t, err, "alive, if not ready")

	_, err = check("--url", "http://127.0.0.1:"+freePort(t))
	require.ErrorContains(t, err, "connection refused")
}

// `switchboard migrate` is the whole schema step, on each database: the
// store's migrations and the job engine's tables, so that serve changes no
// schema after it.
func TestMigrateCommand(t *testing.T) {
	dbs := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "sb.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	}
	for name, dbURL := range dbs {
		t.Run(name, func(t *testing.T) {
			getenv := testEnv(t, map[string]string{"DATABASE_URL": dbURL(t)})
			var out bytes.Buffer
			require.NoError(t, run(context.Background(), []string{"migrate"}, getenv, &out, io.Discard))
			require.Equal(t, "migrations applied\n", out.String())

			ctx := context.Background()
			db, err := store.Open(ctx, getenv("DATABASE_URL"), nil)
			require.NoError(t, err)
			defer db.Close()
			pending, err := db.PendingMigrations(ctx)
			require.NoError(t, err)
			require.Empty(t, pending)
			_, err = db.JobQueueDepth(ctx)
			require.NoError(t, err, "the job engine's tables exist")
		})
	}
}
