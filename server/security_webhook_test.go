package server_test

// The security suite's webhook cases (security_test.go has the others):
// one tenant cannot starve another's deliveries, nor register endpoints
// without end; deliveries never reach a special-purpose address and the
// history never shows one; an attempt is recorded whatever the database
// connection does; the event log and the endpoints answer a workspaceId
// of another workspace with 403, as every list does.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// tarpit accepts connections and never answers; holding counts the
// connections it holds now.
type tarpit struct {
	ln      net.Listener
	holding atomic.Int32
}

func newTarpit(t testing.TB) *tarpit {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	tp := &tarpit{ln: ln}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			go func() {
				tp.holding.Add(1)
				defer tp.holding.Add(-1)
				buf := make([]byte, 4096)
				for {
					if _, err := c.Read(buf); err != nil {
						return
					}
				}
			}()
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	return tp
}

// TestWebhookSlowTenantStarvesNoOne: workspace A's endpoints accept and
// never answer, and its event takes more deliveries than the process has
// workers; workspace B's event is delivered while every one of A's
// attempts still hangs, because A holds at most its share of the workers.
// (events/fair_test.go measures the latency under load.)
func TestWebhookSlowTenantStarvesNoOne(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true, Workers: 4, Timeout: 30 * time.Second})
		tp := newTarpit(t)
		for i := range 8 {
			hb.endpoint(fmt.Sprintf("http://%s/hooks/%d", tp.ln.Addr(), i), "contact.created")
		}
		fast := eventstest.NewReceiver(t)
		r := hb.do("POST", "/v1/webhook-endpoints", hb.admB, map[string]any{"url": fast.URL(), "events": []string{"contact.created"}})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)

		hb.createContact(map[string]any{"firstName": "Slow"})
		require.Eventually(t, func() bool { return tp.holding.Load() >= 1 }, 10*time.Second, 10*time.Millisecond)
		r = hb.do("POST", "/v1/contacts", hb.tokB, map[string]any{"firstName": "Fast"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		// Without the share, A's eight attempts would hold the four workers
		// for the whole 30 s timeout.
		fast.WaitFor(1)
		require.Positive(t, tp.holding.Load(), "A's attempts still hang")
		require.LessOrEqual(t, tp.holding.Load(), int32(1), "A holds at most its share: a quarter of four workers")
	})
}

// TestWebhookEndpointCap: a workspace has at most events.MaxEndpoints
// endpoints, however many creates run at once; the next answers 409
// limit_reached, another workspace is not affected, and deleting one makes
// room.
func TestWebhookEndpointCap(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		body := map[string]any{"url": "https://crm.example.com/hooks", "events": []string{"contact.created"}}
		var wg sync.WaitGroup
		var created, refused atomic.Int32
		for range events.MaxEndpoints + 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := tb.do("POST", "/v1/webhook-endpoints", tb.admA, body)
				switch r.status {
				case http.StatusCreated:
					created.Add(1)
				case http.StatusConflict:
					require.Equal(t, "limit_reached", r.errCode())
					refused.Add(1)
				default:
					t.Errorf("create: %d %s", r.status, r.body)
				}
			}()
		}
		wg.Wait()
		require.EqualValues(t, events.MaxEndpoints, created.Load())
		require.EqualValues(t, 5, refused.Load())
		list := tb.do("GET", "/v1/webhook-endpoints?limit=100", tb.admA, nil)
		require.Len(t, list.list(), events.MaxEndpoints)
		requireError(t, tb.do("POST", "/v1/webhook-endpoints", tb.admA, body), http.StatusConflict, "limit_reached")
		require.Equal(t, http.StatusCreated, tb.do("POST", "/v1/webhook-endpoints", tb.admB, body).status)

		id := list.list()[0]["id"].(string)
		require.Equal(t, http.StatusNoContent, tb.do("DELETE", "/v1/webhook-endpoints/"+id, tb.admA, nil).status)
		require.Equal(t, http.StatusCreated, tb.do("POST", "/v1/webhook-endpoints", tb.admA, body).status)
	})
}

// addressLike finds an IPv4 or IPv6 address, or a host:port, in text.
var addressLike = regexp.MustCompile(`\d+\.\d+\.\d+\.\d+|[0-9a-fA-F]*:[0-9a-fA-F]*:[0-9a-fA-F:.]*|:\d{2,5}\b`)

