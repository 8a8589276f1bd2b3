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

// activeCall connects an agent to a customer who answers and stays, and
// waits until both are in the conference.
func activeCall(t *testing.T, b *bundle, customerNumber string) (agent, customer, conf string) {
	t.Helper()
	got := b.connect(t, simulator.ConnectRequest{Identity: "alice", To: customerNumber, WorkspaceID: "ws_1"})
	require.Equal(t, "in-progress", got.Status)
	agent, conf = got.CallSid, got.ConferenceSid
	customer = b.hooks.customerOf(agent)
	telephonytest.Eventually(t, "customer in the conference", func() bool {
		p, err := b.api.FetchParticipant(conf, "customer", nil)
		return err == nil && *p.Status == "connected"
	})
	return agent, customer, conf
}

// TestHoldMuteTransfer walks through what the service does for hold, mute
// and a transfer: participant updates, a dialed participant that joins with
// its label, kicking participants, and the conference ending when the
// customer (endConferenceOnExit) hangs up.
func TestHoldMuteTransfer(t *testing.T) {
	t.Parallel()
	b := setup(t)
	agent, customer, conf := activeCall(t, b, simulator.NumberAnswers)

	held, err := b.api.UpdateParticipant(conf, customer, (&openapi.UpdateParticipantParams{}).
		SetHold(true).SetHoldUrl("http://com.twilio.music.classical.s3.amazonaws.com/BusyStrings.mp3").SetHoldMethod("GET"))
	require.NoError(t, err)
	require.True(t, *held.Hold)
	muted, err := b.api.UpdateParticipant(conf, agent, (&openapi.UpdateParticipantParams{}).SetMuted(true))
	require.NoError(t, err)
	require.True(t, *muted.Muted)
	require.False(t, *muted.Hold)
	p, err := b.api.FetchParticipant(conf, customer, nil)
	require.NoError(t, err)
	require.True(t, *p.Hold)

	// A participant with a bad event name is refused like a call.
	_, err = b.api.CreateParticipant(conf, (&openapi.CreateParticipantParams{}).
		SetFrom(callerID).SetTo("+14155552671").SetStatusCallbackEvent([]string{"busy"}))
	restError(t, err, http.StatusBadRequest, 21626)

	// Warm transfer: dial the target into the conference.
	target, err := b.api.CreateParticipant(conf, (&openapi.CreateParticipantParams{}).
		SetFrom(callerID).SetTo("+14155552671").SetLabel("transfer").SetEarlyMedia(true).SetBeep("false").
		SetStartConferenceOnEnter(true).SetEndConferenceOnExit(false).
		SetStatusCallback(b.hooks.url+"/status").SetStatusCallbackEvent([]string{"ringing", "answered", "completed"}))
	require.NoError(t, err)
	require.Equal(t, "transfer", *target.Label)
	require.Equal(t, conf, *target.ConferenceSid)
	targetSid := *target.CallSid
	telephonytest.Eventually(t, "target connected", func() bool {
		p, err := b.api.FetchParticipant(conf, "transfer", nil)
		return err == nil && *p.Status == "connected"
	})
	parts, err := b.api.ListParticipant(conf, nil)
	require.NoError(t, err)
	require.Len(t, parts, 3)
	onHold, err := b.api.ListParticipant(conf, (&openapi.ListParticipantParams{}).SetHold(true))
	require.NoError(t, err)
	require.Len(t, onHold, 1)

	// A busy target never joins, and the conference goes on.
	busy, err := b.api.CreateParticipant(conf, (&openapi.CreateParticipantParams{}).
		SetFrom(callerID).SetTo(simulator.NumberBusy).SetLabel("busy").
		SetStatusCallback(b.hooks.url+"/status"))
	require.NoError(t, err)
	b.waitCallStatus(t, *busy.CallSid, "busy")
	telephonytest.Eventually(t, "busy callback", func() bool { return len(b.hooks.received("/status", *busy.CallSid)) == 1 })
	require.Equal(t, []string{"busy"}, statuses(b.hooks.received("/status", *busy.CallSid)))
	_, err = b.api.FetchParticipant(conf, "busy", nil)
	restError(t, err, http.StatusNotFound, 20404)

	// Complete the transfer: the agent leaves, the customer is unheld.
	require.NoError(t, b.api.DeleteParticipant(conf, agent, nil))
	b.waitCallStatus(t, agent, "completed")
	_, err = b.api.UpdateParticipant(conf, customer, (&openapi.UpdateParticipantParams{}).SetHold(false))
	require.NoError(t, err)
	c, err := b.api.FetchConference(conf, nil)
	require.NoError(t, err)
	require.Equal(t, "in-progress", *c.Status)

	// The customer hangs up: the conference ends and takes the target along.
	_, err = b.api.UpdateCall(customer, (&openapi.UpdateCallParams{}).SetStatus("completed"))
	require.NoError(t, err)
	b.waitCallStatus(t, customer, "completed")
	b.waitCallStatus(t, targetSid, "completed")
	c, err = b.api.FetchConference(conf, nil)
	require.NoError(t, err)
	require.Equal(t, "completed", *c.Status)
	telephonytest.Eventually(t, "target callbacks", func() bool { return len(b.hooks.received("/status", targetSid)) == 3 })
	require.Equal(t, []string{"ringing", "in-progress", "completed"}, statuses(b.hooks.received("/status", targetSid)))
	parts, err = b.api.ListParticipant(conf, nil)
	require.NoError(t, err)
	require.Empty(t, parts)
}

