package callflow_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

const hungUpReason = "hung_up: the agent hung up before the customer answered"

// legPath is a leg's resource under the fake's account.
func legPath(sid string) string {
	return "/2010-04-01/Accounts/" + telephonytest.Account + "/Calls/" + sid + ".json"
}

// endSteps lists the Status of every update of the legs, in order, as
// "leg=status" with leg named by who.
func endSteps(f *telephonytest.Twilio, mark int, who map[string]string) []string {
	var out []string
	for _, r := range f.Since(mark) {
		for sid, name := range who {
			if r.Method == http.MethodPost && r.Path == legPath(sid) {
				out = append(out, name+"="+r.Form.Get("Status"))
			}
		}
	}
	return out
}

// answer records the customer answering (the conference-join request).
func (b *flowBundle) answer(t *testing.T, agent, customer string) {
	t.Helper()
	_, err := b.db.RecordCallEvent(context.Background(), &sb.CallEvent{CallSID: agent, LegSID: customer,
		Source: sb.EventConferenceJoin, ProviderStatus: "in-progress", Status: sb.CallAnswered, Sequence: -1})
	require.NoError(t, err)
}

// What a hang-up asks of the provider and writes, by the call's state: the
// customer leg first (canceled while it rings, completed once answered or
// when a cancel finds it answered), then the agent leg; an answered call
// completes, one not answered fails and says why; an ended call is
// answered as it is.
func TestHangupByState(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		ctx := context.Background()
		hangUp := func(agent string) (*sb.Call, error) { return b.flow.HangUp(ctx, b.ws, "ada", agent) }

		t.Run("Answered", func(t *testing.T) {
			agent, cust := sid("CA"), sid("CA")
			b.call(t, agent, cust)
			b.answer(t, agent, cust)
			mark := b.fake.Count()
			c, err := hangUp(agent)
			require.NoError(t, err)
			require.Equal(t, sb.CallCompleted, c.Status)
			require.Empty(t, c.FailureReason)
			require.NotNil(t, c.EndedAt)
			require.NotNil(t, c.Duration)
			who := map[string]string{agent: "agent", cust: "customer"}
			require.Equal(t, []string{"customer=completed", "agent=completed"}, endSteps(b.fake, mark, who))

			mark = b.fake.Count()
			again, err := hangUp(agent)
			require.NoError(t, err, "idempotent")
			require.Equal(t, c.EndedAt, again.EndedAt)
			require.Empty(t, b.fake.Since(mark), "an ended call asks nothing of the provider")
		})

		t.Run("Ringing", func(t *testing.T) {
			agent, cust := sid("CA"), sid("CA")
			b.call(t, agent, cust)
			require.NoError(t, b.flow.Status(ctx, callflow.StatusRequest{CallSID: cust, CallStatus: "ringing", Sequence: 0}))
			mark := b.fake.Count()
			c, err := hangUp(agent)
			require.NoError(t, err)
			require.Equal(t, sb.CallFailed, c.Status)
			require.Equal(t, hungUpReason, c.FailureReason)
			require.Nil(t, c.AnsweredAt)
			require.Equal(t, []string{"customer=canceled", "agent=completed"},
				endSteps(b.fake, mark, map[string]string{agent: "agent", cust: "customer"}))
			// The leg's own end, reported after, changes nothing.
			require.NoError(t, b.flow.Status(ctx, callflow.StatusRequest{CallSID: cust, CallStatus: "canceled", Sequence: 1}))
			require.Equal(t, hungUpReason, b.settled(t, agent).FailureReason)
		})

		t.Run("AnsweredWhileCanceled", func(t *testing.T) {
			agent, cust := sid("CA"), sid("CA")
			b.call(t, agent, cust)
			b.fake.Answer("POST", legPath(cust), 200, `{"sid": "`+cust+`", "status": "in-progress"}`)
			mark := b.fake.Count()
			_, err := hangUp(agent)
			require.NoError(t, err)
			require.Equal(t, []string{"customer=canceled", "customer=completed", "agent=completed"},
				endSteps(b.fake, mark, map[string]string{agent: "agent", cust: "customer"}))
		})

		t.Run("DialPending", func(t *testing.T) {
			agent := sid("CA")
			b.call(t, agent, "")
			mark := b.fake.Count()
			c, err := hangUp(agent)
			require.NoError(t, err)
			require.Equal(t, sb.CallFailed, c.Status)
			require.Equal(t, hungUpReason, c.FailureReason)
			require.Equal(t, []string{"agent=completed"}, endSteps(b.fake, mark, map[string]string{agent: "agent"}))
			// The customer leg a create in flight makes after is hung up
			// at once: the call has ended.
			late := sid("CA")
			got, err := b.db.CustomerLegCreated(ctx, agent, late)
			require.NoError(t, err)
			require.True(t, got.Status.Final())
		})

		t.Run("ClickToCallNotAnswered", func(t *testing.T) {
			agent := sid("CA")
			require.NoError(t, b.db.CreateCall(ctx, &sb.Call{CallSID: agent, WorkspaceID: b.ws, AgentIdentity: "ada",
				To: "+15005550100", From: "+15005550006", Status: sb.CallInitiated}))
			mark := b.fake.Count()
			c, err := hangUp(agent)
			require.NoError(t, err)
			require.Equal(t, sb.CallFailed, c.Status)
			require.Equal(t, []string{"agent=canceled"}, endSteps(b.fake, mark, map[string]string{agent: "agent"}),
				"the browser still rings: its leg is canceled")
		})

		t.Run("NotTheAgents", func(t *testing.T) {
			agent, cust := sid("CA"), sid("CA")
			b.call(t, agent, cust)
			b.answer(t, agent, cust)
			mark := b.fake.Count()
			_, err := b.flow.HangUp(ctx, b.ws, "bob", agent)
			require.Equal(t, sb.ENotAgentParticipant, sb.ErrorCode(err))
			_, err = b.flow.HangUp(ctx, storetest.NewWorkspaceID(), "ada", agent)
			require.Equal(t, sb.ENotFound, sb.ErrorCode(err))
			require.Empty(t, b.fake.Since(mark))
			require.Equal(t, sb.CallAnswered, b.settled(t, agent).Status)
		})
	})
}

