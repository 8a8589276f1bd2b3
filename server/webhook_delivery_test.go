package server_test

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// hookBundle is a testBundle whose events service delivers.
type hookBundle struct {
	*testBundle
}

var fastRetries = []time.Duration{50 * time.Millisecond, 50 * time.Millisecond, 50 * time.Millisecond}

func setupHooks(t *testing.T, open storetest.Opener, cfg events.Config) *hookBundle {
	t.Helper()
	db := open(t, store.WithEvents(server.EncodeEvent))
	if cfg.RetryDelays == nil {
		cfg.RetryDelays = fastRetries
	}
	ctx := context.Background()
	key, err := db.ServerKey(ctx, "cursor")
	require.NoError(t, err)
	deps := coreDeps(t, db)
	deps.Events = startWebhooks(t, db, cfg)
	srv, err := server.New(server.Config{PublicBaseURL: "http://localhost:8080", CursorKey: key},
		deps, testLogger())
	require.NoError(t, err)
	return &hookBundle{testBundle: newBundle(t, srv, db)}
}

// newEvents is the events service over db, its engine not started: it
// keeps endpoints and the log, delivers nothing, and redelivery answers
// 501.
func newEvents(t testing.TB, db *store.DB, cfg events.Config) *events.Service {
	t.Helper()
	cfg.Logger, cfg.RequestLogger = testLogger(), server.RequestLogger
	return eventstest.NewService(t, db, cfg)
}

// startWebhooks relays the events db records (open it with
// store.WithEvents) and delivers them until the test ends, as the program
// does.
func startWebhooks(t testing.TB, db *store.DB, cfg events.Config) *events.Service {
	t.Helper()
	return eventstest.Start(t, newEvents(t, db, cfg))
}

func (hb *hookBundle) endpoint(url string, events ...string) (id, secret string) {
	hb.t.Helper()
	r := hb.do("POST", "/v1/webhook-endpoints", hb.admA, map[string]any{"url": url, "events": events})
	require.Equal(hb.t, http.StatusCreated, r.status, "body: %s", r.body)
	return r.data()["id"].(string), r.data()["secret"].(string)
}

func (hb *hookBundle) attempts(endpointID string) []map[string]any {
	hb.t.Helper()
	r := hb.do("GET", "/v1/webhook-endpoints/"+endpointID+"/deliveries", hb.admA, nil)
	require.Equal(hb.t, http.StatusOK, r.status, "body: %s", r.body)
	return r.list()
}

// TestWebhookDelivery: each endpoint gets the events it subscribed to and
// no others, signed, with the event's id as webhook-id and the resource as
// the API shows it; each attempt is listed.
func TestWebhookDelivery(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true})
		contacts, dnc := eventstest.NewReceiver(t), eventstest.NewReceiver(t)
		cID, cSecret := hb.endpoint(contacts.URL(), "contact.created")
		_, dSecret := hb.endpoint(dnc.URL(), "dnc.added", "dnc.removed")

		c := hb.createContact(map[string]any{"firstName": "Ada", "phone": "+14155552671"})
		r := hb.do("POST", "/v1/dnc", hb.tokA, map[string]any{"phone": "+14155550100"})
		require.Equal(t, http.StatusCreated, r.status)
		entry := r.data()

		got := contacts.WaitFor(1)
		eventstest.Verify(t, got[0], cSecret)
		require.Equal(t, "contact.created", got[0].Payload["type"])
		require.Equal(t, c, got[0].Payload["data"])
		ts, err := time.Parse(time.RFC3339, got[0].Payload["timestamp"].(string))
		require.NoError(t, err)
		require.WithinDuration(t, time.Now(), ts, time.Minute)

		got = dnc.WaitFor(1)
		eventstest.Verify(t, got[0], dSecret)
		require.Equal(t, "dnc.added", got[0].Payload["type"])
		require.Equal(t, entry, got[0].Payload["data"])

		ev := hb.do("GET", "/v1/events?type=contact.created", hb.admA, nil).list()
		require.Len(t, ev, 1)
		require.Equal(t, ev[0]["id"], got0(contacts).ID, "webhook-id is the event id")

		require.Eventually(t, func() bool { return len(hb.attempts(cID)) == 1 }, 5*time.Second, 20*time.Millisecond)
		a := hb.attempts(cID)[0]
		require.Equal(t, "succeeded", a["result"])
		require.Equal(t, float64(200), a["statusCode"])
		require.Equal(t, float64(1), a["attempt"])
		require.Nil(t, a["nextAttemptAt"])

		// Nothing else arrives: contact.updated is not subscribed.
		require.Equal(t, http.StatusOK, hb.do("PATCH", "/v1/contacts/"+c["id"].(string), hb.tokA, map[string]any{"company": "X"}).status)
		time.Sleep(500 * time.Millisecond)
		require.Len(t, contacts.Deliveries(), 1)
		require.Len(t, dnc.Deliveries(), 1)

		// Redelivery: the same event, the same webhook-id.
		r = hb.do("POST", "/v1/events/"+ev[0]["id"].(string)+"/redeliver", hb.admA, nil)
		require.Equal(t, http.StatusAccepted, r.status, "body: %s", r.body)
		require.Equal(t, []any{cID}, r.data()["endpointIds"])
		got = contacts.WaitFor(2)
		require.Equal(t, got[0].ID, got[1].ID)
		eventstest.Verify(t, got[1], cSecret)
		requireError(t, hb.do("POST", "/v1/events/nope/redeliver", hb.admA, nil), http.StatusNotFound, "not_found")
		requireError(t, hb.do("POST", "/v1/events/"+ev[0]["id"].(string)+"/redeliver", hb.admA, map[string]any{"endpointId": "nope"}),
			http.StatusNotFound, "not_found")
		requireError(t, hb.do("POST", "/v1/events/"+ev[0]["id"].(string)+"/redeliver", hb.admB, nil), http.StatusNotFound, "not_found")
		require.Equal(t, http.StatusOK, hb.do("PATCH", "/v1/webhook-endpoints/"+cID, hb.admA, map[string]any{"enabled": false}).status)
		r = hb.do("POST", "/v1/events/"+ev[0]["id"].(string)+"/redeliver", hb.admA, map[string]any{"endpointId": cID})
		require.Equal(t, http.StatusAccepted, r.status, "body: %s", r.body)
		require.Equal(t, []any{}, r.data()["endpointIds"], "a disabled endpoint gets nothing")
	})
}

