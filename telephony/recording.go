package telephony

import (
	"context"
	"strconv"
	"time"

	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard"
)

// Recording is the provider's view of a call recording.
type Recording struct {
	Sid       string
	CallSid   string
	Status    string // in-progress, paused, stopped, processing, completed, absent, failed
	Channels  string // "mono", "dual", or "" when the provider did not say
	Duration  int    // seconds; 0 while the recording is in progress
	MediaURL  string // the media without extension; append .mp3 or .wav to choose
	StartTime time.Time
}

// Recording statuses the service may ask for with UpdateRecording.
const (
	RecordingPaused     = "paused"
	RecordingInProgress = "in-progress" // resume
	RecordingStopped    = "stopped"
)

// RecordingStatusEvents are the recording status callbacks StartRecording
// asks for: every one Twilio offers, so the stored status follows it.
var RecordingStatusEvents = []string{"in-progress", "completed", "absent"}

// StartRecording records the call callSid (the customer leg: Twilio has no
// create call for conference recordings). channels is "mono" or "dual" (""
// means mono); statusCallback, when set, receives RecordingStatusEvents.
func (c *Client) StartRecording(ctx context.Context, callSid, channels, statusCallback string) (Recording, error) {
	if err := checkSIDs("callSid", callSid); err != nil {
		return Recording{}, err
	}
	if channels == "" {
		channels = "mono"
	}
	if channels != "mono" && channels != "dual" {
		return Recording{}, switchboard.FieldErrorf(switchboard.EInvalid, "channels", "channels is mono or dual")
	}
	params := &openapi.CreateCallRecordingParams{}
	params.SetRecordingChannels(channels)
	if statusCallback != "" {
		params.SetRecordingStatusCallback(statusCallback).SetRecordingStatusCallbackEvent(RecordingStatusEvents)
	}
	rec, err := c.api(ctx).CreateCallRecording(callSid, params)
	if err != nil {
		return Recording{}, wrapErr("start recording", err)
	}
	return c.callRecording(rec), nil
}

// FetchRecording returns the recording recSid.
func (c *Client) FetchRecording(ctx context.Context, recSid string) (Recording, error) {
	if err := checkSIDs("recordingSid", recSid); err != nil {
		return Recording{}, err
	}
	rec, err := c.api(ctx).FetchRecording(recSid, nil)
	if err != nil {
		return Recording{}, wrapErr("fetch recording", err)
	}
	r := Recording{
		Sid:       deref(rec.Sid),
		CallSid:   deref(rec.CallSid),
		Status:    deref(rec.Status),
		Channels:  channelsName(deref(rec.Channels)),
		Duration:  seconds(deref(rec.Duration)),
		MediaURL:  trimJSON(deref(rec.MediaUrl)),
		StartTime: twilioTime(deref(rec.StartTime)),
	}
	if r.MediaURL == "" || c.base != nil {
		// A compatible provider may leave media_url out, and a rewritten
		// base URL must be used for the media too.
		r.MediaURL = c.mediaURL(r.Sid)
	}
	return r, nil
}

// UpdateRecording pauses (RecordingPaused), resumes (RecordingInProgress)
// or stops (RecordingStopped) the recording recSid of call callSid.
func (c *Client) UpdateRecording(ctx context.Context, callSid, recSid, status string) (Recording, error) {
	if err := checkSIDs("callSid", callSid, "recordingSid", recSid); err != nil {
		return Recording{}, err
	}
	switch status {
	case RecordingPaused, RecordingInProgress, RecordingStopped:
	default:
		return Recording{}, switchboard.FieldErrorf(switchboard.EInvalid, "status", "status is paused, in-progress or stopped")
	}
	params := &openapi.UpdateCallRecordingParams{}
	params.SetStatus(status)
	rec, err := c.api(ctx).UpdateCallRecording(callSid, recSid, params)
	if err != nil {
		return Recording{}, wrapErr("update recording", err)
	}
	return c.callRecording(rec), nil
}

func (c *Client) callRecording(rec *openapi.ApiV2010CallRecording) Recording {
	sid := deref(rec.Sid)
	return Recording{
		Sid:       sid,
		CallSid:   deref(rec.CallSid),
		Status:    deref(rec.Status),
		Channels:  channelsName(rec.Channels),
		Duration:  seconds(deref(rec.Duration)),
		MediaURL:  c.mediaURL(sid),
		StartTime: twilioTime(deref(rec.StartTime)),
	}
}

// mediaURL is where a recording's media lives: the account's Recordings
// resource, on the configured base URL.
func (c *Client) mediaURL(recSid string) string {
	if recSid == "" {
		return ""
	}
	base := DefaultAPIBaseURL
	if c.base != nil {
		base = c.base.String()
	}
	return base + "/2010-04-01/Accounts/" + c.accountSID + "/Recordings/" + recSid
}

func channelsName(n int) string {
	switch n {
	case 1:
		return "mono"
	case 2:
		return "dual"
	}
	return ""
}

// seconds reads Twilio's duration strings; "-1" (in progress) and garbage
// are 0.
func seconds(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// twilioTime reads the REST API's RFC 1123 dates ("Tue, 10 Aug 2010
// 08:02:17 +0000"); an absent or unreadable date is the zero time.
func twilioTime(s string) time.Time {
	t, err := time.Parse(time.RFC1123Z, s)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}
