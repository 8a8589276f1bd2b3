package server_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// PostgreSQL drops the service's connections (pg_terminate_backend on this
// test's own connections, found by their application_name) while requests
// run: no request answers 500; a failed one answers 503 unavailable with
// Retry-After, and reads are retried once so most never notice.
func TestDatabaseDropsConnections(t *testing.T) {
	base := storetest.PostgresURL(t)
	app := "sb_fault_" + storetest.NewWorkspaceID()
	ctx := context.Background()
	db, err := store.Open(ctx, base+"&application_name="+app, testLogger())
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(ctx))
	srv, err := server.New(server.Config{PublicBaseURL: "http://localhost:8080"},
		coreDeps(t, db), testLogger())
	require.NoError(t, err)
	tb := newBundle(t, srv, db)
	for i := 0; i < 20; i++ {
		tb.createContact(map[string]any{"firstName": fmt.Sprintf("P%d", i), "phone": fmt.Sprintf("+1415555%04d", i)})
	}

	admin, err := pgx.Connect(ctx, base)
	require.NoError(t, err)
	defer admin.Close(ctx)
	terminate := func() {
		_, err := admin.Exec(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", app)
		require.NoError(t, err)
	}

	var statuses sync.Map
	var unavailable atomic.Int64
	count := func(r resp) {
		n, _ := statuses.LoadOrStore(r.status, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
		if r.status == http.StatusServiceUnavailable {
			unavailable.Add(1)
			require.Equal(t, sb.EUnavailable, r.errCode())
			require.Equal(t, "1", r.header.Get("Retry-After"))
		}
	}
	for round := 0; round < 10; round++ {
		var wg sync.WaitGroup
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := 0; i < 10; i++ {
					switch i % 3 {
					case 0:
						count(tb.do("GET", "/v1/contacts?limit=5", tb.tokA, nil))
					case 1:
						count(tb.do("GET", "/v1/contacts/search?q=p1", tb.tokA, nil))
					default:
						count(tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": fmt.Sprintf("+1212555%02d%02d", round, w*10+i)}))
					}
				}
			}(w)
		}
		terminate()
		wg.Wait()
	}
	statuses.Range(func(k, v any) bool {
		t.Logf("status %v: %d", k, v.(*atomic.Int64).Load())
		require.True(t, k.(int) < 500 || k.(int) == http.StatusServiceUnavailable, "status %v: no 5xx but 503", k)
		return true
	})
	require.Equal(t, 200, tb.do("GET", "/healthz", "", nil).status)
	// Reads are retried and writes' transactions too: of 800 requests over
	// ten drops of every connection, few if any are left unanswered.
	require.Less(t, unavailable.Load(), int64(40))
}