// The provider's bad day: a refusal or silence on the customer leg changes
// nothing (the call may be hung up again); a leg it no longer has has ended
// already; a refusal on the agent leg, after the customer leg ended, leaves
// the call ended as written, names the leg, and is tried again.
func TestHangupProviderFailures(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			b := newFlow(t, d.Open)
			ctx := context.Background()
			answered := func() (string, string) {
				agent, cust := sid("CA"), sid("CA")
				b.call(t, agent, cust)
				b.answer(t, agent, cust)
				return agent, cust
			}
			fails := func(sid string, status, code int) {
				b.fake.Answer("POST", legPath(sid), status,
					`{"code": `+strconv.Itoa(code)+`, "message": "Twilio said no", "more_info": "https://www.twilio.com/docs/errors/`+strconv.Itoa(code)+`", "status": `+strconv.Itoa(status)+`}`)
			}

			agent, cust := answered()
			fails(cust, 500, 20500)
			_, err := b.flow.HangUp(ctx, b.ws, "ada", agent)
			requireLegError(t, err, "customerCallSid", cust, "20500")
			c := b.settled(t, agent)
			require.Equal(t, sb.CallAnswered, c.Status, "nothing written")
			require.Empty(t, b.fake.HangUps(agent), "the agent leg is left alone")
			b.fake.Answer("POST", legPath(cust), 200, `{"sid": "`+cust+`", "status": "completed"}`)
			c, err = b.flow.HangUp(ctx, b.ws, "ada", agent)
			require.NoError(t, err, "and it may be asked again")
			require.Equal(t, sb.CallCompleted, c.Status)

			// 20404: the provider no longer has the leg, which has ended.
			agent, cust = answered()
			fails(cust, 404, 20404)
			c, err = b.flow.HangUp(ctx, b.ws, "ada", agent)
			require.NoError(t, err)
			require.Equal(t, sb.CallCompleted, c.Status)
			require.Len(t, b.fake.HangUps(agent), 1)

			agent, _ = answered()
			fails(agent, 503, 20503)
			_, err = b.flow.HangUp(ctx, b.ws, "ada", agent)
			requireLegError(t, err, "callSid", agent, "20503")
			c = b.settled(t, agent) // the retry in the background has run
			require.Equal(t, sb.CallCompleted, c.Status, "the customer leg ended: the call is ended, as written")
			require.Len(t, b.fake.HangUps(agent), 2, "the agent leg is tried again")
			again, err := b.flow.HangUp(ctx, b.ws, "ada", agent)
			require.NoError(t, err)
			require.Equal(t, sb.CallCompleted, again.Status)
		})
	}
}

// A provider that does not answer within the client's timeout: 502 naming
// the customer leg, nothing written.
func TestHangupProviderTimeout(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			b := newFlow(t, d.Open)
			fake := telephonytest.NewTwilio(t)
			client, err := telephony.NewClient(telephony.Config{AccountSID: telephonytest.Account,
				AuthToken: telephonytest.AuthToken, BaseURL: fake.URL, Timeout: 200 * time.Millisecond})
			require.NoError(t, err)
			flow, err := callflow.New(callflow.Config{PublicBaseURL: "http://switchboard.test", Now: b.clock.Now,
				Logger: slog.New(slog.DiscardHandler)},
				callflow.Deps{Calls: b.db, CallerIDs: b.db, DNC: b.db, Workspaces: b.db, Recordings: b.db, Provider: client})
			require.NoError(t, err)
			t.Cleanup(flow.Close)
			fake.Route(func(w http.ResponseWriter, r *http.Request, prefix string) bool {
				if !strings.HasPrefix(r.URL.Path, prefix+"/Calls/") {
					return false
				}
				<-r.Context().Done() // silence until the client gives up
				return true
			})
			agent, cust := sid("CA"), sid("CA")
			b.call(t, agent, cust)
			b.answer(t, agent, cust)
			_, err = flow.HangUp(context.Background(), b.ws, "ada", agent)
			requireLegError(t, err, "customerCallSid", cust, "")
			require.Contains(t, sb.ErrorMessage(err), "did not answer")
			require.NotContains(t, sb.ErrorMessage(err), telephonytest.Account, "no URL in the message")
			require.Equal(t, sb.CallAnswered, b.settled(t, agent).Status)
			require.Len(t, fake.HangUps(cust), 1)
			require.Empty(t, fake.HangUps(agent))
		})
	}
}

// requireLegError asserts a provider_error naming the leg, and the
// provider's code when one is given.
func requireLegError(t *testing.T, err error, field, sid, code string) {
	t.Helper()
	require.Equal(t, sb.EProviderError, sb.ErrorCode(err), "error: %v", err)
	var e *sb.Error
	require.ErrorAs(t, err, &e)
	details := url.Values{}
	for _, d := range e.Details {
		details.Set(d.Field, d.Message)
	}
	require.Equal(t, sid, details.Get(field), "details: %+v", e.Details)
	require.Equal(t, code, details.Get("providerCode"))
}
