package server_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// answeredSimCall connects ada to a customer who answers and stays, and
// returns the answered call once its customer leg's SID is written (the
// customer can answer before the REST call that dialled them returns) and
// the customer is in the conference (the call is answered when the provider
// fetches the join document, a moment before the leg enters; holding a
// customer who has not entered yet is the provider's 20404).
func (vb *voiceBundle) answeredSimCall() map[string]any {
	vb.t.Helper()
	conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberAnswers, "workspaceId": vb.wsA})
	c := vb.waitCall(conn.CallSid, "the call to be answered with its customer leg", func(c map[string]any) bool {
		return c["status"] == "answered" && c["customerCallSid"] != ""
	})
	telephonytest.Eventually(vb.t, "the customer to enter the conference", func() bool {
		_, in := vb.participant(c, c["customerCallSid"].(string))
		return in
	})
	return c
}

// participant returns the simulator's view of leg in the call's
// conference, and whether it is there.
func (vb *voiceBundle) participant(call map[string]any, leg string) (simulator.ParticipantView, bool) {
	for _, cf := range vb.sim.State().Conferences {
		if cf.FriendlyName != call["conferenceName"] {
			continue
		}
		for _, p := range cf.Participants {
			if p.CallSid == leg {
				return p, true
			}
		}
	}
	return simulator.ParticipantView{}, false
}

// waitCall polls GET /v1/calls/{sid} (as ada) until cond holds.
func (vb *voiceBundle) waitCall(sid, what string, cond func(c map[string]any) bool) map[string]any {
	vb.t.Helper()
	var last map[string]any
	defer func() {
		// Eventually stops the test on a timeout: say what the call was.
		if vb.t.Failed() {
			vb.t.Logf("the call as last read: %v", last)
		}
	}()
	telephonytest.Eventually(vb.t, what, func() bool {
		r := vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil)
		require.Equal(vb.t, http.StatusOK, r.status, "body: %s", r.body)
		last = r.data()
		return cond(last)
	})
	return last
}

// transferOf returns the call's transfer, or nil.
func transferOf(c map[string]any) map[string]any {
	t, _ := c["transfer"].(map[string]any)
	return t
}

// controlSteps lists the call's events of source, by step.
func controlSteps(t testing.TB, db sb.CallStore, callSID, source string) []string {
	t.Helper()
	events, err := db.ListCallEvents(context.Background(), callSID)
	require.NoError(t, err)
	var steps []string
	for _, e := range events {
		if e.Source == source {
			steps = append(steps, e.ProviderStatus)
		}
	}
	return steps
}

// hangUpSim makes the party on leg hang up in the simulator.
func (vb *voiceBundle) hangUpSim(leg string) {
	vb.t.Helper()
	res, err := vb.client.Post(vb.url+"/sim/calls/"+leg+"/hangup", "application/json", nil)
	require.NoError(vb.t, err)
	res.Body.Close()
	require.Equal(vb.t, http.StatusAccepted, res.StatusCode)
}
