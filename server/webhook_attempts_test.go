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

// TestWebhookAttemptsSettle: a receiver that fails once, then succeeds:
// the first attempt reads failed, with its own status and error, and no
// next attempt, once the second succeeded. A delivery given up while it
// waits for its retry (the endpoint disabled) leaves no attempt that reads
// retrying.
func TestWebhookAttemptsSettle(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		hb := setupHooks(t, open, events.Config{AllowPrivateNetworks: true,
			RetryDelays: []time.Duration{time.Second, time.Second, time.Second}})
		flaky := eventstest.NewReceiver(t)
		flaky.Answer = func(n int) int {
			if n < 2 {
				return http.StatusServiceUnavailable
			}
			return http.StatusOK
		}
		fID, _ := hb.endpoint(flaky.URL(), "contact.created")
		hb.createContact(map[string]any{"firstName": "Ada"})
		flaky.WaitFor(2)
		require.Eventually(t, func() bool { return len(hb.attempts(fID)) == 2 }, 5*time.Second, 20*time.Millisecond)
		as := hb.attempts(fID) // newest first
		require.Equal(t, "succeeded", as[0]["result"])
		require.Equal(t, float64(2), as[0]["attempt"])
		require.Equal(t, "failed", as[1]["result"], "the first attempt failed, and has had its retry")
		require.Equal(t, float64(1), as[1]["attempt"])
		require.Nil(t, as[1]["nextAttemptAt"])
		require.Equal(t, float64(503), as[1]["statusCode"])
		require.Equal(t, "the receiver answered 503", as[1]["error"])

		dead := eventstest.NewReceiver(t)
		dead.Answer = func(int) int { return http.StatusInternalServerError }
		dID, _ := hb.endpoint(dead.URL(), "dnc.added")
		require.Equal(t, http.StatusCreated, hb.do("POST", "/v1/dnc", hb.tokA, map[string]any{"phone": "+14155550100"}).status)
		require.Eventually(t, func() bool { return len(hb.attempts(dID)) == 1 }, 5*time.Second, 20*time.Millisecond)
		require.Equal(t, "retrying", hb.attempts(dID)[0]["result"])
		require.NotNil(t, hb.attempts(dID)[0]["nextAttemptAt"])
		require.Equal(t, http.StatusOK, hb.do("PATCH", "/v1/webhook-endpoints/"+dID, hb.admA, map[string]any{"enabled": false}).status)
		require.Eventually(t, func() bool { return hb.attempts(dID)[0]["result"] == "failed" }, 5*time.Second, 20*time.Millisecond,
			"the retry comes, finds the endpoint disabled, and gives the delivery up")
		as = hb.attempts(dID)
		require.Len(t, as, 1)
		require.Nil(t, as[0]["nextAttemptAt"])
		require.Equal(t, float64(500), as[0]["statusCode"])
		require.Len(t, dead.Deliveries(), 1)
	})
}