func got0(rc *eventstest.Receiver) eventstest.Delivery { return rc.Deliveries()[0] }

// TestWebhookRetries: a receiver that fails is tried again with the same
// webhook-id until it answers 2xx; one that never does gets the last
// attempt marked failed and nothing after it.
func TestWebhookRetries(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true})
		flaky, dead := eventstest.NewReceiver(t), eventstest.NewReceiver(t)
		flaky.Answer = func(n int) int {
			if n < 3 {
				return http.StatusServiceUnavailable
			}
			return http.StatusNoContent
		}
		dead.Answer = func(int) int { return http.StatusInternalServerError }
		fID, fSecret := hb.endpoint(flaky.URL(), "contact.created")
		dID, _ := hb.endpoint(dead.URL(), "contact.created")
		hb.createContact(map[string]any{"firstName": "Ada"})

		got := flaky.WaitFor(3)
		for _, d := range got {
			require.Equal(t, got[0].ID, d.ID, "every attempt carries the same webhook-id")
			eventstest.Verify(t, d, fSecret)
		}
		require.Eventually(t, func() bool { return len(hb.attempts(fID)) == 3 }, 5*time.Second, 20*time.Millisecond)
		as := hb.attempts(fID) // newest first
		require.Equal(t, []any{"succeeded", "failed", "failed"}, []any{as[0]["result"], as[1]["result"], as[2]["result"]},
			"an attempt followed by another is settled")
		require.Equal(t, []any{float64(3), float64(2), float64(1)}, []any{as[0]["attempt"], as[1]["attempt"], as[2]["attempt"]})
		require.Equal(t, float64(503), as[2]["statusCode"])
		require.Nil(t, as[2]["nextAttemptAt"])
		require.NotEmpty(t, as[2]["error"])

		n := len(fastRetries) + 1
		dead.WaitFor(n)
		require.Eventually(t, func() bool { return len(hb.attempts(dID)) == n }, 5*time.Second, 20*time.Millisecond)
		for _, a := range hb.attempts(dID) {
			require.Equal(t, "failed", a["result"], "attempt %v", a["attempt"])
			require.Nil(t, a["nextAttemptAt"])
		}
		time.Sleep(300 * time.Millisecond)
		require.Len(t, dead.Deliveries(), n, "no attempt after the last")
	})
}

// TestWebhookReceiverDownThenUp: attempts to a receiver that refuses
// connections fail (no status), and the delivery arrives once it is up.
func TestWebhookReceiverDownThenUp(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true,
			RetryDelays: []time.Duration{300 * time.Millisecond, 300 * time.Millisecond, 300 * time.Millisecond, 300 * time.Millisecond, 300 * time.Millisecond}})
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := ln.Addr().String()
		require.NoError(t, ln.Close())
		id, secret := hb.endpoint("http://"+addr+"/hooks", "contact.created")
		hb.createContact(map[string]any{"firstName": "Ada"})
		require.Eventually(t, func() bool { return len(hb.attempts(id)) >= 1 }, 5*time.Second, 20*time.Millisecond)
		a := hb.attempts(id)[0]
		require.Equal(t, "retrying", a["result"])
		require.Nil(t, a["statusCode"])
		require.NotEmpty(t, a["error"])

		ln, err = net.Listen("tcp", addr)
		require.NoError(t, err)
		rc := eventstest.NewReceiverOn(t, ln)
		got := rc.WaitFor(1)
		eventstest.Verify(t, got[0], secret)
		require.Eventually(t, func() bool { return hb.attempts(id)[0]["result"] == "succeeded" }, 5*time.Second, 20*time.Millisecond)
	})
}

