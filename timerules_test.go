package switchboard_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

func check(t *testing.T, r sb.TimeRules, now string) sb.TimeVerdict {
	t.Helper()
	v, err := sb.CheckTimeRules(r, at(now))
	require.NoError(t, err)
	return v
}

func requireNext(t *testing.T, v sb.TimeVerdict, want string) {
	t.Helper()
	require.False(t, v.Allowed)
	require.NotNil(t, v.NextAllowedAt, "%v", v.Reasons)
	require.Equal(t, at(want), *v.NextAllowedAt)
}

// Daylight-saving changes: the window opens at 08:00 on the wall clock,
// whatever the offset did in the night, and a window that starts inside the
// skipped hour opens when the clock reaches it.
func TestTimeRulesDaylightSaving(t *testing.T) {
	def := sb.DefaultCallingHours
	ny := sb.TimeRules{NumberZones: []string{"America/New_York"}, Hours: &def}
	chi := sb.TimeRules{NumberZones: []string{"America/Chicago"}, Hours: &def}
	// Spring forward, 2026-03-08 02:00 → 03:00: 01:30 EST, then 08:00 EDT.
	requireNext(t, check(t, ny, "2026-03-08T06:30:00Z"), "2026-03-08T12:00:00Z")
	requireNext(t, check(t, chi, "2026-03-08T07:30:00Z"), "2026-03-08T13:00:00Z")
	// Fall back, 2026-11-01 02:00 → 01:00: 01:30 EDT, then 08:00 EST.
	requireNext(t, check(t, ny, "2026-11-01T05:30:00Z"), "2026-11-01T13:00:00Z")
	requireNext(t, check(t, chi, "2026-11-01T06:30:00Z"), "2026-11-01T14:00:00Z")
	// The evening before each change closes at 21:00 local.
	require.True(t, check(t, ny, "2026-03-08T01:59:00Z").Allowed)  // Sat 20:59 EST
	require.False(t, check(t, ny, "2026-03-08T02:00:00Z").Allowed) // Sat 21:00 EST
	require.True(t, check(t, ny, "2026-11-01T00:59:00Z").Allowed)  // Sat 20:59 EDT
	require.False(t, check(t, ny, "2026-11-01T01:00:00Z").Allowed) // Sat 21:00 EDT

	// A window in the skipped hour: 02:30–03:30 has no 02:30 on spring-forward
	// day; it opens at 03:00 EDT, the first minute inside it.
	gap := sb.CallingHours{Start: 150, End: 210}
	requireNext(t, check(t, sb.TimeRules{NumberZones: []string{"America/New_York"}, Hours: &gap}, "2026-03-08T06:00:00Z"), "2026-03-08T07:00:00Z")
	// A window in the repeated hour opens at its first occurrence.
	rep := sb.CallingHours{Start: 90, End: 180}
	requireNext(t, check(t, sb.TimeRules{NumberZones: []string{"America/Chicago"}, Hours: &rep}, "2026-11-01T06:00:00Z"), "2026-11-01T06:30:00Z")
}

