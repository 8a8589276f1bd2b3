package telephony

import (
	"context"
	"strings"

	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard"
)

// CallParams describes an outbound call (the customer leg).
type CallParams struct {
	To, From string
	// URL is requested when the called party answers; for the customer leg
	// PUBLIC_BASE_URL/v1/voice/conference-join?conference=NAME.
	URL string
	// StatusCallback receives StatusCallbackEvents. Twilio accepts only
	// initiated, ringing, answered and completed (else error 21626); busy,
	// no-answer, failed and canceled arrive as the CallStatus of completed.
	StatusCallback       string
	StatusCallbackEvents []string
	Timeout              int // seconds to let it ring; 0: the provider's default (60)
	// AMDCallback, when set, turns on asynchronous answering-machine
	// detection that waits for the end of a machine's message
	// (MachineDetection=DetectMessageEnd, AsyncAmd=true): the call is
	// connected at once, and the provider POSTs its verdict (AnsweredBy)
	// to AMDCallback, signed like every webhook.
	AMDCallback string
}

// Answering-machine detection as the customer leg asks for it: wait for
// the end of a machine's greeting, so that a message dropped then is
// recorded whole.
const (
	MachineDetectionMode = "DetectMessageEnd"
)

// CreateCall places an outbound call and returns its SID.
func (c *Client) CreateCall(ctx context.Context, p CallParams) (string, error) {
	params := &openapi.CreateCallParams{}
	params.SetTo(p.To).SetFrom(p.From).SetUrl(p.URL)
	if p.StatusCallback != "" {
		params.SetStatusCallback(p.StatusCallback)
	}
	if len(p.StatusCallbackEvents) > 0 {
		params.SetStatusCallbackEvent(p.StatusCallbackEvents)
	}
	if p.Timeout > 0 {
		params.SetTimeout(p.Timeout)
	}
	if p.AMDCallback != "" {
		params.SetMachineDetection(MachineDetectionMode).SetAsyncAmd("true").
			SetAsyncAmdStatusCallback(p.AMDCallback).SetAsyncAmdStatusCallbackMethod("POST")
	}
	call, err := c.api(ctx).CreateCall(params)
	if err != nil {
		return "", wrapErr("create call", err)
	}
	return deref(call.Sid), nil
}

// HangUp ends a call, whether it is ringing or in progress (Twilio's
// Status=completed does both).
func (c *Client) HangUp(ctx context.Context, callSid string) error {
	if err := checkSIDs("callSid", callSid); err != nil {
		return err
	}
	_, err := c.api(ctx).UpdateCall(callSid, (&openapi.UpdateCallParams{}).SetStatus("completed"))
	return wrapErr("hang up call", err)
}

// RedirectCall gives a live call new TwiML to run in place of what it runs
// now (the Calls update's Twiml): a leg in a conference leaves it. The
// provider answers once it has taken the document.
func (c *Client) RedirectCall(ctx context.Context, callSid, twiml string) error {
	if err := checkSIDs("callSid", callSid); err != nil {
		return err
	}
	_, err := c.api(ctx).UpdateCall(callSid, (&openapi.UpdateCallParams{}).SetTwiml(twiml))
	return wrapErr("redirect call", err)
}

// EndCall asks the provider to end a call with status: "canceled" ends one
// still queued or ringing and leaves one in progress alone; "completed" ends
// it whatever its state. It returns the call's status as the provider then
// reports it ("in-progress" after a cancel means it was answered first).
func (c *Client) EndCall(ctx context.Context, callSid, status string) (string, error) {
	if err := checkSIDs("callSid", callSid); err != nil {
		return "", err
	}
	if status != "canceled" && status != "completed" {
		return "", switchboard.FieldErrorf(switchboard.EInvalid, "status", "a call is ended as canceled or completed, not %q", status)
	}
	call, err := c.api(ctx).UpdateCall(callSid, (&openapi.UpdateCallParams{}).SetStatus(status))
	if err != nil {
		return "", wrapErr("end call", err)
	}
	return deref(call.Status), nil
}

// FindConference returns the SID (CF…) of the in-progress conference named
// friendlyName. When there is none the error is a *switchboard.Error with code
// ECallNotActive: the call it belongs to has not started or has ended.
func (c *Client) FindConference(ctx context.Context, friendlyName string) (string, error) {
	params := &openapi.ListConferenceParams{}
	params.SetFriendlyName(friendlyName).SetStatus("in-progress").SetLimit(20)
	confs, err := c.api(ctx).ListConference(params)
	if err != nil {
		return "", wrapErr("find conference", err)
	}
	for _, cf := range confs {
		// The filters are the provider's; check them rather than trust a
		// compatible provider to apply them.
		if deref(cf.FriendlyName) == friendlyName && deref(cf.Status) == "in-progress" && cf.Sid != nil {
			return *cf.Sid, nil
		}
	}
	return "", switchboard.Errorf(switchboard.ECallNotActive, "No conference in progress for this call.")
}

// AnnounceConference has the provider play the document at announceURL
// (TwiML with <Say> or <Play>, fetched with POST and signed like every
// webhook) to every participant of conference confSid. The provider answers
// once it has taken the request; the document is fetched and played just
// after, on its own.
func (c *Client) AnnounceConference(ctx context.Context, confSid, announceURL string) error {
	if err := checkSIDs("conferenceSid", confSid); err != nil {
		return err
	}
	params := &openapi.UpdateConferenceParams{}
	params.SetAnnounceUrl(announceURL).SetAnnounceMethod("POST")
	_, err := c.api(ctx).UpdateConference(confSid, params)
	return wrapErr("announce to conference", err)
}

