package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestDialListKilledHoldingLeases: the real program is killed with SIGKILL
// while an agent holds leases of a dial list; started again, it hands out
// the entries nobody holds at once and the killed leases once they end
// (DIAL_LIST_LEASE, shortened here): nothing is lost and nothing is handed
// out twice while leased.
func TestDialListKilledHoldingLeases(t *testing.T) {
	bin := buildProgram(t)
	for name, dbURL := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "switchboard.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dbURL := dbURL(t)
			ctx := context.Background()
			db, err := store.Open(ctx, dbURL, testLogger())
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close() })
			require.NoError(t, db.Migrate(ctx))
			ws := storetest.NewWorkspaceID()
			admin, _, err := db.CreateToken(ctx, ws, "root", sb.RoleAdmin)
			require.NoError(t, err)
			ada, _, err := db.CreateToken(ctx, ws, "ada", sb.RoleAgent)
			require.NoError(t, err)
			grace, _, err := db.CreateToken(ctx, ws, "grace", sb.RoleAgent)
			require.NoError(t, err)
			// The program runs on the real clock: without a window the test
			// does not depend on the time of day.
			_, err = db.UpdateWorkspaceSettings(ctx, ws, sb.WorkspaceSettingsPatch{SetCallingHours: true})
			require.NoError(t, err)
			const lease = 3 * time.Second
			env := func() []string { return append(hookEnv(t, dbURL), "DIAL_LIST_LEASE="+lease.String()) }

			first := startChild(t, bin, env())
			var ids []string
			for i := range 3 {
				r := first.call("POST", "/v1/contacts", ada, fmt.Sprintf(`{"firstName":"K%d","phone":"+1500555%04d"}`, i, 4000+i))
				require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
				ids = append(ids, r.data()["id"].(string))
			}
			body, err := json.Marshal(map[string]any{"name": "Killed", "contactIds": ids})
			require.NoError(t, err)
			r := first.call("POST", "/v1/dial-lists", admin, string(body))
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			list := r.data()["id"].(string)
			next := func(p *childProgram, tok string) string {
				r := p.call("POST", "/v1/dial-lists/"+list+"/next", tok, "")
				require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
				e, _ := r.data()["entry"].(map[string]any)
				if e == nil {
					return ""
				}
				return e["contactId"].(string)
			}
			// Each lease ends lease after its claim, which comes after this.
			leased := time.Now()
			held := []string{next(first, ada), next(first, ada)}
			require.Equal(t, ids[:2], held)
			first.kill()

			second := startChild(t, bin, env())
			require.Equal(t, ids[2], next(second, grace), "the entry nobody held, at once")
			start := time.Now()
			got := map[string]bool{}
			require.Eventually(t, func() bool {
				if id := next(second, grace); id != "" {
					got[id] = true
				}
				return len(got) == 2
			}, 30*time.Second, 200*time.Millisecond, "the killed leases end and their entries come back")
			require.True(t, got[ids[0]] && got[ids[1]], "%v", got)
			// Measured from the claims, not from the restart, whose length
			// is the machine's.
			require.GreaterOrEqual(t, time.Since(leased), lease, "not before the lease ended")
			t.Logf("the killed leases came back %s after the restart", time.Since(start).Round(100*time.Millisecond))
			r = second.call("GET", "/v1/dial-lists/"+list+"/entries", grace, "")
			for _, e := range r.list() {
				require.Equal(t, "grace", e["leasedBy"], "%v", e)
			}
			second.kill()
		})
	}
}
