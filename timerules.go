package switchboard

import (
	"fmt"
	"time"
)

// Why a dial is refused: the codes of a dial check's reasons.
const (
	ReasonDNCBlocked          = "dnc_blocked"
	ReasonOutsideCallingHours = "outside_calling_hours" // the workspace's window
	ReasonStateRule           = "state_rule"            // a state's hours, banned day or cap
	ReasonAttemptLimit        = "attempt_limit"
)

// DialReason is one reason a dial is refused: its code and a sentence for
// the agent that names the zone, the local time and, for a state's rule, the
// statute.
type DialReason struct {
	Code    string
	Message string
}

// TimeRules are the rules of time that hold for one callee.
type TimeRules struct {
	// NumberZones are the number's IANA zones (phone.TimeZones); none, or
	// only UnknownZone, means the workspace's zone.
	NumberZones []string
	// ContactZone is the contact's own zone, "" when unknown: the rules must
	// hold there too.
	ContactZone   string
	WorkspaceZone string
	// Hours is the workspace's window; nil turns it off.
	Hours *CallingHours
	// State is the callee's state's row; nil when the number is in no state
	// of the table or the workspace turned the table off.
	State *StateRule
}

// TimeVerdict is the answer of the time rules at one instant.
type TimeVerdict struct {
	Allowed bool
	Reasons []DialReason
	Zones   []string // every zone the rules were applied in
	// NextAllowedAt is the earliest instant, from now, at which every rule
	// passes in every zone; nil when allowed now, or when no such instant
	// comes within the search horizon (rules that leave no minute free).
	NextAllowedAt *time.Time
}

// nextAllowedHorizon bounds the search for the next allowed instant: a week
// and a day covers a banned Sunday next to a holiday weekend.
const nextAllowedHorizon = 8 * 24 * time.Hour

// CheckTimeRules applies r at the instant now: allowed or not, every reason,
// and the next instant every rule passes. It reads no clock: now is the
// caller's. err reports a zone name that does not load.
func CheckTimeRules(r TimeRules, now time.Time) (TimeVerdict, error) {
	zones := r.zones()
	locs := make([]*time.Location, len(zones))
	for i, z := range zones {
		loc, err := LoadZone(z)
		if err != nil {
			return TimeVerdict{}, err
		}
		locs[i] = loc
	}
	v := TimeVerdict{Zones: zones, Reasons: r.reasons(zones, locs, now)}
	v.Allowed = len(v.Reasons) == 0
	if !v.Allowed {
		v.NextAllowedAt = r.nextAllowed(locs, now)
	}
	return v, nil
}

// zones are the number's zones (the workspace's when it has none) and the
// contact's, each once.
func (r TimeRules) zones() []string {
	// Room for all of them at once: a number of a country of many zones
	// lists them all, and growing the slice zone by zone cost a call 2 KB.
	zones := make([]string, 0, len(r.NumberZones)+2)
	add := func(z string) {
		if z == "" || z == UnknownZone {
			return
		}
		for _, have := range zones {
			if have == z {
				return
			}
		}
		zones = append(zones, z)
	}
	for _, z := range r.NumberZones {
		add(z)
	}
	if len(zones) == 0 {
		add(r.WorkspaceZone)
	}
	add(r.ContactZone)
	return zones
}

