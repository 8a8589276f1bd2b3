package switchboard

import (
	"context"
	"fmt"
	"time"
)

// DialCheck is the answer of the one dial check every dial path runs
// (callflow): may To be called now, every reason it may not, the zones the
// time rules were read in, and the earliest instant at which it may.
type DialCheck struct {
	To      string
	Allowed bool
	// Reasons are in the order of their codes: dnc_blocked,
	// outside_calling_hours, state_rule, attempt_limit.
	Reasons   []DialReason
	TimeZones []string
	// NextAllowedAt is the earliest instant every time rule and every
	// attempt limit passes; nil when allowed now, when the do-not-call list
	// blocks the number (no instant unblocks it), or when the rules leave no
	// minute free within the search's horizon.
	NextAllowedAt *time.Time
	// Outside is where and when the workspace's window is broken, for the
	// outside_calling_hours refusal's details (Zone "" when it is not).
	Outside CalleeTime
	// Limits are the caps on calls to To that apply: the store holds a new
	// call to them when it writes it (Call.DialLimits).
	Limits []DialLimit
}

// reasonOrder ranks reason codes: a refusal answers the first one's.
var reasonOrder = map[string]int{ReasonDNCBlocked: 0, ReasonOutsideCallingHours: 1, ReasonStateRule: 2, ReasonAttemptLimit: 3}

// ReasonRank is the place of a reason code in a refusal's order.
func ReasonRank(code string) int {
	if r, ok := reasonOrder[code]; ok {
		return r
	}
	return len(reasonOrder)
}

// Refusal is the error a dial path answers for a check that did not allow
// the dial; field names the request field that carried the number. Its
// code and message are the first reason's; its details say, in this order:
// field (the first reason's sentence), for outside_calling_hours the
// callee's "localTime" (RFC 3339 with the zone's offset) and "timeZone"
// (the details this refusal always had), then every reason as a detail
// named "reasons" with its Code, and "nextAllowedAt" (RFC 3339 UTC) when
// there is one.
func (c *DialCheck) Refusal(field string) *Error {
	if c.Allowed || len(c.Reasons) == 0 {
		return nil
	}
	first := c.Reasons[0]
	e := &Error{Code: first.Code, Message: first.Message, Details: []FieldError{{Field: field, Message: first.Message}}}
	if first.Code == ReasonOutsideCallingHours && c.Outside.Zone != "" {
		e.Details = append(e.Details,
			FieldError{Field: "localTime", Message: c.Outside.Local.Format(time.RFC3339)},
			FieldError{Field: "timeZone", Message: c.Outside.Zone})
	}
	for _, r := range c.Reasons {
		e.Details = append(e.Details, FieldError{Field: "reasons", Code: r.Code, Message: r.Message})
	}
	if c.NextAllowedAt != nil {
		e.Details = append(e.Details, FieldError{Field: "nextAllowedAt", Message: c.NextAllowedAt.UTC().Format(time.RFC3339)})
	}
	return e
}

// DialLimit caps the calls created to one number of a workspace in any
// Window: at most Max. Code is the reason a dial past it gets
// (attempt_limit for the workspace's own limit, state_rule for a state's
// cap) and Message the sentence that explains it.
type DialLimit struct {
	Max     int
	Window  time.Duration
	Code    string
	Message string
}

// Wait is how long after now the calls at (newest first, on the clock of
// now) leave room for one more call under l: 0 when there is room now.
func (l DialLimit) Wait(at []time.Time, now time.Time) time.Duration {
	since := now.Add(-l.Window)
	n := 0
	for _, t := range at {
		if !t.Before(since) {
			n++
		}
	}
	if n < l.Max {
		return 0
	}
	// Room comes when the Max-th newest call in the window leaves it.
	return at[l.Max-1].Add(l.Window).Sub(now)
}

// DialFacts are what the store knows about a number for the dial check,
// read together.
type DialFacts struct {
	DNCListed bool
	// ContactZone is the time zone of the workspace's contact with the
	// number, "" when there is none or its zone is unknown.
	ContactZone string
	// Now is the store's clock, the one CallTimes were written on.
	Now time.Time
	// CallTimes are when the calls to the number counted against its limits
	// were created, newest first.
	CallTimes []time.Time
}

// DialFactStore answers the dial check's questions of the store in one
// read.
type DialFactStore interface {
	// DialFacts reads whether phone is on the workspace's do-not-call list,
	// its contact's zone, and the creation times of at most n calls created
	// to it in the workspace within the last `within`, newest first, the
	// call exceptSID aside (n 0: none are read). Calls that never reached
	// the callee are not counted: a call refused when it was created, and a
	// click-to-call whose agent never answered.
	DialFacts(ctx context.Context, workspaceID, phone, exceptSID string, within time.Duration, n int) (*DialFacts, error)
	// CallFacts reads in one round trip what the call-control webhook
	// decides an agent's call on. Errors: ENotFound when identity holds no
	// live token of the workspace.
	CallFacts(ctx context.Context, workspaceID, identity, phone, callerID string) (*CallFacts, error)
}

// CallFacts are the workspace's settings, the facts of the number called
// (no call times: they are read apart, and only when the settings set
// caps), and the caller ID the call asked for (the workspace's number
// callerID, or its default when callerID is ""), nil when there is none.
type CallFacts struct {
	Settings *WorkspaceSettings
	Dial     DialFacts
	CallerID *CallerID
}

// capMessage is the sentence of a dial past a limit.
func capMessage(max int, window time.Duration, what string) string {
	made := fmt.Sprintf("%d calls were made", max)
	if max == 1 {
		made = "1 call was made"
	}
	return fmt.Sprintf("%s to this number within %s: %s.", made, hours(window), what)
}

func hours(d time.Duration) string {
	if h := int(d / time.Hour); h == 1 {
		return "1 hour"
	} else {
		return fmt.Sprintf("%d hours", h)
	}
}

// Limits are the caps on calls to one number that settings and the callee's
// state row (nil for none, or when the workspace turned the table off) put.
func (s *WorkspaceSettings) Limits(state *StateRule) []DialLimit {
	var out []DialLimit
	if state != nil && state.MaxCallsPer24h > 0 {
		out = append(out, DialLimit{Max: state.MaxCallsPer24h, Window: 24 * time.Hour, Code: ReasonStateRule,
			Message: capMessage(state.MaxCallsPer24h, 24*time.Hour,
				fmt.Sprintf("%s allows at most %d in 24 hours (%s)", state.Name, state.MaxCallsPer24h, state.MaxCallsStatute))})
	}
	if l := s.AttemptLimit; l != nil {
		w := time.Duration(l.WindowHours) * time.Hour
		out = append(out, DialLimit{Max: l.Max, Window: w, Code: ReasonAttemptLimit,
			Message: capMessage(l.Max, w, fmt.Sprintf("the workspace allows at most %d in %s", l.Max, hours(w)))})
	}
	return out
}