// ParticipantParams describes a participant dialled into a conference (a
// transfer target).
type ParticipantParams struct {
	From, To string
	// Label names the participant within its conference ([A-Za-z0-9_-],
	// unique per conference: Twilio error 16025 otherwise).
	Label                string
	StatusCallback       string
	StatusCallbackEvents []string // initiated, ringing, answered, completed
	EarlyMedia           bool     // let the conference hear the target's ringing
	Beep                 string   // "true", "false", "onEnter", "onExit"; "": the provider's default
	// EndConferenceOnExit and StartConferenceOnEnter are left to the
	// provider's defaults (false, true) when nil.
	EndConferenceOnExit    *bool
	StartConferenceOnEnter *bool
	Timeout                int // seconds to let it ring; 0: the provider's default
}

// AddParticipant dials p.To into the conference confSid and returns the new
// participant's call SID.
func (c *Client) AddParticipant(ctx context.Context, confSid string, p ParticipantParams) (string, error) {
	if err := checkSIDs("conferenceSid", confSid); err != nil {
		return "", err
	}
	params := &openapi.CreateParticipantParams{}
	params.SetFrom(p.From).SetTo(p.To)
	if p.Label != "" {
		if !isLabel(p.Label) {
			return "", switchboard.FieldErrorf(switchboard.EInvalid, "label", "a label is 1 to 64 of A-Z, a-z, 0-9, _ and -")
		}
		params.SetLabel(p.Label)
	}
	if p.StatusCallback != "" {
		params.SetStatusCallback(p.StatusCallback)
	}
	if len(p.StatusCallbackEvents) > 0 {
		params.SetStatusCallbackEvent(p.StatusCallbackEvents)
	}
	if p.EarlyMedia {
		params.SetEarlyMedia(true)
	}
	if p.Beep != "" {
		params.SetBeep(p.Beep)
	}
	if p.EndConferenceOnExit != nil {
		params.SetEndConferenceOnExit(*p.EndConferenceOnExit)
	}
	if p.StartConferenceOnEnter != nil {
		params.SetStartConferenceOnEnter(*p.StartConferenceOnEnter)
	}
	if p.Timeout > 0 {
		params.SetTimeout(p.Timeout)
	}
	part, err := c.api(ctx).CreateParticipant(confSid, params)
	if err != nil {
		return "", wrapErr("add participant", err)
	}
	return deref(part.CallSid), nil
}

// UpdateParticipant holds or unholds (hold non-nil) and mutes or unmutes
// (muted non-nil) the participant callSid of conference confSid. holdURL,
// when set with hold=true, is what the held participant hears (an MP3/WAV or
// a TwiML document such as HoldMusic's); the provider fetches it with GET.
func (c *Client) UpdateParticipant(ctx context.Context, confSid, callSid string, hold *bool, holdURL string, muted *bool) error {
	if err := checkSIDs("conferenceSid", confSid, "callSid", callSid); err != nil {
		return err
	}
	params := &openapi.UpdateParticipantParams{}
	if hold != nil {
		params.SetHold(*hold)
		if *hold && holdURL != "" {
			params.SetHoldUrl(holdURL).SetHoldMethod("GET")
		}
	}
	if muted != nil {
		params.SetMuted(*muted)
	}
	_, err := c.api(ctx).UpdateParticipant(confSid, callSid, params)
	return wrapErr("update participant", err)
}

// RemoveParticipant takes callSid out of conference confSid, which hangs up
// that participant's call.
func (c *Client) RemoveParticipant(ctx context.Context, confSid, callSid string) error {
	if err := checkSIDs("conferenceSid", confSid, "callSid", callSid); err != nil {
		return err
	}
	err := c.api(ctx).DeleteParticipant(confSid, callSid, nil)
	return wrapErr("remove participant", err)
}

// IsAccountNumber reports whether e164 may be used as caller ID as it is:
// one of the account's incoming phone numbers, or one of its verified
// outgoing caller IDs. (The provider filters by pattern, so matches are
// compared exactly here.)
func (c *Client) IsAccountNumber(ctx context.Context, e164 string) (bool, error) {
	api := c.api(ctx)
	nums, err := api.ListIncomingPhoneNumber((&openapi.ListIncomingPhoneNumberParams{}).SetPhoneNumber(e164).SetLimit(50))
	if err != nil {
		return false, wrapErr("list incoming phone numbers", err)
	}
	for _, n := range nums {
		if deref(n.PhoneNumber) == e164 {
			return true, nil
		}
	}
	ids, err := api.ListOutgoingCallerId((&openapi.ListOutgoingCallerIdParams{}).SetPhoneNumber(e164).SetLimit(50))
	if err != nil {
		return false, wrapErr("list outgoing caller IDs", err)
	}
	for _, id := range ids {
		if deref(id.PhoneNumber) == e164 {
			return true, nil
		}
	}
	return false, nil
}

// CreateValidationRequest starts verifying e164 as an outgoing caller ID:
// the provider calls the number and the person answering keys in the
// returned validation code.
func (c *Client) CreateValidationRequest(ctx context.Context, e164, friendlyName string) (string, error) {
	params := &openapi.CreateValidationRequestParams{}
	params.SetPhoneNumber(e164)
	if friendlyName != "" {
		params.SetFriendlyName(friendlyName)
	}
	vr, err := c.api(ctx).CreateValidationRequest(params)
	if err != nil {
		return "", wrapErr("create validation request", err)
	}
	return deref(vr.ValidationCode), nil
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// trimJSON turns a resource URI ("/2010-04-01/…/RE1.json") into the path of
// its media ("/2010-04-01/…/RE1").
func trimJSON(uri string) string { return strings.TrimSuffix(uri, ".json") }