// One area code, two zones: Florida's 850 rings in Central time at
// Pensacola and Eastern at Tallahassee, so the state's 20:00 comes an hour
// apart; Idaho's 208 number here may ring in either Boise's or Los Angeles's
// zone, and every rule must hold in both.
func TestTimeRulesNumberSpanningZones(t *testing.T) {
	def := sb.DefaultCallingHours
	pensacola, tallahassee := "+18504320100", "+18502220100"
	require.Equal(t, []string{"America/Chicago"}, phone.TimeZones(pensacola))
	require.Equal(t, []string{"America/New_York"}, phone.TimeZones(tallahassee))
	for _, n := range []string{pensacola, tallahassee} {
		require.Equal(t, "FL", phone.State(n))
	}
	rules := func(n string) sb.TimeRules {
		return sb.TimeRules{NumberZones: phone.TimeZones(n), Hours: &def, State: sb.StateRuleFor(phone.State(n))}
	}
	// 01:30 UTC: 20:30 in Tallahassee, 19:30 in Pensacola.
	require.True(t, check(t, rules(pensacola), "2026-01-15T01:30:00Z").Allowed)
	v := check(t, rules(tallahassee), "2026-01-15T01:30:00Z")
	require.Equal(t, sb.ReasonStateRule, v.Reasons[0].Code)
	requireNext(t, v, "2026-01-15T13:00:00Z")

	boise := "+12082220100"
	zones := phone.TimeZones(boise)
	require.Equal(t, []string{"America/Boise", "America/Los_Angeles"}, zones)
	r := sb.TimeRules{NumberZones: zones, Hours: &def}
	// 15:30 UTC: 08:30 in Boise, 07:30 in Los Angeles.
	v = check(t, r, "2026-01-14T15:30:00Z")
	require.Contains(t, v.Reasons[0].Message, "America/Los_Angeles")
	requireNext(t, v, "2026-01-14T16:00:00Z")
	// 03:30 UTC: 20:30 in Boise, 19:30 in LA: open; at 04:00 Boise closes,
	// and both open again at Los Angeles's 08:00 (Boise's 09:00).
	require.True(t, check(t, r, "2026-01-15T03:30:00Z").Allowed)
	v = check(t, r, "2026-01-15T04:00:00Z")
	require.Contains(t, v.Reasons[0].Message, "America/Boise")
	requireNext(t, v, "2026-01-15T16:00:00Z")
	require.Equal(t, zones, v.Zones)
}

// A banned Sunday and a holiday push the next allowed instant to the next
// day the state allows, at the opening of its window.
func TestTimeRulesNextAcrossBannedDays(t *testing.T) {
	def := sb.DefaultCallingHours
	ms := sb.TimeRules{NumberZones: []string{"America/Chicago"}, Hours: &def, State: sb.StateRuleFor("MS")}
	// Saturday 21:30: closed by the workspace's window and the state's
	// (20:00), then Sunday is banned.
	v := check(t, ms, "2026-01-11T03:30:00Z")
	require.Len(t, v.Reasons, 2)
	require.Equal(t, sb.ReasonOutsideCallingHours, v.Reasons[0].Code)
	require.Equal(t, sb.ReasonStateRule, v.Reasons[1].Code)
	requireNext(t, v, "2026-01-12T14:00:00Z") // Monday 08:00 CST
	// Sunday noon: allowed by the window, refused by the state.
	v = check(t, ms, "2026-01-11T18:00:00Z")
	require.Equal(t, []sb.DialReason{{Code: sb.ReasonStateRule,
		Message: "It is 12:00 on Sunday 11 January in America/Chicago: Mississippi allows no telephone solicitation on Sundays (Miss. Code Ann. § 77-3-723(1)); today is Sunday."}}, v.Reasons)
	requireNext(t, v, "2026-01-12T14:00:00Z")

	ri := sb.TimeRules{NumberZones: []string{"America/New_York"}, Hours: &def, State: sb.StateRuleFor("RI")}
	// Wednesday 25 November 2026, 19:00: past Rhode Island's 18:00, then
	// Thanksgiving: Friday at 09:00.
	v = check(t, ri, "2026-11-26T00:00:00Z")
	require.Equal(t, sb.ReasonStateRule, v.Reasons[0].Code)
	requireNext(t, v, "2026-11-27T14:00:00Z")
	// Saturday 28 November, 17:30: closed until Monday 09:00 (Sunday banned).
	requireNext(t, check(t, ri, "2026-11-28T22:30:00Z"), "2026-11-30T14:00:00Z")
	// Friday 3 July 2026 (Independence Day observed): Saturday at 10:00.
	requireNext(t, check(t, ri, "2026-07-03T13:00:00Z"), "2026-07-04T14:00:00Z")
	// Friday 25 December 2026 at 21:30: Christmas, Saturday's 10:00.
	requireNext(t, check(t, ri, "2026-12-26T02:30:00Z"), "2026-12-26T15:00:00Z")
}

