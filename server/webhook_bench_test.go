package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/server/webhook"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// BenchmarkWebhookDelivery: events per second delivered (signed, over
// HTTP, each attempt recorded) to a local receiver that answers at once.
// Each round commits 500 contact.created events and waits for the last
// delivery.
func BenchmarkWebhookDelivery(b *testing.B) {
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) {
			const events = 500
			db := d.Open(b)
			ctx := context.Background()
			eng, err := webhook.New(ctx, db, "", webhook.Config{AllowPrivateNetworks: true, PollInterval: 100 * time.Millisecond}, testLogger())
			require.NoError(b, err)
			db.SetEvents(server.EncodeEvent, eng)
			require.NoError(b, eng.Start(ctx))
			b.Cleanup(func() { _ = eng.Stop(context.Background()) })
			rc := newReceiver(b)
			ws := storetest.NewWorkspaceID()
			ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: rc.srv.URL, Events: []sb.EventType{sb.EventContactCreated}, Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc="}
			require.NoError(b, db.CreateWebhookEndpoint(ctx, ep))
			b.ResetTimer()
			start := time.Now()
			for i := range b.N {
				for j := range events {
					require.NoError(b, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: fmt.Sprintf("C%d-%d", i, j)}))
				}
				rc.waitFor((i + 1) * events)
			}
			b.ReportMetric(float64(b.N*events)/time.Since(start).Seconds(), "events/s")
		})
	}
}

// BenchmarkContactCreateEvents: what recording events adds to a contact
// create over HTTP: without events, with the event written (no endpoint),
// and with one subscribed endpoint (the event and its delivery job). The
// engine is not started, so deliveries do not compete for the CPU.
func BenchmarkContactCreateEvents(b *testing.B) {
	for _, d := range storetest.Databases() {
		for _, mode := range []string{"off", "event", "event+job"} {
			b.Run(d.Name+"/"+mode, func(b *testing.B) {
				db := d.Open(b)
				ctx := context.Background()
				if mode != "off" {
					eng, err := webhook.New(ctx, db, "", webhook.Config{AllowPrivateNetworks: true}, testLogger())
					require.NoError(b, err)
					db.SetEvents(server.EncodeEvent, eng)
				}
				key, err := db.ServerKey(ctx, "cursor")
				require.NoError(b, err)
				srv, err := server.New(server.Config{DefaultRegion: "US", PublicBaseURL: "http://localhost:8080", CursorKey: key},
					coreDeps(b, db), testLogger())
				require.NoError(b, err)
				tb := newBundle(b, srv, db)
				if mode == "event+job" {
					ep := &sb.WebhookEndpoint{WorkspaceID: tb.wsA, URL: "https://example.com/hooks", Events: []sb.EventType{sb.EventContactCreated}, Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc="}
					require.NoError(b, db.CreateWebhookEndpoint(ctx, ep))
				}
				b.ResetTimer()
				for i := range b.N {
					r := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Ada", "lastName": fmt.Sprint(i)})
					if r.status != http.StatusCreated {
						b.Fatalf("create: %d %s", r.status, r.body)
					}
				}
			})
		}
	}
}