// TestWebhookSpecialPurposeAddresses: an endpoint on an address of the
// ranges the guard once missed (documentation, NAT64, 6to4,
// IPv4-compatible), on a name that resolves to loopback, or on a name that
// does not resolve, gets no delivery; its history says "delivery failed:
// address not allowed" or "DNS lookup failed" and shows no address, neither
// the target's nor the resolver's. (events/guard_internal_test.go tries
// every range through the dialer.)
func TestWebhookSpecialPurposeAddresses(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{Timeout: 2 * time.Second})
		rc := eventstest.NewReceiver(t)
		want := map[string]string{}
		for _, host := range []string{"192.0.2.1", "198.51.100.7", "203.0.113.9", "192.88.99.1", "[64:ff9b::c000:201]",
			"[2002:c000:201::1]", "[::c000:201]", "[::ffff:127.0.0.1]", "[2001:db8::1]", "[fd00::1]"} {
			id, _ := hb.endpoint("http://"+host+"/hooks", "contact.created")
			want[id] = "delivery failed: address not allowed"
		}
		id, _ := hb.endpoint(strings.Replace(rc.URL(), "127.0.0.1", "localhost", 1), "contact.created")
		want[id] = "delivery failed: address not allowed"
		id, _ = hb.endpoint("http://nowhere.invalid/hooks", "contact.created")
		want[id] = "DNS lookup failed"

		hb.createContact(map[string]any{"firstName": "Ada"})
		for id, msg := range want {
			require.Eventually(t, func() bool { return len(hb.attempts(id)) >= 1 }, 10*time.Second, 20*time.Millisecond)
			a := hb.attempts(id)[0]
			require.Equal(t, msg, a["error"], "endpoint %s", id)
			require.Nil(t, a["statusCode"])
			r := hb.do("GET", "/v1/webhook-endpoints/"+id+"/deliveries", hb.admA, nil)
			for _, d := range r.list() {
				require.Empty(t, addressLike.FindString(d["error"].(string)), "an address in %q", d["error"])
			}
		}
		require.Empty(t, rc.Deliveries())
	})
}

// TestWebhookAttemptSurvivesDroppedConnections: the receiver drops every
// database connection of the service (pg_terminate_backend) as each
// delivery reaches it, just before the attempt is recorded: every request
// the receiver got is in the history, none twice.
func TestWebhookAttemptSurvivesDroppedConnections(t *testing.T) {
	base := storetest.PostgresURL(t)
	app := "sb_hookfault_" + storetest.NewWorkspaceID()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	require.NoError(t, err)
	t.Cleanup(func() { _ = admin.Close(ctx) })
	var adminMu sync.Mutex
	terminate := func() {
		adminMu.Lock()
		defer adminMu.Unlock()
		_, err := admin.Exec(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", app)
		require.NoError(t, err)
	}
	open := func(t testing.TB, opts ...store.Option) *store.DB {
		db, err := store.Open(ctx, base+"&application_name="+app, testLogger(), opts...)
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		require.NoError(t, db.Migrate(ctx))
		return db
	}
	// A job whose fetch committed but whose answer the drop lost is
	// River's to rescue: after RescueAfter (here its least, Timeout + 10 s),
	// on the rescuer's next round (every 30 s).
	hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true, Timeout: 2 * time.Second,
		RescueAfter: time.Nanosecond})
	rc := eventstest.NewReceiver(t)
	rc.Answer = func(int) int {
		terminate()
		return http.StatusOK
	}
	id, _ := hb.endpoint(rc.URL(), "dnc.added")
	const n = 20
	for i := range n {
		for {
			r := hb.do("POST", "/v1/dnc", hb.tokA, map[string]any{"phone": fmt.Sprintf("+1212555%04d", i)})
			if r.status == http.StatusCreated {
				break
			}
			require.Equal(t, http.StatusServiceUnavailable, r.status, "body: %s", r.body)
		}
	}
	history := func() []map[string]any {
		for {
			r := hb.do("GET", "/v1/webhook-endpoints/"+id+"/deliveries?limit=200", hb.admA, nil)
			if r.status == http.StatusOK {
				return r.list()
			}
			require.Equal(t, http.StatusServiceUnavailable, r.status, "body: %s", r.body)
		}
	}
	var events, requests, recorded int
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		ids := map[string]bool{}
		got := rc.Deliveries()
		for _, d := range got {
			ids[d.ID] = true
		}
		events, requests, recorded = len(ids), len(got), len(history())
		if events == n && recorded == requests {
			break
		}
	}
	require.Equal(t, n, events, "every event delivered")
	require.Equal(t, requests, recorded, "every attempt the receiver got is recorded")
	t.Logf("%d events: %d attempts reached the receiver, each recorded", events, requests)
	seen := map[string]bool{}
	for _, d := range history() {
		key := fmt.Sprint(d["eventId"], "/", d["attempt"])
		require.False(t, seen[key], "attempt %s recorded twice", key)
		seen[key] = true
	}
}

// TestEventListsWorkspaceID: GET /v1/events and /v1/webhook-endpoints
// answer a workspaceId naming another workspace with 403, as every other
// list does, and serve the token's own.
func TestEventListsWorkspaceID(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		for _, path := range []string{"/v1/events", "/v1/webhook-endpoints"} {
			requireError(t, tb.do("GET", path+"?workspaceId="+tb.wsB, tb.admA, nil), http.StatusForbidden, "forbidden", "workspaceId")
			require.Equal(t, http.StatusOK, tb.do("GET", path+"?workspaceId="+tb.wsA, tb.admA, nil).status)
			require.Equal(t, http.StatusOK, tb.do("GET", path, tb.admA, nil).status)
		}
	})
}
