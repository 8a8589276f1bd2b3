package server_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestWebhookEndpointsForAllEvents: an endpoint registered without
// `events`, or with ["*"], takes every type and shows ["*"]; "*" beside a
// type name is 400 naming events, on create and on change; such an
// endpoint is delivered events of several types over real HTTP.
func TestWebhookEndpointsForAllEvents(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true})
		rc := eventstest.NewReceiver(t)
		all := []any{"*"}

		r := hb.do("POST", "/v1/webhook-endpoints", hb.admA, map[string]any{"url": rc.URL()})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, all, r.data()["events"], "events omitted: every type")
		id, secret := r.data()["id"].(string), r.data()["secret"].(string)

		r = hb.do("POST", "/v1/webhook-endpoints", hb.admA, map[string]any{"url": "https://crm.example.com/a", "events": []string{"*"}})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, all, r.data()["events"])
		starred := r.data()["id"].(string)
		for _, bad := range [][]string{{"*", "contact.created"}, {"contact.created", "*"}} {
			requireError(t, hb.do("POST", "/v1/webhook-endpoints", hb.admA, map[string]any{"url": "https://crm.example.com/b", "events": bad}),
				http.StatusBadRequest, "invalid_request", "events")
			requireError(t, hb.do("PATCH", "/v1/webhook-endpoints/"+starred, hb.admA, map[string]any{"events": bad}),
				http.StatusBadRequest, "invalid_request", "events")
		}
		requireError(t, hb.do("POST", "/v1/webhook-endpoints", hb.admA, map[string]any{"url": "https://crm.example.com/b", "events": []string{"all"}}),
			http.StatusBadRequest, "invalid_request")
		require.Len(t, hb.do("GET", "/v1/webhook-endpoints", hb.admA, nil).list(), 2, "the refused ones registered nothing")

		// A typed endpoint changed to every type, and back.
		r = hb.do("PATCH", "/v1/webhook-endpoints/"+starred, hb.admA, map[string]any{"events": []string{"dnc.added"}})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, []any{"dnc.added"}, r.data()["events"])
		r = hb.do("PATCH", "/v1/webhook-endpoints/"+starred, hb.admA, map[string]any{"events": []string{"*"}})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, all, hb.do("GET", "/v1/webhook-endpoints/"+starred, hb.admA, nil).data()["events"])
		for _, ep := range hb.do("GET", "/v1/webhook-endpoints", hb.admA, nil).list() {
			require.Equal(t, all, ep["events"])
		}

		c := hb.createContact(map[string]any{"firstName": "Ada", "phone": "+14155552671"})
		require.Equal(t, http.StatusCreated, hb.do("POST", "/v1/dnc", hb.tokA, map[string]any{"phone": "+14155550100"}).status)
		require.Equal(t, http.StatusOK, hb.do("PATCH", "/v1/contacts/"+c["id"].(string), hb.tokA, map[string]any{"company": "X"}).status)
		got := rc.WaitFor(3)
		types := map[any]bool{}
		for _, d := range got {
			eventstest.Verify(t, d, secret)
			types[d.Payload["type"]] = true
		}
		require.Equal(t, map[any]bool{"contact.created": true, "dnc.added": true, "contact.updated": true}, types)
		require.Eventually(t, func() bool { return len(hb.attempts(id)) == 3 }, 5*time.Second, 20*time.Millisecond)
	})
}
