package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestWebhookEndpoints: an admin registers, reads, lists, changes, rotates
// and removes endpoints; the secret shows only on creation and rotation; an
// agent's token is refused; a URL that is not http(s) is 400.
func TestWebhookEndpoints(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		body := map[string]any{"url": "https://crm.example.com/hooks", "events": []string{"contact.created", "call.completed"}, "description": "CRM"}

		requireError(t, tb.do("POST", "/v1/webhook-endpoints", tb.tokA, body), http.StatusForbidden, "forbidden")
		requireError(t, tb.do("GET", "/v1/webhook-endpoints", tb.tokA, nil), http.StatusForbidden, "forbidden")
		requireError(t, tb.do("GET", "/v1/events", tb.tokA, nil), http.StatusForbidden, "forbidden")
		for _, bad := range []string{"ftp://crm.example.com/x", "crm.example.com/hooks", "https://", "https://u:p@crm.example.com/"} {
			requireError(t, tb.do("POST", "/v1/webhook-endpoints", tb.admA, map[string]any{"url": bad, "events": []string{"contact.created"}}),
				http.StatusBadRequest, "invalid_request", "url")
		}
		requireError(t, tb.do("POST", "/v1/webhook-endpoints", tb.admA, map[string]any{"url": "https://x.example.com", "events": []string{"contact.exploded"}}),
			http.StatusBadRequest, "invalid_request")
		requireError(t, tb.do("POST", "/v1/webhook-endpoints", tb.admA, map[string]any{"url": "https://x.example.com", "events": []string{}}),
			http.StatusBadRequest, "invalid_request")

		r := tb.do("POST", "/v1/webhook-endpoints", tb.admA, body)
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		ep := r.data()
		secret, _ := ep["secret"].(string)
		require.True(t, strings.HasPrefix(secret, "whsec_"), "secret %q", secret)
		require.GreaterOrEqual(t, len(secret), len("whsec_")+32)
		require.Equal(t, true, ep["enabled"])
		require.Nil(t, ep["disabledReason"])
		id := ep["id"].(string)

		r = tb.do("GET", "/v1/webhook-endpoints/"+id, tb.admA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.NotContains(t, r.data(), "secret")
		require.Equal(t, "https://crm.example.com/hooks", r.data()["url"])
		requireError(t, tb.do("GET", "/v1/webhook-endpoints/"+id, tb.admB, nil), http.StatusNotFound, "not_found")

		r = tb.do("GET", "/v1/webhook-endpoints", tb.admA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Len(t, r.list(), 1)
		require.NotContains(t, r.list()[0], "secret")

		r = tb.do("PATCH", "/v1/webhook-endpoints/"+id, tb.admA, map[string]any{"enabled": false, "events": []string{"dnc.added"}})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, false, r.data()["enabled"])
		require.Equal(t, "manual", r.data()["disabledReason"])
		require.Equal(t, []any{"dnc.added"}, r.data()["events"])
		require.Equal(t, "https://crm.example.com/hooks", r.data()["url"], "absent fields are left alone")

		r = tb.do("POST", "/v1/webhook-endpoints/"+id+"/rotate-secret", tb.admA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		rotated, _ := r.data()["secret"].(string)
		require.True(t, strings.HasPrefix(rotated, "whsec_"))
		require.NotEqual(t, secret, rotated)

		r = tb.do("GET", "/v1/webhook-endpoints/"+id+"/deliveries", tb.admA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Empty(t, r.list())

		require.Equal(t, http.StatusNoContent, tb.do("DELETE", "/v1/webhook-endpoints/"+id, tb.admA, nil).status)
		requireError(t, tb.do("GET", "/v1/webhook-endpoints/"+id, tb.admA, nil), http.StatusNotFound, "not_found")
		requireError(t, tb.do("DELETE", "/v1/webhook-endpoints/"+id, tb.admA, nil), http.StatusNotFound, "not_found")
	})
}

// TestEventLog: contact and do-not-call changes are events whose data is
// the resource as its GET shows it; the list filters by type, pages by
// cursor and shows only the workspace's own events; a change refused
// (a duplicate phone) leaves no event.
func TestEventLog(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		c := tb.createContact(map[string]any{"firstName": "Ada", "phone": "+14155552671"})
		id := c["id"].(string)
		requireError(t, tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Twin", "phone": "+14155552671"}),
			http.StatusConflict, "contact_exists")
		r := tb.do("PATCH", "/v1/contacts/"+id, tb.tokA, map[string]any{"company": "Engines"})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		updated := r.data()
		require.Equal(t, http.StatusNoContent, tb.do("DELETE", "/v1/contacts/"+id, tb.tokA, nil).status)
		r = tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": "+14155550100"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		dncID := r.data()["id"].(string)
		require.Equal(t, http.StatusNoContent, tb.do("DELETE", "/v1/dnc/"+dncID, tb.admA, nil).status)
		r = tb.postCSV(tb.tokA, "", "first_name,phone\nGrace,+14155550101\nBad,notaphone\n")
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)

		r = tb.do("GET", "/v1/events", tb.admA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		var types []string
		for _, e := range r.list() {
			types = append(types, e["type"].(string))
		}
		require.Equal(t, []string{"contacts.imported", "dnc.removed", "dnc.added", "contact.deleted", "contact.updated", "contact.created"}, types)
		evs := r.list()
		require.Equal(t, map[string]any{"workspaceId": tb.wsA, "imported": float64(1), "updated": float64(0), "skipped": float64(0), "failed": float64(1)}, evs[0]["data"])
		require.NotNil(t, evs[1]["data"].(map[string]any)["removedAt"])
		require.Equal(t, c, evs[5]["data"], "contact.created carries the contact as POST answered it")
		require.Equal(t, updated, evs[4]["data"], "contact.updated carries the contact as PATCH answered it")
		require.Equal(t, updated, evs[3]["data"], "contact.deleted carries the contact as it was")

		r = tb.do("GET", "/v1/events?type=contact.updated", tb.admA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Len(t, r.list(), 1)
		require.Equal(t, 1, num(r.meta()["total"]))
		requireError(t, tb.do("GET", "/v1/events?type=nonsense", tb.admA, nil), http.StatusBadRequest, "invalid_request")

		// Cursor paging, one at a time, sees every event once.
		seen := map[string]bool{}
		cursor := ""
		for {
			q := "/v1/events?limit=2"
			if cursor != "" {
				q += "&cursor=" + cursor
			}
			r = tb.do("GET", q, tb.admA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			for _, e := range r.list() {
				require.False(t, seen[e["id"].(string)])
				seen[e["id"].(string)] = true
			}
			next, _ := r.meta()["nextCursor"].(string)
			if next == "" {
				break
			}
			cursor = next
		}
		require.Len(t, seen, 6)
		requireError(t, tb.do("GET", "/v1/events?type=contact.created&cursor="+cursorOf(t, tb), tb.admA, nil), http.StatusBadRequest, "invalid_request", "cursor")

		r = tb.do("GET", "/v1/events", tb.admB, nil)
		require.Equal(t, http.StatusOK, r.status)
		require.Empty(t, r.list(), "another workspace's events are not listed")
	})
}

// cursorOf returns a cursor of the unfiltered event list.
func cursorOf(t *testing.T, tb *testBundle) string {
	r := tb.do("GET", "/v1/events?limit=1", tb.admA, nil)
	require.Equal(t, http.StatusOK, r.status)
	c, _ := r.meta()["nextCursor"].(string)
	require.NotEmpty(t, c)
	return c
}

// TestEventRetention: the retention job's store call deletes events older
// than its bound, and only those.
func TestEventRetention(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		tb.createContact(map[string]any{"firstName": "Ada"})
		time.Sleep(3 * time.Millisecond) // retention has millisecond precision
		tb.createContact(map[string]any{"firstName": "Grace"})
		evs := tb.do("GET", "/v1/events", tb.admA, nil).list()
		require.Len(t, evs, 2)
		oldest, err := time.Parse(time.RFC3339Nano, evs[1]["createdAt"].(string))
		require.NoError(t, err)
		n, err := tb.db.PruneEvents(context.Background(), oldest)
		require.NoError(t, err)
		require.Zero(t, n, "nothing is older than the oldest event")
		newest, err := time.Parse(time.RFC3339Nano, evs[0]["createdAt"].(string))
		require.NoError(t, err)
		n, err = tb.db.PruneEvents(context.Background(), newest)
		require.NoError(t, err)
		require.Equal(t, int64(1), n)
		left := tb.do("GET", "/v1/events", tb.admA, nil).list()
		require.Len(t, left, 1)
		require.Equal(t, evs[0]["id"], left[0]["id"])
	})
}
