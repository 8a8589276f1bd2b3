package callflow_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// The calling window on every dial path, at fixed instants of an injected
// clock, with the window set explicitly (08:00-21:00, UTC for numbers
// without a zone).

// A click-to-call outside the callee's hours is refused with the callee's
// local time and zone, before anyone is rung, the agent included, and
// nothing is stored; one inside them rings the agent and then the customer.
func TestCallingHoursClickToCall(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		// 03:15 UTC: 22:15 in New York, 19:15 in Los Angeles.
		b.clock.Set(instant("2026-01-15T03:15:00Z"))
		_, err := b.flow.ClickToCall(ctx, b.ws, "ada", nyNumber, "")
		details := requireCode(t, err, sb.EOutsideCallingHours, "to", "localTime", "timeZone")
		require.Equal(t, "2026-01-14T22:15:00-05:00", details["localTime"])
		require.Equal(t, "America/New_York", details["timeZone"])
		require.Contains(t, details["to"], "08:00–21:00")
		require.Empty(t, b.fake.Requests(), "nobody was rung, not even the agent")
		_, meta, err := b.flow.ListCalls(ctx, b.ws, "ada", sb.RoleAgent, sb.CallFilter{}, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Zero(t, meta.Total, "no call was stored")

		c, err := b.flow.ClickToCall(ctx, b.ws, "ada", laNumber, "")
		require.NoError(t, err)
		ans, doc, call := b.agentAnswers(t, c.CallSID)
		b.requirePlaced(t, ans, doc)
		call, err = b.db.FindCallByLeg(ctx, call.CallSID)
		require.NoError(t, err)
		require.NotEmpty(t, call.CustomerCallSID)
		require.NoError(t, b.flow.Status(ctx, callflow.StatusRequest{CallSID: call.CustomerCallSID, CallStatus: "in-progress", Sequence: 0}))
		call, err = b.db.FindCall(ctx, b.ws, c.CallSID)
		require.NoError(t, err)
		require.Equal(t, sb.CallAnswered, call.Status)
		t.Logf("customer legs: %s %d, %s %d", nyNumber, b.dialled(nyNumber), laNumber, b.dialled(laNumber))
		require.Equal(t, 0, b.dialled(nyNumber))
		require.Equal(t, 1, b.dialled(laNumber))
	})
}

// The call-control webhook outside the callee's hours refuses the call and
// records why, naming the zone.
func TestCallingHoursControl(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, ada string) {
		b.clock.Set(instant("2026-01-15T03:15:00Z")) // 22:15 in New York
		ans, doc, c := b.control(t, callflow.ControlRequest{From: ada, Caller: ada, To: nyNumber, WorkspaceID: b.ws})
		requireRefused(t, ans, doc, c, sb.EOutsideCallingHours)
		require.Contains(t, c.FailureReason, "America/New_York")
		b.settle(t)
		require.Equal(t, 0, b.dialled(nyNumber), "nobody was dialled")
	})
}

// The window is checked again when the agent answers a click-to-call:
// here it closed between the two.
func TestCallingHoursClickToCallAnsweredAfterHours(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		b.clock.Set(instant("2026-01-15T01:59:00Z")) // 20:59 in New York
		c, err := b.flow.ClickToCall(context.Background(), b.ws, "ada", nyNumber, "")
		require.NoError(t, err)
		b.clock.Set(instant("2026-01-15T02:00:00Z")) // 21:00: closed
		ans, doc, call := b.agentAnswers(t, c.CallSID)
		requireRefused(t, ans, doc, call, sb.EOutsideCallingHours)
		b.settle(t)
		require.Equal(t, 0, b.dialled(nyNumber))
	})
}

// Every zone a number has must be inside the window, on its own daylight
// saving rules; a number without a zone is read in the workspace's.
func TestCallingHoursZonesAndDST(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		for _, tc := range []struct {
			name, to, now string
			zone          string // "" when allowed
		}{
			{"New York, the day before spring-forward, 07:30 EST", nyNumber, "2026-03-07T12:30:00Z", "America/New_York"},
			{"New York, spring-forward day, 08:30 EDT", nyNumber, "2026-03-08T12:30:00Z", ""},
			{"New York, the day before fall-back, 08:30 EDT", nyNumber, "2026-10-31T12:30:00Z", ""},
			{"New York, fall-back day, 07:30 EST", nyNumber, "2026-11-01T12:30:00Z", "America/New_York"},
			{"701: Denver 07:30, Central 08:30", ndNumber, "2026-01-14T14:30:00Z", "America/Denver"},
			{"701: Denver 08:30, Central 09:30", ndNumber, "2026-01-14T15:30:00Z", ""},
			{"701: Denver 20:30, Central 21:30", ndNumber, "2026-01-15T03:30:00Z", "America/North_Dakota/Center"},
			{"+800 (no zone), workspace in UTC at 23:30", noZoneNumber, "2026-01-14T23:30:00Z", "UTC"},
			{"+800 (no zone), workspace in UTC at 12:00", noZoneNumber, "2026-01-14T12:00:00Z", ""},
		} {
			b.clock.Set(instant(tc.now))
			_, err := b.flow.ClickToCall(ctx, b.ws, "ada", tc.to, "")
			if tc.zone == "" {
				require.NoError(t, err, tc.name)
				continue
			}
			details := requireCode(t, err, sb.EOutsideCallingHours, "timeZone")
			require.Equal(t, tc.zone, details["timeZone"], tc.name)
		}

		// The workspace's zone decides for a number without one.
		b.clock.Set(instant("2026-01-14T23:30:00Z")) // 08:30 in Tokyo
		b.window(t, b.ws, "08:00", "21:00", "Asia/Tokyo")
		_, err := b.flow.ClickToCall(ctx, b.ws, "ada", noZoneNumber, "")
		require.NoError(t, err)
	})
}

