package events_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// pendingEvents counts the events not yet turned into delivery jobs.
func pendingEvents(t *testing.T, db *store.DB) int {
	t.Helper()
	n, err := db.PendingEvents(context.Background())
	require.NoError(t, err)
	return n
}

// TestWebhookRelay: events committed while no relay runs (a process killed
// right after its commits) wait, and the next process's relay delivers
// each once; an endpoint gets only events recorded after it was created; a
// change that fails records nothing; the relay leaves nothing waiting.
func TestWebhookRelay(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := openDB(t, d)
			ws := storetest.NewWorkspaceID()
			rc := eventstest.NewReceiver(t)

			// The first process records events and dies before its relay
			// runs: its engine queues nothing and is never started.
			newService(t, db, events.Config{AllowPrivateNetworks: true})
			early := &sb.Contact{WorkspaceID: ws, FirstName: "Before the endpoint"}
			require.NoError(t, db.CreateContact(ctx, early))
			ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: rc.URL(), Events: []sb.EventType{sb.EventContactCreated},
				Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc="}
			time.Sleep(2 * time.Millisecond) // the endpoint is younger than the first event
			require.NoError(t, db.CreateWebhookEndpoint(ctx, ep))
			phone := "+14155550123"
			var want []string
			for _, name := range []string{"Ada", "Grace", "Hedy"} {
				c := &sb.Contact{WorkspaceID: ws, FirstName: name}
				if name == "Ada" {
					c.Phone = phone
				}
				require.NoError(t, db.CreateContact(ctx, c))
				want = append(want, c.ID)
			}
			// A create that fails (the number is taken) records nothing.
			require.Error(t, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: "Twin", Phone: phone}))
			// PostgreSQL's outbox holds every event; SQLite's marks read
			// only events younger than the workspace's endpoints.
			waiting := map[string]int{"sqlite": 3, "postgres": 4}[d.Name]
			require.Equal(t, waiting, pendingEvents(t, db), "every committed event waits, and only those")
			log, _, err := db.ListEvents(ctx, sb.EventFilter{WorkspaceID: ws, Page: sb.Page{Limit: 10}})
			require.NoError(t, err)
			require.Len(t, log, 4, "the failed create recorded no event")
			require.Empty(t, rc.Deliveries())

			// The next process relays and delivers them.
			startService(t, db, events.Config{AllowPrivateNetworks: true})
			got := rc.WaitFor(len(want))
			require.Eventually(t, func() bool { return pendingEvents(t, db) == 0 }, 10*time.Second, 20*time.Millisecond)
			time.Sleep(300 * time.Millisecond) // room for a wrong extra delivery to arrive
			got = rc.Deliveries()
			require.Len(t, got, len(want), "each event once, and not the one older than the endpoint")
			var ids []string
			for _, g := range got {
				eventstest.Verify(t, g, ep.Secret)
				ids = append(ids, eventstest.DataID(g))
			}
			require.ElementsMatch(t, want, ids)
			require.NotContains(t, ids, early.ID)

			// What happens while the endpoint is disabled is not delivered
			// when it is enabled again; what happens after is.
			off, on := false, true
			_, err = db.UpdateWebhookEndpoint(ctx, ws, ep.ID, sb.WebhookEndpointPatch{Enabled: &off})
			require.NoError(t, err)
			require.NoError(t, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: "While off"}))
			require.Eventually(t, func() bool { return pendingEvents(t, db) == 0 }, 10*time.Second, 20*time.Millisecond)
			_, err = db.UpdateWebhookEndpoint(ctx, ws, ep.ID, sb.WebhookEndpointPatch{Enabled: &on})
			require.NoError(t, err)
			back := &sb.Contact{WorkspaceID: ws, FirstName: "Back on"}
			require.NoError(t, db.CreateContact(ctx, back))
			got = rc.WaitFor(len(want) + 1)
			time.Sleep(300 * time.Millisecond)
			got = rc.Deliveries()
			require.Len(t, got, len(want)+1)
			require.Equal(t, back.ID, got[len(got)-1].Payload["data"].(map[string]any)["id"])
		})
	}
}

// relayCounter is the store, counting the relays that moved events.
type relayCounter struct {
	*store.DB
	mu     sync.Mutex
	relays []int
}

func (c *relayCounter) RelayEvents(ctx context.Context, limit int, enqueue sb.EnqueueFunc) (int, error) {
	n, err := c.DB.RelayEvents(ctx, limit, enqueue)
	if n > 0 {
		c.mu.Lock()
		c.relays = append(c.relays, n)
		c.mu.Unlock()
	}
	return n, err
}

func (c *relayCounter) take() []int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.relays
	c.relays = nil
	return out
}

// TestRelayGathers: events a process records close together are relayed
// together, in one transaction or two, not one each (Config.RelayGather).
func TestRelayGathers(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := &relayCounter{DB: openDB(t, d)}
			ws := storetest.NewWorkspaceID()
			ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: "http://127.0.0.1:9/hook", Events: []sb.EventType{sb.EventContactCreated},
				Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc="}
			require.NoError(t, db.CreateWebhookEndpoint(ctx, ep))
			// Only this process's records wake the relay: the poll would
			// relay whatever it finds whenever it comes.
			const gather = time.Second
			cfg := events.Config{AllowPrivateNetworks: true, PollInterval: time.Hour, RelayGather: gather}
			cfg.Logger = testLogger()
			eventstest.Start(t, eventstest.NewService(t, db, cfg))
			var relays []int
			relayed := func(n int) func() bool {
				return func() bool {
					relays = append(relays, db.take()...)
					total := 0
					for _, r := range relays {
						total += r
					}
					return total >= n && pendingEvents(t, db.DB) == 0
				}
			}

			// A first event, relayed, and the relay idle again.
			require.NoError(t, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: "First"}))
			require.Eventually(t, relayed(1), 10*time.Second, 10*time.Millisecond)
			time.Sleep(gather + gather/2)
			require.Equal(t, []int{1}, append(relays, db.take()...))

			relays = nil
			const n = 10
			for i := range n {
				require.NoError(t, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: fmt.Sprintf("Contact %d", i)}))
			}
			require.Eventually(t, relayed(n), 10*time.Second, 10*time.Millisecond)
			require.LessOrEqual(t, len(relays), 2, "ten events recorded together, relayed together: %v", relays)
			time.Sleep(gather + gather/2)
			total := 0
			for _, r := range append(relays, db.take()...) {
				total += r
			}
			require.Equal(t, n, total, "every event relayed once: %v", relays)
		})
	}
}
