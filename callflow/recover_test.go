package callflow_test

import (
	"context"
	"log/slog"
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
// dead process's create went through, the leg still queued, so without a
// start_time) is adopted, nobody is dialled again, and the pending dial is
// gone. (A call answered before its leg was recorded is the
// conference-join webhook's: server's TestRecoveryAfterConferenceJoin.)
func TestRecoveryAdoptsTheProvidersLeg(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		ctx := context.Background()
		agent := sid("CA")
		_, err := b.db.BeginCall(ctx, &sb.Call{CallSID: agent, WorkspaceID: b.ws, AgentIdentity: "ada", To: customer,
			From: callerIDA, Status: sb.CallInitiated, ConferenceName: "sb-adopt"}, -time.Second)
		require.NoError(t, err)
		leg := b.fake.AddLeg(customer, callerIDA, "sb-adopt", false)
		recoverAll := func() int {
			t.Helper()
			n, err := b.flow.Recover(ctx)
			require.NoError(t, err)
			b.settle(t)
			return n
		}

		require.Equal(t, 1, recoverAll())
		call, err := b.db.FindCallByLeg(ctx, agent)
		require.NoError(t, err)
		t.Logf("recovered call %s: %d customer leg(s) at the provider, recorded %q", agent, len(b.fake.LegsFor("sb-adopt")), call.CustomerCallSID)
		require.Equal(t, leg, call.CustomerCallSID)
		require.Empty(t, b.fake.Creates(), "nobody dialled again")
		require.Zero(t, recoverAll(), "the pending dial is gone")
	})
}

// Two instances on one PostgreSQL recover the same pending dial while the
// provider accepts the create but never answers it, and its Calls list
// fails for a while: each instance in turn claims the dial, gives up when
// its claim ends, and the next reconciles. One leg.
func TestTwoInstancesRecoverOnePendingDial(t *testing.T) {
	dbURL := storetest.PostgresURL(t)
	fake := telephonytest.NewTwilio(t)
	fake.SetPageMax(1)
	ctx := context.Background()
	const dialClaim = 1200 * time.Millisecond
	logger := slog.New(slog.DiscardHandler)
	var flows []*callflow.Service
	var dbs []*store.DB
	for range 2 {
		db, err := store.Open(ctx, dbURL, logger)
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		require.NoError(t, db.Migrate(ctx))
		client, err := telephony.NewClient(telephony.Config{AccountSID: telephonytest.Account, AuthToken: telephonytest.AuthToken,
			BaseURL: fake.URL, Timeout: 300 * time.Millisecond})
		require.NoError(t, err)
		// A fixed instant inside the numbers' calling hours: the recovered
		// dial is checked against them before it is placed.
		flow, err := callflow.New(callflow.Config{PublicBaseURL: "http://switchboard.test", DialClaim: dialClaim,
			LateCreateMargin: 150 * time.Millisecond, Logger: logger, Now: func() time.Time { return afternoon }},
			callflow.Deps{Calls: db, CallerIDs: db, DNC: db, Workspaces: db, Provider: client})
		require.NoError(t, err)
		t.Cleanup(flow.Close)
		flows, dbs = append(flows, flow), append(dbs, db)
	}

	agent := sid("CA")
	ws := storetest.NewWorkspaceID()
	_, _, err := dbs[0].CreateToken(ctx, ws, "ada", sb.RoleAgent) // the call's workspace exists, with its settings
	require.NoError(t, err)
	_, err = dbs[0].BeginCall(ctx, &sb.Call{CallSID: agent, WorkspaceID: ws, AgentIdentity: "ada",
		To: customer, From: callerIDA, Status: sb.CallInitiated, ConferenceName: "sb-two"}, -time.Second)
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
		call, err = dbs[1].FindCallByLeg(ctx, agent)
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
		agent, len(legs), legs, len(fake.Creates()), len(fake.CallLists()), call.CustomerCallSID)
	require.Len(t, legs, 1)
	require.Len(t, fake.Creates(), 1)
	require.Equal(t, legs[0], call.CustomerCallSID)
}
