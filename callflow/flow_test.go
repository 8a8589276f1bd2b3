package callflow_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
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

// flowBundle is the call flow alone, without HTTP: a real store and a fake
// Twilio reached through the real REST client.
type flowBundle struct {
	flow  *callflow.Service
	db    *store.DB
	fake  *telephonytest.Twilio
	ws    string
	clock *clock // the calling hours' clock
}

// newFlow builds the flow over a database open gives, its clock at
// afternoon; tune changes its configuration.
func newFlow(t *testing.T, open storetest.Opener, tune ...func(*callflow.Config)) *flowBundle {
	t.Helper()
	b := &flowBundle{db: open(t), fake: telephonytest.NewTwilio(t), ws: storetest.NewWorkspaceID(),
		clock: &clock{now: afternoon}}
	client, err := telephony.NewClient(telephony.Config{AccountSID: telephonytest.Account,
		AuthToken: telephonytest.AuthToken, BaseURL: b.fake.URL})
	require.NoError(t, err)
	cfg := callflow.Config{PublicBaseURL: "http://switchboard.test", Now: b.clock.Now, Logger: slog.New(slog.DiscardHandler)}
	for _, f := range tune {
		f(&cfg)
	}
	b.flow, err = callflow.New(cfg,
		callflow.Deps{Calls: b.db, CallerIDs: b.db, DNC: b.db, Workspaces: b.db, Recordings: b.db, Provider: client})
	require.NoError(t, err)
	t.Cleanup(b.flow.Close)
	return b
}

// onEachDB runs fn, in parallel, with a flow over each database
// (PostgreSQL skips without TEST_DATABASE_URL).
func onEachDB(t *testing.T, fn func(t *testing.T, b *flowBundle)) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			fn(t, newFlow(t, d.Open))
		})
	}
}

var sidSeq atomic.Int64

// sid returns a fresh SID with prefix (CA, CF).
func sid(prefix string) string {
	return fmt.Sprintf("%s%032x", prefix, 0xf10e0000+sidSeq.Add(1))
}

// call stores a call as the call-control webhook does, with a customer leg
// unless customer is "".
func (b *flowBundle) call(t *testing.T, agent, customer string) {
	t.Helper()
	ctx := context.Background()
	_, err := b.db.BeginCall(ctx, &sb.Call{CallSID: agent, WorkspaceID: b.ws, AgentIdentity: "ada",
		To: "+15005550100", From: "+15005550006", Status: sb.CallInitiated, ConferenceName: "sb-" + agent}, time.Minute)
	require.NoError(t, err)
	if customer != "" {
		c, err := b.db.CustomerLegCreated(ctx, agent, customer)
		require.NoError(t, err)
		require.Equal(t, customer, c.CustomerCallSID)
	}
}

// settled waits for the hang-ups the flow started and returns the call.
func (b *flowBundle) settled(t *testing.T, agent string) *sb.Call {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, b.flow.Wait(ctx))
	c, err := b.db.FindCall(context.Background(), b.ws, agent)
	require.NoError(t, err)
	return c
}

type callback struct {
	leg    string // "agent" or "customer"
	status string // the provider's CallStatus
	seq    int    // SequenceNumber, -1 for none
}

// The call's state machine, decided by Status: statuses only move forward,
// the first final status wins, a callback older than one applied changes
// nothing, the customer leg drives the call and the agent leg moves it only
// while there is no customer leg; and the other leg is hung up when one
// ends.
func TestStatusCallbacks(t *testing.T) {
	cases := []struct {
		name        string
		noCustomer  bool
		callbacks   []callback
		want        sb.CallStatus
		hangUpAgent bool // the agent leg is hung up
		hangUpCust  bool // the customer leg is hung up
	}{
		{name: "forward to completed", callbacks: []callback{{"customer", "ringing", 0}, {"customer", "in-progress", 1}, {"customer", "completed", 2}},
			want: sb.CallCompleted, hangUpAgent: true},
		{name: "late ringing after completed", callbacks: []callback{{"customer", "completed", -1}, {"customer", "ringing", -1}},
			want: sb.CallCompleted, hangUpAgent: true},
		{name: "first final status wins", callbacks: []callback{{"customer", "busy", -1}, {"customer", "completed", -1}},
			want: sb.CallBusy, hangUpAgent: true},
		{name: "older sequence ignored", callbacks: []callback{{"customer", "ringing", 3}, {"customer", "in-progress", 2}},
			want: sb.CallRinging},
		{name: "answered stays answered", callbacks: []callback{{"customer", "in-progress", 1}, {"customer", "ringing", 2}},
			want: sb.CallAnswered},
		{name: "canceled is failed", callbacks: []callback{{"customer", "canceled", -1}},
			want: sb.CallFailed, hangUpAgent: true},
		{name: "unknown status recorded only", callbacks: []callback{{"customer", "ringing", 0}, {"customer", "teleported", 1}},
			want: sb.CallRinging},
		{name: "agent leg ends: the customer is hung up, the call is not moved",
			callbacks: []callback{{"customer", "in-progress", 0}, {"agent", "completed", -1}},
			want:      sb.CallAnswered, hangUpCust: true},
		{name: "agent leg rings: nothing moves", callbacks: []callback{{"agent", "ringing", -1}},
			want: sb.CallInitiated},
		{name: "agent leg ends before any customer leg: the call ends", noCustomer: true,
			callbacks: []callback{{"agent", "ringing", -1}, {"agent", "no-answer", -1}},
			want:      sb.CallNoAnswer},
		{name: "agent leg answers before any customer leg: not the call's answer", noCustomer: true,
			callbacks: []callback{{"agent", "in-progress", -1}},
			want:      sb.CallInitiated},
	}
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				agent, customer := sid("CA"), sid("CA")
				if tc.noCustomer {
					customer = ""
				}
				b.call(t, agent, customer)
				for _, cb := range tc.callbacks {
					leg := agent
					if cb.leg == "customer" {
						leg = customer
					}
					require.NoError(t, b.flow.Status(context.Background(),
						callflow.StatusRequest{CallSID: leg, CallStatus: cb.status, Sequence: cb.seq}))
				}
				c := b.settled(t, agent)
				require.Equal(t, tc.want, c.Status)
				require.Equal(t, tc.hangUpAgent, len(b.fake.HangUps(agent)) > 0, "agent leg hung up")
				if customer != "" {
					require.Equal(t, tc.hangUpCust, len(b.fake.HangUps(customer)) > 0, "customer leg hung up")
				}
			})
		}
	})
}

