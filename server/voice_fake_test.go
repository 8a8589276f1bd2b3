package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// The service against a fake Twilio that records the exact REST requests,
// with webhooks signed as Twilio signs them.
func TestVoiceWithFakeTwilio(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		vb.addCallerID(simCallerID)
		callml := func(sid, to string, token string) resp {
			return vb.webhook("POST", "/v1/voice/callml", url.Values{
				"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {"client:" + vb.ada()}, "Caller": {"client:" + vb.ada()},
				"To": {to}, "Direction": {"inbound"}, "CallStatus": {"ringing"}, "workspaceId": {vb.wsA},
				"ApiVersion": {"2010-04-01"},
			}, token)
		}
		status := func(sid, callStatus, seq string) resp {
			return vb.webhook("POST", "/v1/voice/status", url.Values{
				"CallSid": {sid}, "AccountSid": {fakeAccount}, "CallStatus": {callStatus}, "SequenceNumber": {seq},
				"CallDuration": {"9"},
			}, fakeToken)
		}

		t.Run("SignatureRequired", func(t *testing.T) {
			sid := "CA" + strings.Repeat("1", 32)
			requireError(t, callml(sid, "+15005550100", ""), http.StatusForbidden, sb.EInvalidSignature)
			requireError(t, callml(sid, "+15005550100", "wrongtoken"), http.StatusForbidden, sb.EInvalidSignature)
			// Signed for other parameters than those sent.
			req, err := http.NewRequest("POST", vb.url+"/v1/voice/callml", strings.NewReader(url.Values{"CallSid": {sid}, "AccountSid": {fakeAccount}, "To": {"+15005550101"}}.Encode()))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Twilio-Signature", "c2lnbmF0dXJl")
			requireError(t, vb.send(req), http.StatusForbidden, sb.EInvalidSignature)
			requireError(t, vb.webhook("GET", "/v1/voice/conference-join?conference=x", nil, ""), http.StatusForbidden, sb.EInvalidSignature)
			requireError(t, vb.webhook("POST", "/v1/voice/status", url.Values{"CallSid": {sid}, "CallStatus": {"completed"}}, "nope"), http.StatusForbidden, sb.EInvalidSignature)
			// A bearer token is no substitute.
			requireError(t, vb.do("POST", "/v1/voice/status", vb.tokA, nil), http.StatusForbidden, sb.EInvalidSignature)

			vb.settle()
			_, err = vb.db.FindCallByLeg(context.Background(), sid)
			require.Equal(t, sb.ENotFound, sb.ErrorCode(err), "nothing was stored")
			require.Empty(t, vb.fake.Creates(), "nobody was dialled")
		})

		t.Run("CallControlAndRetries", func(t *testing.T) {
			sid := "CA" + strings.Repeat("2", 32)
			conf := conferenceOf(t, parseTwiML(t, callml(sid, "+15005550100", fakeToken)))
			require.Equal(t, "true", conf.Attr("startConferenceOnEnter"))
			require.Equal(t, "false", conf.Attr("endConferenceOnExit"))
			require.Equal(t, "agent", conf.Attr("participantLabel"))
			name := strings.TrimSpace(conf.Text)
			require.NotEmpty(t, name)

			// Retried, one after the other and all at once.
			again := conferenceOf(t, parseTwiML(t, callml(sid, "+15005550100", fakeToken)))
			require.Equal(t, name, strings.TrimSpace(again.Text))
			var wg sync.WaitGroup
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := callml(sid, "+15005550100", fakeToken)
					require.Equal(t, http.StatusOK, r.status)
				}()
			}
			wg.Wait()
			vb.settle()

			creates := vb.fake.Creates()
			require.Len(t, creates, 1, "one customer leg, whatever the retries")
			f := creates[0].Form
			require.Equal(t, "+15005550100", f.Get("To"))
			require.Equal(t, simCallerID, f.Get("From"))
			require.Equal(t, vb.url+"/v1/voice/conference-join?conference="+url.QueryEscape(name), f.Get("Url"))
			require.Equal(t, vb.url+"/v1/voice/status", f.Get("StatusCallback"))
			require.Equal(t, []string{"ringing", "completed"}, f["StatusCallbackEvent"],
				"ringing while the customer's phone rings; the outcomes come as completed's CallStatus")

			call, err := vb.db.FindCallByLeg(context.Background(), sid)
			require.NoError(t, err)
			require.NotEmpty(t, call.CustomerCallSID)
			claimed, err := vb.db.ClaimPendingDials(context.Background(), time.Minute, 1000)
			require.NoError(t, err)
			for _, d := range claimed {
				require.NotEqual(t, sid, d.CallSID, "the pending dial is gone")
			}
		})

		t.Run("StatusOrdering", func(t *testing.T) {
			sid := "CA" + strings.Repeat("3", 32)
			name := strings.TrimSpace(conferenceOf(t, parseTwiML(t, callml(sid, "+15005550101", fakeToken))).Text)
			vb.settle()
			call, err := vb.db.FindCallByLeg(context.Background(), sid)
			require.NoError(t, err)
			cust := call.CustomerCallSID

			join := vb.webhook("POST", "/v1/voice/conference-join?conference="+url.QueryEscape(name),
				url.Values{"CallSid": {cust}, "AccountSid": {fakeAccount}, "CallStatus": {"in-progress"}}, fakeToken)
			cc := conferenceOf(t, parseTwiML(t, join))
			require.Equal(t, name, strings.TrimSpace(cc.Text))
			require.Equal(t, "true", cc.Attr("endConferenceOnExit"))
			require.Equal(t, "customer", cc.Attr("participantLabel"))
			require.Equal(t, "customer", cc.Attr("label"))
			require.Equal(t, "answered", vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["status"])

			require.Equal(t, http.StatusNoContent, status(cust, "completed", "2").status)
			vb.settle()
			c := vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()
			require.Equal(t, "completed", c["status"])
			require.Equal(t, 9, num(c["duration"]))
			require.Len(t, vb.fake.HangUps(sid), 1, "the agent leg is ended with the customer's")
			require.Equal(t, "completed", vb.fake.HangUps(sid)[0].Form.Get("Status"))

			require.Equal(t, http.StatusNoContent, status(cust, "ringing", "1").status, "late ringing")
			require.Equal(t, http.StatusNoContent, status(cust, "completed", "2").status, "repeated")
			vb.settle()
			require.Equal(t, "completed", vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["status"])
			require.Len(t, vb.fake.HangUps(sid), 1, "a repeated callback changes nothing")
			events, err := vb.db.ListCallEvents(context.Background(), sid)
			require.NoError(t, err)
			require.Len(t, events, 3, "join, completed, the late ringing (kept, not applied)")
			require.False(t, events[2].Applied)

			require.Equal(t, http.StatusNoContent, status("CA"+strings.Repeat("9", 32), "completed", "0").status, "unknown CallSid")
			unknown := vb.webhook("GET", "/v1/voice/conference-join?conference=sb-nope&CallSid=CA1", nil, fakeToken)
			root := parseTwiML(t, unknown)
			require.Len(t, root.Kids, 1)
			require.Equal(t, "Hangup", root.Kids[0].Name)
		})

		t.Run("CallbackBeforeTheLegIsWritten", func(t *testing.T) {
			// A busy line can report before CreateCall has returned; the
			// callback is held and applied when the leg's SID is written.
			sid := "CA" + strings.Repeat("4", 32)
			c := &sb.Call{CallSID: sid, WorkspaceID: vb.wsA, AgentIdentity: "ada", To: "+15005550102", From: simCallerID,
				Status: sb.CallInitiated, ConferenceName: "sb-early"}
			_, err := vb.db.BeginCall(context.Background(), c, time.Minute)
			require.NoError(t, err)
			cust := "CA" + strings.Repeat("5", 32)
			require.Equal(t, http.StatusNoContent, status(cust, "busy", "0").status)
			got, err := vb.db.CustomerLegCreated(context.Background(), sid, cust)
			require.NoError(t, err)
			require.Equal(t, sb.CallBusy, got.Status)
		})

		t.Run("CustomerLegRefused", func(t *testing.T) {
			vb.fake.Fail(&telephonytest.Error{Status: 400, Code: 21211, Message: "Invalid 'To' Phone Number: +15005550100"})
			defer vb.fake.Fail(nil)
			sid := "CA" + strings.Repeat("6", 32)
			conferenceOf(t, parseTwiML(t, callml(sid, "+15005550100", fakeToken)))
			vb.settle()
			c := vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()
			require.Equal(t, "failed", c["status"])
			require.Contains(t, c["failureReason"], "21211")
			require.Contains(t, c["failureReason"], "Invalid 'To' Phone Number")
			hangups := vb.fake.HangUps(sid)
			require.Len(t, hangups, 1, "the agent leg is hung up through the REST API")
			require.Equal(t, "completed", hangups[0].Form.Get("Status"))
		})

		t.Run("Refusals", func(t *testing.T) {
			before := len(vb.fake.Creates())
			requireRefusal(t, parseTwiML(t, callml("CA"+strings.Repeat("7", 32), "not a number", fakeToken)))
			r := vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": "+15005550188"})
			require.Equal(t, http.StatusCreated, r.status)
			dnc := "CA" + strings.Repeat("8", 32)
			requireRefusal(t, parseTwiML(t, callml(dnc, "+15005550188", fakeToken)))
			requireRefusal(t, parseTwiML(t, callml(dnc, "+15005550188", fakeToken)))
			vb.settle()
			require.Len(t, vb.fake.Creates(), before, "a refused call dials nobody")
			c := vb.do("GET", "/v1/calls/"+dnc, vb.tokA, nil).data()
			require.Equal(t, "failed", c["status"])
			require.Contains(t, c["failureReason"], sb.EDNCBlocked)
		})

		t.Run("ClickToCallRequest", func(t *testing.T) {
			before := len(vb.fake.Creates())
			r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": "+15005550100", "from": simCallerID, "workspaceId": vb.wsA})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			creates := vb.fake.Creates()
			require.Len(t, creates, before+1)
			f := creates[before].Form
			require.Equal(t, "client:"+vb.ada(), f.Get("To"))
			require.Equal(t, simCallerID, f.Get("From"))
			u, err := url.Parse(f.Get("Url"))
			require.NoError(t, err)
			require.Equal(t, vb.url+"/v1/voice/callml", u.Scheme+"://"+u.Host+u.Path)
			require.Equal(t, "+15005550100", u.Query().Get("to"))
			require.Equal(t, simCallerID, u.Query().Get("callerId"))
			require.Equal(t, vb.wsA, u.Query().Get("workspaceId"))
			sid := r.data()["callSid"].(string)

			// The agent answers: the provider requests that URL, signed.
			form := url.Values{"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {simCallerID}, "To": {"client:" + vb.ada()},
				"Direction": {"outbound-api"}, "CallStatus": {"in-progress"}}
			conf := conferenceOf(t, parseTwiML(t, vb.webhook("POST", strings.TrimPrefix(f.Get("Url"), vb.url), form, fakeToken)))
			vb.settle()
			creates = vb.fake.Creates()
			require.Len(t, creates, before+2)
			require.Equal(t, "+15005550100", creates[before+1].Form.Get("To"))
			c := vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()
			require.Equal(t, strings.TrimSpace(conf.Text), c["conferenceName"])
			require.NotEmpty(t, c["customerCallSid"])

			vb.fake.Fail(&telephonytest.Error{Status: 400, Code: 21210, Message: "not verified"})
			defer vb.fake.Fail(nil)
			r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": "+15005550100"})
			requireError(t, r, http.StatusBadGateway, sb.EProviderError, "providerCode")
		})
	})
}

