package callflow

import (
	"context"
	"fmt"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// ControlRequest is the call-control webhook: the agent leg asking what to
// do. A browser leg (Device.connect) names the customer in To and passes
// callerId and workspaceId as its own parameters; a click-to-call leg (the
// provider calling client:<identity>) has them in the webhook URL, which
// this service signed into the call it placed: the Dial* fields.
type ControlRequest struct {
	CallSID               string
	From, Caller, To      string
	CallerID, WorkspaceID string
	DialTo                string // set for click-to-call only
	DialCallerID          string
	DialWorkspaceID       string
	// MachineDetection is the browser leg's own choice (a Device.connect
	// parameter), nil for the workspace's setting. A click-to-call's call
	// keeps what was decided when it was created.
	MachineDetection *bool
}

// Answer is a TwiML document to answer with, and what to do once it is
// written.
type Answer struct {
	TwiML string
	// Then, when not nil, must be called exactly once, after the answer is
	// written: it starts creating the customer leg and returns at once.
	Then func()
}

// Refusal reasons, kept as the call's failure reason ("code: detail"); the
// code picks what the agent hears.
const (
	reasonForbidden   = "forbidden"
	reasonInvalid     = sb.EInvalidPhone
	reasonDNC         = sb.EDNCBlocked
	reasonCallerID    = sb.ECallerIDNotAllowed
	reasonHours       = sb.EOutsideCallingHours
	reasonState       = sb.EStateRule
	reasonAttempts    = sb.EAttemptLimit
	reasonNotDialled  = "not_dialled: the service stopped before the customer was dialled"
	clientPrefix      = "client:"
	maxStoredToLength = 64
)

var spoken = map[string]string{
	reasonForbidden: "You are not allowed to place calls for this workspace. Goodbye.",
	reasonInvalid:   "The number you dialled is not a valid phone number. Goodbye.",
	reasonDNC:       "This number is on the do not call list and cannot be called. Goodbye.",
	reasonCallerID:  "The caller ID of this call is not allowed for this workspace. Goodbye.",
	reasonHours:     "It is outside the calling hours of the number you dialled. Goodbye.",
	reasonState:     "The law of the state of the number you dialled does not allow this call now. Goodbye.",
	reasonAttempts:  "The number you dialled has been called as often as allowed for now. Goodbye.",
}

func spokenFor(failureReason string) string {
	code, _, _ := strings.Cut(failureReason, ":")
	if s, ok := spoken[code]; ok {
		return s
	}
	return "This call cannot be placed. Goodbye."
}

// Control answers the call-control webhook: the call and its pending dial
// are stored in one transaction, keyed by the CallSid, before the agent
// conference is answered; a retry of the same CallSid answers what the
// first delivery answered and dials nobody. The workspace
// and agent come from the caller's client identity (ClientIdentity), which
// Twilio vouches for; a workspaceId naming another workspace is refused. A
// number that is invalid or that the dial check refuses (dialCheck), a caller ID the workspace may not use, or an agent that holds no
// token of the workspace is refused with a spoken reason and a hang-up, and
// the call is recorded as failed.
func (s *Service) Control(ctx context.Context, req ControlRequest) (Answer, error) {
	log := s.logger(ctx).With("call_sid", req.CallSID)
	c := &sb.Call{CallSID: req.CallSID, Status: sb.CallInitiated, ConferenceName: newConferenceName()}
	rawTo, rawCallerID, claimedWorkspace := req.To, req.CallerID, req.WorkspaceID
	var client string // the Twilio client identity Twilio vouches for
	if req.DialTo != "" {
		client = strings.TrimPrefix(req.To, clientPrefix)
		rawTo, rawCallerID, claimedWorkspace = req.DialTo, req.DialCallerID, req.DialWorkspaceID
	} else if id, ok := strings.CutPrefix(req.From, clientPrefix); ok {
		client = id
	} else {
		client, _ = strings.CutPrefix(req.Caller, clientPrefix)
	}
	// The tenant is the identity's, never the workspaceId the browser sent:
	// a refused call is recorded in the agent's own workspace, or in none
	// when the identity is not one this service issued.
	ws, agent, known := telephony.ParseClientIdentity(client)
	if known {
		c.WorkspaceID, c.AgentIdentity = ws, agent
	} else {
		c.AgentIdentity = sb.Truncate(client, maxStoredToLength)
	}
	c.To, c.From = sb.Truncate(rawTo, maxStoredToLength), sb.Truncate(rawCallerID, maxStoredToLength)

	reason, err := s.check(ctx, c, known, claimedWorkspace, rawTo, rawCallerID)
	if err != nil {
		return Answer{}, err
	}
	if req.MachineDetection != nil {
		c.MachineDetection = *req.MachineDetection
	}
	if reason != "" {
		c.Status, c.FailureReason, c.ConferenceName = sb.CallFailed, reason, ""
	}
	dial, err := s.deps.Calls.BeginCall(ctx, c, s.cfg.DialClaim)
	if code := sb.ErrorCode(err); code == sb.EAttemptLimit || code == sb.EStateRule {
		// Another dial of the number took the last room meanwhile: the
		// call is recorded as refused, like any other refusal.
		c.Status, c.FailureReason, c.ConferenceName, c.DialLimits = sb.CallFailed, code+": "+sb.ErrorMessage(err), "", nil
		dial, err = s.deps.Calls.BeginCall(ctx, c, s.cfg.DialClaim)
	}
	if err != nil {
		return Answer{}, fmt.Errorf("callflow: storing the call: %w", err)
	}
	// c is the stored call now: this delivery's, or the first one's.
	if c.ConferenceName == "" {
		log.Info("call refused", "reason", c.FailureReason, "agent", c.AgentIdentity, "workspace_id", c.WorkspaceID)
		doc, err := telephony.Refuse(spokenFor(c.FailureReason))
		return Answer{TwiML: doc}, err
	}
	doc, err := telephony.AgentConference(c.ConferenceName)
	if err != nil {
		return Answer{}, err
	}
	if dial == nil {
		log.Info("call-control webhook repeated; answering the same conference", "conference", c.ConferenceName)
		return Answer{TwiML: doc}, nil
	}
	log.Info("call started", "conference", c.ConferenceName, "agent", c.AgentIdentity, "workspace_id", c.WorkspaceID)
	// Reserved before answering, so Wait (shutdown, tests) covers it.
	return Answer{TwiML: doc, Then: s.laterDial(log, dial)}, nil
}

// check decides whether the call may be placed, normalizing c.To and c.From
// on the way. known says whether the caller's client identity is one this
// service issued (c then holds its workspace and agent); claimed is the
// workspace the request names, which must be that one when given. It
// returns the refusal reason, "" to go ahead; err is for faults only.
func (s *Service) check(ctx context.Context, c *sb.Call, known bool, claimed, rawTo, rawCallerID string) (string, error) {
	switch {
	case c.AgentIdentity == "":
		return reasonForbidden + ": the call names no browser agent", nil
	case !known:
		return reasonForbidden + ": the caller is not a client identity issued by this service", nil
	case claimed != "" && claimed != c.WorkspaceID:
		return fmt.Sprintf("%s: agent %s of workspace %s named workspace %s", reasonForbidden,
			c.AgentIdentity, c.WorkspaceID, sb.Truncate(claimed, maxStoredToLength)), nil
	}
	to, err := s.e164("to", rawTo)
	if sb.ErrorCode(err) == sb.EInvalidPhone {
		// Not a member is said before not a number.
		if _, err := s.deps.Workspaces.AgentWorkspaceSettings(ctx, c.WorkspaceID, c.AgentIdentity); sb.ErrorCode(err) == sb.ENotFound {
			return notMember(c), nil
		} else if err != nil {
			return "", err
		}
		return reasonInvalid + ": the customer number is not valid", nil
	} else if err != nil {
		return "", err
	}
	// Membership, the settings, the number's facts and the caller ID in one
	// read: callerID is "" for none named (the default is read) and for an
	// invalid one (refused below, with its own words).
	callerID, _ := s.e164("from", rawCallerID)
	facts, err := s.deps.Dials.CallFacts(ctx, c.WorkspaceID, c.AgentIdentity, to, callerID)
	if sb.ErrorCode(err) == sb.ENotFound {
		return notMember(c), nil
	} else if err != nil {
		return "", err
	}
	settings := facts.Settings
	c.MachineDetection = settings.MachineDetection
	c.To = to
	// Caps need the calls to the number: read apart, only when set. A
	// click-to-call's own call, stored when its agent was rung, is not one
	// more call to the number.
	caps, dial := capsOf(settings, to), &facts.Dial
	if caps.most > 0 {
		if dial, err = s.deps.Dials.DialFacts(ctx, c.WorkspaceID, to, c.CallSID, caps.window, caps.most); err != nil {
			return "", err
		}
	}
	check, err := s.judgeDial(settings, to, caps, dial)
	if err != nil {
		return "", err
	}
	if !check.Allowed {
		return refused(check), nil
	}
	c.DialLimits = check.Limits
	// callerIDAllowed asks for the number it normalizes as callerID was:
	// the one read above.
	found := func(string) (*sb.CallerID, error) { return facts.CallerID, nil }
	from, err := s.callerIDAllowed(ctx, c.WorkspaceID, rawCallerID, found)
	if err != nil {
		if sb.ErrorCode(err) == sb.ECallerIDNotAllowed {
			return reasonCallerID + ": " + sb.ErrorMessage(err), nil
		}
		return "", err
	}
	c.From = from
	return "", nil
}

// notMember is the refusal of an agent who holds no token of the workspace.
func notMember(c *sb.Call) string {
	return fmt.Sprintf("%s: %s holds no token of workspace %s", reasonForbidden, c.AgentIdentity, c.WorkspaceID)
}

// ConferenceJoin answers the customer leg's webhook, requested when the
// customer answers: the call is answered, and the customer joins the
// conference (ending it on leaving). An unknown conference is hung up, and
// so is a leg of a call that has ended or has another customer leg.
func (s *Service) ConferenceJoin(ctx context.Context, conference, legSID string) (string, error) {
	log := s.logger(ctx).With("conference", conference, "customer_call_sid", legSID)
	call, err := s.deps.Calls.FindCallByConference(ctx, conference)
	if sb.ErrorCode(err) == sb.ENotFound {
		log.Warn("conference-join for an unknown conference; hanging up")
		return telephony.Hangup()
	} else if err != nil {
		return "", err
	}
	log = log.With("call_sid", call.CallSID)
	if legSID != "" && call.CustomerCallSID == "" {
		// Only a leg created for this call asks for its conference: if the
		// dial's own write has not come (its process died, or the REST
		// call has not returned yet), this records the leg.
		if call, err = s.deps.Calls.CustomerLegCreated(ctx, call.CallSID, legSID); err != nil {
			return "", err
		}
	}
	if legSID != "" && legSID != call.CustomerCallSID || call.Status.Final() {
		log.Warn("conference-join from a leg the call cannot keep; hanging it up",
			"recorded_customer_call_sid", call.CustomerCallSID, "status", call.Status)
		return telephony.Hangup()
	}
	if legSID == "" {
		legSID = call.CustomerCallSID
	}
	if legSID == "" {
		legSID = call.CallSID + "/customer"
	}
	ev := &sb.CallEvent{CallSID: call.CallSID, LegSID: legSID, Source: sb.EventConferenceJoin,
		ProviderStatus: "in-progress", Status: sb.CallAnswered, Sequence: -1}
	if _, err := s.deps.Calls.RecordCallEvent(ctx, ev); err != nil {
		return "", err
	}
	log.Info("customer answered; joining the conference", "applied", ev.Applied)
	return telephony.CustomerConference(conference)
}