// Both reasons at once, and a contact zone that narrows the window.
func TestTimeRulesReasonsAndContactZone(t *testing.T) {
	def := sb.DefaultCallingHours
	// A New York number whose contact lives in Los Angeles: 09:00 in New
	// York is 06:00 there.
	r := sb.TimeRules{NumberZones: []string{"America/New_York"}, ContactZone: "America/Los_Angeles", Hours: &def}
	v := check(t, r, "2026-01-14T14:00:00Z")
	require.Equal(t, []string{"America/New_York", "America/Los_Angeles"}, v.Zones)
	require.Equal(t, []sb.DialReason{{Code: sb.ReasonOutsideCallingHours,
		Message: "It is 06:00 on Wednesday 14 January in America/Los_Angeles: outside the workspace's calling hours, 08:00–21:00."}}, v.Reasons)
	requireNext(t, v, "2026-01-14T16:00:00Z")
	// The same zone twice counts once; the unknown zone is no zone.
	r.ContactZone = "America/New_York"
	require.True(t, check(t, r, "2026-01-14T14:00:00Z").Allowed)
	require.Equal(t, []string{"America/New_York"}, check(t, r, "2026-01-14T14:00:00Z").Zones)

	// Florida at 20:30 in Miami with a workspace window of 09:00–17:00:
	// both rules are broken, each says so once.
	w := sb.CallingHours{Start: 9 * 60, End: 17 * 60}
	fl := sb.TimeRules{NumberZones: []string{"America/New_York"}, Hours: &w, State: sb.StateRuleFor("FL")}
	v = check(t, fl, "2026-01-15T01:30:00Z")
	require.Len(t, v.Reasons, 2)
	require.Equal(t, sb.ReasonOutsideCallingHours, v.Reasons[0].Code)
	require.Equal(t, sb.ReasonStateRule, v.Reasons[1].Code)
	requireNext(t, v, "2026-01-15T14:00:00Z") // the narrower: 09:00

	// No zone of its own: the workspace's; the contact's adds to it.
	nz := sb.TimeRules{NumberZones: []string{sb.UnknownZone}, WorkspaceZone: "Europe/Berlin", ContactZone: "Asia/Tokyo", Hours: &def}
	require.Equal(t, []string{"Europe/Berlin", "Asia/Tokyo"}, check(t, nz, "2026-01-14T08:00:00Z").Zones)
	// 09:00 in Berlin is 17:00 in Tokyo: allowed.
	require.True(t, check(t, nz, "2026-01-14T08:00:00Z").Allowed)
	// 12:00 UTC is 21:00 in Tokyo: both allow again at Berlin's 08:00 (Tokyo's 16:00).
	requireNext(t, check(t, nz, "2026-01-14T12:00:00Z"), "2026-01-15T07:00:00Z")

	// Nothing off: every rule passes.
	v = check(t, sb.TimeRules{NumberZones: []string{"America/New_York"}}, "2026-01-14T08:00:00Z")
	require.True(t, v.Allowed)
	require.Nil(t, v.NextAllowedAt)
	require.Empty(t, v.Reasons)
}

// A rule set that leaves no minute free within the horizon answers no
// next instant; a window that never overlaps the state's neither.
func TestTimeRulesNoNextInstant(t *testing.T) {
	never := &sb.StateRule{State: "ZZ", Name: "Nowhere", Banned: []sb.BannedDays{{
		Weekdays: []time.Weekday{0, 1, 2, 3, 4, 5, 6}, What: "any day", Statute: "none"}}}
	v := check(t, sb.TimeRules{NumberZones: []string{"UTC"}, State: never}, "2026-01-14T12:00:00Z")
	require.False(t, v.Allowed)
	require.Nil(t, v.NextAllowedAt)
	early := sb.CallingHours{Start: 6 * 60, End: 7 * 60}
	v = check(t, sb.TimeRules{NumberZones: []string{"America/New_York"}, Hours: &early, State: sb.StateRuleFor("FL")}, "2026-01-14T11:30:00Z")
	require.Nil(t, v.NextAllowedAt)
	require.Len(t, v.Reasons, 1) // 06:30: the workspace allows, Florida does not
}

func TestTimeRulesBadZone(t *testing.T) {
	_, err := sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{"Mars/Olympus"}}, at("2026-01-14T12:00:00Z"))
	require.Error(t, err)
	_, err = sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{"UTC"}, ContactZone: "Local"}, at("2026-01-14T12:00:00Z"))
	require.Error(t, err)
}

