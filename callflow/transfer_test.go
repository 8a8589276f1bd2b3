package callflow_test

import (
	"context"
	"log/slog"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
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

// A transfer target's callback can reach another instance before the one
// that added the target has written it: a busy line answers faster than the
// REST call returns. The other instance holds it, and the instance that
// added the target applies it once written, after its own steps, as it
// would apply a callback that had waited for the call's lock. Two flows
// over one database (on PostgreSQL, each with a pool of its own), the
// second receiving the callbacks while the fake holds the first's add.
func TestTransferTargetCallbackBeforeItIsWritten(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			var dbA, dbB *store.DB
			if d.Name == "postgres" {
				dbURL := storetest.PostgresURL(t)
				dbA, dbB = openInstance(t, dbURL), openInstance(t, dbURL)
			} else {
				dbA = d.Open(t)
				dbB = dbA
			}
			a, _ := policyFlow(t, func(testing.TB, ...store.Option) *store.DB { return dbA })
			b := newFlow(t, func(testing.TB, ...store.Option) *store.DB { return dbB })
			ctx := context.Background()

			// early, set per case, is what instance b is told about the
			// target while a's add is unanswered (the same status twice is
			// the provider repeating its callback).
			var early []string
			var agent string
			// The hook runs on the fake's handler goroutine, where a failed
			// assertion must not stop the goroutine (FailNow belongs to the
			// test's own).
			a.participantsAdding(func(leg string) {
				for _, status := range early {
					assert.NoError(t, b.flow.TransferStatus(ctx, agent, callflow.StatusRequest{CallSID: leg, CallStatus: status, Sequence: 1}))
				}
			})
			targetEvents := func(c *sb.Call) (held []string, steps []string) {
				events, err := dbA.ListCallEvents(ctx, c.CallSID)
				require.NoError(t, err)
				for _, ev := range events {
					switch {
					case ev.LegSID != c.Transfer.TargetCallSID:
					case ev.Source == sb.EventStatusCallback:
						require.False(t, ev.Applied, "a held callback is recorded, its change written as a transfer step")
						held = append(held, ev.ProviderStatus)
					case ev.Source == sb.EventTransfer:
						steps = append(steps, ev.ProviderStatus)
					}
				}
				return held, steps
			}

			t.Run("WarmBusy", func(t *testing.T) {
				var customer, conf string
				agent, customer, conf = a.answered(t)
				early = []string{"busy", "busy"} // the second a repeat
				c, err := a.flow.Transfer(ctx, a.ws, "ada", agent, laNumber, sb.TransferWarm)
				require.NoError(t, err)
				require.Equal(t, sb.TransferFailed, c.Transfer.Status, "the held busy ends the transfer")
				require.False(t, c.OnHold, "and the customer is unheld")
				held, steps := targetEvents(c)
				require.Equal(t, []string{"busy"}, held, "held once")
				require.Equal(t, []string{sb.TransferDialing, sb.TransferFailed}, steps)
				var holds []string
				for _, r := range a.fake.Matching(http.MethodPost, "/Conferences/"+conf+"/Participants/"+customer+".json") {
					holds = append(holds, r.Form.Get("Hold"))
				}
				require.Equal(t, []string{"true", "false"}, holds, "held for the transfer, unheld when it failed")
			})

			t.Run("WarmAnswered", func(t *testing.T) {
				agent, _, _ = a.answered(t)
				early = []string{"in-progress"}
				c, err := a.flow.Transfer(ctx, a.ws, "ada", agent, laNumber, sb.TransferWarm)
				require.NoError(t, err)
				require.Equal(t, sb.TransferTalking, c.Transfer.Status, "the held answer is applied")
				require.True(t, c.OnHold)
				c, err = a.flow.CompleteTransfer(ctx, a.ws, "ada", agent)
				require.NoError(t, err)
				require.Equal(t, sb.TransferCompleted, c.Transfer.Status)
				_, steps := targetEvents(c)
				require.Equal(t, []string{sb.TransferDialing, sb.TransferTalking, sb.TransferCompleted}, steps)
			})

			t.Run("ColdBusy", func(t *testing.T) {
				var customer string
				agent, customer, _ = a.answered(t)
				early = []string{"busy"}
				c, err := a.flow.Transfer(ctx, a.ws, "ada", agent, laNumber, sb.TransferCold)
				require.NoError(t, err)
				// Cold, the agent is out before the callback is applied:
				// the target that never came leaves the customer alone,
				// and the customer's leg is ended.
				require.Equal(t, sb.TransferCompleted, c.Transfer.Status)
				a.settle(t)
				require.NotEmpty(t, a.fake.HangUps(customer), "the customer left alone is hung up")
				held, _ := targetEvents(c)
				require.Equal(t, []string{"busy"}, held)
			})

			t.Run("NotATarget", func(t *testing.T) {
				// A callback about a leg no transfer names stays held and
				// changes nothing.
				agent, _, _ = a.answered(t)
				early = nil
				stray := sid("CA")
				require.NoError(t, b.flow.TransferStatus(ctx, agent, callflow.StatusRequest{CallSID: stray, CallStatus: "busy", Sequence: 0}))
				c, err := a.flow.Transfer(ctx, a.ws, "ada", agent, laNumber, sb.TransferWarm)
				require.NoError(t, err)
				require.Equal(t, sb.TransferDialing, c.Transfer.Status)
				events, err := dbA.ListCallEvents(ctx, agent)
				require.NoError(t, err)
				for _, ev := range events {
					require.NotEqual(t, stray, ev.LegSID)
				}
			})
		})
	}
}

// openInstance opens and migrates a store of its own on dbURL, as another
// instance of the service would.
func openInstance(t *testing.T, dbURL string) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, dbURL, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(ctx))
	return db
}
