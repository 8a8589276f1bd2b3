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

// dialAttempts bounds the creates of one customer leg whose outcome stays
// unknown; a 4xx is the provider's final word and ends the dial at once.
const dialAttempts = 3

// dialBackoff is the pause before each new try after the first; the last
// value repeats.
var dialBackoff = []time.Duration{200 * time.Millisecond, time.Second}

// writeTimeout bounds a write that records an outcome, and the clean-up
// that follows it. It runs on a context of its own: the attempt's may have
// expired, and the outcome must not be lost with it.
const writeTimeout = 10 * time.Second

// statusEvents is what a leg reports: Twilio accepts only initiated,
// ringing, answered and completed (else 21626), and reports busy, no-answer,
// failed and canceled as the CallStatus of completed.
var statusEvents = []string{"completed"}

// customerLegEvents adds ringing for the customer's leg, so that the call
// shows "ringing" while the customer's phone rings (an agent watching the
// softphone sees the difference between dialling and ringing). Answered is
// known from the conference-join request instead.
var customerLegEvents = []string{"ringing", "completed"}

// laterDial reserves the dial of d now and returns what starts it. The
// work ends with d's claim, when another process may take the dial up.
func (s *Service) laterDial(log *slog.Logger, d *sb.PendingDial) func() {
	return s.laterUntil(d.ClaimedUntil, func(ctx context.Context) { s.dial(ctx, log, d, &lateCreates{}) })
}

// customerLeg is the REST call that dials the customer into the conference.
// With the call's machine detection on, the leg asks for the asynchronous
// verdict at PathAMDStatus: the customer still joins the conference as soon
// as the leg answers, and the verdict arrives while the agent listens.
func (s *Service) customerLeg(d *sb.PendingDial) telephony.CallParams {
	p := telephony.CallParams{
		To:                   d.To,
		From:                 d.From,
		URL:                  s.url(PathConferenceJoin, url.Values{"conference": {d.ConferenceName}}),
		StatusCallback:       s.url(PathStatus, nil),
		StatusCallbackEvents: customerLegEvents,
		Timeout:              s.cfg.RingTimeout,
	}
	if d.MachineDetection {
		p.AMDCallback = s.url(PathAMDStatus, nil)
	}
	return p
}

// dial creates the customer leg of d, once. late is what is known of
// earlier creates whose answer never came (unknownCreates for a dial a
// dead or departed process left). A create whose outcome is unknown (a
// timeout, a broken connection, a 5xx) is never repeated blindly: the
// provider's calls are listed first, a leg found there is adopted, and the
// customer is dialled again only when there is none once every create sent
// can no longer arrive (latedial.go). A refusal (4xx) fails the call and
// hangs up the agent leg. When the claim runs out with the outcome still
// unknown, the pending dial stays for Recover, which reconciles the same
// way. However the dial ends, a create that may still arrive is watched
// for (watchLate).
func (s *Service) dial(ctx context.Context, log *slog.Logger, d *sb.PendingDial, late *lateCreates) {
	params := s.customerLeg(d)
	unsure := late.open != 0
	// The budget of creates is the dial's, not this process's: a dial taken
	// up from another process continues the count it left.
	creates := d.Creates
	var lastErr error
	for try := 0; ; try++ {
		if try > 0 && !pause(ctx, try, late, s.pollEvery()) {
			break
		}
		if unsure {
			leg, err := s.findLeg(ctx, d)
			if err != nil {
				log.Warn("listing the provider's calls failed; nothing is dialled until it answers", "error", err)
				continue
			}
			if leg != "" {
				late.listed()
				s.record(ctx, log, d, leg, "customer leg found at the provider and adopted")
				s.watchLate(log, d, late)
				return
			}
			over, err := s.callOver(ctx, log, d)
			if err != nil {
				continue
			}
			if over {
				s.watchLate(log, d, late)
				return
			}
			if !late.settled() {
				continue // a create sent may still arrive: list again
			}
			if creates >= dialAttempts {
				s.fail(ctx, log, d, failureReason(lastErr), lastErr)
				s.watchLate(log, d, late)
				return
			}
			// A new create is a new dial: the dial check may refuse it now
			// (recovery comes late: the hours may have closed).
			if closed, err := s.dialClosed(ctx, log, d); err != nil {
				log.Warn("the dial check failed; nothing is dialled until it answers", "error", err)
				continue
			} else if closed {
				s.watchLate(log, d, late)
				return
			}
		}
		if !s.mayCreate(d) {
			log.Warn("too little of the claim is left for a create to settle in it; the dial stays pending for recovery",
				"claimed_until", d.ClaimedUntil)
			return
		}
		n, err := s.deps.Calls.NoteCreate(ctx, d.CallSID, d.Attempts)
		if sb.ErrorCode(err) == sb.ENotFound {
			log.Info("the dial was claimed by another process (or dropped) before this create; leaving it to that process")
			s.watchLate(log, d, late)
			return
		} else if err != nil {
			log.Warn("counting the create failed; nothing is sent until it is counted", "error", err)
			continue
		}
		creates = n
		if creates > dialAttempts {
			s.fail(ctx, log, d, failureReason(lastErr), lastErr)
			s.watchLate(log, d, late)
			return
		}
		sent := time.Now()
		sid, err := s.create(ctx, params)
		switch {
		case err == nil:
			s.record(ctx, log, d, sid, "customer leg created")
			s.watchLate(log, d, late)
			return
		case final(err):
			s.fail(ctx, log, d, failureReason(err), err)
			s.watchLate(log, d, late)
			return
		}
		if answered(err) {
			log.Warn("creating the customer leg: the provider answered 5xx; its calls are listed before any new attempt",
				"attempt", creates, "error", err)
		} else {
			late.sent(sent, s.settleAfter())
			log.Warn("creating the customer leg: no answer; the provider's calls are listed until the create can no longer arrive, before any new attempt",
				"attempt", creates, "settles", late.settles, "error", err)
		}
		unsure, lastErr = true, err
	}
	log.Warn("the customer leg's outcome is still unknown; the dial stays pending for recovery", "error", lastErr)
}