// A pending dial left by a process that died is dialled by the next
// Recover (which the program runs at start-up), and failed when too old.
func TestVoicePendingDialRecovery(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true, maxPendingAge: time.Hour})
		ctx := context.Background()
		sid := "CA" + strings.Repeat("a", 32)
		_, err := vb.db.BeginCall(ctx, &sb.Call{CallSID: sid, WorkspaceID: vb.wsA, AgentIdentity: "ada", To: "+15005550100",
			From: simCallerID, Status: sb.CallInitiated, ConferenceName: "sb-recovered"}, -time.Second)
		require.NoError(t, err)
		n, err := vb.flow.Recover(ctx)
		require.NoError(t, err)
		require.GreaterOrEqual(t, n, 1)
		vb.settle()
		creates := vb.fake.Creates()
		require.Len(t, creates, 1)
		require.Equal(t, vb.url+"/v1/voice/conference-join?conference=sb-recovered", creates[0].Form.Get("Url"))
		call, err := vb.db.FindCallByLeg(ctx, sid)
		require.NoError(t, err)
		require.NotEmpty(t, call.CustomerCallSID)
		n, err = vb.flow.Recover(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "done dials are not taken again")

		stale := setupVoice(t, open, voiceOpts{fake: true, maxPendingAge: time.Nanosecond})
		old := "CA" + strings.Repeat("b", 32)
		_, err = stale.db.BeginCall(ctx, &sb.Call{CallSID: old, WorkspaceID: stale.wsA, AgentIdentity: "ada", To: "+15005550100",
			From: simCallerID, Status: sb.CallInitiated, ConferenceName: "sb-stale"}, -time.Second)
		require.NoError(t, err)
		_, err = stale.flow.Recover(ctx)
		require.NoError(t, err)
		stale.settle()
		require.Empty(t, stale.fake.Creates(), "nobody waits for a customer that old")
		call, err = stale.db.FindCallByLeg(ctx, old)
		require.NoError(t, err)
		require.Equal(t, sb.CallFailed, call.Status)
		require.Len(t, stale.fake.HangUps(old), 1)
	})
}