// TestParticipantByFriendlyName: Participants create on a name that is no
// live conference creates it; the dialed party joins and, being alone with
// nobody else left, ends it when it is kicked.
func TestParticipantByFriendlyName(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := b.connectedParticipant(t, "standup", "bob")
	confs, err := b.api.ListConference((&openapi.ListConferenceParams{}).SetFriendlyName("standup"))
	require.NoError(t, err)
	require.Len(t, confs, 1)
	require.Equal(t, "in-progress", *confs[0].Status)
	require.NoError(t, b.api.DeleteParticipant(*p.ConferenceSid, "bob", nil))
	b.waitCallStatus(t, *p.CallSid, "completed")
	c, err := b.api.FetchConference(*p.ConferenceSid, nil)
	require.NoError(t, err)
	require.Equal(t, "completed", *c.Status)
	require.Equal(t, "last-participant-left", *c.ReasonConferenceEnded)
}

func TestRecordings(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, customer, conf := activeCall(t, b, simulator.NumberAnswers)

	rec, err := b.api.CreateCallRecording(customer, (&openapi.CreateCallRecordingParams{}).
		SetRecordingChannels("dual").SetRecordingStatusCallback(b.hooks.url+"/recording-status").
		SetRecordingStatusCallbackEvent([]string{"in-progress", "completed"}))
	require.NoError(t, err)
	require.Equal(t, "in-progress", *rec.Status)
	require.Equal(t, 2, rec.Channels)
	require.Equal(t, customer, *rec.CallSid)
	require.Equal(t, conf, *rec.ConferenceSid)

	paused, err := b.api.UpdateCallRecording(customer, *rec.Sid, (&openapi.UpdateCallRecordingParams{}).SetStatus("paused"))
	require.NoError(t, err)
	require.Equal(t, "paused", *paused.Status)
	resumed, err := b.api.UpdateCallRecording(customer, *rec.Sid, (&openapi.UpdateCallRecordingParams{}).SetStatus("in-progress"))
	require.NoError(t, err)
	require.Equal(t, "in-progress", *resumed.Status)
	fetched, err := b.api.FetchRecording(*rec.Sid, nil)
	require.NoError(t, err)
	require.Equal(t, "in-progress", *fetched.Status)
	require.NotEmpty(t, *fetched.MediaUrl)

	stopped, err := b.api.UpdateCallRecording(customer, *rec.Sid, (&openapi.UpdateCallRecordingParams{}).SetStatus("stopped"))
	require.NoError(t, err)
	require.Equal(t, "stopped", *stopped.Status)
	got, err := b.api.FetchCallRecording(customer, *rec.Sid, nil)
	require.NoError(t, err)
	require.Equal(t, "completed", *got.Status)
	_, err = b.api.UpdateCallRecording(customer, *rec.Sid, (&openapi.UpdateCallRecordingParams{}).SetStatus("paused"))
	restError(t, err, http.StatusBadRequest, 21220)

	telephonytest.Eventually(t, "recording callbacks", func() bool { return len(b.hooks.received("/recording-status", customer)) == 2 })
	hs := b.hooks.received("/recording-status", customer)
	require.Equal(t, "in-progress", hs[0].Form.Get("RecordingStatus"))
	done := hs[1].Form
	require.Equal(t, "completed", done.Get("RecordingStatus"))
	require.Equal(t, *rec.Sid, done.Get("RecordingSid"))
	require.Equal(t, "2", done.Get("RecordingChannels"))
	require.NotEmpty(t, done.Get("RecordingUrl"))
	_, err = strconv.Atoi(done.Get("RecordingDuration"))
	require.NoError(t, err)

	// A second recording (default: completed event only) ends with the call.
	second, err := b.api.CreateCallRecording(customer, (&openapi.CreateCallRecordingParams{}).
		SetRecordingStatusCallback(b.hooks.url+"/recording-status"))
	require.NoError(t, err)
	require.Equal(t, 1, second.Channels)
	_, err = b.api.UpdateCall(customer, (&openapi.UpdateCallParams{}).SetStatus("completed"))
	require.NoError(t, err)
	telephonytest.Eventually(t, "second recording completed", func() bool { return len(b.hooks.received("/recording-status", customer)) == 3 })
	require.Equal(t, *second.Sid, b.hooks.received("/recording-status", customer)[2].Form.Get("RecordingSid"))

	_, err = b.api.CreateCallRecording(customer, nil)
	restError(t, err, http.StatusBadRequest, 21220)
	_, err = b.api.CreateCallRecording("CA00000000000000000000000000000000", nil)
	restError(t, err, http.StatusNotFound, 20404)
}