// The search's jumps never skip the answer: over random instants, zones,
// windows and states, nextAllowedAt is what a plain minute-by-minute scan
// finds, and it is allowed while the minute before it (when after now) is not.
func TestTimeRulesNextMatchesMinuteScan(t *testing.T) {
	zoneSets := [][]string{
		{"America/New_York"}, {"America/Chicago"}, {"America/Denver", "America/North_Dakota/Center"},
		{"America/Boise", "America/Los_Angeles"}, {"Australia/Lord_Howe"}, {"America/New_York", "Asia/Kolkata"},
		{"Europe/London", "America/St_Johns"},
	}
	states := []*sb.StateRule{nil}
	for i := range sb.StateRules {
		states = append(states, &sb.StateRules[i])
	}
	rng := rand.New(rand.NewPCG(21, 8))
	// Around both US changes of 2026 and a plain week.
	bases := []time.Time{at("2026-03-06T00:00:00Z"), at("2026-10-30T00:00:00Z"), at("2026-11-24T00:00:00Z"), at("2026-04-03T00:00:00Z")}
	for i := range 200 {
		now := bases[i%len(bases)].Add(time.Duration(rng.IntN(4*24*60*60)) * time.Second)
		var hours *sb.CallingHours
		if rng.IntN(4) > 0 {
			s := rng.IntN(20 * 60)
			h := sb.CallingHours{Start: s, End: s + 1 + rng.IntN(24*60-s)}
			hours = &h
		}
		r := sb.TimeRules{NumberZones: zoneSets[rng.IntN(len(zoneSets))], Hours: hours, State: states[rng.IntN(len(states))]}
		v, err := sb.CheckTimeRules(r, now)
		require.NoError(t, err)
		want := scanNext(t, r, now)
		if v.Allowed {
			require.Equal(t, now, *want, "case %d", i)
			continue
		}
		if want == nil {
			require.Nil(t, v.NextAllowedAt, "case %d at %s: %+v", i, now, r)
			continue
		}
		require.NotNil(t, v.NextAllowedAt, "case %d at %s: %+v", i, now, r)
		require.Equal(t, *want, *v.NextAllowedAt, "case %d at %s: %+v", i, now, r)
	}
}

// scanNext is the obvious search, on an oracle of its own written from the
// table's exported data (CheckTimeRules would search again at every
// refused minute): now, then every whole minute after it, for eight days.
func scanNext(t *testing.T, r sb.TimeRules, now time.Time) *time.Time {
	var locs []*time.Location
	for _, z := range append(append([]string{}, r.NumberZones...), r.ContactZone) {
		if z != "" && z != sb.UnknownZone {
			locs = append(locs, mustZone(t, z))
		}
	}
	inWindow := func(w sb.CallingHours, l time.Time) bool {
		m := l.Hour()*60 + l.Minute()
		return w.Start <= m && m < w.End
	}
	allowed := func(u time.Time) bool {
		for _, loc := range locs {
			l := u.In(loc)
			if r.Hours != nil && !inWindow(*r.Hours, l) {
				return false
			}
			if r.State == nil {
				continue
			}
			for _, b := range r.State.Banned {
				for _, d := range b.Weekdays {
					if d == l.Weekday() {
						return false
					}
				}
				on := len(b.HolidaysOn) == 0
				for _, d := range b.HolidaysOn {
					on = on || d == l.Weekday()
				}
				for _, h := range b.Holidays {
					if on && h.On(l) {
						return false
					}
				}
			}
		hours:
			for _, h := range r.State.Hours {
				match := len(h.Days) == 0
				for _, d := range h.Days {
					match = match || d == l.Weekday()
				}
				if match {
					if !inWindow(h.Window, l) {
						return false
					}
					break hours
				}
			}
		}
		return true
	}
	if allowed(now) {
		return &now
	}
	u := now.Truncate(time.Minute).Add(time.Minute)
	for limit := now.Add(8 * 24 * time.Hour); !u.After(limit); u = u.Add(time.Minute) {
		if allowed(u) {
			return &u
		}
	}
	return nil
}
