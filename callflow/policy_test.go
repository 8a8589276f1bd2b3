package callflow_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// customer is a number every test zone is inside its hours for at
// afternoon; no test lists it as do-not-call.
const customer = "+15005550100"

// Who may call: each refusal is <Say> + <Hangup/>, the call failed with
// its reason, and nobody dialled; the same agent inside the window is
// dialled, once.
func TestControlPolicy(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, ada string) {
		wsB := storetest.NewWorkspaceID()
		adaB := b.agent(t, wsB, "ada")
		for _, tc := range []struct {
			name, client, to, ws, now, reason string
		}{
			{"B's ada names A", adaB, laNumber, b.ws, "2026-01-14T23:00:00Z", "forbidden"},
			{"a bare agent name", "client:ada", laNumber, b.ws, "2026-01-14T23:00:00Z", "forbidden"},
			{"an agent without a token", "client:" + clientIdentity(t, b.ws, "mallory"), laNumber, b.ws, "2026-01-14T23:00:00Z", "forbidden"},
			{"New York at 22:15", ada, nyNumber, b.ws, "2026-01-15T03:15:00Z", sb.EOutsideCallingHours},
			{"701 at 21:30 Central", ada, ndNumber, "", "2026-01-15T03:30:00Z", sb.EOutsideCallingHours},
		} {
			t.Run(tc.name, func(t *testing.T) {
				b.clock.Set(instant(tc.now))
				ans, doc, c := b.control(t, callflow.ControlRequest{From: tc.client, Caller: tc.client, To: tc.to, WorkspaceID: tc.ws})
				requireRefused(t, ans, doc, c, tc.reason)
			})
		}
		b.settle(t)
		t.Logf("customer legs created for the refused calls: %d", len(b.fake.Creates()))
		require.Empty(t, b.fake.Creates(), "nobody was dialled")

		b.clock.Set(instant("2026-01-15T01:30:00Z")) // 20:30 in New York
		ans, doc, _ := b.control(t, callflow.ControlRequest{From: ada, Caller: ada, To: nyNumber, WorkspaceID: b.ws})
		b.requirePlaced(t, ans, doc)
		require.Len(t, b.fake.Creates(), 1)
		require.Equal(t, nyNumber, b.fake.Creates()[0].Form.Get("To"))
	})
}

// Agents named alike in two workspaces are two client identities, and the
// call-control webhook takes the tenant from the identity, never from the
// workspaceId the browser sends.
func TestIdentitiesAcrossWorkspaces(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		wsB := storetest.NewWorkspaceID()
		adaB := b.agent(t, wsB, "ada")
		b.verifiedCallerID(t, wsB, "+15005550007")

		t.Run("ForeignWorkspaceRefused", func(t *testing.T) {
			// B's ada names A's workspace and A's caller ID.
			ans, doc, c := b.control(t, callflow.ControlRequest{From: adaB, Caller: adaB, To: laNumber, WorkspaceID: b.ws, CallerID: callerIDA})
			requireRefused(t, ans, doc, c, "forbidden")
			mine, err := b.flow.CallFor(ctx, wsB, "ada", c.CallSID)
			require.NoError(t, err, "recorded in her own workspace")
			require.Equal(t, sb.CallFailed, mine.Status)
			require.Equal(t, wsB, mine.WorkspaceID)
			_, err = b.flow.CallFor(ctx, b.ws, "ada", c.CallSID)
			requireCode(t, err, sb.ENotFound)
			_, meta, err := b.flow.ListCalls(ctx, b.ws, "ada", sb.RoleAgent, sb.CallFilter{}, sb.Page{Limit: 50})
			require.NoError(t, err)
			require.Zero(t, meta.Total, "nothing appears in A")
			b.settle(t)
			require.Equal(t, 0, b.dialled(laNumber), "nobody was dialled")
		})

		t.Run("BareAgentNameRefused", func(t *testing.T) {
			// An identity this service did not issue (the old, bare name).
			ans, doc, c := b.control(t, callflow.ControlRequest{From: "client:ada", Caller: "client:ada", To: laNumber, WorkspaceID: b.ws})
			requireRefused(t, ans, doc, c, "forbidden")
			require.Empty(t, c.WorkspaceID, "recorded in no workspace")
			b.settle(t)
			require.Equal(t, 0, b.dialled(laNumber))
		})

		t.Run("OwnWorkspace", func(t *testing.T) {
			// Without workspaceId, B's ada calls from B.
			ans, doc, c := b.control(t, callflow.ControlRequest{From: adaB, Caller: adaB, To: customer})
			b.requirePlaced(t, ans, doc)
			mine, err := b.flow.CallFor(ctx, wsB, "ada", c.CallSID)
			require.NoError(t, err)
			require.Equal(t, wsB, mine.WorkspaceID)
			require.Equal(t, "ada", mine.AgentIdentity)
			require.Equal(t, "+15005550007", mine.From, "B's default caller ID")
			require.NotEqual(t, sb.CallFailed, mine.Status)
			_, err = b.flow.CallFor(ctx, b.ws, "ada", c.CallSID)
			requireCode(t, err, sb.ENotFound)
		})

		t.Run("TooLongForTwilio", func(t *testing.T) {
			// 100 + "." + 3 + "_5F"… escapes: over Twilio's 121 characters.
			_, err := b.flow.ClickToCall(ctx, strings.Repeat("w_", 50), "ada", laNumber, "")
			requireCode(t, err, sb.EInvalid, "identity")
			require.Equal(t, 0, b.dialled(laNumber))
		})

		t.Run("ClickToCallRingsTheIdentity", func(t *testing.T) {
			c, err := b.flow.ClickToCall(ctx, wsB, "ada", customer, "")
			require.NoError(t, err)
			creates := b.fake.Creates()
			require.Equal(t, "client:"+clientIdentity(t, wsB, "ada"), creates[len(creates)-1].Form.Get("To"))
			ans, doc, call := b.agentAnswers(t, c.CallSID)
			b.requirePlaced(t, ans, doc)
			call, err = b.db.FindCallByLeg(ctx, call.CallSID)
			require.NoError(t, err)
			require.NoError(t, b.flow.Status(ctx, callflow.StatusRequest{CallSID: call.CustomerCallSID, CallStatus: "in-progress", Sequence: 0}))
			mine, err := b.flow.CallFor(ctx, wsB, "ada", c.CallSID)
			require.NoError(t, err)
			require.Equal(t, sb.CallAnswered, mine.Status, "B's click-to-call is answered in B")
		})
	})
}

