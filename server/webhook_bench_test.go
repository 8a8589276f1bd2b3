package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// BenchmarkWebhookDelivery: events per second delivered (signed, over
// HTTP, each attempt recorded) to a local receiver that answers at once.
// Each round commits 500 contact.created events and waits for the last
// delivery.
func BenchmarkWebhookDelivery(b *testing.B) {
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) {
			const perRound = 500
			db := d.Open(b, store.WithEvents(server.EncodeEvent))
			ctx := context.Background()
			startWebhooks(b, db, events.Config{AllowPrivateNetworks: true, PollInterval: 100 * time.Millisecond})
			rc := eventstest.NewReceiver(b)
			ws := storetest.NewWorkspaceID()
			ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: rc.URL(), Events: []sb.EventType{sb.EventContactCreated}, Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc="}
			require.NoError(b, db.CreateWebhookEndpoint(ctx, ep))
			b.ResetTimer()
			start := time.Now()
			for i := range b.N {
				for j := range perRound {
					require.NoError(b, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: fmt.Sprintf("C%d-%d", i, j)}))
				}
				rc.WaitFor((i + 1) * perRound)
			}
			b.ReportMetric(float64(b.N*perRound)/time.Since(start).Seconds(), "events/s")
		})
	}
}

// BenchmarkContactCreateEvents: what recording events adds to a contact
// create over HTTP: without events ("off"); with the event recorded and no
// endpoint ("event"); and with one subscribed endpoint ("event+endpoint").
// The engine is not running: the relay queues delivery jobs after the
// request, and the deliveries' own work is BenchmarkWebhookDelivery's
// (run beside these requests, it slowed every mode alike, "off" too, and
// the comparison said nothing). Each mode has a database and server of its
// own, and the modes take turns request by request, so that drift in the
// machine's speed (which moves a run by several percent) falls on all of
// them alike; each reports its mean per create and its cost over "off".
func BenchmarkContactCreateEvents(b *testing.B) {
	modes := []string{"off", "event", "event+endpoint"}
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) {
			bundles := make([]*testBundle, len(modes))
			for i, mode := range modes {
				bundles[i] = createEventsBundle(b, d.Open, mode)
			}
			spent := make([]time.Duration, len(modes))
			b.ResetTimer()
			for i := range b.N {
				for m, tb := range bundles {
					start := time.Now()
					r := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Ada", "lastName": fmt.Sprint(i)})
					spent[m] += time.Since(start)
					if r.status != http.StatusCreated {
						b.Fatalf("%s: create: %d %s", modes[m], r.status, r.body)
					}
				}
			}
			for m, mode := range modes {
				b.ReportMetric(float64(spent[m].Microseconds())/float64(b.N), mode+"-µs")
				if m > 0 {
					b.ReportMetric(100*(float64(spent[m])/float64(spent[0])-1), mode+"-added-%")
				}
			}
		})
	}
}

// createEventsBundle is a server on a database of its own, set up for one
// mode of BenchmarkContactCreateEvents.
func createEventsBundle(b *testing.B, open storetest.Opener, mode string) *testBundle {
	var opts []store.Option
	if mode != "off" {
		opts = append(opts, store.WithEvents(server.EncodeEvent))
	}
	db := open(b, opts...)
	ctx := context.Background()
	key, err := db.ServerKey(ctx, "cursor")
	require.NoError(b, err)
	srv, err := server.New(server.Config{PublicBaseURL: "http://localhost:8080", CursorKey: key},
		coreDeps(b, db), testLogger())
	require.NoError(b, err)
	tb := newBundle(b, srv, db)
	if mode == "event+endpoint" {
		ep := &sb.WebhookEndpoint{WorkspaceID: tb.wsA, URL: "https://example.com/hooks", Events: []sb.EventType{sb.EventContactCreated}, Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc="}
		require.NoError(b, db.CreateWebhookEndpoint(ctx, ep))
	}
	return tb
}