// callOver reports whether d's call ended or got its leg while d was being
// worked at (the agent hung up; conference-join recorded the leg): a call in
// that state is not dialled again, and its pending dial is dropped.
func (s *Service) callOver(ctx context.Context, log *slog.Logger, d *sb.PendingDial) (bool, error) {
	call, err := s.deps.Calls.FindCallByLeg(ctx, d.CallSID)
	if err != nil {
		log.Warn("reading the call before dialling again failed", "error", err)
		return false, err
	}
	if !call.Status.Final() && call.CustomerCallSID == "" {
		return false, nil
	}
	log.Info("the call ended or has its customer leg; not dialling again", "status", call.Status,
		"customer_call_sid", call.CustomerCallSID)
	wctx, cancel := detached(ctx)
	defer cancel()
	if err := s.deps.Calls.DeletePendingDial(wctx, d.CallSID); err != nil {
		log.Error("dropping the pending dial failed", "error", err)
	}
	return true, nil
}

// pause waits before try (1, 2, …), or reports false when ctx ends first:
// a poll's time while a create settles, else the back-off.
func pause(ctx context.Context, try int, late *lateCreates, poll time.Duration) bool {
	d := dialBackoff[min(try, len(dialBackoff))-1]
	if !late.settled() {
		d = min(poll, max(time.Until(late.settles), time.Millisecond))
	}
	return sleep(ctx, d)
}

// detached is the context for writing an outcome found under ctx: ctx's
// values (the request id) without its deadline or cancellation.
func detached(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
}

// record writes sid as d's customer leg, if the call has none yet. A leg the
// call cannot keep (it has another one, or it ended meanwhile) is hung up
// and logged. When the write itself fails the pending dial stays, and
// Recover adopts the leg from the provider's list.
func (s *Service) record(ctx context.Context, log *slog.Logger, d *sb.PendingDial, sid, what string) {
	ctx, cancel := detached(ctx)
	defer cancel()
	log = log.With("customer_call_sid", sid)
	call, err := s.deps.Calls.CustomerLegCreated(ctx, d.CallSID, sid)
	if err != nil {
		log.Error("recording the customer leg failed; the pending dial stays and recovery adopts the leg", "error", err)
		return
	}
	switch {
	case call.CustomerCallSID != sid:
		log.Warn("the call already has another customer leg; hanging this one up",
			"recorded_customer_call_sid", call.CustomerCallSID)
		s.hangUp(ctx, log, sid, "the call already has another customer leg")
	case call.Status.Final():
		// The agent left while the customer was dialled, or the customer
		// leg's own end arrived before its SID was written: either way,
		// neither leg may stay up.
		log.Warn("the call ended while the customer was dialled; hanging both legs up", "status", call.Status)
		s.hangUp(ctx, log, sid, "the call ended while the customer was dialled")
		s.hangUp(ctx, log, d.CallSID, "the call ended while the customer was dialled")
	default:
		log.Info(what, "to", d.To)
	}
}

// fail marks the call failed with reason and hangs up the agent leg.
func (s *Service) fail(ctx context.Context, log *slog.Logger, d *sb.PendingDial, reason string, cause error) {
	ctx, cancel := detached(ctx)
	defer cancel()
	log.Error("the customer leg could not be created; failing the call and hanging up the agent leg",
		"to", d.To, "from", d.From, "reason", reason, "error", cause)
	if _, err := s.deps.Calls.FailCall(ctx, d.CallSID, reason); err != nil {
		log.Error("marking the call failed failed; the pending dial stays for recovery", "error", err)
	}
	s.hangUp(ctx, log, d.CallSID, "the customer leg could not be created")
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

// answered reports whether err is the provider's own answer (a 5xx in its
// error format): the create reached it and cannot arrive again later, so
// the list shows at once whether it made a leg. Anything else (a timeout,
// a broken connection, a proxy's page) leaves the create possibly on its
// way.
func answered(err error) bool {
	var pe *telephony.ProviderError
	return errors.As(err, &pe)
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
