package events_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// tarpit accepts connections and never answers, until it is told to
// answer (then 200s): the endpoint that holds a worker for the whole
// timeout.
type tarpit struct {
	ln      net.Listener
	answer  atomic.Bool
	mu      sync.Mutex
	conns   []net.Conn
	holding atomic.Int32
}

func newTarpit(t testing.TB) *tarpit {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	tp := &tarpit{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			tp.mu.Lock()
			tp.conns = append(tp.conns, c)
			tp.mu.Unlock()
			go tp.serve(c)
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		tp.mu.Lock()
		defer tp.mu.Unlock()
		for _, c := range tp.conns {
			_ = c.Close()
		}
	})
	return tp
}

func (tp *tarpit) serve(c net.Conn) {
	if tp.answer.Load() {
		srv := &http.Server{Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})}
		_ = srv.Serve(&oneConn{c: c})
		return
	}
	tp.holding.Add(1)
	defer tp.holding.Add(-1)
	buf := make([]byte, 4096)
	for {
		if _, err := c.Read(buf); err != nil {
			return
		}
	}
}

func (tp *tarpit) url() string { return "http://" + tp.ln.Addr().String() + "/hooks" }

// oneConn is a listener of one accepted connection.
type oneConn struct {
	c    net.Conn
	done bool
}

func (l *oneConn) Accept() (net.Conn, error) {
	if l.done {
		select {} // http.Server serves the one connection until it closes
	}
	l.done = true
	return l.c, nil
}
func (l *oneConn) Close() error   { return nil }
func (l *oneConn) Addr() net.Addr { return l.c.LocalAddr() }

// TestCircuitSnoozesNotFails: an endpoint that gives no answer takes no
// worker while its circuit is open: its jobs wait (their attempts are not
// spent, nothing is recorded), and once it answers again every event is
// delivered, none failed.
func TestCircuitSnoozesNotFails(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		ctx := context.Background()
		db := openDB(t, d)
		svc := startService(t, db, events.Config{AllowPrivateNetworks: true, Timeout: 300 * time.Millisecond,
			CircuitCooldown: 3 * time.Second,
			RetryDelays:     []time.Duration{50 * time.Millisecond, 50 * time.Millisecond, 50 * time.Millisecond}})
		tp := newTarpit(t)
		ws := storetest.NewWorkspaceID()
		ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: tp.url(), Events: []sb.EventType{sb.EventContactCreated}}
		require.NoError(t, svc.CreateEndpoint(ctx, ep))
		for i := range 3 {
			require.NoError(t, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: fmt.Sprint("C", i)}))
		}
		attempts := func() []*sb.WebhookDelivery {
			as, _, err := svc.ListDeliveries(ctx, ws, ep.ID, sb.Page{Limit: 100})
			require.NoError(t, err)
			return as
		}
		require.Eventually(t, func() bool { return len(attempts()) >= 1 }, 10*time.Second, 20*time.Millisecond)
		// Without the circuit, every job would have spent its four attempts
		// in this time (0.3 s each, 50 ms apart) and failed.
		time.Sleep(1500 * time.Millisecond)
		// newest keeps each event's newest attempt (the list is newest
		// first): only it may read retrying, the earlier ones read failed.
		newest := func(as []*sb.WebhookDelivery) map[string]*sb.WebhookDelivery {
			out := map[string]*sb.WebhookDelivery{}
			for _, a := range as {
				if out[a.EventID] == nil {
					out[a.EventID] = a
				} else {
					require.Equal(t, sb.DeliveryFailed, a.Result, "an attempt followed by another is settled")
				}
			}
			return out
		}
		as := attempts()
		require.LessOrEqual(t, len(as), 3, "only the attempts that ran before the circuit opened")
		for _, a := range as {
			require.Equal(t, "no answer within 300ms", a.Error)
		}
		for _, a := range newest(as) {
			require.Equal(t, sb.DeliveryRetrying, a.Result)
		}

		tp.answer.Store(true)
		require.Eventually(t, func() bool {
			ok := 0
			for _, a := range newest(attempts()) {
				require.NotEqual(t, sb.DeliveryFailed, a.Result, "a job waiting on the circuit is never failed")
				if a.Result == sb.DeliverySucceeded {
					ok++
				}
			}
			return ok == 3
		}, 30*time.Second, 50*time.Millisecond)
	})
}

