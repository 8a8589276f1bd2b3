package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// TestDNCFromCallOutcome: an agent lists the number a call dialled, naming
// the call; the entry records source call and the call, in the list, the
// check and the history. A call of another workspace, or none, is 404 and
// lists nothing; a number the call did not dial is 400.
func TestDNCFromCallOutcome(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)
		r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": simulator.NumberBusy})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		callA := r.data()["callSid"].(string)
		require.NoError(t, vb.db.CreateCallerID(t.Context(), &sb.CallerID{WorkspaceID: vb.wsB, PhoneNumber: "+15005550007", Status: sb.CallerIDVerified}))
		r = vb.do("POST", "/v1/calls", vb.tokB, map[string]any{"to": simulator.NumberBusy})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		callB := r.data()["callSid"].(string)
		vb.settle()

		// Refused: nothing is listed.
		requireError(t, vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": simulator.NumberBusy, "callSid": callB}),
			http.StatusNotFound, sb.ENotFound, "callSid")
		requireError(t, vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": simulator.NumberBusy, "callSid": "CA0123456789abcdef0123456789abcdef"}),
			http.StatusNotFound, sb.ENotFound, "callSid")
		requireError(t, vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": "+14155552671", "callSid": callA}),
			http.StatusBadRequest, sb.EInvalid, "phone")
		requireError(t, vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": simulator.NumberBusy, "callSid": "not-a-sid"}),
			http.StatusBadRequest, sb.EInvalid, "callSid")
		require.Equal(t, false, vb.do("GET", "/v1/dnc/check?phone="+simulator.NumberBusy, vb.tokA, nil).data()["blocked"])

		// The call's own number, in the national notation: listed from the call.
		r = vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": "(500) 555-0102", "callSid": callA, "reason": "asked on the call"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		e := r.data()
		require.Equal(t, "call", e["source"])
		require.Equal(t, callA, e["callSid"])
		require.Equal(t, "ada", e["addedBy"])
		require.Equal(t, simulator.NumberBusy, e["phone"])

		check := vb.do("GET", "/v1/dnc/check?phone="+simulator.NumberBusy, vb.tokA, nil).data()
		require.Equal(t, true, check["blocked"])
		require.Equal(t, callA, check["entry"].(map[string]any)["callSid"])
		require.Equal(t, e, vb.do("GET", "/v1/dnc", vb.tokA, nil).list()[0])

		// An entry listed through the API has neither.
		r = vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": "+14155552671"})
		require.Equal(t, http.StatusCreated, r.status)
		require.Equal(t, "api", r.data()["source"])
		require.NotContains(t, r.data(), "callSid")

		// Removed, the entry keeps its source and call in the history.
		require.Equal(t, http.StatusNoContent, vb.do("DELETE", "/v1/dnc/"+e["id"].(string)+"?reason=consent", vb.admA, nil).status)
		h := vb.do("GET", "/v1/dnc/history?phone="+simulator.NumberBusy, vb.admA, nil)
		require.Equal(t, http.StatusOK, h.status, "body: %s", h.body)
		require.Len(t, h.list(), 1)
		require.Equal(t, "call", h.list()[0]["source"])
		require.Equal(t, callA, h.list()[0]["callSid"])
		require.Equal(t, "consent", h.list()[0]["removalReason"])

		// B never saw A's entry.
		require.Empty(t, vb.do("GET", "/v1/dnc", vb.tokB, nil).list())
	})
}
