package callflow

import (
	"context"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// StatusRequest is a status callback about one leg.
type StatusRequest struct {
	CallSID    string // the leg
	CallStatus string // the provider's status
	Sequence   int    // SequenceNumber, -1 when absent
	Duration   *int   // CallDuration, on completed
}

// statusOf maps the provider's CallStatus to the call's (openapi.yaml,
// voiceStatusCallback).
var statusOf = map[string]sb.CallStatus{
	"queued":      sb.CallInitiated,
	"initiated":   sb.CallInitiated,
	"ringing":     sb.CallRinging,
	"in-progress": sb.CallAnswered,
	"completed":   sb.CallCompleted,
	"busy":        sb.CallBusy,
	"no-answer":   sb.CallNoAnswer,
	"failed":      sb.CallFailed,
	"canceled":    sb.CallFailed,
}

// hangUpTimeout bounds a clean-up hang-up started by a callback.
const hangUpTimeout = 15 * time.Second

// Status records a status callback and moves the call forward. The customer
// leg drives the call; the agent leg's end moves it only while there is no
// customer leg (a click-to-call the agent declined, or a dial in flight).
// When the customer leg ends the agent leg is hung up; when the agent leg
// ends with the customer still on, the customer leg is too, unless a
// completed transfer handed the customer to its target or a voicemail drop
// is playing to the customer (voicemail.go). An
// unknown CallSid is logged and acknowledged, and the event held in case it
// is a customer leg whose SID is about to be written.
func (s *Service) Status(ctx context.Context, req StatusRequest) error {
	log := s.logger(ctx).With("leg_sid", req.CallSID, "call_status", req.CallStatus, "sequence", req.Sequence)
	status, known := statusOf[req.CallStatus]
	call, err := s.deps.Calls.FindCallByLeg(ctx, req.CallSID)
	if sb.ErrorCode(err) == sb.ENotFound {
		// Either not ours, or a customer leg whose SID is not written yet
		// (a busy line can answer faster than the REST call returns): the
		// event is held, and applied if that write comes.
		held, err := s.deps.Calls.HoldCallEvent(ctx, &sb.CallEvent{LegSID: req.CallSID, Source: sb.EventStatusCallback,
			ProviderStatus: req.CallStatus, Status: status, Sequence: req.Sequence, Duration: req.Duration})
		if err != nil || held {
			log.Warn("status callback for an unknown call; acknowledged and held", "error", err)
			return err
		}
		// The leg's SID was written meanwhile.
		if call, err = s.deps.Calls.FindCallByLeg(ctx, req.CallSID); err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	log = log.With("call_sid", call.CallSID)
	// A transfer that takes the agent out writes that it did under this
	// lock; the agent leg's end must be judged after it.
	unlock := s.lockCall(call.CallSID)
	defer unlock()
	if !known {
		log.Warn("status callback with an unknown CallStatus; recorded only")
	}
	fromCustomer := req.CallSID == call.CustomerCallSID
	if !fromCustomer && (call.CustomerCallSID != "" || !status.Final()) {
		status = ""
	}
	ev := &sb.CallEvent{CallSID: call.CallSID, LegSID: req.CallSID, Source: sb.EventStatusCallback,
		ProviderStatus: req.CallStatus, Status: status, Sequence: req.Sequence, Duration: req.Duration}
	after, err := s.deps.Calls.RecordCallEvent(ctx, ev)
	if err != nil {
		return err
	}
	log.Info("status callback", "applied", ev.Applied, "status", after.Status)
	if !ev.Applied && ev.ID == "" {
		return nil // the same callback again
	}
	leg := statusOf[req.CallStatus] // what the leg itself did
	switch {
	case fromCustomer && ev.Applied && after.Status.Final():
		s.background(hangUpTimeout, func(ctx context.Context) {
			s.hangUp(ctx, log, call.CallSID, "the customer leg ended")
		})
	case !fromCustomer && leg.Final() && call.CustomerCallSID != "" && !after.Status.Final() && !after.Transfer.TookOver() &&
		after.VoicemailDropID == "":
		// (A voicemail drop frees the agent while the customer leg plays
		// the message: that leg ends by itself, after it.)
		s.background(hangUpTimeout, func(ctx context.Context) {
			s.hangUp(ctx, log, call.CustomerCallSID, "the agent leg ended")
		})
	}
	return nil
}
