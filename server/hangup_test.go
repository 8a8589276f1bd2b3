package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

const hungUpReason = "hung_up: the agent hung up before the customer answered"

// fakeRinging runs the call-control webhook for a new call and returns its
// customer leg, which the fake created and which has not answered.
func (vb *voiceBundle) fakeRinging(sid string) string {
	vb.t.Helper()
	r := vb.webhook("POST", "/v1/voice/callml", url.Values{
		"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {"client:" + vb.ada()}, "Caller": {"client:" + vb.ada()},
		"To": {"+15005550100"}, "Direction": {"inbound"}, "CallStatus": {"ringing"}, "workspaceId": {vb.wsA},
	}, fakeToken)
	conferenceOf(vb.t, parseTwiML(vb.t, r))
	vb.settle()
	call, err := vb.db.FindCallByLeg(vb.t.Context(), sid)
	require.NoError(vb.t, err)
	require.NotEmpty(vb.t, call.CustomerCallSID)
	return call.CustomerCallSID
}

// POST /v1/calls/{callSid}/hangup against a fake Twilio over HTTP: the
// exact REST requests (the customer leg, then the agent leg), who may ask,
// an idempotent second ask, a ringing call canceled with its reason and
// its event, and the provider's refusal answered 502 with nothing changed.
func TestHangupWithFakeTwilio(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true, events: true})
		vb.addCallerID(simCallerID)
		leg := func(sid string) string { return "/Calls/" + sid + ".json" }
		end := func(status string) url.Values { return url.Values{"Status": {status}} }

		t.Run("Answered", func(t *testing.T) {
			sid := telephonytest.NewSid()
			cust, _ := vb.fakeCall(sid)
			path := "/v1/calls/" + sid + "/hangup"
			mark := vb.fake.Count()
			requireError(t, vb.do("POST", path, vb.tokA2, nil), http.StatusForbidden, sb.ENotAgentParticipant)
			requireError(t, vb.do("POST", path, vb.tokB, nil), http.StatusNotFound, sb.ENotFound)
			requireError(t, vb.do("POST", path, "", nil), http.StatusUnauthorized, sb.EUnauthorized)
			require.Empty(t, vb.fake.Since(mark), "a refused hang-up asks nothing of the provider")

			r := vb.do("POST", path, vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "completed", r.data()["status"])
			require.Equal(t, "", r.data()["failureReason"])
			require.NotNil(t, r.data()["endedAt"])
			requireRequests(t, vb.fake, mark,
				telephonytest.Request{Method: "POST", Path: leg(cust), Form: end("completed")},
				telephonytest.Request{Method: "POST", Path: leg(sid), Form: end("completed")})

			mark = vb.fake.Count()
			again := vb.do("POST", path, vb.tokA, nil)
			require.Equal(t, http.StatusOK, again.status, "idempotent: body %s", again.body)
			require.Equal(t, r.data()["endedAt"], again.data()["endedAt"])
			require.Empty(t, vb.fake.Since(mark))
			require.Equal(t, []string{"completed"}, controlSteps(t, vb.db, sid, sb.EventHangup))
		})

		t.Run("RingingIsCanceled", func(t *testing.T) {
			sid := telephonytest.NewSid()
			cust := vb.fakeRinging(sid)
			mark := vb.fake.Count()
			r := vb.do("POST", "/v1/calls/"+sid+"/hangup", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "failed", r.data()["status"])
			require.Equal(t, hungUpReason, r.data()["failureReason"])
			require.Nil(t, r.data()["answeredAt"])
			requireRequests(t, vb.fake, mark,
				telephonytest.Request{Method: "POST", Path: leg(cust), Form: end("canceled")},
				telephonytest.Request{Method: "POST", Path: leg(sid), Form: end("completed")})

			// The leg's own end arrives after and changes nothing; the
			// event log has the call's end with its reason.
			require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/status", url.Values{
				"CallSid": {cust}, "CallStatus": {"canceled"}, "SequenceNumber": {"1"}}, fakeToken).status)
			require.Equal(t, hungUpReason, vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["failureReason"])
			var ended map[string]any
			for _, e := range vb.do("GET", "/v1/events?type=call.completed", vb.tokAdm, nil).list() {
				if d, _ := e["data"].(map[string]any); d["callSid"] == sid {
					require.Nil(t, ended, "one call.completed")
					ended = d
				}
			}
			require.NotNil(t, ended, "call.completed recorded")
			require.Equal(t, "failed", ended["status"])
			require.Equal(t, hungUpReason, ended["failureReason"])
		})

		t.Run("ProviderRefuses", func(t *testing.T) {
			sid := telephonytest.NewSid()
			cust, _ := vb.fakeCall(sid)
			vb.fake.Answer("POST", "/2010-04-01/Accounts/"+fakeAccount+leg(cust), 500,
				`{"code": 20500, "message": "Internal Server Error", "more_info": "https://www.twilio.com/docs/errors/20500", "status": 500}`)
			r := vb.do("POST", "/v1/calls/"+sid+"/hangup", vb.tokA, nil)
			requireError(t, r, http.StatusBadGateway, sb.EProviderError, "customerCallSid", "providerCode")
			require.Contains(t, string(r.body), "20500")
			c := mustCall(t, vb, sid)
			require.Equal(t, sb.CallAnswered, c.Status, "nothing the provider did not do")
			require.Empty(t, vb.fake.HangUps(sid), "the agent leg is left alone")
			require.Empty(t, controlSteps(t, vb.db, sid, sb.EventHangup))
		})
	})
}

