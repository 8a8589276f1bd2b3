package callflow_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// clock is a settable clock for the flow's calling hours.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

// Inside the default calling hours (08:00-21:00) of the +1500555… numbers'
// zones, and outside them.
var (
	afternoon = time.Date(2026, 1, 14, 23, 0, 0, 0, time.UTC)
	night     = time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)
)

// Whether the call-control webhook places a call, decided by Control: the
// agent and workspace come from the client identity Twilio vouches for,
// and an invalid, do-not-call or out-of-hours number, a caller ID the
// workspace may not use, or an agent without a token is refused with a
// spoken reason and recorded as a failed call with that reason's code.
func TestControlDecisions(t *testing.T) {
	const (
		customer = "+15005550100"
		listed   = "+15005550188"
		callerID = "+15005550006"
		pending  = "+15005550166" // not one of the provider account's numbers
		othersID = "+15005550155" // another workspace's
	)
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		ctx := context.Background()
		db, fake, ws, flow := b.db, b.fake, b.ws, b.flow
		_, _, err := db.CreateToken(ctx, ws, "ada", sb.RoleAgent)
		require.NoError(t, err)
		require.NoError(t, db.CreateCallerID(ctx, &sb.CallerID{WorkspaceID: ws, PhoneNumber: callerID, Status: sb.CallerIDVerified}))
		require.NoError(t, db.CreateCallerID(ctx, &sb.CallerID{WorkspaceID: ws, PhoneNumber: pending, Status: sb.CallerIDPending, ValidationCode: "123456"}))
		require.NoError(t, db.CreateCallerID(ctx, &sb.CallerID{WorkspaceID: storetest.NewWorkspaceID(), PhoneNumber: othersID, Status: sb.CallerIDVerified}))
		_, err = db.AddDNC(ctx, &sb.DNCEntry{WorkspaceID: ws, Phone: listed, AddedBy: "ada"})
		require.NoError(t, err)
		identity := func(ws, agent string) string {
			id, err := telephony.ClientIdentity(ws, agent)
			require.NoError(t, err)
			return "client:" + id
		}
		ada := identity(ws, "ada")

		cases := []struct {
			name   string
			req    callflow.ControlRequest
			at     time.Time
			refuse string // the failure reason's code; "" places the call
			says   string // in the failure reason
		}{
			{name: "placed", req: callflow.ControlRequest{From: ada, To: customer}},
			{name: "placed from the national number", req: callflow.ControlRequest{From: ada, To: "(500) 555-0100", WorkspaceID: ws}},
			{name: "caller in Caller, not From", req: callflow.ControlRequest{From: "+15005550199", Caller: ada, To: customer}},
			{name: "no browser agent", req: callflow.ControlRequest{From: "+15005550199", To: customer}, refuse: "forbidden"},
			{name: "identity not issued here", req: callflow.ControlRequest{From: "client:mallory", To: customer}, refuse: "forbidden"},
			{name: "another workspace named", req: callflow.ControlRequest{From: ada, To: customer, WorkspaceID: storetest.NewWorkspaceID()}, refuse: "forbidden"},
			{name: "agent without a token", req: callflow.ControlRequest{From: identity(ws, "eve"), To: customer}, refuse: "forbidden"},
			{name: "invalid number", req: callflow.ControlRequest{From: ada, To: "12"}, refuse: sb.EInvalidPhone},
			{name: "do-not-call", req: callflow.ControlRequest{From: ada, To: listed}, refuse: sb.EDNCBlocked},
			{name: "outside calling hours", req: callflow.ControlRequest{From: ada, To: customer}, at: night, refuse: sb.EOutsideCallingHours},
			{name: "caller ID not the workspace's", req: callflow.ControlRequest{From: ada, To: customer, CallerID: "+15005550177"}, refuse: sb.ECallerIDNotAllowed},
			// The order of the reasons: membership, the number, the dial
			// check, the caller ID.
			{name: "agent without a token, invalid number", req: callflow.ControlRequest{From: identity(ws, "eve"), To: "12"}, refuse: "forbidden"},
			{name: "agent without a token, do-not-call", req: callflow.ControlRequest{From: identity(ws, "eve"), To: listed}, refuse: "forbidden"},
			{name: "invalid number, invalid caller ID", req: callflow.ControlRequest{From: ada, To: "12", CallerID: "34"}, refuse: sb.EInvalidPhone},
			{name: "do-not-call, caller ID not the workspace's", req: callflow.ControlRequest{From: ada, To: listed, CallerID: "+15005550177"}, refuse: sb.EDNCBlocked},
			{name: "placed with its caller ID named nationally", req: callflow.ControlRequest{From: ada, To: customer, CallerID: "(500) 555-0006"}},
			{name: "invalid caller ID", req: callflow.ControlRequest{From: ada, To: customer, CallerID: "34"}, refuse: sb.ECallerIDNotAllowed, says: "not a valid phone number"},
			{name: "caller ID pending", req: callflow.ControlRequest{From: ada, To: customer, CallerID: pending}, refuse: sb.ECallerIDNotAllowed, says: "still pending verification"},
			{name: "another workspace's caller ID", req: callflow.ControlRequest{From: ada, To: customer, CallerID: othersID}, refuse: sb.ECallerIDNotAllowed, says: "is not a caller ID of the workspace"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				at := tc.at
				if at.IsZero() {
					at = afternoon
				}
				b.clock.Set(at)
				tc.req.CallSID = sid("CA")
				ans, err := flow.Control(ctx, tc.req)
				require.NoError(t, err)
				doc, err := telephonytest.ParseTwiML([]byte(ans.TwiML))
				require.NoError(t, err)
				call, err := db.FindCallByLeg(ctx, tc.req.CallSID)
				require.NoError(t, err)
				if tc.refuse != "" {
					require.Nil(t, ans.Then, "a refused call dials nobody")
					require.Len(t, doc.Kids, 2)
					require.Equal(t, "Say", doc.Kids[0].Name)
					require.Equal(t, "Hangup", doc.Kids[1].Name)
					require.Equal(t, sb.CallFailed, call.Status)
					code, _, _ := strings.Cut(call.FailureReason, ":")
					require.Equal(t, tc.refuse, code, "reason %q", call.FailureReason)
					require.Contains(t, call.FailureReason, tc.says)
					return
				}
				require.NotNil(t, ans.Then, "a placed call dials the customer once answered")
				require.Len(t, doc.Kids, 1)
				require.Equal(t, "Dial", doc.Kids[0].Name)
				conf := doc.Kids[0].Kids[0]
				require.Equal(t, "Conference", conf.Name)
				require.Equal(t, call.ConferenceName, conf.Text)
				require.Equal(t, ws, call.WorkspaceID)
				require.Equal(t, "ada", call.AgentIdentity)
				require.Equal(t, customer, call.To, "normalized")
				require.Equal(t, callerID, call.From, "the workspace's default caller ID")

				// The same webhook again answers the same conference and
				// dials nobody.
				again, err := flow.Control(ctx, tc.req)
				require.NoError(t, err)
				require.Nil(t, again.Then)
				doc2, err := telephonytest.ParseTwiML([]byte(again.TwiML))
				require.NoError(t, err)
				require.Equal(t, doc, doc2)

				legs := len(fake.LegsFor(call.ConferenceName))
				ans.Then()
				wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				defer cancel()
				require.NoError(t, flow.Wait(wctx))
				require.Equal(t, legs+1, len(fake.LegsFor(call.ConferenceName)), "one customer leg")
				call, err = db.FindCallByLeg(ctx, tc.req.CallSID)
				require.NoError(t, err)
				require.NotEmpty(t, call.CustomerCallSID)
			})
		}
	})
}