// TestKickWhileRinging: removing a participant that is still being dialed
// cancels its call, and it never joins.
func TestKickWhileRinging(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, _, conf := activeCall(t, b, simulator.NumberAnswers)
	p, err := b.api.CreateParticipant(conf, (&openapi.CreateParticipantParams{}).
		SetFrom(callerID).SetTo(simulator.NumberSlow).SetLabel("slow").
		SetStatusCallback(b.hooks.url+"/status").SetStatusCallbackEvent([]string{"ringing", "completed"}))
	require.NoError(t, err)
	require.Equal(t, "queued", *p.Status)
	telephonytest.Eventually(t, "ringing", func() bool {
		got, err := b.api.FetchParticipant(conf, "slow", nil)
		return err == nil && *got.Status == "ringing"
	})
	require.NoError(t, b.api.DeleteParticipant(conf, "slow", nil))
	b.waitCallStatus(t, *p.CallSid, "canceled")
	telephonytest.Eventually(t, "callbacks", func() bool { return len(b.hooks.received("/status", *p.CallSid)) == 2 })
	require.Equal(t, []string{"ringing", "canceled"}, statuses(b.hooks.received("/status", *p.CallSid)))
	parts, err := b.api.ListParticipant(conf, nil)
	require.NoError(t, err)
	require.Len(t, parts, 2)
}

// A conference completed through the API was ended by no call: its
// call_sid_ending_conference is null, as at Twilio, not an empty string
// (which Twilio's description, a CA sid pattern, refuses).
func TestConferenceEndedViaAPI(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := b.connectedParticipant(t, "retro", "bob")
	c, err := b.api.FetchConference(*p.ConferenceSid, nil)
	require.NoError(t, err)
	require.Nil(t, c.ReasonConferenceEnded, "in progress")
	require.Nil(t, c.CallSidEndingConference)

	c, err = b.api.UpdateConference(*p.ConferenceSid, (&openapi.UpdateConferenceParams{}).SetStatus("completed"))
	require.NoError(t, err)
	require.Equal(t, "completed", *c.Status)
	require.Equal(t, "conference-ended-via-api", *c.ReasonConferenceEnded)
	require.Nil(t, c.CallSidEndingConference, "no call ended it")
	b.waitCallStatus(t, *p.CallSid, "completed")
}

// connectedParticipant dials an answering number into the conference named
// conference (creating it) with label, and waits until it is connected.
func (b *bundle) connectedParticipant(t *testing.T, conference, label string) *openapi.ApiV2010Participant {
	t.Helper()
	p, err := b.api.CreateParticipant(conference, (&openapi.CreateParticipantParams{}).
		SetFrom(callerID).SetTo(simulator.NumberAnswers).SetLabel(label))
	require.NoError(t, err)
	telephonytest.Eventually(t, label+" connected", func() bool {
		got, err := b.api.FetchParticipant(*p.ConferenceSid, label, nil)
		return err == nil && *got.Status == "connected"
	})
	return p
}
