package callflow_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// The dial check on every dial path, at fixed instants of an injected
// clock. The workspace's window is set wide (00:00–24:00) so that what
// refuses is the state's rule or a cap, never the federal window.

const miamiNumber = "+13055551234" // Florida, America/New_York

// 9 March 2026 is a Monday, the day after the United States sprang forward:
// Miami is on EDT (UTC−4).
var (
	miami1959 = instant("2026-03-09T23:59:00Z")
	miami2000 = instant("2026-03-10T00:00:00Z")
	miami0800 = instant("2026-03-10T12:00:00Z") // the next morning's opening
)

// wide is a policy flow whose workspace allows every hour of the day.
func wide(t *testing.T, open storetest.Opener, tune ...func(*callflow.Config)) (*flowBundle, string) {
	b, ada := policyFlow(t, open, tune...)
	b.window(t, b.ws, "00:00", "24:00", "UTC")
	return b, ada
}

func onEachDBWide(t *testing.T, fn func(t *testing.T, b *flowBundle, ada string)) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			b, ada := wide(t, d.Open)
			fn(t, b, ada)
		})
	}
}

// refusal reads a dial-check refusal: its details by field, the reasons'
// codes in order, and nextAllowedAt ("" when absent).
func refusal(t *testing.T, err error, code string) (details map[string]string, reasons []string, next string) {
	t.Helper()
	details = requireCode(t, err, code)
	var e *sb.Error
	require.ErrorAs(t, err, &e)
	for _, d := range e.Details {
		if d.Field == "reasons" {
			require.NotEmpty(t, d.Message)
			reasons = append(reasons, d.Code)
		}
	}
	require.NotEmpty(t, reasons, "every reason is in the details")
	require.Equal(t, code, reasons[0], "the refusal answers the first reason's code")
	return details, reasons, details["nextAllowedAt"]
}

func (b *flowBundle) settings(t *testing.T, p sb.WorkspaceSettingsPatch) {
	t.Helper()
	_, err := b.db.UpdateWorkspaceSettings(context.Background(), b.ws, p)
	require.NoError(t, err)
}

// Florida's 20:00 (Fla. Stat. 501.616(6)(a)) on a workspace whose own
// window is all day: 19:59 dials, 20:00 is refused on click-to-call, the
// browser's webhook and a transfer, each saying why and that 08:00 the next
// morning is the next allowed instant; with the state table off, 20:00
// dials.
func TestDialCheckMiamiEdge(t *testing.T) {
	onEachDBWide(t, func(t *testing.T, b *flowBundle, ada string) {
		ctx := context.Background()
		b.clock.Set(miami1959)
		ok, err := b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{To: "(305) 555-1234"})
		require.NoError(t, err)
		require.True(t, ok.Allowed)
		require.Empty(t, ok.Reasons)
		require.Nil(t, ok.NextAllowedAt)
		require.Equal(t, []string{"America/New_York"}, ok.TimeZones)
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", miamiNumber, "")
		require.NoError(t, err, "19:59 in Miami")

		b.clock.Set(miami2000)
		check, err := b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{To: miamiNumber})
		require.NoError(t, err)
		require.False(t, check.Allowed)
		require.Len(t, check.Reasons, 1)
		require.Equal(t, sb.ReasonStateRule, check.Reasons[0].Code)
		require.Contains(t, check.Reasons[0].Message, "501.616(6)(a)")
		require.Contains(t, check.Reasons[0].Message, "20:00")
		require.Equal(t, miami0800, *check.NextAllowedAt)

		mark := b.fake.Count()
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", miamiNumber, "")
		details, reasons, next := refusal(t, err, sb.EStateRule)
		require.Equal(t, []string{sb.ReasonStateRule}, reasons)
		require.Equal(t, "2026-03-10T12:00:00Z", next)
		require.Contains(t, details["to"], "Florida")
		require.Empty(t, b.fake.Since(mark), "nobody was rung")

		ans, doc, c := b.control(t, callflow.ControlRequest{From: ada, Caller: ada, To: miamiNumber, WorkspaceID: b.ws})
		requireRefused(t, ans, doc, c, sb.EStateRule)
		require.Contains(t, doc.Kids[0].Text, "state")

		b.participants()
		b.clock.Set(miami1959)
		agent, _, _ := b.answered(t)
		b.clock.Set(miami2000)
		_, err = b.flow.Transfer(ctx, b.ws, "ada", agent, miamiNumber, sb.TransferCold)
		_, _, next = refusal(t, err, sb.EStateRule)
		require.Equal(t, "2026-03-10T12:00:00Z", next)
		call, err := b.db.FindCall(ctx, b.ws, agent)
		require.NoError(t, err)
		require.Nil(t, call.Transfer, "the refused target was not dialled")

		off := false
		b.settings(t, sb.WorkspaceSettingsPatch{StateRules: &off})
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", miamiNumber, "")
		require.NoError(t, err, "the state table turned off")
	})
}

