package callflow

// Answering machines and voicemail drops. A customer leg created with
// machine detection reports the provider's verdict to PathAMDStatus
// (AMDStatus), which the call shows as answeredBy. When a machine answers,
// the agent drops one of the workspace's recorded messages on the call
// (DropVoicemail): the customer leg is redirected to TwiML that plays it and
// hangs up, and the agent leg is ended at once, so the agent can take the
// next call while the message plays.

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// AMDRequest is the provider's asynchronous answering-machine verdict on
// a leg.
type AMDRequest struct {
	CallSID    string // the leg
	AnsweredBy string
	// DurationMs is MachineDetectionDuration, -1 when absent.
	DurationMs int
}

// AMDStatus records the verdict on the call whose customer leg it is: the
// first verdict stays (a repeated or later callback changes nothing), and
// is stored with an EventAMD event. A value the provider may add later is
// kept as "unknown". A leg no call knows is acknowledged and its verdict
// held, in case it is a customer leg whose SID is about to be written; one
// that is not a call's customer leg is acknowledged and logged.
func (s *Service) AMDStatus(ctx context.Context, req AMDRequest) error {
	log := s.logger(ctx).With("leg_sid", req.CallSID, "answered_by", req.AnsweredBy, "machine_detection_ms", req.DurationMs)
	by := sb.AnsweredBy(req.AnsweredBy)
	if !by.Valid() {
		log.Warn("answering-machine verdict with a value this build does not know; kept as unknown")
		by = sb.AnsweredByUnknown
	}
	call, err := s.deps.Calls.FindCallByLeg(ctx, req.CallSID)
	if sb.ErrorCode(err) == sb.ENotFound {
		// Either not ours, or a customer leg whose SID is not written yet:
		// a human's verdict can come a moment after the answer, before the
		// REST create's answer has been stored (or while a leg whose create
		// timed out waits to be adopted). The verdict is held like a
		// status callback, and applied if that write comes.
		held, err := s.deps.Calls.HoldCallEvent(ctx, &sb.CallEvent{LegSID: req.CallSID, Source: sb.EventAMD, ProviderStatus: string(by)})
		if err != nil || held {
			log.Warn("answering-machine verdict for an unknown leg; acknowledged and held", "error", err)
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
	if call.CustomerCallSID != req.CallSID {
		log.Warn("answering-machine verdict for a leg that is not the call's customer leg; acknowledged")
		return nil
	}
	unlock := s.lockCall(call.CallSID)
	defer unlock()
	after, err := s.deps.Calls.UpdateCall(ctx, call.CallSID, func(cur *sb.Call) ([]*sb.CallEvent, error) {
		if cur.AnsweredBy != "" {
			return nil, nil
		}
		cur.AnsweredBy = by
		return []*sb.CallEvent{{LegSID: req.CallSID, Source: sb.EventAMD, ProviderStatus: string(by)}}, nil
	})
	if err != nil {
		return err
	}
	log.Info("answering-machine verdict", "kept", after.AnsweredBy)
	return nil
}

// ListVoicemailDrops lists the workspace's voicemail drops, newest first.
func (s *Service) ListVoicemailDrops(ctx context.Context, workspaceID string, page sb.Page) ([]*sb.VoicemailDrop, sb.Meta, error) {
	return s.deps.VoicemailDrops.ListVoicemailDrops(ctx, workspaceID, page)
}

// CreateVoicemailDrop adds a recorded message to the workspace. The audio
// URL must be https, or http when Config.AllowHTTPAudio (the simulator).
// Errors: EInvalid naming name or audioUrl.
func (s *Service) CreateVoicemailDrop(ctx context.Context, workspaceID, name, audioURL string) (*sb.VoicemailDrop, error) {
	d := &sb.VoicemailDrop{WorkspaceID: workspaceID, Name: name, AudioURL: audioURL}
	if err := sb.CheckVoicemailDrop(d, s.cfg.AllowHTTPAudio); err != nil {
		return nil, err
	}
	if err := s.deps.VoicemailDrops.CreateVoicemailDrop(ctx, d); err != nil {
		return nil, err
	}
	s.logger(ctx).Info("voicemail drop created", "workspace_id", workspaceID, "voicemail_drop_id", d.ID)
	return d, nil
}

// DeleteVoicemailDrop removes a drop from the workspace's list; calls that
// played it keep its id. Errors: ENotFound.
func (s *Service) DeleteVoicemailDrop(ctx context.Context, workspaceID, id string) error {
	if err := s.deps.VoicemailDrops.DeleteVoicemailDrop(ctx, workspaceID, id); err != nil {
		return err
	}
	s.logger(ctx).Info("voicemail drop deleted", "workspace_id", workspaceID, "voicemail_drop_id", id)
	return nil
}

// reasonVoicemailDropped is why the agent leg is ended after a drop.
const reasonVoicemailDropped = "the agent dropped a voicemail"

// DropVoicemail plays a voicemail drop to the customer of the agent's
// answered call and frees the agent. In this order: the call must be the
// agent's (ENotFound, ENotAgentParticipant), answered and not ended, with
// no voicemail dropped yet (ECallNotActive) and no transfer pending
// (ETransferPending); the drop must be the workspace's (EInvalid naming
// voicemailDropId). The provider then redirects the customer leg to TwiML
// that plays the audio and hangs up; while it refuses nothing is written
// (EProviderError, or ECallNotActive when the leg is gone). Once it has
// taken the redirect the call records the drop, and the agent leg is ended:
// the customer leg has left the conference, so the agent would only hear
// silence. A refusal to end the agent leg is logged and retried in the
// background, not reported: the message is playing either way, and the
// conference ends without its customer anyway. The call stays answered
// until the customer leg ends after the message, whose status callback
// completes it; the outcome is left for the agent to set.
func (s *Service) DropVoicemail(ctx context.Context, workspaceID, identity, callSID, dropID string) (*sb.Call, error) {
	unlock := s.lockCall(callSID)
	defer unlock()
	c, err := s.activeCall(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	if err := dropAllowed(c); err != nil {
		return nil, err
	}
	drop, err := s.deps.VoicemailDrops.FindVoicemailDrop(ctx, workspaceID, dropID)
	if sb.ErrorCode(err) == sb.ENotFound {
		return nil, sb.FieldErrorf(sb.EInvalid, "voicemailDropId", "No voicemail drop %q in this workspace.", sb.Truncate(dropID, 64))
	} else if err != nil {
		return nil, err
	}
	doc, err := telephony.VoicemailDrop(drop.AudioURL)
	if err != nil {
		return nil, err
	}
	log := s.logger(ctx).With("call_sid", c.CallSID, "customer_call_sid", c.CustomerCallSID, "voicemail_drop_id", drop.ID)
	if err := s.deps.Provider.RedirectCall(ctx, c.CustomerCallSID, doc); err != nil {
		log.Warn("the provider refused to play the voicemail drop; nothing changed", "error", err)
		return nil, providerErr(err, sb.ECallNotActive)
	}
	// The message is playing from here: what follows must not be lost with
	// the request.
	ctx, cancel := detached(ctx)
	defer cancel()
	after, err := s.deps.Calls.UpdateCall(ctx, c.CallSID, func(cur *sb.Call) ([]*sb.CallEvent, error) {
		if cur.VoicemailDropID != "" {
			return nil, nil // another process's drop got there first
		}
		cur.VoicemailDropID = drop.ID
		return []*sb.CallEvent{{LegSID: c.CustomerCallSID, Source: sb.EventVoicemail, ProviderStatus: "dropped"}}, nil
	})
	if err != nil {
		log.Error("the voicemail drop is playing, but writing it on the call failed", "error", err)
		return nil, err
	}
	log.Info("voicemail dropped; freeing the agent")
	if err := s.endLeg(ctx, c.CallSID, true); err != nil {
		log.Warn("ending the agent leg after the voicemail drop failed; trying again in the background", "error", err)
		s.background(hangUpTimeout, func(ctx context.Context) {
			s.hangUp(ctx, log, c.CallSID, reasonVoicemailDropped)
		})
	}
	return after, nil
}

// dropAllowed refuses a drop on a call that has one already (the customer
// leg is playing it) or whose customer is held for a pending transfer.
func dropAllowed(c *sb.Call) error {
	switch {
	case c.VoicemailDropID != "":
		return sb.Errorf(sb.ECallNotActive, "A voicemail has been dropped on this call already; its customer leg is playing it.")
	case c.Transfer.Pending():
		return sb.Errorf(sb.ETransferPending, "A transfer is pending: complete or cancel it first.")
	}
	return nil
}
