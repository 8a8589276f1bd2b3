package callflow

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// activeCall returns the agent's call when it is answered and not ended:
// hold, mute, transfer and recording need the conference and the customer
// in it. Errors: ENotFound, ENotAgentParticipant, ECallNotActive.
func (s *Service) activeCall(ctx context.Context, workspaceID, identity, callSID string) (*sb.Call, error) {
	c, err := s.CallFor(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	if err := requireActive(c); err != nil {
		return nil, err
	}
	return c, nil
}

func requireActive(c *sb.Call) error {
	if c.Status != sb.CallAnswered || c.CustomerCallSID == "" || c.ConferenceName == "" {
		return sb.Errorf(sb.ECallNotActive, "The call is %s: only an answered call that has not ended can be controlled.", c.Status)
	}
	return nil
}

// conferenceSID returns the CF… SID of the call's conference: looked up by
// name once (the provider's Conferences list) and remembered on the call,
// so no later click lists conferences again. c is updated.
func (s *Service) conferenceSID(ctx context.Context, c *sb.Call) (string, error) {
	if c.ConferenceSID != "" {
		return c.ConferenceSID, nil
	}
	sid, err := s.deps.Provider.FindConference(ctx, c.ConferenceName)
	if err != nil {
		return "", providerErr(err, sb.ECallNotActive)
	}
	got, err := s.deps.Calls.UpdateCall(ctx, c.CallSID, func(cur *sb.Call) ([]*sb.CallEvent, error) {
		if cur.ConferenceSID == "" {
			cur.ConferenceSID = sid
		}
		return nil, nil
	})
	if err != nil {
		return "", err
	}
	*c = *got
	return c.ConferenceSID, nil
}

// goneCodes are the provider's ways of saying that what was addressed is no
// longer there: 20404 (no such resource: a participant that left, a
// conference that ended) and 21220 (the call is not in progress).
var goneCodes = map[int]bool{20404: true, 21220: true}

// providerErr maps a provider refusal: what is gone becomes goneCode (409)
// with the provider's code in details; anything else stays a
// provider_error (502, its code in details) or a fault.
func providerErr(err error, goneCode string) error {
	var pe *telephony.ProviderError
	if !errors.As(err, &pe) || !(goneCodes[pe.Code] || pe.Status == http.StatusNotFound) {
		return err
	}
	return &sb.Error{Code: goneCode, Message: "The provider no longer has it: " + pe.Message,
		Details: []sb.FieldError{{Field: "providerCode", Message: strconv.Itoa(pe.Code)}}}
}

// isGone reports a provider refusal that providerErr maps to goneCode.
func isGone(err error) bool {
	var pe *telephony.ProviderError
	return errors.As(err, &pe) && (goneCodes[pe.Code] || pe.Status == http.StatusNotFound)
}

func ptr[T any](v T) *T { return &v }

// Hold holds (hold true) or unholds the customer participant. The held
// customer hears the service's hold music (PathHoldMusic). The call is
// written only once the provider has done it. Errors: ENotFound,
// ENotAgentParticipant, ECallNotActive, EProviderError.
func (s *Service) Hold(ctx context.Context, workspaceID, identity, callSID string, hold bool) (*sb.Call, error) {
	unlock := s.lockCall(callSID)
	defer unlock()
	c, err := s.activeCall(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	return s.setHold(ctx, c, hold)
}

// setHold holds or unholds c's customer, then writes it with its event.
func (s *Service) setHold(ctx context.Context, c *sb.Call, hold bool) (*sb.Call, error) {
	conf, err := s.conferenceSID(ctx, c)
	if err != nil {
		return nil, err
	}
	holdURL := ""
	if hold {
		holdURL = s.url(PathHoldMusic, nil)
	}
	if err := s.deps.Provider.UpdateParticipant(ctx, conf, c.CustomerCallSID, ptr(hold), holdURL, nil); err != nil {
		return nil, providerErr(err, sb.ECallNotActive)
	}
	step := "unhold"
	if hold {
		step = "hold"
	}
	s.logger(ctx).Info("customer "+step, "call_sid", c.CallSID, "conference_sid", conf)
	return s.deps.Calls.UpdateCall(ctx, c.CallSID, func(cur *sb.Call) ([]*sb.CallEvent, error) {
		cur.OnHold = hold
		return []*sb.CallEvent{{LegSID: c.CustomerCallSID, Source: sb.EventHold, ProviderStatus: step}}, nil
	})
}

// Mute mutes or unmutes the agent participant; muted nil toggles what the
// call says. Errors: as Hold.
func (s *Service) Mute(ctx context.Context, workspaceID, identity, callSID string, muted *bool) (*sb.Call, error) {
	unlock := s.lockCall(callSID)
	defer unlock()
	c, err := s.activeCall(ctx, workspaceID, identity, callSID)
	if err != nil {
		return nil, err
	}
	want := !c.Muted
	if muted != nil {
		want = *muted
	}
	conf, err := s.conferenceSID(ctx, c)
	if err != nil {
		return nil, err
	}
	if err := s.deps.Provider.UpdateParticipant(ctx, conf, c.CallSID, nil, "", ptr(want)); err != nil {
		return nil, providerErr(err, sb.ECallNotActive)
	}
	step := "unmuted"
	if want {
		step = "muted"
	}
	s.logger(ctx).Info("agent "+step, "call_sid", c.CallSID, "conference_sid", conf)
	return s.deps.Calls.UpdateCall(ctx, c.CallSID, func(cur *sb.Call) ([]*sb.CallEvent, error) {
		cur.Muted = want
		return []*sb.CallEvent{{LegSID: c.CallSID, Source: sb.EventMute, ProviderStatus: step}}, nil
	})
}

// HoldMusic is the document behind the HoldUrl: Config.HoldMusicURL in a
// loop, or "Please hold." repeated.
func (s *Service) HoldMusic() (string, error) { return telephony.HoldMusic(s.cfg.HoldMusicURL) }
