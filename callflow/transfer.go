package callflow

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/url"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// targetEvents are the target leg's callbacks: answered moves a transfer
// to talking; completed (with busy, no-answer, failed or canceled as its
// CallStatus) ends it.
var targetEvents = []string{"answered", "completed"}

// transferLabel names a target participant: unique within the conference
// (Twilio refuses a label in use, 16025) and only [A-Za-z0-9_-], since
// labels go into URL paths.
func transferLabel() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return "transfer-" + hex.EncodeToString(b[:])
}

// transferStep is the call event of a transfer moving to status.
func transferStep(leg, status string) *sb.CallEvent {
	return &sb.CallEvent{LegSID: leg, Source: sb.EventTransfer, ProviderStatus: status}
}

// Transfer starts a transfer of the call to target (any notation). Warm holds the customer and adds the target to the
// conference, from the call's caller ID, so the agent and the target talk;
// CompleteTransfer or CancelTransfer finish it, and a target that is busy
// or does not answer ends it by itself (TransferStatus). Cold adds the
// target and takes the agent out at once. Each step is written once the
// provider has done it, and what a failed step leaves is undone (the
// customer unheld) before the error is returned.
// The target meets the dial check like any callee (its caps count the
// calls created to it; a transfer creates none).
// Errors: EInvalidPhone (naming "target"), ENotFound, ENotAgentParticipant,
// ECallNotActive, ETransferPending, the dial check's refusals (EDNCBlocked,
// EOutsideCallingHours, EStateRule, EAttemptLimit), EProviderError.
func (s *Service) Transfer(ctx context.Context, workspaceID, identity, callSID, target, kind string) (*sb.Call, error) {
	if kind != sb.TransferWarm && kind != sb.TransferCold {
		return nil, sb.FieldErrorf(sb.EInvalid, "type", "type is warm or cold")
	}
	target, err := s.e164("target", strings.TrimSpace(target))
	if err != nil {
		return nil, err
	}
	unlock := s.lockCall(callSID)
	defer unlock()
	c, err := s.activeCall(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	if c.Transfer.Pending() {
		return nil, pendingErr(c.Transfer)
	}
	if _, err := s.checkDial(ctx, workspaceID, target, "target"); err != nil {
		return nil, err
	}
	conf, err := s.conferenceSID(ctx, c)
	if err != nil {
		return nil, err
	}
	log := s.logger(ctx).With("call_sid", c.CallSID, "conference_sid", conf, "transfer", kind, "target", target)
	heldHere := false
	if kind == sb.TransferWarm && !c.OnHold {
		if c, err = s.setHold(ctx, c, true); err != nil {
			return nil, err
		}
		heldHere = true
	}
	leg, err := s.deps.Provider.AddParticipant(ctx, conf, telephony.ParticipantParams{
		From: c.From, To: target, Label: transferLabel(),
		StatusCallback:       s.url(PathTransferStatus, url.Values{"call": {c.CallSID}}),
		StatusCallbackEvents: targetEvents,
		Timeout:              s.cfg.RingTimeout,
	})
	if err != nil {
		log.Warn("adding the transfer target failed", "error", err)
		if heldHere {
			s.undoHold(ctx, log, c)
		}
		return nil, providerErr(err, sb.ECallNotActive)
	}
	log = log.With("target_call_sid", leg)
	c, err = s.deps.Calls.UpdateCall(ctx, c.CallSID, func(cur *sb.Call) ([]*sb.CallEvent, error) {
		if cur.Transfer.Pending() {
			return nil, pendingErr(cur.Transfer)
		}
		cur.Transfer = &sb.Transfer{Type: kind, Target: target, Status: sb.TransferDialing, TargetCallSID: leg}
		return []*sb.CallEvent{transferStep(leg, sb.TransferDialing)}, nil
	})
	if err != nil {
		// Another process started a transfer meanwhile: take ours back.
		log.Warn("recording the transfer failed; removing its target", "error", err)
		s.removeLeg(ctx, log, conf, leg)
		return nil, err
	}
	log.Info("transfer target dialled")
	if kind == sb.TransferCold {
		c, err = s.handOver(ctx, log, c, conf)
	}
	// The target's callbacks that reached another instance before the
	// target was written there were held: they are applied now, after this
	// transfer's steps, as a callback reaching this instance would be once
	// the call's lock is free.
	if s.takeHeldTargetEvents(ctx, log, callSID, leg) && err == nil {
		c, err = s.deps.Calls.FindCall(ctx, workspaceID, callSID)
	}
	return c, err
}

// takeHeldTargetEvents applies the callbacks held for the transfer target
// leg of callSID (HoldTransferEvent), in order; the caller holds the
// call's lock. It reports whether there were any. A failure is logged: the
// transfer itself stands, and the agent can still cancel it.
func (s *Service) takeHeldTargetEvents(ctx context.Context, log *slog.Logger, callSID, leg string) bool {
	held, err := s.deps.Calls.TakeTransferEvents(ctx, callSID, leg)
	if err != nil {
		log.Error("reading the transfer target's held callbacks failed", "error", err)
		return false
	}
	for _, ev := range held {
		req := StatusRequest{CallSID: leg, CallStatus: ev.ProviderStatus, Sequence: ev.Sequence, Duration: ev.Duration}
		l := log.With("call_status", ev.ProviderStatus)
		l.Info("applying a transfer target's callback held by another instance")
		if err := s.transferStatus(ctx, l, callSID, req, false); err != nil {
			log.Error("applying a held callback of the transfer target failed", "error", err)
		}
	}
	return len(held) > 0
}

// handOver finishes a transfer: the customer is unheld, the agent leaves,
// and the transfer is completed. When a step fails the transfer stays
// pending (complete or cancel may be asked again) and the call says what
// was done.
func (s *Service) handOver(ctx context.Context, log *slog.Logger, c *sb.Call, conf string) (*sb.Call, error) {
	var err error
	if c.OnHold {
		if c, err = s.setHold(ctx, c, false); err != nil {
			return nil, err
		}
	}
	if err := s.deps.Provider.RemoveParticipant(ctx, conf, c.CallSID); err != nil && !isGone(err) {
		log.Warn("taking the agent out failed; the transfer stays pending", "error", err)
		return nil, err
	}
	leg := c.Transfer.TargetCallSID
	log.Info("transfer completed: the agent left")
	return s.deps.Calls.UpdateCall(ctx, c.CallSID, func(cur *sb.Call) ([]*sb.CallEvent, error) {
		if !cur.Transfer.Pending() || cur.Transfer.TargetCallSID != leg {
			return nil, sb.Errorf(sb.ENoPendingTransfer, "The transfer ended meanwhile.")
		}
		t := *cur.Transfer
		t.Status = sb.TransferCompleted
		cur.Transfer = &t
		return []*sb.CallEvent{transferStep(leg, sb.TransferCompleted)}, nil
	})
}

// CompleteTransfer finishes a warm transfer whose target has answered: the
// agent leaves and the customer, unheld, stays with the target.
// Errors: ENotFound, ENotAgentParticipant, ECallNotActive,
// ENoPendingTransfer, ETransferPending (the target has not answered yet),
// EProviderError.
func (s *Service) CompleteTransfer(ctx context.Context, workspaceID, identity, callSID string) (*sb.Call, error) {
	unlock := s.lockCall(callSID)
	defer unlock()
	c, err := s.activeCall(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	if !c.Transfer.Pending() {
		return nil, sb.Errorf(sb.ENoPendingTransfer, "The call has no pending transfer.")
	}
	if c.Transfer.Status != sb.TransferTalking {
		return nil, sb.Errorf(sb.ETransferPending, "The transfer target has not answered yet: wait for it, or cancel the transfer.")
	}
	conf, err := s.conferenceSID(ctx, c)
	if err != nil {
		return nil, err
	}
	log := s.logger(ctx).With("call_sid", c.CallSID, "conference_sid", conf, "target_call_sid", c.Transfer.TargetCallSID)
	return s.handOver(ctx, log, c, conf)
}

// CancelTransfer ends a pending transfer: the target is taken out (or hung
// up while it still rings) and the customer unheld.
// Errors: ENotFound, ENotAgentParticipant, ECallNotActive,
// ENoPendingTransfer, EProviderError.
func (s *Service) CancelTransfer(ctx context.Context, workspaceID, identity, callSID string) (*sb.Call, error) {
	unlock := s.lockCall(callSID)
	defer unlock()
	c, err := s.activeCall(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	if !c.Transfer.Pending() {
		return nil, sb.Errorf(sb.ENoPendingTransfer, "The call has no pending transfer.")
	}
	conf, err := s.conferenceSID(ctx, c)
	if err != nil {
		return nil, err
	}
	leg := c.Transfer.TargetCallSID
	log := s.logger(ctx).With("call_sid", c.CallSID, "conference_sid", conf, "target_call_sid", leg)
	if err := s.deps.Provider.RemoveParticipant(ctx, conf, leg); err != nil {
		if !isGone(err) {
			return nil, err
		}
		// Not (or no longer) a participant: end its call, whatever it does.
		s.hangUp(ctx, log, leg, "the transfer was canceled")
	}
	c, err = s.endTransfer(ctx, c.CallSID, leg, sb.TransferCanceled)
	if err != nil {
		return nil, err
	}
	log.Info("transfer canceled")
	if c.OnHold {
		return s.setHold(ctx, c, false)
	}
	return c, nil
}

// endTransfer moves the pending transfer whose target is leg to status.
func (s *Service) endTransfer(ctx context.Context, callSID, leg, status string) (*sb.Call, error) {
	return s.deps.Calls.UpdateCall(ctx, callSID, func(cur *sb.Call) ([]*sb.CallEvent, error) {
		if !cur.Transfer.Pending() || cur.Transfer.TargetCallSID != leg {
			return nil, sb.Errorf(sb.ENoPendingTransfer, "The transfer ended meanwhile.")
		}
		t := *cur.Transfer
		t.Status = status
		cur.Transfer = &t
		return []*sb.CallEvent{transferStep(leg, status)}, nil
	})
}

func pendingErr(t *sb.Transfer) error {
	return &sb.Error{Code: sb.ETransferPending, Message: "A transfer is already pending on this call.",
		Details: []sb.FieldError{{Field: "transfer", Message: t.Type + " to " + t.Target + " is " + t.Status}}}
}

// undoHold unholds a customer held for a step that then failed; a failure
// is logged and left visible on the call (onHold stays true).
func (s *Service) undoHold(ctx context.Context, log *slog.Logger, c *sb.Call) {
	if _, err := s.setHold(ctx, c, false); err != nil {
		log.Error("unholding the customer after a failed transfer failed", "error", err)
	}
}

// removeLeg takes a participant out as a clean-up, logging a failure.
func (s *Service) removeLeg(ctx context.Context, log *slog.Logger, conf, leg string) {
	if err := s.deps.Provider.RemoveParticipant(ctx, conf, leg); err != nil && !isGone(err) {
		log.Warn("removing a participant failed", "leg_sid", leg, "error", err)
	}
}

// TransferStatus handles a transfer target's status callback (PathTransferStatus,
// callSID from its query). While the transfer is pending, the target
// answering moves it to talking, and the target ending (busy, no answer,
// failed, or hanging up first) fails it and unholds the customer. After a
// completed transfer the target replaced the agent, so the target leaving
// hangs up the customer, as the agent leaving would have. Anything else
// (a late or repeated callback, a leg that is not the current target) is
// logged and acknowledged.
//
// A callback for a leg the call's transfer does not name yet is held
// (HoldTransferEvent): another instance may have added the target and not
// yet written it, and applies it when it has (Transfer). A leg that is
// never named stays held, unused.
func (s *Service) TransferStatus(ctx context.Context, callSID string, req StatusRequest) error {
	log := s.logger(ctx).With("call_sid", callSID, "target_call_sid", req.CallSID, "call_status", req.CallStatus)
	unlock := s.lockCall(callSID)
	defer unlock()
	return s.transferStatus(ctx, log, callSID, req, true)
}

// transferStatus is TransferStatus under the call's lock; hold says whether
// a callback for a leg the transfer does not name is held (else it is
// acknowledged and dropped).
func (s *Service) transferStatus(ctx context.Context, log *slog.Logger, callSID string, req StatusRequest, hold bool) error {
	c, err := s.deps.Calls.FindCallByLeg(ctx, callSID)
	if sb.ErrorCode(err) == sb.ENotFound || (err == nil && c.CallSID != callSID) {
		log.Warn("transfer status for an unknown call; acknowledged")
		return nil
	} else if err != nil {
		return err
	}
	t := c.Transfer
	if t == nil || t.TargetCallSID != req.CallSID {
		if !hold {
			log.Warn("transfer status for a leg that is not the call's transfer target; acknowledged")
			return nil
		}
		held, err := s.deps.Calls.HoldTransferEvent(ctx, callSID, &sb.CallEvent{LegSID: req.CallSID, Source: sb.EventStatusCallback,
			ProviderStatus: req.CallStatus, Sequence: req.Sequence, Duration: req.Duration})
		if err != nil || held {
			log.Warn("transfer status for a leg that is not the call's transfer target yet; acknowledged and held", "error", err)
			return err
		}
		// The transfer named the leg meanwhile.
		return s.transferStatus(ctx, log, callSID, req, false)
	}
	leg := statusOf[req.CallStatus]
	switch {
	case leg == sb.CallAnswered && t.Status == sb.TransferDialing:
		if _, err := s.endTransfer(ctx, callSID, req.CallSID, sb.TransferTalking); err != nil {
			return ignoreEnded(err)
		}
		log.Info("transfer target answered")
	case leg.Final() && t.Pending():
		c, err = s.endTransfer(ctx, callSID, req.CallSID, sb.TransferFailed)
		if err != nil {
			return ignoreEnded(err)
		}
		log.Info("transfer target did not take the call; transfer failed")
		if c.OnHold && requireActive(c) == nil {
			if _, err := s.setHold(ctx, c, false); err != nil {
				log.Error("unholding the customer after a failed transfer failed", "error", err)
			}
		}
	case leg.Final() && t.TookOver() && !c.Status.Final():
		s.background(hangUpTimeout, func(ctx context.Context) {
			s.hangUp(ctx, log, c.CustomerCallSID, "the transfer target left")
		})
	default:
		log.Info("transfer status changes nothing", "transfer_status", t.Status)
	}
	return nil
}

// ignoreEnded acknowledges a callback that lost to a change made meanwhile.
func ignoreEnded(err error) error {
	if sb.ErrorCode(err) == sb.ENoPendingTransfer {
		return nil
	}
	return err
}
