package callflow_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// What a transfer refuses, and that a refusal asks nothing of the
// provider and leaves the call as it was: a do-not-call target, an
// unknown type, another agent's call, another workspace's, a call not
// answered yet, a second transfer while one is pending; completing or
// canceling without a pending transfer, completing before the target
// answered.
func TestTransferRefusals(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, _ string) {
		ctx := context.Background()
		b.participants()
		const listed = "+15005550166"
		_, err := b.db.AddDNC(ctx, &sb.DNCEntry{WorkspaceID: b.ws, Phone: listed, AddedBy: "ada"})
		require.NoError(t, err)
		agent, _, _ := b.answered(t)
		ringing := sid("CA")
		b.call(t, ringing, sid("CA")) // dialled, not answered

		mark := b.fake.Count()
		refused := func(err error, code string, fields ...string) {
			t.Helper()
			requireCode(t, err, code, fields...)
		}
		_, err = b.flow.Transfer(ctx, b.ws, "ada", agent, listed, sb.TransferWarm)
		refused(err, sb.EDNCBlocked, "target")
		_, err = b.flow.Transfer(ctx, b.ws, "ada", agent, laNumber, "blind")
		refused(err, sb.EInvalid, "type")
		_, err = b.flow.Transfer(ctx, b.ws, "grace", agent, laNumber, sb.TransferWarm)
		refused(err, sb.ENotAgentParticipant)
		_, err = b.flow.Transfer(ctx, "ws_other", "ada", agent, laNumber, sb.TransferWarm)
		refused(err, sb.ENotFound)
		_, err = b.flow.Transfer(ctx, b.ws, "ada", ringing, laNumber, sb.TransferWarm)
		refused(err, sb.ECallNotActive)
		_, err = b.flow.CompleteTransfer(ctx, b.ws, "ada", agent)
		refused(err, sb.ENoPendingTransfer)
		_, err = b.flow.CancelTransfer(ctx, b.ws, "ada", agent)
		refused(err, sb.ENoPendingTransfer)
		_, err = b.flow.CompleteTransfer(ctx, b.ws, "ada", ringing)
		refused(err, sb.ECallNotActive)
		require.Empty(t, b.fake.Since(mark), "nothing was asked of the provider")
		c, err := b.db.FindCall(ctx, b.ws, agent)
		require.NoError(t, err)
		require.Nil(t, c.Transfer)
		require.False(t, c.OnHold)

		c, err = b.flow.Transfer(ctx, b.ws, "ada", agent, laNumber, sb.TransferWarm)
		require.NoError(t, err)
		require.Equal(t, sb.TransferDialing, c.Transfer.Status)
		require.True(t, c.OnHold, "a warm transfer holds the customer")
		mark = b.fake.Count()
		_, err = b.flow.Transfer(ctx, b.ws, "ada", agent, nyNumber, sb.TransferCold)
		refused(err, sb.ETransferPending, "transfer")
		_, err = b.flow.CompleteTransfer(ctx, b.ws, "ada", agent)
		refused(err, sb.ETransferPending)
		require.Empty(t, b.fake.Since(mark), "nothing was asked of the provider")

		c, err = b.flow.CancelTransfer(ctx, b.ws, "ada", agent)
		require.NoError(t, err)
		require.Equal(t, sb.TransferCanceled, c.Transfer.Status)
		require.False(t, c.OnHold, "the customer is unheld")
	})
}

// A call has one customer leg: the webhook repeated answers the same
// conference and dials nobody; a leg that asks to join after the call has
// its leg is hung up and not recorded; the recorded leg joins; and once
// the leg is recorded no recovery dials again.
func TestOneCustomerLeg(t *testing.T) {
	onEachDBWith(t, func(t *testing.T, b *flowBundle, ada string) {
		ctx := context.Background()
		req := callflow.ControlRequest{CallSID: sid("CA"), From: ada, Caller: ada, To: customer, WorkspaceID: b.ws}
		ans, doc, c := b.control(t, req)
		again, err := b.flow.Control(ctx, req)
		require.NoError(t, err)
		require.Nil(t, again.Then, "a repeated webhook dials nobody")
		b.requirePlaced(t, ans, doc)
		legs := b.fake.LegsFor(c.ConferenceName)
		require.Len(t, legs, 1)
		c, err = b.db.FindCallByLeg(ctx, req.CallSID)
		require.NoError(t, err)
		require.Equal(t, legs[0], c.CustomerCallSID)

		stray := sid("CA")
		twiml, err := b.flow.ConferenceJoin(ctx, c.ConferenceName, stray)
		require.NoError(t, err)
		root, err := telephonytest.ParseTwiML([]byte(twiml))
		require.NoError(t, err)
		require.Len(t, root.Kids, 1)
		require.Equal(t, "Hangup", root.Kids[0].Name, "a second leg is hung up")

		twiml, err = b.flow.ConferenceJoin(ctx, c.ConferenceName, legs[0])
		require.NoError(t, err)
		root, err = telephonytest.ParseTwiML([]byte(twiml))
		require.NoError(t, err)
		require.Equal(t, "Dial", root.Kids[0].Name, "the recorded leg joins")
		c, err = b.db.FindCallByLeg(ctx, req.CallSID)
		require.NoError(t, err)
		require.Equal(t, legs[0], c.CustomerCallSID, "the first leg stays")
		require.Equal(t, sb.CallAnswered, c.Status)

		n, err := b.flow.Recover(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "no dial is pending")
		b.settle(t)
		require.Len(t, b.fake.Creates(), 1, "the customer was dialled once")
	})
}