// TestWebhookRotation: after a rotation each delivery carries two
// signatures, the new secret's first, and each secret verifies it.
func TestWebhookRotation(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true})
		rc := eventstest.NewReceiver(t)
		id, old := hb.endpoint(rc.URL(), "contact.created")
		r := hb.do("POST", "/v1/webhook-endpoints/"+id+"/rotate-secret", hb.admA, nil)
		require.Equal(t, http.StatusOK, r.status)
		fresh := r.data()["secret"].(string)
		hb.createContact(map[string]any{"firstName": "Ada"})
		d := rc.WaitFor(1)[0]
		sigs := strings.Split(d.Signature, " ")
		require.Len(t, sigs, 2, "signature header %q", d.Signature)
		eventstest.Verify(t, d, fresh)
		eventstest.Verify(t, d, old)
		eventstest.Verify(t, eventstest.Delivery{ID: d.ID, Timestamp: d.Timestamp, Signature: sigs[0], Body: d.Body}, fresh)
	})
}

// TestWebhookPrivateNetworks: without WEBHOOK_ALLOW_PRIVATE_NETWORKS a
// delivery to a loopback address is refused after resolution (the URL
// names "localhost"), recorded as a failed attempt, and never sent.
func TestWebhookPrivateNetworks(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{})
		rc := eventstest.NewReceiver(t)
		url := strings.Replace(rc.URL(), "127.0.0.1", "localhost", 1)
		id, _ := hb.endpoint(url, "contact.created")
		hb.createContact(map[string]any{"firstName": "Ada"})
		require.Eventually(t, func() bool { return len(hb.attempts(id)) >= 1 }, 5*time.Second, 20*time.Millisecond)
		a := hb.attempts(id)[0]
		require.Equal(t, "delivery failed: address not allowed", a["error"])
		require.Nil(t, a["statusCode"])
		require.Empty(t, rc.Deliveries())
	})
}

// TestWebhookAutoDisable: an endpoint whose every attempt failed for three
// days is disabled and says so; deliveries to it stop.
func TestWebhookAutoDisable(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		var clock atomic.Int64
		start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		clock.Store(start.UnixNano())
		now := func() time.Time { return time.Unix(0, clock.Load()).UTC() }
		hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true, Now: now,
			RetryDelays: []time.Duration{200 * time.Millisecond, 200 * time.Millisecond, 200 * time.Millisecond, 200 * time.Millisecond}})
		rc := eventstest.NewReceiver(t)
		rc.Answer = func(int) int { return http.StatusBadGateway }
		id, _ := hb.endpoint(rc.URL(), "contact.created")
		hb.createContact(map[string]any{"firstName": "Ada"})
		rc.WaitFor(1)
		require.Eventually(t, func() bool {
			r := hb.do("GET", "/v1/webhook-endpoints/"+id, hb.admA, nil)
			return r.data()["failingSince"] != nil
		}, 5*time.Second, 20*time.Millisecond)
		ep := hb.do("GET", "/v1/webhook-endpoints/"+id, hb.admA, nil).data()
		require.Equal(t, true, ep["enabled"], "failing, but not for three days yet")
		require.Equal(t, start.Format(time.RFC3339), ep["failingSince"])

		clock.Store(start.Add(72 * time.Hour).UnixNano())
		require.Eventually(t, func() bool {
			r := hb.do("GET", "/v1/webhook-endpoints", hb.admA, nil)
			return r.list()[0]["enabled"] == false
		}, 5*time.Second, 20*time.Millisecond)
		require.Equal(t, "failing", hb.do("GET", "/v1/webhook-endpoints", hb.admA, nil).list()[0]["disabledReason"])
		for _, a := range hb.attempts(id) {
			require.Equal(t, "failed", a["result"], "disabled: no attempt waits for a retry (attempt %v)", a["attempt"])
		}
		n := len(rc.Deliveries())
		time.Sleep(600 * time.Millisecond)
		require.Len(t, rc.Deliveries(), n, "a disabled endpoint gets no more attempts")

		// Enabling it again starts afresh.
		r := hb.do("PATCH", "/v1/webhook-endpoints/"+id, hb.admA, map[string]any{"enabled": true})
		require.Equal(t, http.StatusOK, r.status)
		require.Nil(t, r.data()["disabledReason"])
		require.Nil(t, r.data()["failingSince"])
	})
}
