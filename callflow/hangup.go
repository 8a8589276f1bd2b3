package callflow

// Hanging up through the API: the agent ends the whole call, both legs,
// from an app (POST /v1/calls/{callSid}/hangup) rather than from the
// browser's SDK.

import (
	"context"
	"errors"
	"strconv"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// reasonHungUp is the failure reason of a call hung up before the customer
// answered: the call ends failed, as a leg the provider reports canceled
// does (statusOf), and says why.
const reasonHungUp = "hung_up: the agent hung up before the customer answered"

// Provider statuses a leg is ended with (telephony.Client.EndCall).
const (
	legCanceled  = "canceled"  // a leg still queued or ringing
	legCompleted = "completed" // any leg, answered or not
)

// HangUp ends the agent's call. The customer leg goes first, because it is
// the one a person is on the other end of: while it fails nothing is
// written and the call is as it was, so the agent may ask again. Once it
// has ended the call is written ended (HangUpCall: completed when answered,
// failed with reasonHungUp before that, the pending dial dropped), then the
// agent leg is ended; a pending transfer's target is hung up after. A call
// that has ended is answered as it is, asking nothing of the provider.
// Errors: ENotFound, ENotAgentParticipant, EProviderError (naming the leg
// in details: customerCallSid while nothing changed, callSid once the call
// is ended and only the agent leg is left, which is retried).
func (s *Service) HangUp(ctx context.Context, workspaceID, identity, callSID string) (*sb.Call, error) {
	unlock := s.lockCall(callSID)
	defer unlock()
	c, err := s.CallFor(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	if c.Status.Final() {
		return c, nil
	}
	log := s.logger(ctx).With("call_sid", c.CallSID, "status", c.Status)
	if leg := c.CustomerCallSID; leg != "" {
		if err := s.endLeg(ctx, leg, c.Status == sb.CallAnswered); err != nil {
			log.Warn("hanging up the customer leg failed; the call is left as it was", "customer_call_sid", leg, "error", err)
			return nil, legErr(err, "customerCallSid", leg, "the customer leg",
				"The call is stored as it was, and may be hung up again.")
		}
	}
	// From here the call has ended for the customer: what is written and
	// asked next must not be lost with the request.
	ctx, cancel := detached(ctx)
	defer cancel()
	ended, changed, err := s.deps.Calls.HangUpCall(ctx, c.CallSID, reasonHungUp)
	if err != nil {
		return nil, err
	}
	log = log.With("ended_as", ended.Status)
	// A click-to-call whose agent has not answered rings the browser still.
	if err := s.endLeg(ctx, c.CallSID, !c.Awaiting()); err != nil {
		log.Warn("the call is ended, but hanging up the agent leg failed; trying again in the background", "error", err)
		s.background(hangUpTimeout, func(ctx context.Context) {
			s.hangUp(ctx, log, c.CallSID, "the agent hung up the call")
		})
		return nil, legErr(err, "callSid", c.CallSID, "the agent leg",
			"The customer leg has ended and the call is recorded as ended; the agent leg is tried again.")
	}
	if t := c.Transfer; t.Pending() && t.TargetCallSID != "" {
		s.background(hangUpTimeout, func(ctx context.Context) {
			s.hangUp(ctx, log, t.TargetCallSID, "the agent hung up the call")
		})
	}
	log.Info("call hung up by its agent", "written", changed)
	return ended, nil
}

// endLeg ends one leg: a leg not answered yet is canceled, and completed
// when the provider says the cancel found it answered after all; an
// answered leg is completed. A leg the provider no longer has, or no longer
// has in progress, has ended already.
func (s *Service) endLeg(ctx context.Context, sid string, answered bool) error {
	status := legCanceled
	if answered {
		status = legCompleted
	}
	now, err := s.deps.Provider.EndCall(ctx, sid, status)
	if err == nil && status == legCanceled && now == "in-progress" {
		_, err = s.deps.Provider.EndCall(ctx, sid, legCompleted)
	}
	if isGone(err) {
		return nil
	}
	return err
}

// legErr is the answer when the provider did not end a leg: provider_error
// (502) naming the leg (field, sid) in details, with the provider's code
// when it gave one. A provider that did not answer at all is reported as
// such, without the request's URL (which names the account).
func legErr(err error, field, sid, what, then string) error {
	var de *sb.Error
	var pe *telephony.ProviderError
	switch {
	case errors.As(err, &pe):
		return &sb.Error{Code: sb.EProviderError,
			Message: "The provider refused to hang up " + what + ": " + pe.Message + ". " + then,
			Details: []sb.FieldError{{Field: field, Message: sid}, {Field: "providerCode", Message: strconv.Itoa(pe.Code)}}}
	case errors.As(err, &de) && de.Code != sb.EInternal:
		return err
	}
	return &sb.Error{Code: sb.EProviderError,
		Message: "The provider did not answer the hang-up of " + what + ". " + then,
		Details: []sb.FieldError{{Field: field, Message: sid}}}
}
