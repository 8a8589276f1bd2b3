package callflow

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// DialCheckRequest names the number to check: To (any notation), or
// ContactID (the contact's phone), or both naming the same number.
type DialCheckRequest struct {
	To, ContactID string
}

// CheckDial is the dial check as the API offers it: what a dial of the
// number would meet now, without dialling. Errors: EInvalidPhone (naming
// "to"), EInvalid, ENotFound for another workspace's contact.
func (s *Service) CheckDial(ctx context.Context, workspaceID string, r DialCheckRequest) (*sb.DialCheck, error) {
	to, err := s.numberOf(ctx, workspaceID, r.To, r.ContactID)
	if err != nil {
		return nil, err
	}
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	return s.dialCheck(ctx, settings, workspaceID, to, "")
}

// numberOf is the E.164 number a request names by to, by contactID, or by
// both when they agree.
func (s *Service) numberOf(ctx context.Context, workspaceID, to, contactID string) (string, error) {
	if contactID == "" {
		if strings.TrimSpace(to) == "" {
			return "", sb.FieldErrorf(sb.EInvalid, "to", "Give the number (to) or the contact (contactId).")
		}
		return s.e164("to", to)
	}
	c, err := s.deps.Contacts.FindContact(ctx, workspaceID, contactID)
	if err != nil {
		return "", err
	}
	if c.Phone == "" {
		return "", sb.FieldErrorf(sb.EInvalid, "contactId", "The contact has no phone number to call.")
	}
	if strings.TrimSpace(to) != "" {
		n, err := s.e164("to", to)
		if err != nil {
			return "", err
		}
		if n != c.Phone {
			return "", sb.FieldErrorf(sb.EInvalid, "to", "to is not the phone number of contact %s; give one of them.", sb.Truncate(contactID, 64))
		}
	}
	return c.Phone, nil
}

// dialCheck is the one check every dial path runs before it dials to
// (E.164) for the workspace: the do-not-call list, the workspace's calling
// hours and, unless the workspace turned them off, the rules of the
// callee's state (from the area code), all in the number's zones and its
// contact's, on the service's clock; then the caps on calls to the number
// (the state's and the workspace's attempt limit), counted in the store,
// the call exceptSID aside (a call that is itself being dialled). A
// refusal gets every reason, and the instant from which the number may be
// dialled.
func (s *Service) dialCheck(ctx context.Context, settings *sb.WorkspaceSettings, workspaceID, to, exceptSID string) (*sb.DialCheck, error) {
	caps := capsOf(settings, to)
	facts, err := s.deps.Dials.DialFacts(ctx, workspaceID, to, exceptSID, caps.window, caps.most)
	if err != nil {
		return nil, err
	}
	return s.judgeDial(settings, to, caps, facts)
}

// dialCaps are the caps on calls to a number: its state's rule (nil when
// the workspace turned state rules off or the number has none), the limits
// it and the workspace set, and how many calls within how long the store
// must read to judge them (0: none).
type dialCaps struct {
	state  *sb.StateRule
	limits []sb.DialLimit
	most   int
	window time.Duration
}

func capsOf(settings *sb.WorkspaceSettings, to string) dialCaps {
	var c dialCaps
	if settings.StateRules {
		c.state = sb.StateRuleFor(phone.State(to))
	}
	c.limits = settings.Limits(c.state)
	for _, l := range c.limits {
		c.most, c.window = max(c.most, l.Max), max(c.window, l.Window)
	}
	return c
}