// The same against the embedded simulator, whose REST Calls update must
// honour it: an answered call's two legs complete; a ringing customer is
// canceled (the simulator reports it so) and the call fails with the
// reason; the simulator's own hang-up then finds nothing to end.
func TestHangupWithSimulator(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)

		t.Run("Answered", func(t *testing.T) {
			t.Parallel()
			c := vb.answeredSimCall()
			sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
			requireError(t, vb.do("POST", "/v1/calls/"+sid+"/hangup", vb.tokA2, nil), http.StatusForbidden, sb.ENotAgentParticipant)
			r := vb.do("POST", "/v1/calls/"+sid+"/hangup", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "completed", r.data()["status"])
			require.NotNil(t, r.data()["duration"])
			telephonytest.Eventually(t, "both legs to end at the simulator", func() bool {
				return vb.simCall(cust).Status == "completed" && vb.simCall(sid).Status == "completed"
			})
			requireSimHangupRefused(t, vb, cust)
		})

		t.Run("RingingIsCanceled", func(t *testing.T) {
			t.Parallel()
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberNoAnswer, "workspaceId": vb.wsA})
			c := vb.waitCall(conn.CallSid, "the customer's phone to ring", func(c map[string]any) bool {
				return c["status"] == "ringing" && c["customerCallSid"] != ""
			})
			cust := c["customerCallSid"].(string)
			r := vb.do("POST", "/v1/calls/"+conn.CallSid+"/hangup", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "failed", r.data()["status"])
			require.Equal(t, hungUpReason, r.data()["failureReason"])
			telephonytest.Eventually(t, "the customer leg to be canceled and the agent leg to end", func() bool {
				return vb.simCall(cust).Status == "canceled" && vb.simCall(conn.CallSid).Status == "completed"
			})
			require.Equal(t, hungUpReason, vb.do("GET", "/v1/calls/"+conn.CallSid, vb.tokA, nil).data()["failureReason"],
				"the canceled leg's callback changes nothing")
			requireSimHangupRefused(t, vb, cust)
		})
	})
}

// requireSimHangupRefused asserts the simulator's own hang-up finds leg
// ended already.
func requireSimHangupRefused(t *testing.T, vb *voiceBundle, leg string) {
	t.Helper()
	res, err := vb.client.Post(vb.url+"/sim/calls/"+leg+"/hangup", "application/json", strings.NewReader("{}"))
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusConflict, res.StatusCode)
}
