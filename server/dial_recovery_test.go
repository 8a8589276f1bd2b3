package server_test

import (
	"context"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// Recovery reconciles before it dials: a leg the provider already has (the
// dead process's create went through) is adopted, and a call the customer
// has answered is never dialled again.
func TestRecoveryAdoptsTheProvidersLeg(t *testing.T) {
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

		// The process died after the provider accepted the leg (still
		// queued, so it has no start_time).
		sid := pending("sb-adopt")
		leg := vb.fake.AddLeg("+15005550100", simCallerID, "sb-adopt", false)
		require.Equal(t, 1, recoverAll())
		call := mustCall(t, vb, sid)
		t.Logf("recovered call %s: %d customer leg(s) at the provider, recorded %q", sid, len(vb.fake.LegsFor("sb-adopt")), call.CustomerCallSID)
		require.Equal(t, leg, call.CustomerCallSID)
		require.Empty(t, vb.fake.Creates(), "nobody dialled again")
		require.Zero(t, recoverAll(), "the pending dial is gone")

		// The customer answered before anyone recorded the leg: the
		// conference-join records it, and recovery has nothing to do.
		sid = pending("sb-answered")
		leg = vb.fake.AddLeg("+15005550100", simCallerID, "sb-answered", true)
		join := vb.webhook("POST", "/v1/voice/conference-join?conference=sb-answered",
			url.Values{"CallSid": {leg}, "AccountSid": {fakeAccount}, "CallStatus": {"in-progress"}}, fakeToken)
		conferenceOf(t, parseTwiML(t, join))
		call = mustCall(t, vb, sid)
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

// Two instances on one PostgreSQL recover the same pending dial while the
// provider accepts the create but never answers it, and its Calls list
// fails for a while: each instance in turn claims the dial, gives up inside
// its half of the claim, and the next reconciles. One leg.
func TestTwoInstancesRecoverOnePendingDial(t *testing.T) {
	dbURL := storetest.PostgresURL(t)
	fake := telephonytest.NewTwilio(t)
	fake.SetPageMax(1)
	ctx := context.Background()
	const dialClaim = 1200 * time.Millisecond
	var flows []*callflow.Service
	var dbs []*store.DB
	for range 2 {
		db, err := store.Open(ctx, dbURL, testLogger())
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		require.NoError(t, db.Migrate(ctx))
		client, err := telephony.NewClient(telephony.Config{AccountSID: fakeAccount, AuthToken: fakeToken,
			BaseURL: fake.URL, Timeout: 300 * time.Millisecond})
		require.NoError(t, err)
		// A fixed instant inside the simulator numbers' calling hours: the
		// recovered dial is checked against them before it is placed.
		flow, err := callflow.New(callflow.Config{PublicBaseURL: "http://switchboard.test", DialClaim: dialClaim,
			Logger: testLogger(), Now: func() time.Time { return simNow }}, callflow.Deps{Calls: db, CallerIDs: db, DNC: db, Workspaces: db, Provider: client})
		require.NoError(t, err)
		flows, dbs = append(flows, flow), append(dbs, db)
	}

	sid := newDialSid()
	ws := storetest.NewWorkspaceID()
	_, _, err := dbs[0].CreateToken(ctx, ws, "ada", sb.RoleAgent) // the call's workspace exists, with its settings
	require.NoError(t, err)
	_, err = dbs[0].BeginCall(ctx, &sb.Call{CallSID: sid, WorkspaceID: ws, AgentIdentity: "ada",
		To: "+15005550100", From: simCallerID, Status: sb.CallInitiated, ConferenceName: "sb-two"}, -time.Second)
	require.NoError(t, err)
	fake.Plan(telephonytest.Create{Mode: "hang"})
	fake.SetListFails(3)

	runCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, f := range flows {
		wg.Add(1)
		go func() { defer wg.Done(); f.RunRecovery(runCtx) }()
	}
	var call *sb.Call
	telephonytest.EventuallyWithin(t, 30*time.Second, "the call to have its customer leg", func() bool {
		call, err = dbs[1].FindCallByLeg(ctx, sid)
		require.NoError(t, err)
		return call.CustomerCallSID != ""
	})
	stop()
	wg.Wait()
	for _, f := range flows {
		waitCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		require.NoError(t, f.Wait(waitCtx))
		cancel()
	}
	legs := fake.LegsFor("sb-two")
	t.Logf("call %s recovered by two instances: %d customer leg(s) at the provider %v, %d create(s), %d list(s); recorded %q",
		sid, len(legs), legs, len(fake.Creates()), len(fake.CallLists()), call.CustomerCallSID)
	require.Len(t, legs, 1)
	require.Len(t, fake.Creates(), 1)
	require.Equal(t, legs[0], call.CustomerCallSID)
}
