package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx", for River's rows
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// buildProgram builds cmd/switchboard once per test or benchmark.
func buildProgram(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the program")
	}
	bin := filepath.Join(t.TempDir(), "switchboard")
	build := exec.Command("go", "build", "-o", bin, "../cmd/switchboard")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run(), "go build ./cmd/switchboard")
	return bin
}

// hookEnv is the environment of a program in simulator mode that may
// deliver to the test's local receivers. Its port is chosen beforehand:
// in simulator mode the program starts only when PUBLIC_BASE_URL reaches it.
func hookEnv(t *testing.T, dbURL string) []string {
	addr := freeAddr(t)
	return append(os.Environ(), "SWITCHBOARD_ADDR="+addr, "DATABASE_URL="+dbURL, "LOG_FORMAT=json",
		"RATE_LIMIT=0", "WEBHOOK_ALLOW_PRIVATE_NETWORKS=true", "WEBHOOK_RESCUE_AFTER=20s",
		"TWILIO_ACCOUNT_SID=", "PUBLIC_BASE_URL=http://"+addr)
}

// adminOf opens the program's database and makes an admin token.
func adminOf(t *testing.T, dbURL string) (*store.DB, string) {
	ctx := context.Background()
	db, err := store.Open(ctx, dbURL, testLogger())
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(ctx))
	tok, _, err := db.CreateToken(ctx, storetest.NewWorkspaceID(), "root", sb.RoleAdmin)
	require.NoError(t, err)
	return db, tok
}

// call sends one request to a child program as token.
func (p *childProgram) call(method, path, token string, body string) resp {
	p.t.Helper()
	req, err := http.NewRequest(method, p.url+path, strings.NewReader(body))
	require.NoError(p.t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	tb := &testBundle{t: p.t, client: &http.Client{Timeout: 30 * time.Second}}
	return tb.send(req)
}

// TestWebhookKilledMidDelivery: the real program is killed with SIGKILL
// while its delivery of a committed event waits on the receiver; started
// again, it delivers the event, with the same webhook-id.
func TestWebhookKilledMidDelivery(t *testing.T) {
	bin := buildProgram(t)
	for name, dbURL := range map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "switchboard.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dbURL := dbURL(t)
			_, admin := adminOf(t, dbURL)
			rc := eventstest.NewReceiver(t)
			// Cleanups run last first: the held request is let go before
			// the receiver closes, which waits for it.
			hang := make(chan struct{})
			t.Cleanup(func() { close(hang) })
			rc.Answer = func(n int) int {
				if n == 1 {
					<-hang // the first attempt never gets its answer
				}
				return http.StatusOK
			}
			first := startChild(t, bin, hookEnv(t, dbURL))
			r := first.call("POST", "/v1/webhook-endpoints", admin, `{"url":"`+rc.URL()+`","events":["contact.created"]}`)
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			secret := r.data()["secret"].(string)
			r = first.call("POST", "/v1/contacts", admin, `{"firstName":"Ada"}`)
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			rc.WaitFor(1)
			first.kill()

			start := time.Now()
			second := startChild(t, bin, hookEnv(t, dbURL))
			require.Eventually(t, func() bool { return len(rc.Deliveries()) >= 2 }, 90*time.Second, 100*time.Millisecond,
				"the restarted program delivers the event")
			t.Logf("delivered %s after the restart", time.Since(start).Round(time.Second))
			got := rc.Deliveries()
			require.Equal(t, got[0].ID, got[1].ID)
			eventstest.Verify(t, got[1], secret)
			second.kill()
		})
	}
}

// TestWebhookTwoInstances: two programs on one PostgreSQL database share the
// deliveries, and each event reaches the receiver once. Which instance
// fetches a job is River's race, so the test makes each deliver for sure
// before they compete: while one is paused (SIGSTOP) the other delivers
// what is recorded, then the other way round, then both run at once.
func TestWebhookTwoInstances(t *testing.T) {
	bin := buildProgram(t)
	dbURL := storetest.PostgresURL(t)
	_, admin := adminOf(t, dbURL)
	rc := eventstest.NewReceiver(t)
	var mu sync.Mutex
	rc.Answer = func(int) int {
		mu.Lock()
		defer mu.Unlock()
		time.Sleep(20 * time.Millisecond) // long enough for both instances to hold jobs
		return http.StatusOK
	}
	a := startChild(t, bin, hookEnv(t, dbURL))
	b := startChild(t, bin, hookEnv(t, dbURL))
	r := a.call("POST", "/v1/webhook-endpoints", admin, `{"url":"`+rc.URL()+`","events":["contact.created"]}`)
	require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
	signal := func(p *childProgram, sig syscall.Signal) { require.NoError(t, p.cmd.Process.Signal(sig)) }
	created := 0
	create := func(k int, via ...*childProgram) {
		for range k {
			p := via[created%len(via)]
			r := p.call("POST", "/v1/contacts", admin, fmt.Sprintf(`{"firstName":"C%d"}`, created))
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			created++
		}
	}
	signal(b, syscall.SIGSTOP)
	create(10, a)
	rc.WaitFor(10) // a alone
	signal(b, syscall.SIGCONT)
	signal(a, syscall.SIGSTOP)
	create(10, b)
	rc.WaitFor(20) // b alone
	signal(a, syscall.SIGCONT)
	create(20, a, b) // both fetching at once
	const n = 40
	rc.WaitFor(n)
	time.Sleep(time.Second)
	seen := map[string]int{}
	for _, d := range rc.Deliveries() {
		seen[d.ID]++
	}
	require.Len(t, seen, n)
	for id, k := range seen {
		require.Equal(t, 1, k, "event %s delivered %d times", id, k)
	}
	raw, err := sql.Open("pgx", dbURL)
	require.NoError(t, err)
	defer raw.Close()
	var clients int
	require.NoError(t, raw.QueryRow(`SELECT count(DISTINCT attempted_by[array_length(attempted_by, 1)]) FROM river_job WHERE kind = 'webhook_delivery'`).Scan(&clients))
	t.Logf("%d events delivered once each by %d instance(s)", n, clients)
	require.Equal(t, 2, clients, "both instances delivered")
}
