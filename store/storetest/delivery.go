package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

// testDeliveries: only an event's newest attempt to an endpoint may read
// retrying. A later attempt, whatever its result, settles the earlier
// ones as failed with no next attempt (keeping their status and error);
// so does giving the delivery up, and an attempt that disables the
// endpoint is written failed itself. Other events and endpoints are left
// alone.
func testDeliveries(t *testing.T, open Opener) {
	db := withEvents(t, open)
	ws := NewWorkspaceID()
	ep := newEndpoint(t, db, ws, switchboard.EventContactCreated)
	other := newEndpoint(t, db, ws, switchboard.EventContactCreated)
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	attempt := func(ep *switchboard.WebhookEndpoint, event string, n int, result string) *switchboard.WebhookDelivery {
		t.Helper()
		at := t0.Add(time.Duration(n) * time.Minute)
		d := &switchboard.WebhookDelivery{WorkspaceID: ws, EndpointID: ep.ID, EventID: event, EventType: switchboard.EventContactCreated,
			Attempt: n, Result: result, AttemptedAt: at}
		if result != switchboard.DeliverySucceeded {
			d.StatusCode, d.Error = 503, "the receiver answered 503"
		}
		if result == switchboard.DeliveryRetrying {
			next := at.Add(time.Minute)
			d.NextAttemptAt = &next
		}
		_, err := db.RecordDelivery(ctx(), d)
		require.NoError(t, err)
		return d
	}
	results := func(ep *switchboard.WebhookEndpoint, event string) []string {
		t.Helper()
		list, _, err := db.ListWebhookDeliveries(ctx(), ws, ep.ID, switchboard.Page{Limit: switchboard.MaxLimit})
		require.NoError(t, err)
		var out []string // oldest first
		for i := len(list) - 1; i >= 0; i-- {
			if d := list[i]; d.EventID == event {
				out = append(out, d.Result)
				if d.Result != switchboard.DeliveryRetrying {
					require.Nil(t, d.NextAttemptAt, "attempt %d reads %s", d.Attempt, d.Result)
				} else {
					require.NotNil(t, d.NextAttemptAt)
				}
				if d.Result == switchboard.DeliveryFailed {
					require.Equal(t, 503, d.StatusCode, "an attempt keeps its own status")
					require.NotEmpty(t, d.Error)
				}
			}
		}
		return out
	}
	r, f, ok := switchboard.DeliveryRetrying, switchboard.DeliveryFailed, switchboard.DeliverySucceeded

	attempt(ep, "ev-a", 1, r)
	attempt(other, "ev-a", 1, r)
	attempt(ep, "ev-b", 1, r)
	require.Equal(t, []string{r}, results(ep, "ev-a"))
	attempt(ep, "ev-a", 2, r)
	require.Equal(t, []string{f, r}, results(ep, "ev-a"), "only the newest attempt waits for a retry")
	attempt(ep, "ev-a", 3, ok)
	require.Equal(t, []string{f, f, ok}, results(ep, "ev-a"))
	require.Equal(t, []string{r}, results(ep, "ev-b"), "another event's attempts are its own")
	require.Equal(t, []string{r}, results(other, "ev-a"), "another endpoint's too")

	require.NoError(t, db.GiveUpDelivery(ctx(), ep.ID, "ev-b"))
	require.Equal(t, []string{f}, results(ep, "ev-b"))
	require.Equal(t, []string{r}, results(other, "ev-a"))

	// An attempt that disables the endpoint ends its delivery: it is
	// written failed, and says so to the caller.
	dying := newEndpoint(t, db, ws, switchboard.EventContactCreated)
	_, err := db.RecordDelivery(ctx(), &switchboard.WebhookDelivery{WorkspaceID: ws, EndpointID: dying.ID, EventID: "ev-0",
		EventType: switchboard.EventContactCreated, Attempt: 1, Result: f, StatusCode: 503, Error: "the receiver answered 503",
		AttemptedAt: t0.Add(-switchboard.AutoDisableAfter)})
	require.NoError(t, err)
	d := attempt(dying, "ev-a", 1, r)
	require.Equal(t, f, d.Result, "the attempt that disabled the endpoint is its delivery's last")
	require.Nil(t, d.NextAttemptAt)
	require.Equal(t, []string{f}, results(dying, "ev-a"))
	got, err := db.FindWebhookEndpoint(ctx(), ws, dying.ID)
	require.NoError(t, err)
	require.False(t, got.Enabled)
}
