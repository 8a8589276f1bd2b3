package server_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// GET /readyz on each database: 503 naming the check while the database
// lacks this build's last migration, 200 once migrated with the engine
// running, 503 naming jobs once the engine stops, and 503 naming the
// database once it is closed. /healthz, the liveness check, stays 200
// while only the engine is down.
func TestReadyz(t *testing.T) {
	urls := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "sb.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	}
	for name, dbURL := range urls {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db, err := store.Open(ctx, dbURL(t), testLogger(), store.WithEvents(server.EncodeEvent))
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close() })
			ms, err := db.Migrations()
			require.NoError(t, err)
			require.NoError(t, db.MigrateTo(ctx, ms[len(ms)-2].Version))

			deps := coreDeps(t, db)
			eventstest.Start(t, deps.Events)
			srv, err := server.New(server.Config{PublicBaseURL: "http://localhost:8080"}, deps, testLogger())
			require.NoError(t, err)
			tb := newBundle(t, srv, db)

			notReady := func(checks ...string) resp {
				t.Helper()
				r := tb.do("GET", "/readyz", "", nil)
				requireError(t, r, 503, sb.EUnavailable)
				require.Equal(t, checks, r.errFields())
				require.Equal(t, "1", r.header.Get("Retry-After"))
				return r
			}
			r := notReady("migrations")
			require.Contains(t, string(r.body), "switchboard migrate")
			require.NotContains(t, string(r.body), ms[len(ms)-1].Name, "the answer is public: the log names the file")

			require.NoError(t, db.Migrate(ctx))
			r = tb.do("GET", "/readyz", "", nil)
			require.Equal(t, 200, r.status, string(r.body))
			require.Equal(t, "ok", r.data()["status"])
			require.Equal(t, map[string]any{"database": "ok", "migrations": "ok", "jobs": "ok"}, r.data()["checks"])

			require.NoError(t, deps.Events.Stop(ctx))
			r = notReady("jobs")
			require.Contains(t, r.json["error"].(map[string]any)["message"], "job engine is not running")
			require.Equal(t, 200, tb.do("GET", "/healthz", "", nil).status, "alive, not ready")

			require.NoError(t, db.Close())
			notReady("database", "migrations", "jobs")
			requireError(t, tb.do("GET", "/healthz", "", nil), 503, sb.EUnavailable)
		})
	}
}
