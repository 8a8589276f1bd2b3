package simulator_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// TestWholeFlow plays the contract's flow: the browser connects, callml puts
// the agent in a conference and creates the customer leg, the customer rings
// and answers, joins through conference-join, hangs up by itself, and the
// conference ends, taking the agent leg with it.
func TestWholeFlow(t *testing.T) {
	t.Parallel()
	b := setup(t)

	got := b.connect(t, simulator.ConnectRequest{
		Identity: "alice", To: simulator.NumberHangsUp, CallerID: callerID, WorkspaceID: "ws_1",
	})
	require.Equal(t, "in-progress", got.Status)
	require.NotEmpty(t, got.ConferenceSid)
	agent := got.CallSid

	// The call-control webhook carries what Twilio sends for a browser leg.
	ctl := b.hooks.received("/callml", agent)
	require.Len(t, ctl, 1)
	f := ctl[0].Form
	require.Equal(t, "client:alice", f.Get("From"))
	require.Equal(t, "client:alice", f.Get("Caller"))
	require.Equal(t, simulator.NumberHangsUp, f.Get("To"))
	require.Equal(t, "inbound", f.Get("Direction"))
	require.Equal(t, "ringing", f.Get("CallStatus"))
	require.Equal(t, accountSid, f.Get("AccountSid"))
	require.Equal(t, "2010-04-01", f.Get("ApiVersion"))
	require.Equal(t, callerID, f.Get("callerId"))
	require.Equal(t, "ws_1", f.Get("workspaceId"))

	// The conference is found as the service finds it.
	name := "conf-" + agent
	confs, err := b.api.ListConference(&openapi.ListConferenceParams{FriendlyName: &name, Status: ptr("in-progress")})
	require.NoError(t, err)
	require.Len(t, confs, 1)
	require.Equal(t, got.ConferenceSid, *confs[0].Sid)

	customer := b.hooks.customerOf(agent)
	require.NotEmpty(t, customer)
	telephonytest.Eventually(t, "customer to join", func() bool { return len(b.hooks.received("/conference-join", customer)) == 1 })
	join := b.hooks.received("/conference-join", customer)[0]
	require.Equal(t, name, join.Query.Get("conference"))
	require.Equal(t, "in-progress", join.Form.Get("CallStatus"))
	require.Equal(t, "outbound-api", join.Form.Get("Direction"))
	require.Equal(t, simulator.NumberHangsUp, join.Form.Get("To"))
	require.Equal(t, callerID, join.Form.Get("From"))

	telephonytest.Eventually(t, "customer in the conference", func() bool {
		p, err := b.api.FetchParticipant(got.ConferenceSid, "customer", nil)
		return err == nil && *p.CallSid == customer
	})
	agentPart, err := b.api.FetchParticipant(got.ConferenceSid, agent, nil)
	require.NoError(t, err)
	require.Equal(t, "agent", *agentPart.Label)
	require.True(t, *agentPart.StartConferenceOnEnter)
	require.False(t, *agentPart.EndConferenceOnExit)

	// The test number hangs up after its talk time: everything ends.
	b.waitCallStatus(t, customer, "completed")
	b.waitCallStatus(t, agent, "completed")
	conf, err := b.api.FetchConference(got.ConferenceSid, nil)
	require.NoError(t, err)
	require.Equal(t, "completed", *conf.Status)
	require.Equal(t, "participant-with-end-conference-on-exit-left", *conf.ReasonConferenceEnded)

	// Only the subscribed event was sent, with the call's duration.
	telephonytest.Eventually(t, "the completed callback", func() bool { return len(b.hooks.received("/status", customer)) == 1 })
	cb := b.hooks.received("/status", customer)[0].Form
	require.Equal(t, "completed", cb.Get("CallStatus"))
	require.Equal(t, "0", cb.Get("SequenceNumber"))
	require.NotEmpty(t, cb.Get("Timestamp"))
	require.Equal(t, "outbound-api", cb.Get("Direction"))
	_, err = strconv.Atoi(cb.Get("CallDuration"))
	require.NoError(t, err)

	c, err := b.api.FetchCall(customer, nil)
	require.NoError(t, err)
	require.NotNil(t, c.StartTime)
	require.NotNil(t, c.EndTime)
	require.NotNil(t, c.Duration)

	st := b.state(t)
	require.Len(t, st.Calls, 2)
	require.Equal(t, []string{"queued", "initiated", "ringing", "in-progress", "completed"}, historyOf(st, customer))
}

