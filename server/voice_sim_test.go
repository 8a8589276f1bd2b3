package server_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// The default path: the service with the embedded simulator on the same
// listener, driven as a user would (README), over real HTTP.
func TestVoiceWithSimulator(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		// Registering a caller ID starts a validation call and may change
		// the default: an admin's; agents only list them.
		requireError(t, vb.do("POST", "/v1/caller-ids", vb.tokA, map[string]any{"phoneNumber": simCallerID, "friendlyName": "Sim"}),
			http.StatusForbidden, sb.EForbidden)
		require.Zero(t, num(vb.do("GET", "/v1/caller-ids", vb.tokA, nil).meta()["total"]), "the refused request stored nothing")
		r := vb.do("POST", "/v1/caller-ids", vb.admA, map[string]any{"phoneNumber": simCallerID, "friendlyName": "Sim"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		list := vb.do("GET", "/v1/caller-ids", vb.tokA, nil)
		require.Equal(t, http.StatusOK, list.status, "an agent lists the caller IDs")
		require.Equal(t, 1, num(list.meta()["total"]))
		require.Equal(t, "verified", r.data()["status"], "an incoming number of the account is verified at once")
		require.Equal(t, true, r.data()["isDefault"], "the first caller ID is the default")

		t.Run("ConnectAnswerHangUp", func(t *testing.T) {
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberHangsUp, "workspaceId": vb.wsA})
			require.Equal(t, "in-progress", conn.Status, "the agent leg is in its conference")
			answered := vb.waitStatus(conn.CallSid, "answered")
			require.NotNil(t, answered["answeredAt"])
			require.Equal(t, simulator.NumberHangsUp, answered["to"])
			require.Equal(t, simCallerID, answered["from"], "the default caller ID")
			require.Equal(t, "ada", answered["agentIdentity"])
			require.True(t, strings.HasPrefix(answered["conferenceName"].(string), "sb-"))

			done := vb.waitStatus(conn.CallSid, "completed")
			require.NotNil(t, done["endedAt"])
			require.NotNil(t, done["duration"])
			cust := vb.simCall(done["customerCallSid"].(string))
			require.Equal(t, simulator.NumberHangsUp, cust.To)
			require.Equal(t, simCallerID, cust.From)
			telephonytest.Eventually(t, "the agent leg to end", func() bool { return vb.simCall(conn.CallSid).Status == "completed" })

			events, err := vb.db.ListCallEvents(t.Context(), conn.CallSid)
			require.NoError(t, err)
			var kinds []string
			for _, e := range events {
				kinds = append(kinds, e.Source+":"+string(e.Status))
			}
			// Then, perhaps, the agent leg's own end, reported by the app's
			// status callback after the call had completed: recorded, no
			// change of status.
			// The two legs end together (the customer's end ends the
			// conference), so the two callbacks may come in either order.
			telephonytest.Eventually(t, "the customer leg's callback to be stored", func() bool {
				events, err = vb.db.ListCallEvents(t.Context(), conn.CallSid)
				require.NoError(t, err)
				kinds = kinds[:0]
				for _, e := range events {
					kinds = append(kinds, e.Source+":"+string(e.Status))
				}
				return slices.Contains(kinds, "status:completed")
			})
			// The customer's phone rang and answered; the ringing callback
			// and the answer's request race (the simulator answers at once),
			// and a late ringing is kept as an event without moving the call
			// back.
			require.Contains(t, kinds, "status:ringing")
			require.Contains(t, kinds, "conference-join:answered")
			for _, k := range kinds {
				require.Contains(t, []string{"status:ringing", "conference-join:answered", "status:completed", "status:"}, k)
			}
		})

		t.Run("CustomerHangsUp", func(t *testing.T) {
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberAnswers, "workspaceId": vb.wsA, "callerId": simCallerID})
			c := vb.waitStatus(conn.CallSid, "answered")
			res, err := vb.client.Post(vb.url+"/sim/calls/"+c["customerCallSid"].(string)+"/hangup", "application/json", nil)
			require.NoError(t, err)
			res.Body.Close()
			require.Equal(t, http.StatusAccepted, res.StatusCode)
			vb.waitStatus(conn.CallSid, "completed")
		})

		t.Run("AgentHangsUp", func(t *testing.T) {
			// The agent's leg ends (the softphone's hang-up): the app's
			// status callback reports it and the customer, alone in the
			// conference, is hung up too.
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberAnswers, "workspaceId": vb.wsA, "callerId": simCallerID})
			c := vb.waitStatus(conn.CallSid, "answered")
			res, err := vb.client.Post(vb.url+"/sim/calls/"+conn.CallSid+"/hangup", "application/json", nil)
			require.NoError(t, err)
			res.Body.Close()
			require.Equal(t, http.StatusAccepted, res.StatusCode)
			done := vb.waitStatus(conn.CallSid, "completed")
			require.NotNil(t, done["endedAt"])
			telephonytest.Eventually(t, "the customer leg to end", func() bool {
				return vb.simCall(c["customerCallSid"].(string)).Status == "completed"
			})
		})

		for _, tc := range []struct{ number, status string }{
			{simulator.NumberBusy, "busy"},
			{simulator.NumberNoAnswer, "no-answer"},
			{simulator.NumberFails, "failed"},
		} {
			t.Run("Outcome_"+tc.status, func(t *testing.T) {
				t.Parallel()
				conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": tc.number, "workspaceId": vb.wsA})
				c := vb.waitStatus(conn.CallSid, tc.status)
				require.Nil(t, c["answeredAt"])
				require.Nil(t, c["duration"], "never answered")
				telephonytest.Eventually(t, "the lonely agent leg to be hung up", func() bool { return vb.simCall(conn.CallSid).Status == "completed" })
			})
		}

		t.Run("ClickToCall", func(t *testing.T) {
			r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": "(500) 555-0101"})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			c := r.data()
			require.Equal(t, "initiated", c["status"])
			require.Equal(t, "outbound", c["direction"])
			require.Equal(t, simulator.NumberHangsUp, c["to"], "normalized")
			require.Equal(t, simCallerID, c["from"])
			sid := c["callSid"].(string)
			agent := vb.simCall(sid)
			require.Equal(t, "client:"+vb.ada(), agent.To, "the call SID is the agent leg the provider rings")

			answered := vb.waitStatus(sid, "answered")
			require.NotEmpty(t, answered["conferenceName"], "the agent's answer ran the call-control flow")
			require.NotEmpty(t, answered["customerCallSid"])
			vb.waitStatus(sid, "completed")

			r = vb.do("GET", "/v1/calls", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status)
			require.Equal(t, sid, r.list()[0]["callSid"], "newest first")
		})

		t.Run("AgentParticipantOnly", func(t *testing.T) {
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberBusy, "workspaceId": vb.wsA})
			vb.waitStatus(conn.CallSid, "busy")
			requireError(t, vb.do("GET", "/v1/calls/"+conn.CallSid, vb.tokA2, nil), http.StatusForbidden, sb.ENotAgentParticipant)
			requireError(t, vb.do("GET", "/v1/calls/"+conn.CallSid, vb.tokB, nil), http.StatusNotFound, sb.ENotFound)
			r := vb.do("GET", "/v1/calls", vb.tokA2, nil)
			require.Equal(t, http.StatusOK, r.status)
			require.Empty(t, r.list(), "grace lists only her own calls")
			requireError(t, vb.do("GET", "/v1/calls?workspaceId="+vb.wsB, vb.tokA, nil), http.StatusForbidden, sb.EForbidden)
		})

		t.Run("DNCRefused", func(t *testing.T) {
			r := vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": "+15005550177"})
			require.Equal(t, http.StatusCreated, r.status)
			requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": "+15005550177"}), http.StatusUnprocessableEntity, sb.EDNCBlocked)

			before := len(vb.sim.State().Calls)
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": "+15005550177", "workspaceId": vb.wsA})
			require.Equal(t, "completed", conn.Status, "the refusal hangs the agent leg up")
			c := vb.waitStatus(conn.CallSid, "failed")
			require.Contains(t, c["failureReason"], sb.EDNCBlocked)
			require.Empty(t, c["customerCallSid"])
			require.Len(t, vb.sim.State().Calls, before+1, "nobody was dialled")
		})

		t.Run("CallerIDNotAllowed", func(t *testing.T) {
			requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": simulator.NumberAnswers, "from": "+15005550007"}),
				http.StatusUnprocessableEntity, sb.ECallerIDNotAllowed)
			// A from that is no number at all is a bad request, not a caller ID.
			requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": simulator.NumberAnswers, "from": "not a number"}),
				http.StatusBadRequest, sb.EInvalidPhone, "from")
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberAnswers, "workspaceId": vb.wsA, "callerId": "+15005550007"})
			c := vb.waitStatus(conn.CallSid, "failed")
			require.Contains(t, c["failureReason"], sb.ECallerIDNotAllowed)

			// An agent without a token of the workspace is refused too.
			conn = vb.simConnect(map[string]any{"identity": clientID(t, vb.wsA, "mallory"), "to": simulator.NumberAnswers, "workspaceId": vb.wsA})
			require.Equal(t, "completed", conn.Status)
		})

		t.Run("PendingCallerIDBecomesUsable", func(t *testing.T) {
			r := vb.do("POST", "/v1/caller-ids", vb.admA, map[string]any{"phoneNumber": "+14155552671", "friendlyName": "Mobile"})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			require.Equal(t, "pending", r.data()["status"])
			require.Regexp(t, `^\d{6}$`, r.data()["validationCode"])
			require.Equal(t, false, r.data()["isDefault"])
			requireError(t, vb.do("POST", "/v1/caller-ids", vb.admA, map[string]any{"phoneNumber": "+14155552671"}), http.StatusConflict, sb.ECallerIDExists)
			// Once the owner keys the code in, the provider lists the number
			// and the next call verifies it.
			telephonytest.Eventually(t, "the pending caller ID to be usable", func() bool {
				r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": simulator.NumberBusy, "from": "+14155552671"})
				return r.status == http.StatusCreated
			})
			r = vb.do("GET", "/v1/caller-ids", vb.tokA, nil)
			require.Equal(t, 2, num(r.meta()["total"]))
			require.Equal(t, "verified", r.list()[0]["status"])
		})

		t.Run("VoiceToken", func(t *testing.T) {
			r := vb.do("GET", "/v1/voice/token?ttl=120", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "ada", r.data()["identity"])
			require.Equal(t, 120, num(r.data()["ttl"]))
			parts := strings.Split(r.data()["token"].(string), ".")
			require.Len(t, parts, 3)
			var claims struct {
				Exp    int64 `json:"exp"`
				Nbf    int64 `json:"nbf"`
				Grants struct {
					Identity string `json:"identity"`
				} `json:"grants"`
			}
			raw, err := base64.RawURLEncoding.DecodeString(parts[1])
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &claims))
			// The grant names workspace and agent; data.identity stays the agent's name.
			require.Equal(t, vb.ada(), claims.Grants.Identity)
			require.Equal(t, vb.ada(), r.data()["clientIdentity"])
			require.Equal(t, int64(120), claims.Exp-claims.Nbf)
			// Alan of B is another identity than ada of A, even with ada's name.
			r = vb.do("GET", "/v1/voice/token", vb.tokB, nil)
			require.Equal(t, clientID(t, vb.wsB, "alan"), r.data()["clientIdentity"])
			requireError(t, vb.do("GET", "/v1/voice/token?ttl=5", vb.tokA, nil), http.StatusBadRequest, sb.EInvalid, "ttl")
			requireError(t, vb.do("GET", "/v1/voice/token", "", nil), http.StatusUnauthorized, sb.EUnauthorized)
		})
	})
}
