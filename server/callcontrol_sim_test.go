package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// Hold, mute and transfers against the embedded simulator, over real HTTP:
// what the service answers, what the simulator's conference then holds,
// and what a target that does not take the call does by itself.
func TestCallControlWithSimulator(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)

		t.Run("HoldAndMute", func(t *testing.T) {
			t.Parallel()
			c := vb.answeredSimCall()
			sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
			path := "/v1/calls/" + sid

			r := vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "hold"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, true, r.data()["onHold"])
			p, ok := vb.participant(c, cust)
			require.True(t, ok)
			require.True(t, p.Hold, "the customer participant is held")
			require.Equal(t, true, vb.do("GET", path, vb.tokA, nil).data()["onHold"])

			r = vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "unhold"})
			require.Equal(t, http.StatusOK, r.status)
			require.Equal(t, false, r.data()["onHold"])
			p, _ = vb.participant(c, cust)
			require.False(t, p.Hold)
			requireError(t, vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "pause"}), http.StatusBadRequest, sb.EInvalid, "action")
			requireError(t, vb.do("POST", path+"/hold", vb.tokA, map[string]any{}), http.StatusBadRequest, sb.EInvalid)

			// Mute toggles on an empty body, and sets when told.
			r = vb.do("POST", path+"/mute", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, true, r.data()["muted"])
			agent, _ := vb.participant(c, sid)
			require.True(t, agent.Muted, "the agent participant is muted")
			require.Equal(t, false, vb.do("POST", path+"/mute", vb.tokA, "{}").data()["muted"])
			require.Equal(t, true, vb.do("POST", path+"/mute", vb.tokA, map[string]any{"muted": true}).data()["muted"])
			require.Equal(t, true, vb.do("POST", path+"/mute", vb.tokA, map[string]any{"muted": true}).data()["muted"])
			agent, _ = vb.participant(c, sid)
			require.True(t, agent.Muted)
			requireError(t, vb.do("POST", path+"/mute", vb.tokA, map[string]any{"muted": "yes"}), http.StatusBadRequest, sb.EInvalid)

			require.Equal(t, []string{"hold", "unhold"}, controlSteps(t, vb.db, sid, sb.EventHold))
			require.Equal(t, []string{"muted", "unmuted", "muted", "muted"}, controlSteps(t, vb.db, sid, sb.EventMute))

			// Only the agent, and only their workspace.
			requireError(t, vb.do("POST", path+"/hold", vb.tokA2, map[string]any{"action": "hold"}), http.StatusForbidden, sb.ENotAgentParticipant)
			requireError(t, vb.do("POST", path+"/mute", vb.tokB, nil), http.StatusNotFound, sb.ENotFound)
			requireError(t, vb.do("POST", path+"/hold", "", map[string]any{"action": "hold"}), http.StatusUnauthorized, sb.EUnauthorized)

			// Once the customer hangs up the call is no longer active.
			vb.hangUpSim(cust)
			vb.waitStatus(sid, "completed")
			requireError(t, vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "hold"}), http.StatusConflict, sb.ECallNotActive)
			requireError(t, vb.do("POST", path+"/mute", vb.tokA, nil), http.StatusConflict, sb.ECallNotActive)
			requireError(t, vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": simulator.NumberAnswers, "type": "warm"}),
				http.StatusConflict, sb.ECallNotActive)
		})

		t.Run("NotAnsweredYet", func(t *testing.T) {
			t.Parallel()
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberNoAnswer, "workspaceId": vb.wsA})
			path := "/v1/calls/" + conn.CallSid
			requireError(t, vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "hold"}), http.StatusConflict, sb.ECallNotActive)
			requireError(t, vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": conn.CallSid}), http.StatusConflict, sb.ECallNotActive)
			requireError(t, vb.do("POST", "/v1/calls/CA"+"00000000000000000000000000000000"+"/hold", vb.tokA, map[string]any{"action": "hold"}),
				http.StatusNotFound, sb.ENotFound)
		})

		t.Run("WarmTransferCompleted", func(t *testing.T) {
			t.Parallel()
			c := vb.answeredSimCall()
			sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
			path := "/v1/calls/" + sid

			requireError(t, vb.do("POST", path+"/transfer/complete", vb.tokA, nil), http.StatusConflict, sb.ENoPendingTransfer)
			r := vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": "(500) 555-0100", "type": "warm"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, true, r.data()["onHold"], "warm holds the customer")
			tr := transferOf(r.data())
			require.Equal(t, "warm", tr["type"])
			require.Equal(t, simulator.NumberAnswers, tr["target"], "normalized")
			require.Equal(t, "dialing", tr["status"])
			target := tr["targetCallSid"].(string)
			require.Equal(t, simCallerID, vb.simCall(target).From, "from the call's caller ID")

			requireError(t, vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": simulator.NumberAnswers, "type": "cold"}),
				http.StatusConflict, sb.ETransferPending)
			vb.waitCall(sid, "the target to answer", func(c map[string]any) bool { return transferOf(c)["status"] == "talking" })
			p, ok := vb.participant(c, target)
			require.True(t, ok, "the target is in the conference")
			require.Regexp(t, `^transfer-[0-9a-f]{8}$`, p.Label)
			held, _ := vb.participant(c, cust)
			require.True(t, held.Hold)

			r = vb.do("POST", path+"/transfer/complete", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "completed", transferOf(r.data())["status"])
			require.Equal(t, false, r.data()["onHold"])
			_, agentIn := vb.participant(c, sid)
			require.False(t, agentIn, "the agent left")
			held, _ = vb.participant(c, cust)
			require.False(t, held.Hold, "the customer, unheld, stays with the target")
			telephonytest.Eventually(t, "the agent leg to end", func() bool { return vb.simCall(sid).Status == "completed" })
			require.Equal(t, "answered", vb.do("GET", path, vb.tokA, nil).data()["status"], "the agent leaving does not end the call")
			requireError(t, vb.do("POST", path+"/transfer/cancel", vb.tokA, nil), http.StatusConflict, sb.ENoPendingTransfer)

			// The target took the agent's place: when it leaves, the call ends.
			vb.hangUpSim(target)
			vb.waitStatus(sid, "completed")
			require.Equal(t, []string{"dialing", "talking", "completed"}, controlSteps(t, vb.db, sid, sb.EventTransfer))
			require.Equal(t, []string{"hold", "unhold"}, controlSteps(t, vb.db, sid, sb.EventHold))
		})

		t.Run("WarmTransferCanceled", func(t *testing.T) {
			t.Parallel()
			c := vb.answeredSimCall()
			sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
			path := "/v1/calls/" + sid
			// A slow target: complete must wait for it, cancel need not.
			r := vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": simulator.NumberSlow, "type": "warm"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			target := transferOf(r.data())["targetCallSid"].(string)
			requireError(t, vb.do("POST", path+"/transfer/complete", vb.tokA, nil), http.StatusConflict, sb.ETransferPending)
			vb.waitCall(sid, "the target to answer", func(c map[string]any) bool { return transferOf(c)["status"] == "talking" })

			r = vb.do("POST", path+"/transfer/cancel", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "canceled", transferOf(r.data())["status"])
			require.Equal(t, false, r.data()["onHold"])
			held, _ := vb.participant(c, cust)
			require.False(t, held.Hold)
			telephonytest.Eventually(t, "the target to be hung up", func() bool { return vb.simCall(target).Status == "completed" })
			_, agentIn := vb.participant(c, sid)
			require.True(t, agentIn, "the agent stays with the customer")
			requireError(t, vb.do("POST", path+"/transfer/cancel", vb.tokA, nil), http.StatusConflict, sb.ENoPendingTransfer)
			requireError(t, vb.do("POST", path+"/transfer/complete", vb.tokA, nil), http.StatusConflict, sb.ENoPendingTransfer)
			require.Equal(t, "canceled", transferOf(vb.do("GET", path, vb.tokA, nil).data())["status"], "the late end of the target changes nothing")

			// A new transfer may start once the last one ended; cancel it
			// while it still rings.
			r = vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": simulator.NumberNoAnswer, "type": "warm"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			r = vb.do("POST", path+"/transfer/cancel", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "canceled", transferOf(r.data())["status"])
			require.Equal(t, []string{"dialing", "talking", "canceled", "dialing", "canceled"}, controlSteps(t, vb.db, sid, sb.EventTransfer))
		})

		for _, tc := range []struct{ name, number string }{{"Busy", simulator.NumberBusy}, {"NoAnswer", simulator.NumberNoAnswer}} {
			t.Run("TargetDoesNotTakeIt_"+tc.name, func(t *testing.T) {
				t.Parallel()
				c := vb.answeredSimCall()
				sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
				r := vb.do("POST", "/v1/calls/"+sid+"/transfer", vb.tokA, map[string]any{"target": tc.number, "type": "warm"})
				require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
				after := vb.waitCall(sid, "the transfer to fail by itself", func(c map[string]any) bool { return transferOf(c)["status"] == "failed" })
				telephonytest.Eventually(t, "the customer to be unheld", func() bool {
					return vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["onHold"] == false
				})
				held, _ := vb.participant(c, cust)
				require.False(t, held.Hold, "unheld at the provider too")
				require.Equal(t, "answered", after["status"], "the agent and the customer talk on")
				require.Equal(t, []string{"dialing", "failed"}, controlSteps(t, vb.db, sid, sb.EventTransfer))
			})
		}

		t.Run("ColdTransfer", func(t *testing.T) {
			t.Parallel()
			c := vb.answeredSimCall()
			sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
			r := vb.do("POST", "/v1/calls/"+sid+"/transfer", vb.tokA, map[string]any{"target": simulator.NumberAnswers, "type": "cold"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			tr := transferOf(r.data())
			require.Equal(t, "cold", tr["type"])
			require.Equal(t, "completed", tr["status"])
			require.Equal(t, false, r.data()["onHold"], "cold never holds the customer")
			_, agentIn := vb.participant(c, sid)
			require.False(t, agentIn, "the agent left at once")
			target := tr["targetCallSid"].(string)
			telephonytest.Eventually(t, "the target to join", func() bool { p, ok := vb.participant(c, target); return ok && p.Status == "connected" })
			_, custIn := vb.participant(c, cust)
			require.True(t, custIn)
			require.Equal(t, "answered", vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["status"])
			requireError(t, vb.do("POST", "/v1/calls/"+sid+"/transfer/complete", vb.tokA, nil), http.StatusConflict, sb.ENoPendingTransfer)
			vb.hangUpSim(cust)
			vb.waitStatus(sid, "completed")
		})

		// What a transfer refuses (a do-not-call or invalid target, another
		// agent's call) is callflow's TestTransferRefusals; here, what the
		// spec refuses of the body before the flow sees it.
		t.Run("TargetRefused", func(t *testing.T) {
			t.Parallel()
			c := vb.answeredSimCall()
			path := "/v1/calls/" + c["callSid"].(string) + "/transfer"
			requireError(t, vb.do("POST", path, vb.tokA, map[string]any{"target": simulator.NumberAnswers, "type": "blind"}), http.StatusBadRequest, sb.EInvalid)
			requireError(t, vb.do("POST", path, vb.tokA, map[string]any{"target": simulator.NumberAnswers}), http.StatusBadRequest, sb.EInvalid)
			after := vb.do("GET", "/v1/calls/"+c["callSid"].(string), vb.tokA, nil).data()
			require.Nil(t, after["transfer"], "nothing was started")
			require.Equal(t, false, after["onHold"], "nobody was held")
		})

		t.Run("HoldMusic", func(t *testing.T) {
			// Public: no bearer token, no signature, provider parameters ignored.
			root := parseTwiML(t, vb.do("GET", "/v1/voice/hold-music?CallSid=CA1&AccountSid=AC1", "", nil))
			require.Len(t, root.Kids, 1)
			say := root.Kids[0]
			require.Equal(t, "Say", say.Name)
			require.Equal(t, "0", say.Attr("loop"))
			require.Equal(t, "Please hold.", say.Text)
		})
	})
}
