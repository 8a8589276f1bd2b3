package server_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// A call the customer answered before anyone recorded its leg is never
// dialled again: the conference-join webhook, signed, POST with the leg's
// CallSid or GET without it, marks it answered, and recovery has nothing
// to place. (Adopting a leg the provider already has, and two instances
// recovering one dial, are callflow's TestRecoveryAdoptsTheProvidersLeg
// and TestTwoInstancesRecoverOnePendingDial.)
func TestRecoveryAfterConferenceJoin(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true, requestTimeout: 300 * time.Millisecond, maxPendingAge: time.Hour})
		ctx := context.Background()
		pending := func(conference string) string {
			sid := newDialSid()
			_, err := vb.db.BeginCall(ctx, &sb.Call{CallSID: sid, WorkspaceID: vb.wsA, AgentIdentity: "ada", To: "+15005550100",
				From: simCallerID, Status: sb.CallInitiated, ConferenceName: conference}, -time.Second)
			require.NoError(t, err)
			return sid
		}
		recoverAll := func() int {
			n, err := vb.flow.Recover(ctx)
			require.NoError(t, err)
			vb.settle()
			return n
		}

		// The conference-join records the leg, and recovery has nothing
		// to do.
		sid := pending("sb-answered")
		leg := vb.fake.AddLeg("+15005550100", simCallerID, "sb-answered", true)
		join := vb.webhook("POST", "/v1/voice/conference-join?conference=sb-answered",
			url.Values{"CallSid": {leg}, "AccountSid": {fakeAccount}, "CallStatus": {"in-progress"}}, fakeToken)
		conferenceOf(t, parseTwiML(t, join))
		call := mustCall(t, vb, sid)
		require.Equal(t, sb.CallAnswered, call.Status)
		require.Equal(t, leg, call.CustomerCallSID)
		require.Zero(t, recoverAll())
		t.Logf("answered call %s: %d customer leg(s) at the provider", sid, len(vb.fake.LegsFor("sb-answered")))
		require.Empty(t, vb.fake.Creates(), "an answered call is never dialled")
		require.Len(t, vb.fake.LegsFor("sb-answered"), 1)

		// Answered, and nobody knows by which leg (a GET conference-join
		// without CallSid), and the provider lists none: still not dialled.
		sid = pending("sb-answered-unknown")
		conferenceOf(t, parseTwiML(t, vb.webhook("GET", "/v1/voice/conference-join?conference=sb-answered-unknown", nil, fakeToken)))
		require.Equal(t, sb.CallAnswered, mustCall(t, vb, sid).Status)
		require.Equal(t, 1, recoverAll())
		require.Zero(t, recoverAll(), "the pending dial is dropped")
		t.Logf("answered call %s, leg unknown: %d customer leg(s) at the provider", sid, len(vb.fake.LegsFor("sb-answered-unknown")))
		require.Empty(t, vb.fake.Creates(), "an answered call is never dialled")
	})
}