// Connecticut's 09:00 (Conn. Gen. Stat. § 42-288a(c)) on a workspace whose
// own window is all day: on the Monday after the spring change, 08:59 EDT
// in Hartford is refused on the dial check and click-to-call, nobody is
// rung, and 09:00 is the next allowed instant, when the call goes through.
func TestDialCheckConnecticutMorning(t *testing.T) {
	const hartford = "+18605550142"
	onEachDBWide(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		b.clock.Set(instant("2026-03-09T12:59:00Z"))
		check, err := b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{To: "(860) 555-0142"})
		require.NoError(t, err)
		require.False(t, check.Allowed)
		require.Equal(t, []string{"America/New_York"}, check.TimeZones)
		require.Len(t, check.Reasons, 1)
		require.Equal(t, sb.ReasonStateRule, check.Reasons[0].Code)
		require.Contains(t, check.Reasons[0].Message, "Connecticut")
		require.Contains(t, check.Reasons[0].Message, "42-288a(c)")
		require.Equal(t, instant("2026-03-09T13:00:00Z"), *check.NextAllowedAt)

		mark := b.fake.Count()
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", hartford, "")
		_, reasons, next := refusal(t, err, sb.EStateRule)
		require.Equal(t, []string{sb.ReasonStateRule}, reasons)
		require.Equal(t, "2026-03-09T13:00:00Z", next)
		require.Empty(t, b.fake.Since(mark), "nobody was rung")

		b.clock.Set(instant("2026-03-09T13:00:00Z"))
		check, err = b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{To: hartford})
		require.NoError(t, err)
		require.True(t, check.Allowed)
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", hartford, "")
		require.NoError(t, err, "09:00 in Hartford")
	})
}

// Every reason is listed in order, the first one answers, and a
// do-not-call number has no next allowed instant.
func TestDialCheckReasonsInOrder(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		_, err := b.db.AddDNC(ctx, &sb.DNCEntry{WorkspaceID: b.ws, Phone: miamiNumber, AddedBy: "ada"})
		require.NoError(t, err)
		// 20:30 in Miami: past the state's 20:00, inside the workspace's 21:00.
		b.clock.Set(instant("2026-03-10T00:30:00Z"))
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", miamiNumber, "")
		_, reasons, next := refusal(t, err, sb.EDNCBlocked)
		require.Equal(t, []string{sb.ReasonDNCBlocked, sb.ReasonStateRule}, reasons)
		require.Empty(t, next, "no instant unblocks a do-not-call number")

		// 21:30: both windows, in order; the old details stay.
		b.clock.Set(instant("2026-03-10T01:30:00Z"))
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", laNumber, "") // 18:30 in Los Angeles
		require.NoError(t, err)
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", nyNumber, "")
		details, reasons, next := refusal(t, err, sb.EOutsideCallingHours)
		require.Equal(t, []string{sb.ReasonOutsideCallingHours}, reasons)
		require.Equal(t, "America/New_York", details["timeZone"])
		require.Equal(t, "2026-03-09T21:30:00-04:00", details["localTime"])
		require.Equal(t, "2026-03-10T12:00:00Z", next)
	})
}