// TestOutcomes: busy, no-answer and failed arrive as the CallStatus of the
// completed event; every subscribed event comes in order with its
// SequenceNumber.
func TestOutcomes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		to     string
		events []string
		want   []string
	}{
		{simulator.NumberBusy, []string{"completed"}, []string{"busy"}},
		{simulator.NumberNoAnswer, []string{"completed"}, []string{"no-answer"}},
		{simulator.NumberFails, []string{"completed"}, []string{"failed"}},
		{simulator.NumberNoAnswer, []string{"initiated", "ringing", "answered", "completed"},
			[]string{"initiated", "ringing", "no-answer"}},
		{simulator.NumberSlow, []string{"initiated", "ringing", "answered", "completed"},
			[]string{"initiated", "ringing", "in-progress", "completed"}},
		{"+14155552671", []string{"ringing answered"}, []string{"ringing", "in-progress"}},
	}
	for _, tc := range cases {
		t.Run(tc.to, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			p := &openapi.CreateCallParams{}
			p.SetTo(tc.to)
			p.SetFrom(callerID)
			p.SetUrl(b.hooks.url + "/hangup")
			p.SetStatusCallback(b.hooks.url + "/status")
			p.SetStatusCallbackEvent(tc.events)
			c, err := b.api.CreateCall(p)
			require.NoError(t, err)
			require.Equal(t, "queued", *c.Status)
			require.Equal(t, "outbound-api", *c.Direction)
			telephonytest.Eventually(t, "callbacks", func() bool { return len(b.hooks.received("/status", *c.Sid)) >= len(tc.want) })
			hs := b.hooks.received("/status", *c.Sid)
			require.Equal(t, tc.want, statuses(hs))
			for i, h := range hs {
				require.Equal(t, strconv.Itoa(i), h.Form.Get("SequenceNumber"))
			}
			if tc.want[len(tc.want)-1] != "in-progress" {
				require.Equal(t, tc.want[len(tc.want)-1], b.callStatus(t, *c.Sid))
			}
		})
	}
}

// TestCancelRinging: hanging up a call that rings cancels it.
func TestCancelRinging(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := &openapi.CreateCallParams{}
	p.SetTo(simulator.NumberNoAnswer)
	p.SetFrom(callerID)
	p.SetUrl(b.hooks.url + "/hangup")
	p.SetStatusCallback(b.hooks.url + "/status")
	c, err := b.api.CreateCall(p)
	require.NoError(t, err)
	b.waitCallStatus(t, *c.Sid, "ringing")
	_, err = b.api.UpdateCall(*c.Sid, (&openapi.UpdateCallParams{}).SetStatus("completed"))
	require.NoError(t, err)
	b.waitCallStatus(t, *c.Sid, "canceled")
	telephonytest.Eventually(t, "callback", func() bool { return len(b.hooks.received("/status", *c.Sid)) == 1 })
	require.Equal(t, []string{"canceled"}, statuses(b.hooks.received("/status", *c.Sid)))
}

// TestClickToCall: a call To client:<identity> is answered by the simulated
// browser, which then requests the call's Url like any call.
func TestClickToCall(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := &openapi.CreateCallParams{}
	p.SetTo("client:bob")
	p.SetFrom(callerID)
	p.SetUrl(b.hooks.url + "/callml?To=" + "%2B14155552671")
	p.SetStatusCallback(b.hooks.url + "/status")
	p.SetStatusCallbackEvent([]string{"answered", "completed"})
	agent, err := b.api.CreateCall(p)
	require.NoError(t, err)

	telephonytest.Eventually(t, "the Url to be requested", func() bool { return len(b.hooks.received("/callml", *agent.Sid)) == 1 })
	f := b.hooks.received("/callml", *agent.Sid)[0]
	require.Equal(t, "client:bob", f.Form.Get("To"))
	require.Equal(t, "outbound-api", f.Form.Get("Direction"))
	require.Equal(t, "+14155552671", f.Query.Get("To"))
	b.waitCallStatus(t, *agent.Sid, "in-progress")

	// The agent hangs up in the browser: the agent leg completes, the
	// customer stays in the conference until hung up too.
	resp, err := http.Post(b.simURL+"/sim/calls/"+*agent.Sid+"/hangup", "", nil)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusAccepted, resp.StatusCode)
	b.waitCallStatus(t, *agent.Sid, "completed")
	telephonytest.Eventually(t, "callbacks", func() bool { return len(b.hooks.received("/status", *agent.Sid)) == 2 })
	require.Equal(t, []string{"in-progress", "completed"}, statuses(b.hooks.received("/status", *agent.Sid)))
}

// TestConnectRefused: callml answering <Say><Hangup/> ends the browser leg
// and dials nobody.
func TestConnectRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	got := b.connect(t, simulator.ConnectRequest{Identity: "alice", To: "not-a-number", WorkspaceID: "ws_1"})
	require.Equal(t, "completed", got.Status)
	require.Empty(t, got.ConferenceSid)
	require.Len(t, b.state(t).Calls, 1)
}

func historyOf(st simulator.State, sid string) []string {
	for _, c := range st.Calls {
		if c.Sid == sid {
			var out []string
			for _, h := range c.History {
				out = append(out, h.Status)
			}
			return out
		}
	}
	return nil
}

func ptr[T any](v T) *T { return &v }
