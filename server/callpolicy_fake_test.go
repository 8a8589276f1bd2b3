package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// TestCallControlPolicyFakeTwilio: the call-control webhook as Twilio sends
// it, against a fake Twilio that records every REST request: each refusal
// is <Say> + <Hangup/>, the call failed with its reason, and no Calls.json
// create at all.
func TestCallControlPolicyFakeTwilio(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		vb.addCallerID(simCallerID)
		ctx := context.Background()
		_, _, err := vb.db.CreateToken(ctx, vb.wsB, "ada", sb.RoleAgent)
		require.NoError(t, err)
		seq := 0
		callml := func(client, to, workspaceID string) (string, resp) {
			seq++
			sid := fmt.Sprintf("CA%032d", seq)
			form := url.Values{"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {"client:" + client},
				"Caller": {"client:" + client}, "To": {to}, "Direction": {"inbound"}, "CallStatus": {"ringing"}}
			if workspaceID != "" {
				form.Set("workspaceId", workspaceID)
			}
			return sid, vb.webhook("POST", "/v1/voice/callml", form, fakeToken)
		}
		for _, tc := range []struct {
			name, client, to, ws, now, reason string
		}{
			{"B's ada names A", clientID(t, vb.wsB, "ada"), laNumber, vb.wsA, "2026-01-14T23:00:00Z", "forbidden"},
			{"a bare agent name", "ada", laNumber, vb.wsA, "2026-01-14T23:00:00Z", "forbidden"},
			{"an agent without a token", clientID(t, vb.wsA, "mallory"), laNumber, vb.wsA, "2026-01-14T23:00:00Z", "forbidden"},
			{"New York at 22:15", vb.ada(), nyNumber, vb.wsA, "2026-01-15T03:15:00Z", sb.EOutsideCallingHours},
			{"701 at 21:30 Central", vb.ada(), ndNumber, "", "2026-01-15T03:30:00Z", sb.EOutsideCallingHours},
		} {
			vb.clock.Set(instant(tc.now))
			sid, r := callml(tc.client, tc.to, tc.ws)
			require.Equal(t, http.StatusOK, r.status, "%s: %s", tc.name, r.body)
			requireRefusal(t, parseTwiML(t, r))
			c, err := vb.db.FindCallByLeg(ctx, sid)
			require.NoError(t, err, tc.name)
			require.Equal(t, sb.CallFailed, c.Status, tc.name)
			require.True(t, strings.HasPrefix(c.FailureReason, tc.reason+":"), "%s: %s", tc.name, c.FailureReason)
		}
		vb.settle()
		t.Logf("customer legs created for the refused calls: %d", len(vb.fake.Creates()))
		require.Empty(t, vb.fake.Creates(), "nobody was dialled")

		// The same agent inside the window is dialled, once.
		vb.clock.Set(instant("2026-01-15T01:30:00Z")) // 20:30 in New York
		_, r := callml(vb.ada(), nyNumber, vb.wsA)
		conferenceOf(t, parseTwiML(t, r))
		vb.settle()
		require.Len(t, vb.fake.Creates(), 1)
		require.Equal(t, nyNumber, vb.fake.Creates()[0].Form.Get("To"))
	})
}

// TestRecoveredDialAfterHours: a pending dial recovered after the callee's
// window closed (the webhook allowed it at 20:59, the process died, the
// next one recovers it at 21:00) fails instead of ringing the customer.
func TestRecoveredDialAfterHours(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true, maxPendingAge: time.Hour})
		ctx := context.Background()
		vb.clock.Set(instant("2026-01-15T02:00:00Z")) // 21:00 in New York, 18:00 in Los Angeles
		pending := func(sid, to string) {
			_, err := vb.db.BeginCall(ctx, &sb.Call{CallSID: sid, WorkspaceID: vb.wsA, AgentIdentity: "ada", To: to,
				From: simCallerID, Status: sb.CallInitiated, ConferenceName: "sb-" + sid}, -time.Second)
			require.NoError(t, err)
		}
		ny, la := "CA"+strings.Repeat("c", 32), "CA"+strings.Repeat("d", 32)
		pending(ny, nyNumber)
		pending(la, laNumber)
		n, err := vb.flow.Recover(ctx)
		require.NoError(t, err)
		require.Equal(t, 2, n)
		vb.settle()

		c, err := vb.db.FindCallByLeg(ctx, ny)
		require.NoError(t, err)
		require.Equal(t, sb.CallFailed, c.Status)
		require.True(t, strings.HasPrefix(c.FailureReason, sb.EOutsideCallingHours+":"), c.FailureReason)
		require.NotEmpty(t, vb.fake.HangUps(ny), "the agent leg is hung up")
		creates := vb.fake.Creates()
		t.Logf("customer legs: %s %d (of %d created)", nyNumber, countTo(creates, nyNumber), len(creates))
		require.Zero(t, countTo(creates, nyNumber), "New York is not dialled after 21:00")
		require.Equal(t, 1, countTo(creates, laNumber), "Los Angeles is")
		n, err = vb.flow.Recover(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "the failed call's dial is gone")
	})
}

func countTo(reqs []telephonytest.Request, to string) int {
	n := 0
	for _, r := range reqs {
		if r.Form.Get("To") == to {
			n++
		}
	}
	return n
}