// Florida's cap (Fla. Stat. 501.616(6)(b)): three calls to one number in
// 24 hours, whoever dials; the fourth is refused on every path, with the
// instant the oldest leaves the 24 hours. A refused call does not count.
func TestDialCheckFloridaCap(t *testing.T) {
	onEachDBWide(t, func(t *testing.T, b *flowBundle, ada string) {
		ctx := context.Background()
		now := instant("2026-03-10T16:00:00Z") // noon in Miami
		b.clock.Set(now)
		bob := b.agent(t, b.ws, "bob")
		_, err := b.flow.ClickToCall(ctx, b.ws, "ada", miamiNumber, "")
		require.NoError(t, err)
		ans, doc, _ := b.control(t, callflow.ControlRequest{From: bob, Caller: bob, To: miamiNumber, WorkspaceID: b.ws})
		b.requirePlaced(t, ans, doc)
		_, err = b.flow.ClickToCall(ctx, b.ws, "bob", miamiNumber, "")
		require.NoError(t, err)

		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", miamiNumber, "")
		details, reasons, next := refusal(t, err, sb.EStateRule)
		require.Equal(t, []string{sb.ReasonStateRule}, reasons)
		require.Contains(t, details["to"], "501.616(6)(b)")
		at, err := time.Parse(time.RFC3339, next)
		require.NoError(t, err)
		require.WithinRange(t, at, now.Add(23*time.Hour+55*time.Minute), now.Add(24*time.Hour),
			"when the oldest of the three leaves the 24 hours")

		ans, doc, c := b.control(t, callflow.ControlRequest{From: ada, Caller: ada, To: miamiNumber, WorkspaceID: b.ws})
		requireRefused(t, ans, doc, c, sb.EStateRule)
		// The refused calls did not count: the check still sees three.
		check, err := b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{To: miamiNumber})
		require.NoError(t, err)
		require.Contains(t, check.Reasons[0].Message, "3 calls")

		// Another Florida number is not capped.
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", "+13055551235", "")
		require.NoError(t, err)
	})
}

// The workspace's attempt limit counts every agent's calls to a number,
// and a late click-to-call answered by its agent does not count itself.
func TestDialCheckAttemptLimit(t *testing.T) {
	onEachDBWide(t, func(t *testing.T, b *flowBundle, ada string) {
		ctx := context.Background()
		b.settings(t, sb.WorkspaceSettingsPatch{SetAttemptLimit: true, AttemptLimit: &sb.AttemptLimit{Max: 2, WindowHours: 1}})
		now := b.clock.Now()
		first, err := b.flow.ClickToCall(ctx, b.ws, "ada", laNumber, "")
		require.NoError(t, err)
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", laNumber, "")
		require.NoError(t, err)
		ans, doc, _ := b.agentAnswers(t, first.CallSID)
		b.requirePlaced(t, ans, doc)

		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", laNumber, "")
		_, reasons, next := refusal(t, err, sb.EAttemptLimit)
		require.Equal(t, []string{sb.ReasonAttemptLimit}, reasons)
		at, err := time.Parse(time.RFC3339, next)
		require.NoError(t, err)
		require.WithinRange(t, at, now.Add(55*time.Minute), now.Add(time.Hour))
		bob := b.agent(t, b.ws, "bob")
		ans, doc, c := b.control(t, callflow.ControlRequest{From: bob, Caller: bob, To: laNumber, WorkspaceID: b.ws})
		requireRefused(t, ans, doc, c, sb.EAttemptLimit)

		// Both caps at once: the state's reason comes before the workspace's.
		b.settings(t, sb.WorkspaceSettingsPatch{SetAttemptLimit: true, AttemptLimit: &sb.AttemptLimit{Max: 1, WindowHours: 48}})
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", miamiNumber, "")
		require.NoError(t, err)
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", miamiNumber, "")
		_, reasons, _ = refusal(t, err, sb.EAttemptLimit)
		require.Equal(t, []string{sb.ReasonAttemptLimit}, reasons, "one call leaves Florida's cap open")

		b.settings(t, sb.WorkspaceSettingsPatch{SetAttemptLimit: true})
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", laNumber, "")
		require.NoError(t, err, "the limit removed")
	})
}

// The contact's own zone narrows the window: a Los Angeles number whose
// contact lives in New York is refused at 21:30 New York time.
func TestDialCheckContactZone(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		contact := &sb.Contact{WorkspaceID: b.ws, FirstName: "Grace", Phone: laNumber, TimeZone: "America/New_York"}
		require.NoError(t, b.db.CreateContact(ctx, contact))
		b.clock.Set(instant("2026-01-15T02:30:00Z")) // 21:30 in New York, 18:30 in Los Angeles
		check, err := b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{ContactID: contact.ID})
		require.NoError(t, err)
		require.Equal(t, laNumber, check.To)
		require.False(t, check.Allowed)
		require.Equal(t, []string{"America/Los_Angeles", "America/New_York"}, check.TimeZones)
		require.Equal(t, sb.ReasonOutsideCallingHours, check.Reasons[0].Code)
		require.Contains(t, check.Reasons[0].Message, "America/New_York")
		require.Equal(t, instant("2026-01-15T16:00:00Z"), *check.NextAllowedAt, "08:00 in Los Angeles: both zones inside")

		_, err = b.flow.StartCall(ctx, b.ws, "ada", callflow.CallRequest{ContactID: contact.ID})
		details, _, _ := refusal(t, err, sb.EOutsideCallingHours)
		require.Equal(t, "America/New_York", details["timeZone"])
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", laNumber, "")
		refusal(t, err, sb.EOutsideCallingHours)

		_, err = b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{ContactID: "nope"})
		requireCode(t, err, sb.ENotFound)
		_, err = b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{To: "12"})
		requireCode(t, err, sb.EInvalidPhone, "to")
		_, err = b.flow.CheckDial(ctx, b.ws, callflow.DialCheckRequest{})
		requireCode(t, err, sb.EInvalid, "to")
	})
}