// TestFairLoad is the load test of fair delivery (run it with
// EVENTS_LOAD=1; TEST_DATABASE_URL adds PostgreSQL): one workspace with 200
// endpoints that accept and never answer, sending an event every second
// (200 deliveries each), beside one with a fast endpoint sending one every
// 100 ms. It reports the fast workspace's delivery latency, from the
// event's commit to its arrival; docs/performance.md keeps the figures.
// EVENTS_LOAD_SHARE sets WorkspaceWorkers (100: no share, to compare).
func TestFairLoad(t *testing.T) {
	if os.Getenv("EVENTS_LOAD") == "" {
		t.Skip("a 30-second load test: set EVENTS_LOAD=1")
	}
	share := 0
	if s := os.Getenv("EVENTS_LOAD_SHARE"); s != "" {
		_, err := fmt.Sscan(s, &share)
		require.NoError(t, err)
	}
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) { fairLoad(t, d, share) })
	}
}

func fairLoad(t *testing.T, d storetest.Database, share int) {
	ctx := context.Background()
	db := openDB(t, d)
	svc := startService(t, db, events.Config{AllowPrivateNetworks: true, WorkspaceWorkers: share})
	tp := newTarpit(t)
	hostile, fair := storetest.NewWorkspaceID(), storetest.NewWorkspaceID()
	for range 200 {
		// The store's own create: the service allows 20 per workspace.
		require.NoError(t, db.CreateWebhookEndpoint(ctx, &sb.WebhookEndpoint{WorkspaceID: hostile, URL: tp.url(),
			Events: []sb.EventType{sb.EventContactCreated}, Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc="}))
	}
	var mu sync.Mutex
	sent, arrived := map[string]time.Time{}, map[string]time.Time{}
	rc := eventstest.NewReceiver(t)
	rc.Answer = func(n int) int {
		g := rc.Deliveries()[n-1]
		mu.Lock()
		defer mu.Unlock()
		if _, ok := arrived[eventstest.DataID(g)]; !ok {
			arrived[eventstest.DataID(g)] = time.Now()
		}
		return http.StatusOK
	}
	require.NoError(t, svc.CreateEndpoint(ctx, &sb.WebhookEndpoint{WorkspaceID: fair, URL: rc.URL(),
		Events: []sb.EventType{sb.EventContactCreated}}))

	const seconds, perSecond = 20, 10
	stop := make(chan struct{})
	go func() {
		for i := 0; ; i++ {
			_ = db.RecordEvent(ctx, hostile, sb.EventContactCreated, &sb.Contact{ID: fmt.Sprint("h", i)})
			select {
			case <-stop:
				return
			case <-time.After(time.Second):
			}
		}
	}()
	time.Sleep(500 * time.Millisecond) // the tarpit's first 200 jobs run first
	for i := range seconds * perSecond {
		id := fmt.Sprint("f", i)
		require.NoError(t, db.RecordEvent(ctx, fair, sb.EventContactCreated, &sb.Contact{ID: id}))
		mu.Lock()
		sent[id] = time.Now()
		mu.Unlock()
		time.Sleep(time.Second / perSecond)
	}
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(arrived) >= len(sent)
	}, 2*time.Minute, 10*time.Millisecond, "every fast event arrives")
	close(stop)
	var lat []time.Duration
	for id, at := range sent {
		lat = append(lat, arrived[id].Sub(at))
	}
	slices.Sort(lat)
	pct := func(p int) time.Duration { return lat[(len(lat)-1)*p/100].Round(time.Millisecond) }
	t.Logf("%s: fast workspace, %d deliveries beside 200 tarpit endpoints (share %d): p50 %s, p99 %s, max %s; tarpit connections held now: %d",
		d.Name, len(lat), share, pct(50), pct(99), lat[len(lat)-1].Round(time.Millisecond), tp.holding.Load())
	require.Less(t, pct(99), 2*time.Second, "the fast workspace's p99")
}