// judgeDial is dialCheck on facts read: the call times in facts must cover
// caps.
func (s *Service) judgeDial(settings *sb.WorkspaceSettings, to string, caps dialCaps, facts *sb.DialFacts) (*sb.DialCheck, error) {
	state, limits := caps.state, caps.limits
	now := s.cfg.Now()
	rules := sb.TimeRules{NumberZones: phone.TimeZones(to), ContactZone: facts.ContactZone,
		WorkspaceZone: settings.TimeZone, Hours: settings.CallingHours, State: state}
	v, err := sb.CheckTimeRules(rules, now)
	if err != nil {
		return nil, fmt.Errorf("callflow: the time rules of %s: %w", to, err)
	}
	c := &sb.DialCheck{To: to, TimeZones: v.Zones, Limits: limits}
	if facts.DNCListed {
		c.Reasons = append(c.Reasons, sb.DialReason{Code: sb.ReasonDNCBlocked,
			Message: to + " is on the workspace's do-not-call list."})
	}
	c.Reasons = append(c.Reasons, v.Reasons...)
	if !v.Allowed && settings.CallingHours != nil {
		c.Outside, _, _ = sb.OutsideCallingHours(settings.CallingHours, v.Zones, settings.TimeZone, now)
	}
	// The caps are counted on the store's clock, so they wait in durations.
	var wait time.Duration
	for _, l := range limits {
		if w := l.Wait(facts.CallTimes, facts.Now); w > 0 {
			c.Reasons = append(c.Reasons, sb.DialReason{Code: l.Code,
				Message: fmt.Sprintf("%s The next call may be made in %s.", l.Message, inWords(w))})
			wait = max(wait, w)
		}
	}
	slices.SortStableFunc(c.Reasons, func(a, b sb.DialReason) int { return sb.ReasonRank(a.Code) - sb.ReasonRank(b.Code) })
	c.Allowed = len(c.Reasons) == 0
	switch {
	case c.Allowed || facts.DNCListed:
	case wait == 0:
		c.NextAllowedAt = v.NextAllowedAt
	default:
		// Once the caps leave room, the time rules must pass too.
		at := now.Add(wait).Truncate(time.Second)
		later, err := sb.CheckTimeRules(rules, at)
		if err != nil {
			return nil, err
		}
		if later.Allowed {
			c.NextAllowedAt = &at
		} else {
			c.NextAllowedAt = later.NextAllowedAt
		}
	}
	if c.NextAllowedAt != nil {
		t := c.NextAllowedAt.UTC()
		c.NextAllowedAt = &t
	}
	return c, nil
}

// checkDial runs the dial check and answers its refusal, field naming the
// request field that carried the number. The check is returned when the
// dial may go ahead: its Limits go with the call to the store.
func (s *Service) checkDial(ctx context.Context, workspaceID, to, field string) (*sb.DialCheck, error) {
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	c, err := s.dialCheck(ctx, settings, workspaceID, to, "")
	if err != nil {
		return nil, err
	}
	if !c.Allowed {
		return nil, c.Refusal(field)
	}
	return c, nil
}

// refused is the failure reason a call refused by check keeps: its first
// reason's code and sentence (what the agent hears is picked by the code).
func refused(c *sb.DialCheck) string {
	r := c.Reasons[0]
	return r.Code + ": " + r.Message
}

// dialClosed fails the call of d when the dial check refuses its number
// now (a recovered dial comes late: the hours may have closed, the caps
// filled), and reports whether it did. An error leaves the dial as it is.
func (s *Service) dialClosed(ctx context.Context, log *slog.Logger, d *sb.PendingDial) (bool, error) {
	settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, d.WorkspaceID)
	if err != nil {
		return false, err
	}
	c, err := s.dialCheck(ctx, settings, d.WorkspaceID, d.To, d.CallSID)
	if err != nil || c.Allowed {
		return false, err
	}
	s.fail(ctx, log, d, refused(c), nil)
	return true, nil
}

// refusalNow is the refusal of a dial the store refused at its write (err:
// a cap filled by another dial meanwhile): the check again, for every
// reason and the next allowed instant, or err itself when the check now
// passes.
func (s *Service) refusalNow(ctx context.Context, workspaceID, to, field string, err error) error {
	if _, again := s.checkDial(ctx, workspaceID, to, field); again != nil {
		return again
	}
	return err
}

// inWords is a wait as people say it, to the minute: "1 hour", "3 hours 12
// minutes", "1 minute" (a wait under a minute is said as one).
func inWords(d time.Duration) string {
	m := int((d + time.Minute - 1) / time.Minute)
	if m < 1 {
		m = 1
	}
	unit := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	switch h, m := m/60, m%60; {
	case h == 0:
		return unit(m, "minute")
	case m == 0:
		return unit(h, "hour")
	default:
		return unit(h, "hour") + " " + unit(m, "minute")
	}
}
