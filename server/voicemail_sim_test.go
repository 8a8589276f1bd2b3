package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// TestMachineAndVoicemailWithSimulator, end to end through the embedded
// simulator: with the workspace's detection on, the machine number's
// verdict arrives signed at the service (a refused one would show as a 403
// in the simulator's log) and the call shows machine_end_beep; the agent
// drops a voicemail (http audio is fine in simulator mode), the customer
// leg plays it and hangs up, the agent leg ends at once, and the call
// completes with the drop recorded. The human number is a human, and a
// click-to-call's own machineDetection turns detection on.
func TestMachineAndVoicemailWithSimulator(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)
		audio := vb.url + "/static/renewal.mp3" // http: accepted only in simulator mode
		r := vb.do("POST", "/v1/voicemail-drops", vb.tokAdm, map[string]any{"name": "Renewal", "audioUrl": audio})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		drop := r.data()["id"].(string)
		vb.setMachineDetection(true)

		conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberMachine, "workspaceId": vb.wsA})
		c := vb.waitCall(conn.CallSid, "the machine's verdict", func(c map[string]any) bool {
			return c["status"] == "answered" && c["answeredBy"] == "machine_end_beep"
		})
		cust := c["customerCallSid"].(string)
		telephonytest.Eventually(t, "the customer in the conference", func() bool {
			_, in := vb.participant(c, cust)
			return in
		})
		// The simulator logs its request once the service has answered it.
		var amd []simulator.WebhookLog
		telephonytest.Eventually(t, "the simulator to log the verdict's request", func() bool {
			amd = nil
			for _, w := range vb.simCall(cust).Webhooks {
				if w.Kind == "amd" {
					amd = append(amd, w)
				}
			}
			return len(amd) > 0
		})
		require.Len(t, amd, 1)
		require.Equal(t, http.StatusNoContent, amd[0].Status, "the service took the simulator's signature")
		require.Equal(t, vb.url+"/v1/voice/amd-status", amd[0].URL)

		r = vb.do("POST", "/v1/calls/"+conn.CallSid+"/voicemail", vb.tokA, map[string]any{"voicemailDropId": drop})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		telephonytest.Eventually(t, "both legs to end", func() bool {
			return vb.simCall(cust).Status == "completed" && vb.simCall(conn.CallSid).Status == "completed"
		})
		require.Equal(t, []string{audio}, vb.simCall(cust).Played, "the message played to the customer")
		require.Empty(t, vb.simCall(conn.CallSid).Played)
		done := vb.waitStatus(conn.CallSid, "completed")
		require.Equal(t, drop, done["voicemailDropId"])
		require.Equal(t, "machine_end_beep", done["answeredBy"])

		// A person.
		conn = vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberHuman, "workspaceId": vb.wsA})
		vb.waitCall(conn.CallSid, "the human's verdict", func(c map[string]any) bool { return c["answeredBy"] == "human" })
		r = vb.do("POST", "/v1/calls/"+conn.CallSid+"/hangup", vb.tokA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)

		// Off for the workspace, on for one click-to-call.
		vb.setMachineDetection(false)
		r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": simulator.NumberHuman, "machineDetection": true})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		sid := r.data()["callSid"].(string)
		vb.waitCall(sid, "the human's verdict", func(c map[string]any) bool { return c["answeredBy"] == "human" })
		r = vb.do("POST", "/v1/calls/"+sid+"/hangup", vb.tokA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)

	})
}
