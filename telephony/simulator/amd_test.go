package simulator_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// amdCall creates a call to number through twilio-go with the given
// detection, answering with the generic conference join.
func amdCall(t *testing.T, b *bundle, number, mode string, async bool) string {
	t.Helper()
	p := &openapi.CreateCallParams{}
	p.SetTo(number).SetFrom(callerID).SetUrl(b.hooks.url + "/join?conference=amd-" + number + "&label=customer").
		SetStatusCallback(b.hooks.url + "/status").SetStatusCallbackEvent([]string{"completed"})
	if mode != "" {
		p.SetMachineDetection(mode)
	}
	if async {
		p.SetAsyncAmd("true").SetAsyncAmdStatusCallback(b.hooks.url + "/amd").SetAsyncAmdStatusCallbackMethod("POST")
	}
	c, err := b.api.CreateCall(p)
	require.NoError(t, err)
	t.Cleanup(func() { _, _ = b.api.UpdateCall(*c.Sid, (&openapi.UpdateCallParams{}).SetStatus("completed")) })
	return *c.Sid
}

// TestAsyncAMD: with AsyncAmd the call's Url is fetched at once (without
// AnsweredBy), and the verdict is POSTed, signed (the hooks refuse a bad
// signature and the clean-up fails on one), to AsyncAmdStatusCallback with
// AccountSid, CallSid, AnsweredBy and MachineDetectionDuration, according to
// the number: the machine after its greeting, the human, and unknown for
// any other number; the call's REST resource shows it too.
func TestAsyncAMD(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, tc := range []struct {
		number, mode, want, ms string
	}{
		{simulator.NumberMachine, "DetectMessageEnd", "machine_end_beep", "60"},
		{simulator.NumberMachine, "Enable", "machine_start", "30"},
		{simulator.NumberHuman, "DetectMessageEnd", "human", "30"},
		{simulator.NumberAnswers, "DetectMessageEnd", "unknown", "30"},
	} {
		sid := amdCall(t, b, tc.number, tc.mode, true)
		telephonytest.Eventually(t, "the verdict on "+tc.number, func() bool { return len(b.hooks.received("/amd", sid)) == 1 })
		got := b.hooks.received("/amd", sid)[0].Form
		require.Equal(t, tc.want, got.Get("AnsweredBy"), tc.number)
		require.Equal(t, accountSid, got.Get("AccountSid"))
		require.Equal(t, tc.ms, got.Get("MachineDetectionDuration"), tc.number)
		joins := b.hooks.received("/join", sid)
		require.Len(t, joins, 1, "the Url is fetched once, at answer")
		require.Empty(t, joins[0].Form.Get("AnsweredBy"), "async: the Url request does not wait for the verdict")
		c, err := b.api.FetchCall(sid, nil)
		require.NoError(t, err)
		require.Equal(t, tc.want, *c.AnsweredBy)
		require.Equal(t, "in-progress", *c.Status, "detection does not end the call")
	}
	// The machine's verdict comes after its greeting: after the Url request.
	st := b.state(t)
	for _, c := range st.Calls {
		if c.To == simulator.NumberMachine && c.AnsweredBy == "machine_end_beep" {
			var kinds []string
			for _, w := range c.Webhooks {
				kinds = append(kinds, w.Kind)
			}
			require.Equal(t, []string{"twiml", "amd"}, kinds)
		}
	}
}

// TestSyncAMD: without AsyncAmd the verdict comes first and the Url request
// carries it; no callback is sent.
func TestSyncAMD(t *testing.T) {
	t.Parallel()
	b := setup(t)
	sid := amdCall(t, b, simulator.NumberMachine, "DetectMessageEnd", false)
	telephonytest.Eventually(t, "the Url fetched", func() bool { return len(b.hooks.received("/join", sid)) == 1 })
	require.Equal(t, "machine_end_beep", b.hooks.received("/join", sid)[0].Form.Get("AnsweredBy"))
	require.Empty(t, b.hooks.received("/amd", sid))

	// No detection asked: no verdict anywhere.
	plain := amdCall(t, b, simulator.NumberMachine, "", false)
	telephonytest.Eventually(t, "the Url fetched", func() bool { return len(b.hooks.received("/join", plain)) == 1 })
	require.Empty(t, b.hooks.received("/join", plain)[0].Form.Get("AnsweredBy"))
	c, err := b.api.FetchCall(plain, nil)
	require.NoError(t, err)
	require.Nil(t, c.AnsweredBy)
}

// TestAMDRefusals: Twilio's errors for a bad detection parameter; no call
// is made.
func TestAMDRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	before := len(b.state(t).Calls)
	p := &openapi.CreateCallParams{}
	p.SetTo(simulator.NumberMachine).SetFrom(callerID).SetUrl(b.hooks.url + "/join").SetMachineDetection("Always")
	_, err := b.api.CreateCall(p)
	restError(t, err, 400, 21218)
	p = &openapi.CreateCallParams{}
	p.SetTo(simulator.NumberMachine).SetFrom(callerID).SetUrl(b.hooks.url + "/join").
		SetMachineDetection("DetectMessageEnd").SetAsyncAmd("true").SetAsyncAmdStatusCallback("not a url")
	_, err = b.api.CreateCall(p)
	restError(t, err, 400, 21609)
	require.Len(t, b.state(t).Calls, before)
}

// TestRedirectLiveCall: new TwiML for a call in a conference takes it out
// (the customer had endConferenceOnExit, so the conference ends and the
// agent leg with it), plays the audio and hangs up; the state lists what
// was played. A Url redirect is fetched, signed. An ended call cannot be
// redirected (21220).
func TestRedirectLiveCall(t *testing.T) {
	t.Parallel()
	b := setup(t)
	agent, customer, conf := activeCall(t, b, simulator.NumberMachine)
	doc := `<?xml version="1.0" encoding="UTF-8"?><Response><Play>http://127.0.0.1/drop.mp3</Play><Hangup/></Response>`
	got, err := b.api.UpdateCall(customer, (&openapi.UpdateCallParams{}).SetTwiml(doc))
	require.NoError(t, err)
	require.Equal(t, customer, *got.Sid)
	b.waitCallStatus(t, customer, "completed")
	b.waitCallStatus(t, agent, "completed")
	c, err := b.api.FetchConference(conf, nil)
	require.NoError(t, err)
	require.Equal(t, "completed", *c.Status)
	for _, v := range b.state(t).Calls {
		if v.Sid == customer {
			require.Equal(t, []string{"http://127.0.0.1/drop.mp3"}, v.Played)
		}
	}
	_, err = b.api.UpdateCall(customer, (&openapi.UpdateCallParams{}).SetTwiml(doc))
	restError(t, err, 400, 21220)

	// By Url: the document is fetched like any TwiML.
	_, customer2, _ := activeCall(t, b, simulator.NumberAnswers)
	_, err = b.api.UpdateCall(customer2, (&openapi.UpdateCallParams{}).SetUrl(b.hooks.url+"/voicemail"))
	require.NoError(t, err)
	b.waitCallStatus(t, customer2, "completed")
	require.Len(t, b.hooks.received("/voicemail", customer2), 1)
	for _, v := range b.state(t).Calls {
		if v.Sid == customer2 {
			require.Equal(t, []string{"http://127.0.0.1/vm.mp3"}, v.Played)
		}
	}
}
