package callflow_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
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

// The production timings scaled down 25 times (a 10 s request timeout, a
// 5 s margin): the ratios are what matter. At 50 times the create held
// 1.2x reached the provider 60 ms before the reconciliation listed the
// calls, and a loaded CI machine (the race detector beside a browser)
// once took longer than that to forward it, so the call was dialled again.
const (
	lateTimeout = 400 * time.Millisecond
	lateMargin  = 200 * time.Millisecond
	lateWatch   = 4 * time.Second
	// answerAfter is the soonest a customer answers, on the same scale:
	// a surplus leg must be hung up before that.
	answerAfter = 3 * time.Second
)

// lateCase is a create held by the proxy for a multiple of the request
// timeout before the provider sees it.
type lateCase struct {
	name    string
	hold    func(n int) time.Duration
	creates int  // creates sent for the call
	failed  bool // the call fails clearly, and nobody is rung
}

var lateCases = []lateCase{
	{"every create held 0.5x", heldFor(lateTimeout / 2), 1, false},
	{"every create held 1.2x", heldFor(lateTimeout * 12 / 10), 1, false},
	{"every create held 2.5x", heldFor(lateTimeout * 5 / 2), 2, false},
	{"the first create held 2.5x", firstHeldFor(lateTimeout * 5 / 2), 2, false},
	{"every create held for ever", heldFor(-1), 3, true},
}

// lateFlow is a flow whose REST client reaches the fake through proxy,
// over db, in workspace ws with agent ada and a verified caller ID.
func lateFlow(t *testing.T, db *store.DB, fake *telephonytest.Twilio, proxy *lateProxy, ws string, claim time.Duration) *flowBundle {
	t.Helper()
	client, err := telephony.NewClient(telephony.Config{AccountSID: telephonytest.Account,
		AuthToken: telephonytest.AuthToken, BaseURL: proxy.URL, Timeout: lateTimeout})
	require.NoError(t, err)
	b := &flowBundle{db: db, fake: fake, ws: ws, clock: &clock{now: afternoon}}
	b.flow, err = callflow.New(callflow.Config{PublicBaseURL: "http://switchboard.test", Now: b.clock.Now,
		Logger: slog.New(slog.DiscardHandler), DialClaim: claim, LateCreateMargin: lateMargin, LateLegWatch: lateWatch},
		callflow.Deps{Calls: db, CallerIDs: db, DNC: db, Workspaces: db, Recordings: db, Provider: client})
	require.NoError(t, err)
	t.Cleanup(b.flow.Close)
	return b
}

var customerSeq atomic.Int64

// newCustomer is a number no other call of these tests rings, so that each
// call's legs are told apart by number as the provider's list tells them.
func newCustomer() string { return fmt.Sprintf("+1500555%04d", 1000+customerSeq.Add(1)) }

// requireOneLeg asserts the outcome of tc's call: one customer leg kept and
// recorded, every other leg hung up before a customer could answer it; or
// a call failed clearly, with nobody rung.
func requireOneLeg(t *testing.T, db *store.DB, fake *telephonytest.Twilio, proxy *lateProxy, callSID string, tc lateCase) {
	t.Helper()
	call, err := db.FindCallByLeg(context.Background(), callSID)
	require.NoError(t, err)
	legs := fake.LegsFor(call.ConferenceName)
	creates := 0
	for _, r := range fake.Creates() {
		if r.Form.Get("To") == call.To {
			creates++
		}
	}
	if !tc.failed {
		// The watch that hangs up a late leg runs on after the dial.
		telephonytest.EventuallyWithin(t, 2*lateWatch, tc.name+": every leg but one to be hung up", func() bool {
			// One list for both counts: a leg listed between two reads
			// would count in the second and not in the first.
			legs := fake.LegsFor(call.ConferenceName)
			live := 0
			for _, l := range legs {
				if _, hungUp := proxy.ringing(l); !hungUp {
					live++
				}
			}
			return live == 1 && len(legs) == tc.creates
		})
		legs = fake.LegsFor(call.ConferenceName)
	}
	proxy.mu.Lock()
	sent := proxy.creates[call.ConferenceName]
	proxy.mu.Unlock()
	var live []string
	for _, l := range legs {
		rang, hungUp := proxy.ringing(l)
		if !hungUp {
			live = append(live, l)
			continue
		}
		t.Logf("%s: surplus leg %s hung up %v after it reached the provider", tc.name, l, rang.Round(time.Millisecond))
		require.Less(t, rang, answerAfter, "%s: the surplus leg %s is hung up before it can be answered", tc.name, l)
	}
	t.Logf("%s: call %s %s, %d create(s) sent, %d at the provider, %d leg(s), live %v, recorded %q, reason %q",
		tc.name, callSID, call.Status, sent, creates, len(legs), live, call.CustomerCallSID, call.FailureReason)
	require.Equal(t, tc.creates, sent, "%s: creates sent", tc.name)
	if tc.failed {
		require.Equal(t, sb.CallFailed, call.Status, tc.name)
		require.Contains(t, call.FailureReason, "could not be reached", tc.name)
		require.Empty(t, legs, tc.name)
		require.Len(t, fake.HangUps(callSID), 1, "%s: the agent leg is hung up", tc.name)
		return
	}
	require.Equal(t, sb.CallInitiated, call.Status, tc.name)
	require.Len(t, live, 1, "%s: one customer leg", tc.name)
	require.Equal(t, live[0], call.CustomerCallSID, "%s: the leg kept is the one recorded", tc.name)
}