// The workspace's window decides: all day, a narrower one, none.
func TestCallingHoursWindowSettings(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		call := func() error {
			_, err := b.flow.ClickToCall(ctx, b.ws, "ada", nyNumber, "")
			return err
		}
		b.clock.Set(instant("2026-01-14T08:00:00Z")) // 03:00 in New York
		requireCode(t, call(), sb.EOutsideCallingHours)

		b.window(t, b.ws, "00:00", "24:00", "")
		require.NoError(t, call(), "all day")

		b.window(t, b.ws, "09:00", "17:00", "")
		b.clock.Set(instant("2026-01-14T22:30:00Z")) // 17:30 in New York: inside 08-21, outside this one
		requireCode(t, call(), sb.EOutsideCallingHours)

		b.window(t, b.ws, "", "", "")
		b.clock.Set(instant("2026-01-14T08:00:00Z"))
		require.NoError(t, call(), "window off")
	})
}

// A transfer target is a callee like any other: outside its hours the
// transfer is refused before anything is asked of the provider, and
// nothing of it is stored.
func TestCallingHoursTransferTarget(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		b.participants()
		agent, _, _ := b.answered(t)
		b.clock.Set(instant("2026-01-15T02:15:00Z")) // 21:15 in New York, 18:15 in Los Angeles
		mark := b.fake.Count()
		_, err := b.flow.Transfer(ctx, b.ws, "ada", agent, nyNumber, sb.TransferWarm)
		requireCode(t, err, sb.EOutsideCallingHours, "target", "timeZone")
		c, err := b.db.FindCall(ctx, b.ws, agent)
		require.NoError(t, err)
		require.Nil(t, c.Transfer, "nothing of the transfer was stored")
		require.False(t, c.OnHold, "the customer was not held")
		require.Empty(t, b.fake.Since(mark), "the target was not dialled")

		c, err = b.flow.Transfer(ctx, b.ws, "ada", agent, laNumber, sb.TransferWarm)
		require.NoError(t, err, "18:15 in Los Angeles")
		require.NotNil(t, c.Transfer)
		require.Equal(t, laNumber, c.Transfer.Target)
	})
}

// A pending dial recovered after the callee's window closed (the webhook
// allowed it at 20:59, the process died, the next one recovers it at
// 21:00) fails instead of ringing the customer, and its agent leg is hung
// up; a callee still inside its hours is dialled.
func TestRecoveredDialAfterHours(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			b, _ := policyFlow(t, d.Open, func(c *callflow.Config) { c.MaxPendingAge = time.Hour })
			ctx := context.Background()
			b.clock.Set(instant("2026-01-15T02:00:00Z")) // 21:00 in New York, 18:00 in Los Angeles
			pending := func(sid, to string) {
				_, err := b.db.BeginCall(ctx, &sb.Call{CallSID: sid, WorkspaceID: b.ws, AgentIdentity: "ada", To: to,
					From: callerIDA, Status: sb.CallInitiated, ConferenceName: "sb-" + sid}, -time.Second)
				require.NoError(t, err)
			}
			ny, la := "CA"+strings.Repeat("c", 32), "CA"+strings.Repeat("d", 32)
			pending(ny, nyNumber)
			pending(la, laNumber)
			n, err := b.flow.Recover(ctx)
			require.NoError(t, err)
			require.Equal(t, 2, n)
			b.settle(t)

			c, err := b.db.FindCallByLeg(ctx, ny)
			require.NoError(t, err)
			require.Equal(t, sb.CallFailed, c.Status)
			require.True(t, strings.HasPrefix(c.FailureReason, sb.EOutsideCallingHours+":"), c.FailureReason)
			require.NotEmpty(t, b.fake.HangUps(ny), "the agent leg is hung up")
			t.Logf("customer legs: %s %d (of %d created)", nyNumber, b.dialled(nyNumber), len(b.fake.Creates()))
			require.Zero(t, b.dialled(nyNumber), "New York is not dialled after 21:00")
			require.Equal(t, 1, b.dialled(laNumber), "Los Angeles is")
			n, err = b.flow.Recover(ctx)
			require.NoError(t, err)
			require.Zero(t, n, "the failed call's dial is gone")
		})
	}
}
