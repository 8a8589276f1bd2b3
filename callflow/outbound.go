package callflow

import (
	"context"
	"net/url"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// ClickToCall rings the agent's browser (client:<its client identity>, which
// names workspace and agent) through the provider; when the agent answers,
// the provider requests the call-control
// webhook with the customer number, caller ID and workspace in its URL, and
// Control runs the flow unchanged. The Call is stored at once under the SID
// of that browser leg (the agent leg), waiting for the answer. to and from
// may be in any notation; from is a caller ID of the workspace or "" for its
// default. The dial check (dialCheck) runs here and again when the agent
// answers; the store holds the call to the caps on the number's calls when
// it writes it. Errors: EInvalidPhone (naming "to" or "from"), EInvalid,
// the dial check's refusals (EDNCBlocked, EOutsideCallingHours, EStateRule,
// EAttemptLimit), ECallerIDNotAllowed, EProviderError.
func (s *Service) ClickToCall(ctx context.Context, workspaceID, identity, to, from string) (*sb.Call, error) {
	return s.clickToCall(ctx, workspaceID, identity, to, from, nil, nil)
}

// clickToCall is ClickToCall with the call's own answering-machine
// detection (machineDetection nil takes the workspace's setting; the choice
// is stored with the call, so the customer leg dialled when the agent
// answers, or by recovery, is created the same way), dialling a dial list's
// entry when lease is not nil: the store counts the attempt with the call,
// and refuses it (EEntryNotLeased, EDialListInactive) when the lease ended
// meanwhile.
func (s *Service) clickToCall(ctx context.Context, workspaceID, identity, to, from string, machineDetection *bool, lease *sb.DialLease) (*sb.Call, error) {
	to, err := s.e164("to", to)
	if err != nil {
		return nil, err
	}
	// A from that is no number at all is a malformed request (400
	// invalid_phone, like a bad to), not a number the workspace may not
	// show: the call-control webhook, which can only refuse in TwiML, keeps
	// that answer for any caller ID it cannot use.
	if from = strings.TrimSpace(from); from != "" {
		if from, err = s.e164("from", from); err != nil {
			return nil, err
		}
	}
	client, err := telephony.ClientIdentity(workspaceID, identity)
	if err != nil {
		return nil, err
	}
	check, err := s.checkDial(ctx, workspaceID, to, "to")
	if err != nil {
		return nil, err
	}
	callerID, err := s.allowedCallerID(ctx, workspaceID, from)
	if err != nil {
		return nil, err
	}
	detect, err := s.machineDetection(ctx, workspaceID, machineDetection)
	if err != nil {
		return nil, err
	}
	control := s.url(PathCallControl, url.Values{"to": {to}, "callerId": {callerID}, "workspaceId": {workspaceID}})
	sid, err := s.deps.Provider.CreateCall(ctx, telephony.CallParams{
		To:                   clientPrefix + client,
		From:                 callerID,
		URL:                  control,
		StatusCallback:       s.url(PathStatus, nil),
		StatusCallbackEvents: statusEvents,
	})
	if err != nil {
		return nil, err
	}
	c := &sb.Call{CallSID: sid, WorkspaceID: workspaceID, AgentIdentity: identity, To: to, From: callerID,
		Status: sb.CallInitiated, DialLimits: check.Limits, MachineDetection: detect, DialLease: lease}
	if lease != nil {
		c.DialListID = lease.ListID
	}
	if err := s.deps.Calls.CreateCall(ctx, c); err != nil {
		if code := sb.ErrorCode(err); code == sb.EAttemptLimit || code == sb.EStateRule {
			// Another dial of the number took the last room meanwhile.
			s.logger(ctx).Info("click-to-call refused by a cap on the number's calls; hanging up the agent leg", "call_sid", sid, "reason", code)
			s.hangUp(ctx, s.logger(ctx), sid, "the number's calls reached a cap")
			return nil, s.refusalNow(ctx, workspaceID, to, "to", err)
		}
		if code := sb.ErrorCode(err); code == sb.EEntryNotLeased || code == sb.EDialListInactive {
			s.logger(ctx).Info("click-to-call refused: the dial list's entry is no longer the agent's; hanging up the agent leg", "call_sid", sid, "reason", code)
			s.hangUp(ctx, s.logger(ctx), sid, "the dial list's lease ended")
			return nil, err
		}
		s.logger(ctx).Error("storing a click-to-call failed; hanging up the agent leg", "call_sid", sid, "error", err)
		s.hangUp(ctx, s.logger(ctx), sid, "the call could not be stored")
		return nil, err
	}
	s.logger(ctx).Info("click-to-call: ringing the agent", "call_sid", sid, "to", to, "from", callerID)
	return c, nil
}

// machineDetection is a new call's answering-machine detection: the call's
// own choice, else the workspace's setting.
func (s *Service) machineDetection(ctx context.Context, workspaceID string, choice *bool) (bool, error) {
	if choice != nil {
		return *choice, nil
	}
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, workspaceID)
	if err != nil {
		return false, err
	}
	return settings.MachineDetection, nil
}

// CallFor returns a call for its agent only (openapi.yaml, getCall): another
// workspace's call is ENotFound, another agent's ENotAgentParticipant.
func (s *Service) CallFor(ctx context.Context, workspaceID, identity, callSID string) (*sb.Call, error) {
	c, err := s.deps.Calls.FindCall(ctx, workspaceID, callSID)
	if err != nil {
		return nil, err
	}
	if c.AgentIdentity != identity {
		return nil, sb.Errorf(sb.ENotAgentParticipant, "Only the call's agent may act on it.")
	}
	return c, nil
}
