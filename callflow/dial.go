package callflow

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// dialAttempts bounds the tries at creating a customer leg when the provider
// cannot be reached or answers 5xx; a 4xx is the provider's final word.
const dialAttempts = 3

// dialBackoff is the pause before the second and third tries.
var dialBackoff = []time.Duration{200 * time.Millisecond, time.Second}

// statusEvents is what a leg reports: Twilio accepts only initiated,
// ringing, answered and completed (else 21626), and reports busy, no-answer,
// failed and canceled as the CallStatus of completed.
var statusEvents = []string{"completed"}

// customerLegEvents adds ringing for the customer's leg, so that the call
// shows "ringing" while the customer's phone rings (an agent watching the
// softphone sees the difference between dialling and ringing). Answered is
// known from the conference-join request instead.
var customerLegEvents = []string{"ringing", "completed"}

// startDial creates the customer leg of d in the background.
func (s *Service) startDial(log *slog.Logger, d *sb.PendingDial) { s.laterDial(log, d)() }

// laterDial reserves the dial of d now and returns what starts it.
func (s *Service) laterDial(log *slog.Logger, d *sb.PendingDial) func() {
	return s.later(s.cfg.DialClaim, func(ctx context.Context) { s.dial(ctx, log, d) })
}

// customerLeg is the REST call that dials the customer into the conference.
func (s *Service) customerLeg(d *sb.PendingDial) telephony.CallParams {
	return telephony.CallParams{
		To:                   d.To,
		From:                 d.From,
		URL:                  s.url(PathConferenceJoin, url.Values{"conference": {d.ConferenceName}}),
		StatusCallback:       s.url(PathStatus, nil),
		StatusCallbackEvents: customerLegEvents,
		Timeout:              s.cfg.RingTimeout,
	}
}

// dial creates the customer leg and records it, deleting the pending dial.
// When the provider refuses, the call fails with its code and message and
// the agent leg is hung up.
func (s *Service) dial(ctx context.Context, log *slog.Logger, d *sb.PendingDial) {
	params := s.customerLeg(d)
	var sid string
	var err error
	for attempt := 1; ; attempt++ {
		sid, err = s.deps.Provider.CreateCall(ctx, params)
		if err == nil || final(err) || attempt == dialAttempts || ctx.Err() != nil {
			break
		}
		log.Warn("creating the customer leg failed; retrying", "attempt", attempt, "error", err)
		select {
		case <-time.After(dialBackoff[attempt-1]):
		case <-ctx.Done():
		}
	}
	if err != nil {
		reason := failureReason(err)
		log.Error("creating the customer leg failed; failing the call and hanging up the agent leg",
			"call_sid", d.CallSID, "customer_call_sid", "", "to", d.To, "from", d.From, "reason", reason, "error", err)
		if _, ferr := s.deps.Calls.FailCall(ctx, d.CallSID, reason); ferr != nil {
			log.Error("marking the call failed failed; the pending dial stays for recovery", "error", ferr)
		}
		s.hangUp(ctx, log, d.CallSID, "the customer leg could not be created")
		return
	}
	log = log.With("customer_call_sid", sid)
	call, err := s.deps.Calls.CustomerLegCreated(ctx, d.CallSID, sid)
	if err != nil {
		// Without the record, status callbacks would not find the call and
		// recovery would dial again: undo the leg rather than leave it loose.
		log.Error("recording the customer leg failed; hanging both legs up", "error", err)
		s.hangUp(ctx, log, sid, "the customer leg could not be recorded")
		if _, ferr := s.deps.Calls.FailCall(ctx, d.CallSID, "internal: the customer leg could not be recorded"); ferr == nil {
			s.hangUp(ctx, log, d.CallSID, "the customer leg could not be recorded")
		}
		return
	}
	log.Info("customer leg created", "to", d.To)
	if call.Status.Final() {
		// The agent left while the customer was dialled, or the customer
		// leg's own end arrived before its SID was written: either way,
		// neither leg may stay up.
		s.hangUp(ctx, log, sid, "the call ended while the customer was dialled")
		s.hangUp(ctx, log, d.CallSID, "the call ended while the customer was dialled")
	}
}

// final reports whether err is the provider's definite refusal (a 4xx),
// which trying again would only repeat.
func final(err error) bool {
	var pe *telephony.ProviderError
	if errors.As(err, &pe) {
		return pe.Status < 500
	}
	var de *sb.Error
	return errors.As(err, &de) && de.Code == sb.EInvalid
}

// failureReason is what a failed dial leaves on the call: the provider's
// code and message when it refused.
func failureReason(err error) string {
	var pe *telephony.ProviderError
	if errors.As(err, &pe) {
		return fmt.Sprintf("%s %d: %s", sb.EProviderError, pe.Code, pe.Message)
	}
	return sb.EProviderError + ": the provider could not be reached"
}