// A pending dial recovered after a restart meets the dial check again:
// written at 19:59 in Miami, recovered at 20:00, it fails with the state's
// reason, its agent leg hung up, and the customer is never rung.
func TestRecoveredDialRefusedByStateRule(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			b, _ := wide(t, d.Open, func(c *callflow.Config) { c.MaxPendingAge = time.Hour })
			ctx := context.Background()
			callSID := "CA" + strings.Repeat("e", 32)
			b.clock.Set(miami1959)
			_, err := b.db.BeginCall(ctx, &sb.Call{CallSID: callSID, WorkspaceID: b.ws, AgentIdentity: "ada", To: miamiNumber,
				From: callerIDA, Status: sb.CallInitiated, ConferenceName: "sb-" + callSID}, -time.Second)
			require.NoError(t, err)
			b.clock.Set(miami2000)
			n, err := b.flow.Recover(ctx)
			require.NoError(t, err)
			require.Equal(t, 1, n)
			b.settle(t)
			c, err := b.db.FindCallByLeg(ctx, callSID)
			require.NoError(t, err)
			require.Equal(t, sb.CallFailed, c.Status)
			require.True(t, strings.HasPrefix(c.FailureReason, sb.EStateRule+":"), c.FailureReason)
			require.NotEmpty(t, b.fake.HangUps(callSID), "the agent leg is hung up")
			require.Zero(t, b.dialled(miamiNumber))
		})
	}
}

// Two instances over one PostgreSQL dial one number at once, past the
// workspace's attempt limit: the count and the write of each call are one
// decision per number, so exactly max calls are placed and every other is
// refused, whichever instance took it.
func TestAttemptLimitTwoInstances(t *testing.T) {
	dbURL := storetest.PostgresURL(t)
	ctx := context.Background()
	ws := storetest.NewWorkspaceID()
	var flows []*flowBundle
	for range 2 {
		db, err := store.Open(ctx, dbURL, slog.New(slog.DiscardHandler))
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		require.NoError(t, db.Migrate(ctx))
		flows = append(flows, newFlow(t, func(testing.TB, ...store.Option) *store.DB { return db }))
		flows[len(flows)-1].ws = ws
	}
	ada := flows[0].agent(t, ws, "ada")
	flows[0].verifiedCallerID(t, ws, callerIDA)
	flows[0].window(t, ws, "00:00", "24:00", "UTC")
	const max, dials = 2, 16
	_, err := flows[0].db.UpdateWorkspaceSettings(ctx, ws, sb.WorkspaceSettingsPatch{
		SetAttemptLimit: true, AttemptLimit: &sb.AttemptLimit{Max: max, WindowHours: 24}})
	require.NoError(t, err)

	var wg sync.WaitGroup
	answers := make([]callflow.Answer, dials)
	sids := make([]string, dials)
	start := make(chan struct{})
	for i := range dials {
		sids[i] = sid("CA")
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			ans, err := flows[i%2].flow.Control(ctx, callflow.ControlRequest{CallSID: sids[i], From: ada, Caller: ada,
				To: laNumber, WorkspaceID: ws})
			assert.NoError(t, err)
			answers[i] = ans
		}()
	}
	close(start)
	wg.Wait()
	placed, refused := 0, 0
	for i, ans := range answers {
		c, err := flows[0].db.FindCallByLeg(ctx, sids[i])
		require.NoError(t, err)
		if ans.Then != nil {
			placed++
			ans.Then()
			continue
		}
		require.True(t, strings.HasPrefix(c.FailureReason, sb.EAttemptLimit+":"), c.FailureReason)
		refused++
	}
	require.Equal(t, max, placed, "exactly the limit's calls are placed")
	require.Equal(t, dials-max, refused)
	for _, f := range flows {
		f.settle(t)
	}
}