// A number belongs to one workspace: another workspace's number is
// refused with caller_id_taken without naming the holder, starts no
// validation call, is not listed, and cannot be dialled from.
func TestCallerIDOneWorkspace(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		ctx := context.Background()
		wsB := storetest.NewWorkspaceID()
		alanB := b.agent(t, wsB, "alan")
		// The account owns callerIDA; any other number needs validating.
		b.fake.Answer(http.MethodGet, "/2010-04-01/Accounts/"+telephonytest.Account+"/IncomingPhoneNumbers.json", http.StatusOK,
			`{"incoming_phone_numbers": [{"phone_number": "`+callerIDA+`"}], "next_page_uri": null}`)
		validations := func() int { return len(b.fake.Matching(http.MethodPost, "/OutgoingCallerIds.json")) }

		c, err := b.flow.CreateCallerID(ctx, b.ws, callerIDA, "A", false)
		require.NoError(t, err)
		require.Equal(t, sb.CallerIDVerified, c.Status)

		_, err = b.flow.CreateCallerID(ctx, wsB, callerIDA, "B", true)
		requireCode(t, err, sb.ECallerIDTaken, "phoneNumber")
		require.NotContains(t, sb.ErrorMessage(err), b.ws, "the holder is not named")
		_, err = b.flow.CreateCallerID(ctx, b.ws, callerIDA, "again", false)
		requireCode(t, err, sb.ECallerIDExists, "phoneNumber")

		_, meta, err := b.flow.ListCallerIDs(ctx, wsB, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Zero(t, meta.Total, "not listed in B")
		_, meta, err = b.flow.ListCallerIDs(ctx, b.ws, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Equal(t, 1, meta.Total)

		// A pending number of A is taken too, and B starts no validation call for it.
		c, err = b.flow.CreateCallerID(ctx, b.ws, laNumber, "", false)
		require.NoError(t, err)
		require.Equal(t, sb.CallerIDPending, c.Status)
		require.NotEmpty(t, c.ValidationCode)
		before := validations()
		_, err = b.flow.CreateCallerID(ctx, wsB, laNumber, "", false)
		requireCode(t, err, sb.ECallerIDTaken)
		require.Equal(t, before, validations(), "no validation call for B")

		_, err = b.flow.ClickToCall(ctx, wsB, "alan", customer, callerIDA)
		requireCode(t, err, sb.ECallerIDNotAllowed, "from")
		ans, doc, call := b.control(t, callflow.ControlRequest{From: alanB, Caller: alanB, To: customer, CallerID: callerIDA})
		requireRefused(t, ans, doc, call, sb.ECallerIDNotAllowed)
		b.settle(t)
		t.Logf("customer legs to %s: %d", customer, b.dialled(customer))
		require.Equal(t, 0, b.dialled(customer), "nobody was dialled")
	})
}