// reasons are the rules broken at now: at most one per rule (the workspace
// window, the state's banned day, the state's hours), each naming the first
// zone that breaks it.
func (r TimeRules) reasons(zones []string, locs []*time.Location, now time.Time) []DialReason {
	var window, banned, stateHours *DialReason
	for i, loc := range locs {
		local := now.In(loc)
		// Written only for a broken rule: every allowed call checks.
		at := func() string {
			return fmt.Sprintf("It is %s on %s in %s", local.Format("15:04"), local.Format("Monday 2 January"), zones[i])
		}
		if window == nil && r.Hours != nil && !r.Hours.contains(local) {
			window = &DialReason{ReasonOutsideCallingHours,
				fmt.Sprintf("%s: outside the workspace's calling hours, %s.", at(), r.Hours)}
		}
		if r.State == nil {
			continue
		}
		if b, day, ok := r.State.bannedOn(local); ok {
			if banned == nil {
				banned = &DialReason{ReasonStateRule,
					fmt.Sprintf("%s: %s allows no telephone solicitation on %s%s (%s); today is %s.",
						at(), r.State.Name, b.What, scope(b.Scope), b.Statute, day)}
			}
			continue
		}
		if h, ok := r.State.windowOn(local.Weekday()); ok && stateHours == nil && !h.Window.contains(local) {
			stateHours = &DialReason{ReasonStateRule,
				fmt.Sprintf("%s: %s allows telephone solicitation%s only %s local time on %s (%s).",
					at(), r.State.Name, scope(h.Scope), h.Window, days(h.Days), h.Statute)}
		}
	}
	var out []DialReason
	for _, reason := range []*DialReason{window, banned, stateHours} {
		if reason != nil {
			out = append(out, *reason)
		}
	}
	return out
}

func scope(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// days names a set of weekdays in a sentence.
func days(ds []time.Weekday) string {
	switch {
	case len(ds) == 0:
		return "any day"
	case len(ds) == 5 && hasWeekday(ds, time.Monday) && hasWeekday(ds, time.Friday) && !hasWeekday(ds, time.Saturday) && !hasWeekday(ds, time.Sunday):
		return "Monday to Friday"
	}
	s := ""
	for i, d := range ds {
		if i > 0 {
			s += ", "
		}
		s += d.String() + "s"
	}
	return s
}

// window is the minutes of the local day every window allows (the
// workspace's and the state's for that weekday): [start, end), empty when
// start >= end, as on a banned day.
func (r TimeRules) window(local time.Time) (start, end int) {
	start, end = 0, 24*60
	if r.Hours != nil {
		start, end = r.Hours.Start, r.Hours.End
	}
	if r.State == nil {
		return start, end
	}
	if _, _, banned := r.State.bannedOn(local); banned {
		return 0, 0
	}
	if h, ok := r.State.windowOn(local.Weekday()); ok {
		start, end = max(start, h.Window.Start), min(end, h.Window.End)
	}
	return start, end
}

// wait is how long from t zone loc must wait before its rules may pass: 0
// when they pass at t, else a duration that never overshoots the next
// minute they pass. It measures the distance on the local wall clock to the
// next window start or midnight and takes an hour off, since a daylight-
// saving change can make the wall clock jump ahead by that much; the
// search then comes up to the boundary in steps of whole minutes.
func (r TimeRules) wait(loc *time.Location, t time.Time) time.Duration {
	local := t.In(loc)
	m := local.Hour()*60 + local.Minute()
	start, end := r.window(local)
	if start < end && start <= m && m < end {
		return 0
	}
	next := 24 * 60 // the next local midnight
	if start < end && m < start {
		next = start
	}
	return time.Duration(max(1, next-m-60)) * time.Minute
}

// nextAllowed searches forward from now, minute-exact, for the first
// instant at which every zone passes: each step moves as far as the zone
// that must wait longest allows, since no earlier instant can pass there.
func (r TimeRules) nextAllowed(locs []*time.Location, now time.Time) *time.Time {
	limit := now.Add(nextAllowedHorizon)
	// Rules change only on whole local minutes, which are whole minutes of
	// UTC in every zone in use today.
	t := now.Truncate(time.Minute)
	if t.Before(now) {
		t = t.Add(time.Minute)
	}
	for !t.After(limit) {
		var step time.Duration
		for _, loc := range locs {
			step = max(step, r.wait(loc, t))
		}
		if step == 0 {
			return &t
		}
		t = t.Add(step)
	}
	return nil
}