// A create held before the provider sees it, for 0.5, 1.2 and 2.5 times
// the request timeout (5, 12 and 25 s at the defaults), rings the customer
// once: a create that arrives within the timeout plus the margin is found
// by the reconciliation, which waits for that before dialling again; one
// that arrives later still is hung up as soon as the list shows it, long
// before a customer could answer. A create that never arrives fails the
// call clearly after three.
func TestLateCreateRingsOnce(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			for _, tc := range lateCases {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					db := d.Open(t) // a caller ID belongs to one workspace
					fake := telephonytest.NewTwilio(t)
					proxy := newLateProxy(t, fake.URL, sameForAll(tc.hold))
					b := lateFlow(t, db, fake, proxy, storetest.NewWorkspaceID(), 6*time.Second)
					ada := b.agent(t, b.ws, "ada")
					b.verifiedCallerID(t, b.ws, callerIDA)
					b.window(t, b.ws, "08:00", "21:00", "UTC")
					ans, doc, c := b.control(t, callflow.ControlRequest{From: ada, Caller: ada, To: newCustomer(), WorkspaceID: b.ws})
					require.NotNil(t, ans.Then, "the call is placed: %+v", doc)
					ans.Then()
					ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
					defer cancel()
					require.NoError(t, b.flow.Wait(ctx))
					requireOneLeg(t, db, fake, proxy, c.CallSID, tc)
				})
			}
		})
	}
}

// Two instances over one PostgreSQL, both running recovery on a claim
// short enough that it expires while the calls are dialled, place calls
// at once whose creates the proxy holds as each case says: one customer leg
// each, or a call that fails clearly.
func TestLateCreateTwoInstances(t *testing.T) {
	dbURL := storetest.PostgresURL(t)
	ctx := context.Background()
	fake := telephonytest.NewTwilio(t)
	var mu sync.Mutex
	holds := map[string]func(int) time.Duration{} // by conference
	proxy := newLateProxy(t, fake.URL, func(conference string, n int) time.Duration {
		mu.Lock()
		defer mu.Unlock()
		return holds[conference](n)
	})
	ws := storetest.NewWorkspaceID()
	var flows []*flowBundle
	for range 2 {
		flows = append(flows, lateFlow(t, openInstance(t, dbURL), fake, proxy, ws, 2*time.Second))
	}
	ada := flows[0].agent(t, ws, "ada")
	flows[0].verifiedCallerID(t, ws, callerIDA)
	flows[0].window(t, ws, "08:00", "21:00", "UTC")

	runCtx, stop := context.WithCancel(ctx)
	var recovery sync.WaitGroup
	for _, f := range flows {
		recovery.Add(1)
		go func() { defer recovery.Done(); f.flow.RunRecovery(runCtx) }()
	}
	type placed struct {
		sid string
		tc  lateCase
	}
	var all []placed
	for i, tc := range lateCases {
		for j := range 2 {
			f := flows[(i+j)%2]
			ans, doc, c := f.control(t, callflow.ControlRequest{From: ada, Caller: ada, To: newCustomer(), WorkspaceID: ws})
			require.NotNil(t, ans.Then, "the call is placed: %+v", doc)
			mu.Lock()
			holds[c.ConferenceName] = tc.hold
			mu.Unlock()
			ans.Then()
			all = append(all, placed{c.CallSID, tc})
		}
	}
	for _, p := range all {
		telephonytest.EventuallyWithin(t, 20*time.Second, "the dial of "+p.sid+" to end", func() bool {
			call, err := flows[1].db.FindCallByLeg(ctx, p.sid)
			require.NoError(t, err)
			return call.CustomerCallSID != "" || call.Status.Final()
		})
	}
	stop()
	recovery.Wait()
	for _, f := range flows {
		waitCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
		require.NoError(t, f.flow.Wait(waitCtx))
		cancel()
	}
	for _, p := range all {
		requireOneLeg(t, flows[0].db, fake, proxy, p.sid, p.tc)
	}
}