// The transfer's state machine, decided by TransferStatus on the target
// leg's callbacks: answered moves dialing to talking; a pending transfer
// whose target ends fails, and the held customer is unheld; after a
// completed transfer the target's end hangs up the customer; anything else
// (another leg, a finished transfer, a ringing target) changes nothing.
func TestTransferStatusCallbacks(t *testing.T) {
	cases := []struct {
		name       string
		from       string // transfer status before
		other      bool   // the callback is about a leg that is not the target
		status     string // the target leg's CallStatus
		want       string // transfer status after
		unheld     bool   // the customer is unheld
		hangUpCust bool
	}{
		{name: "target answers", from: sb.TransferDialing, status: "in-progress", want: sb.TransferTalking},
		{name: "target rings", from: sb.TransferDialing, status: "ringing", want: sb.TransferDialing},
		{name: "target busy", from: sb.TransferDialing, status: "busy", want: sb.TransferFailed, unheld: true},
		{name: "target does not answer", from: sb.TransferDialing, status: "no-answer", want: sb.TransferFailed, unheld: true},
		{name: "target leaves while talking", from: sb.TransferTalking, status: "completed", want: sb.TransferFailed, unheld: true},
		{name: "answer again while talking", from: sb.TransferTalking, status: "in-progress", want: sb.TransferTalking},
		{name: "target leaves after taking over", from: sb.TransferCompleted, status: "completed", want: sb.TransferCompleted, hangUpCust: true},
		{name: "target leaves after a cancel", from: sb.TransferCanceled, status: "completed", want: sb.TransferCanceled},
		{name: "another leg", from: sb.TransferDialing, other: true, status: "busy", want: sb.TransferDialing},
	}
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				ctx := context.Background()
				agent, customer, target, conf := sid("CA"), sid("CA"), sid("CA"), sid("CF")
				b.call(t, agent, customer)
				require.NoError(t, b.flow.Status(ctx, callflow.StatusRequest{CallSID: customer, CallStatus: "in-progress", Sequence: 0}))
				_, err := b.db.UpdateCall(ctx, agent, func(c *sb.Call) ([]*sb.CallEvent, error) {
					c.ConferenceSID, c.OnHold = conf, tc.from != sb.TransferCompleted
					c.Transfer = &sb.Transfer{Type: sb.TransferWarm, Target: "+15005550101", Status: tc.from, TargetCallSID: target}
					return nil, nil
				})
				require.NoError(t, err)
				participant := "/2010-04-01/Accounts/" + telephonytest.Account + "/Conferences/" + conf + "/Participants/" + customer + ".json"
				b.fake.Answer(http.MethodPost, participant, 200, `{"call_sid": "`+customer+`", "conference_sid": "`+conf+`", "hold": false}`)

				leg := target
				if tc.other {
					leg = sid("CA")
				}
				require.NoError(t, b.flow.TransferStatus(ctx, agent, callflow.StatusRequest{CallSID: leg, CallStatus: tc.status, Sequence: -1}))
				c := b.settled(t, agent)
				require.NotNil(t, c.Transfer)
				require.Equal(t, tc.want, c.Transfer.Status)
				unholds := 0
				for _, r := range b.fake.Requests() {
					if r.Method == http.MethodPost && r.Path == participant && r.Form.Get("Hold") == "false" {
						unholds++
					}
				}
				require.Equal(t, tc.unheld, unholds == 1, "customer unheld (%d requests)", unholds)
				if tc.unheld {
					require.False(t, c.OnHold, "the call says the customer is no longer held")
				}
				require.Equal(t, tc.hangUpCust, len(b.fake.HangUps(customer)) > 0, "customer leg hung up")
			})
		}
	})
}

// A transfer callback for a call the flow does not know, or naming a leg of
// another call, is acknowledged and changes nothing.
func TestTransferStatusUnknownCall(t *testing.T) {
	b := newFlow(t, storetest.OpenSQLite)
	require.NoError(t, b.flow.TransferStatus(context.Background(), sid("CA"),
		callflow.StatusRequest{CallSID: sid("CA"), CallStatus: "busy", Sequence: -1}))
	agent, customer := sid("CA"), sid("CA")
	b.call(t, agent, customer)
	// The customer leg names the call, but is not its agent leg.
	require.NoError(t, b.flow.TransferStatus(context.Background(), customer,
		callflow.StatusRequest{CallSID: sid("CA"), CallStatus: "busy", Sequence: -1}))
	c := b.settled(t, agent)
	require.Nil(t, c.Transfer)
	require.Equal(t, sb.CallInitiated, c.Status)
	require.Empty(t, b.fake.Requests(), "nothing was asked of the provider")
}
