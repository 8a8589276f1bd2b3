package switchboard_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// stateCase checks one state's rule alone (no workspace window) at one
// instant in one zone.
type stateCase struct {
	zone    string
	now     string // RFC 3339, UTC
	allowed bool
	local   string // what the instant is locally, for the reader: "Wed 19:59"
}

func checkState(t *testing.T, state string, cases []stateCase) {
	t.Helper()
	rule := sb.StateRuleFor(state)
	require.NotNil(t, rule, state)
	for _, c := range cases {
		v, err := sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{c.zone}, State: rule}, at(c.now))
		require.NoError(t, err)
		require.Equal(t, c.allowed, v.Allowed, "%s %s (%s): %v", state, c.local, c.now, v.Reasons)
		local := at(c.now).In(mustZone(t, c.zone))
		require.Equal(t, c.local, local.Format("Mon 15:04"), "the case's own label")
		if !c.allowed {
			require.Len(t, v.Reasons, 1)
			require.Equal(t, sb.ReasonStateRule, v.Reasons[0].Code)
			require.Contains(t, v.Reasons[0].Message, rule.Name)
			require.Contains(t, v.Reasons[0].Message, c.zone)
			require.NotNil(t, v.NextAllowedAt)
		}
	}
}

func mustZone(t *testing.T, z string) *time.Location {
	loc, err := sb.LoadZone(z)
	require.NoError(t, err)
	return loc
}

// Every row of the table, at the edges of each of its rules.
func TestStateRuleFlorida(t *testing.T) {
	miami := "America/New_York"
	checkState(t, "FL", []stateCase{
		{miami, "2026-01-14T12:59:00Z", false, "Wed 07:59"},
		{miami, "2026-01-14T13:00:00Z", true, "Wed 08:00"},
		{miami, "2026-01-15T00:59:00Z", true, "Wed 19:59"},
		{miami, "2026-01-15T01:00:00Z", false, "Wed 20:00"},
		// Summer time: the same local edges, an hour earlier in UTC.
		{miami, "2026-07-15T23:59:00Z", true, "Wed 19:59"},
		{miami, "2026-07-16T00:00:00Z", false, "Wed 20:00"},
		// Pensacola rings in Central time: 20:00 there is an hour later.
		{"America/Chicago", "2026-01-15T01:59:00Z", true, "Wed 19:59"},
		{"America/Chicago", "2026-01-15T02:00:00Z", false, "Wed 20:00"},
	})
	fl := sb.StateRuleFor("FL")
	require.Equal(t, 3, fl.MaxCallsPer24h)
	require.False(t, fl.CapReached(2))
	require.True(t, fl.CapReached(3))
	v, err := sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{"America/New_York"}, State: fl}, at("2026-01-15T01:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, "It is 20:00 on Wednesday 14 January in America/New_York: Florida allows telephone solicitation only 08:00–20:00 local time on any day (Fla. Stat. § 501.616(6)(a)).", v.Reasons[0].Message)
	require.Equal(t, at("2026-01-15T13:00:00Z"), *v.NextAllowedAt)
}

// Connecticut's 09:00–20:00 (Conn. Gen. Stat. § 42-288a(c)) holds on every
// day alike, Sundays and holidays included, on the callee's clock through
// both changes of summer time.
func TestStateRuleConnecticut(t *testing.T) {
	hartford := "America/New_York"
	checkState(t, "CT", []stateCase{
		{hartford, "2026-01-14T13:59:00Z", false, "Wed 08:59"},
		{hartford, "2026-01-14T14:00:00Z", true, "Wed 09:00"},
		{hartford, "2026-01-15T00:59:00Z", true, "Wed 19:59"},
		{hartford, "2026-01-15T01:00:00Z", false, "Wed 20:00"},
		// Summer time: the same local edges, an hour earlier in UTC.
		{hartford, "2026-07-15T12:59:00Z", false, "Wed 08:59"},
		{hartford, "2026-07-15T13:00:00Z", true, "Wed 09:00"},
		{hartford, "2026-07-15T23:59:00Z", true, "Wed 19:59"},
		{hartford, "2026-07-16T00:00:00Z", false, "Wed 20:00"},
		// No banned day: a Sunday and Thanksgiving have the same window.
		{hartford, "2026-01-18T13:59:00Z", false, "Sun 08:59"},
		{hartford, "2026-01-18T14:00:00Z", true, "Sun 09:00"},
		{hartford, "2026-11-26T17:00:00Z", true, "Thu 12:00"},
		{hartford, "2026-12-25T17:00:00Z", true, "Fri 12:00"},
		// The spring change (Sunday 8 March 2026) and the autumn one
		// (Sunday 1 November): 09:00 on the local clock either way.
		{hartford, "2026-03-08T12:59:00Z", false, "Sun 08:59"},
		{hartford, "2026-03-08T13:00:00Z", true, "Sun 09:00"},
		{hartford, "2026-11-01T13:59:00Z", false, "Sun 08:59"},
		{hartford, "2026-11-01T14:00:00Z", true, "Sun 09:00"},
	})
	ct := sb.StateRuleFor("CT")
	require.False(t, ct.CapReached(100), "no cap in the statute")
	v, err := sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{hartford}, State: ct}, at("2026-01-14T13:59:00Z"))
	require.NoError(t, err)
	require.Equal(t, "It is 08:59 on Wednesday 14 January in America/New_York: Connecticut allows telephone solicitation "+
		"(telephonic sales calls) only 09:00–20:00 local time on any day (Conn. Gen. Stat. § 42-288a(c)).", v.Reasons[0].Message)
	require.Equal(t, at("2026-01-14T14:00:00Z"), *v.NextAllowedAt)
	// Saturday 20:00 EST before the spring change waits for Sunday 09:00
	// EDT; Saturday 20:00 EDT before the autumn one for Sunday 09:00 EST.
	v, err = sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{hartford}, State: ct}, at("2026-03-08T01:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, at("2026-03-08T13:00:00Z"), *v.NextAllowedAt)
	v, err = sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{hartford}, State: ct}, at("2026-11-01T00:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, at("2026-11-01T14:00:00Z"), *v.NextAllowedAt)

	// Every Connecticut area code is the state's and rings in Eastern time;
	// with the workspace's default 08:00–21:00 the state's narrower window
	// is the one that refuses, at both ends.
	for _, n := range []string{"+12035550123", "+14755550123", "+18605550123", "+19595550123"} {
		require.Equal(t, "CT", phone.State(n), n)
		require.Equal(t, []string{hartford}, phone.TimeZones(n), n)
	}
	def := sb.DefaultCallingHours
	rules := sb.TimeRules{NumberZones: phone.TimeZones("+18605550123"), Hours: &def, State: sb.StateRuleFor(phone.State("+18605550123"))}
	for _, now := range []string{"2026-01-14T13:30:00Z", "2026-01-15T01:30:00Z"} { // 08:30 and 20:30
		v, err = sb.CheckTimeRules(rules, at(now))
		require.NoError(t, err)
		require.False(t, v.Allowed, now)
		require.Len(t, v.Reasons, 1, now)
		require.Equal(t, sb.ReasonStateRule, v.Reasons[0].Code, now)
	}
}

func TestStateRuleWashington(t *testing.T) {
	seattle := "America/Los_Angeles"
	checkState(t, "WA", []stateCase{
		{seattle, "2026-01-14T15:59:00Z", false, "Wed 07:59"},
		{seattle, "2026-01-14T16:00:00Z", true, "Wed 08:00"},
		{seattle, "2026-01-15T03:59:00Z", true, "Wed 19:59"},
		{seattle, "2026-01-15T04:00:00Z", false, "Wed 20:00"},
	})
	require.False(t, sb.StateRuleFor("WA").CapReached(100))
}

func TestStateRuleOklahoma(t *testing.T) {
	okc := "America/Chicago"
	checkState(t, "OK", []stateCase{
		{okc, "2026-01-14T13:59:00Z", false, "Wed 07:59"},
		{okc, "2026-01-14T14:00:00Z", true, "Wed 08:00"},
		{okc, "2026-01-15T01:59:00Z", true, "Wed 19:59"},
		{okc, "2026-01-15T02:00:00Z", false, "Wed 20:00"},
	})
	require.True(t, sb.StateRuleFor("OK").CapReached(3))
	require.False(t, sb.StateRuleFor("OK").CapReached(2))
}

func TestStateRuleAlabama(t *testing.T) {
	bham := "America/Chicago"
	checkState(t, "AL", []stateCase{
		{bham, "2026-01-17T13:59:00Z", false, "Sat 07:59"},
		{bham, "2026-01-17T14:00:00Z", true, "Sat 08:00"},
		{bham, "2026-01-18T01:59:00Z", true, "Sat 19:59"},
		{bham, "2026-01-18T02:00:00Z", false, "Sat 20:00"},
		{bham, "2026-01-18T18:00:00Z", false, "Sun 12:00"},
		// The Monday after is Robert E. Lee's and Martin Luther King, Jr.'s
		// birthday, a holiday; Tuesday opens at 08:00.
		{bham, "2026-01-19T14:00:00Z", false, "Mon 08:00"},
		{bham, "2026-01-20T13:59:00Z", false, "Tue 07:59"},
		{bham, "2026-01-20T14:00:00Z", true, "Tue 08:00"},
		{bham, "2026-01-12T14:00:00Z", true, "Mon 08:00"}, // a Monday with no holiday
	})
}

// Alabama's holidays, its own and the federal ones, are banned days for
// automated calls like its Sundays; the next allowed instant skips them.
func TestStateRuleAlabamaHolidays(t *testing.T) {
	bham := "America/Chicago"
	checkState(t, "AL", []stateCase{
		// Confederate Memorial Day, the fourth Monday of April, after a Sunday.
		{bham, "2026-04-27T05:00:00Z", false, "Mon 00:00"},
		{bham, "2026-04-27T17:00:00Z", false, "Mon 12:00"},
		{bham, "2026-04-28T12:59:00Z", false, "Tue 07:59"},
		{bham, "2026-04-28T13:00:00Z", true, "Tue 08:00"},
		// Jefferson Davis' birthday, the first Monday of June.
		{bham, "2026-06-01T17:00:00Z", false, "Mon 12:00"},
		{bham, "2026-06-02T17:00:00Z", true, "Tue 12:00"},
		// Mardi Gras, 47 days before Easter (5 April 2026), statewide.
		{bham, "2026-02-17T18:00:00Z", false, "Tue 12:00"},
		{bham, "2026-02-18T18:00:00Z", true, "Wed 12:00"},
		{bham, "2027-02-09T18:00:00Z", false, "Tue 12:00"},
		// Federal holidays: Juneteenth, and Christmas 2027 (a Saturday) kept
		// on Friday the 24th.
		{bham, "2026-06-19T17:00:00Z", false, "Fri 12:00"},
		{bham, "2027-12-24T18:00:00Z", false, "Fri 12:00"},
		// Good Friday is no Alabama holiday.
		{bham, "2026-04-03T17:00:00Z", true, "Fri 12:00"},
		// Summer time: 08:00–20:00 on the local clock, an hour earlier in UTC.
		{bham, "2026-07-15T12:59:00Z", false, "Wed 07:59"},
		{bham, "2026-07-15T13:00:00Z", true, "Wed 08:00"},
		{bham, "2026-07-16T00:59:00Z", true, "Wed 19:59"},
		{bham, "2026-07-16T01:00:00Z", false, "Wed 20:00"},
	})
	al := sb.StateRuleFor("AL")
	v, err := sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{bham}, State: al}, at("2026-04-27T17:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, "It is 12:00 on Monday 27 April in America/Chicago: Alabama allows no telephone solicitation on "+
		"Alabama and federal holidays (automated solicitation calls) (Ala. Admin. Code r. 770-X-5-.17(1)(b); holidays: "+
		"Ala. Code § 1-3-8, 5 U.S.C. § 6103); today is Confederate Memorial Day.", v.Reasons[0].Message)

	// Saturday 20:00: the Sunday and the holiday Monday after it are banned,
	// so the next instant is Tuesday 08:00.
	v, err = sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{bham}, State: al}, at("2026-04-26T01:00:00Z"))
	require.NoError(t, err)
	require.False(t, v.Allowed)
	require.Equal(t, at("2026-04-28T13:00:00Z"), *v.NextAllowedAt)
	// Across the spring change (Sunday 8 March 2026): Saturday 20:00 CST
	// waits for Monday 08:00 CDT.
	v, err = sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{bham}, State: al}, at("2026-03-08T02:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, at("2026-03-09T13:00:00Z"), *v.NextAllowedAt)
	// With the workspace's own window too, the later of the two starts wins.
	v, err = sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{bham}, State: al,
		Hours: &sb.CallingHours{Start: 9 * 60, End: 17 * 60}}, at("2026-04-26T01:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, at("2026-04-28T14:00:00Z"), *v.NextAllowedAt)
}

func TestStateRuleMississippi(t *testing.T) {
	jackson := "America/Chicago"
	checkState(t, "MS", []stateCase{
		{jackson, "2026-01-10T13:59:00Z", false, "Sat 07:59"},
		{jackson, "2026-01-10T14:00:00Z", true, "Sat 08:00"},
		{jackson, "2026-01-11T01:59:00Z", true, "Sat 19:59"},
		{jackson, "2026-01-11T02:00:00Z", false, "Sat 20:00"},
		{jackson, "2026-01-11T18:00:00Z", false, "Sun 12:00"},
		{jackson, "2026-01-12T13:59:00Z", false, "Mon 07:59"},
		{jackson, "2026-01-12T14:00:00Z", true, "Mon 08:00"},
		// Summer: the same local edges.
		{jackson, "2026-07-15T12:59:00Z", false, "Wed 07:59"},
		{jackson, "2026-07-16T00:59:00Z", true, "Wed 19:59"},
		{jackson, "2026-07-16T01:00:00Z", false, "Wed 20:00"},
		// No ban on holidays: Martin Luther King Jr. Day.
		{jackson, "2026-01-19T18:00:00Z", true, "Mon 12:00"},
	})
	// From Saturday 20:00 the next call may be made on Monday at 08:00.
	v, err := sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{jackson}, State: sb.StateRuleFor("MS")}, at("2026-01-11T02:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, at("2026-01-12T14:00:00Z"), *v.NextAllowedAt)
}

func TestStateRuleRhodeIsland(t *testing.T) {
	providence := "America/New_York"
	checkState(t, "RI", []stateCase{
		{providence, "2026-01-14T13:59:00Z", false, "Wed 08:59"},
		{providence, "2026-01-14T14:00:00Z", true, "Wed 09:00"},
		{providence, "2026-01-14T22:59:00Z", true, "Wed 17:59"},
		{providence, "2026-01-14T23:00:00Z", false, "Wed 18:00"},
		{providence, "2026-01-17T14:59:00Z", false, "Sat 09:59"},
		{providence, "2026-01-17T15:00:00Z", true, "Sat 10:00"},
		{providence, "2026-01-17T21:59:00Z", true, "Sat 16:59"},
		{providence, "2026-01-17T22:00:00Z", false, "Sat 17:00"},
		{providence, "2026-01-18T17:00:00Z", false, "Sun 12:00"},
		// Holidays Monday to Friday: federal, by rule, and the state's own.
		{providence, "2026-11-26T17:00:00Z", false, "Thu 12:00"}, // Thanksgiving
		{providence, "2026-11-27T17:00:00Z", true, "Fri 12:00"},
		{providence, "2026-07-03T16:00:00Z", false, "Fri 12:00"}, // Independence Day observed
		{providence, "2026-07-04T16:00:00Z", true, "Sat 12:00"},  // the day itself is a Saturday
		{providence, "2026-05-04T16:00:00Z", false, "Mon 12:00"}, // Rhode Island Independence Day
		{providence, "2026-08-10T16:00:00Z", false, "Mon 12:00"}, // Victory Day
		{providence, "2026-11-03T17:00:00Z", false, "Tue 12:00"}, // Election Day, an even year
		{providence, "2027-11-02T16:00:00Z", true, "Tue 12:00"},  // no state election in 2027
	})
	v, err := sb.CheckTimeRules(sb.TimeRules{NumberZones: []string{providence}, State: sb.StateRuleFor("RI")}, at("2026-11-26T17:00:00Z"))
	require.NoError(t, err)
	require.Contains(t, v.Reasons[0].Message, "today is Thanksgiving Day")
	require.Contains(t, v.Reasons[0].Message, "5 U.S.C. § 6103")
}

// The table holds what it says: one row per state, each rule citing its
// statute, windows inside a day.
func TestStateRulesTable(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range sb.StateRules {
		require.Len(t, r.State, 2)
		require.False(t, seen[r.State], "two rows for %s", r.State)
		seen[r.State] = true
		require.NotEmpty(t, r.Name)
		require.True(t, len(r.Hours) > 0 || len(r.Banned) > 0 || r.MaxCallsPer24h > 0, r.State)
		for _, h := range r.Hours {
			require.NoError(t, h.Window.Validate(), r.State)
			require.NotEmpty(t, h.Statute, r.State)
			// Stricter than the federal 08:00–21:00, or it has no place here.
			require.True(t, h.Window.Start >= 8*60 && h.Window.End <= 21*60, r.State)
		}
		for _, b := range r.Banned {
			require.NotEmpty(t, b.Statute, r.State)
			require.NotEmpty(t, b.What, r.State)
			require.True(t, len(b.Weekdays) > 0 || len(b.Holidays) > 0, r.State)
		}
		require.Equal(t, r.MaxCallsPer24h > 0, r.MaxCallsStatute != "", r.State)
		require.Same(t, &sb.StateRules[len(seen)-1], sb.StateRuleFor(r.State))
	}
	require.True(t, seen["FL"])
	require.Nil(t, sb.StateRuleFor("NY"))
	require.Nil(t, sb.StateRuleFor(""))
	var none *sb.StateRule
	require.False(t, none.CapReached(10))
}

func TestHolidayDates(t *testing.T) {
	byName := map[string]sb.Holiday{}
	for _, h := range sb.FederalHolidays {
		byName[h.Name] = h
	}
	for _, c := range []struct {
		name string
		year int
		want string
	}{
		{"Thanksgiving Day", 2025, "2025-11-27"},
		{"Thanksgiving Day", 2026, "2026-11-26"},
		{"Memorial Day", 2026, "2026-05-25"},
		{"Memorial Day", 2027, "2027-05-31"},
		{"Birthday of Martin Luther King, Jr.", 2026, "2026-01-19"},
		{"Washington's Birthday", 2026, "2026-02-16"},
		{"Labor Day", 2026, "2026-09-07"},
		{"Columbus Day", 2026, "2026-10-12"},
		{"Juneteenth National Independence Day", 2026, "2026-06-19"},
	} {
		d, ok := byName[c.name].Date(c.year)
		require.True(t, ok)
		require.Equal(t, c.want, d.Format("2006-01-02"), c.name)
	}
	ny := byName["New Year's Day"]
	// 1 January 2022 was a Saturday: kept on Friday 31 December 2021.
	require.True(t, ny.On(at("2021-12-31T12:00:00Z")))
	require.True(t, ny.On(at("2022-01-01T12:00:00Z")))
	require.False(t, ny.On(at("2021-12-30T12:00:00Z")))
	// Christmas 2027 is a Saturday (Friday 24th); 2022's a Sunday (Monday 26th).
	xmas := byName["Christmas Day"]
	require.True(t, xmas.On(at("2027-12-24T12:00:00Z")))
	require.True(t, xmas.On(at("2022-12-26T12:00:00Z")))
	require.False(t, xmas.On(at("2026-12-24T12:00:00Z")))
	// A weekday rule has no observed day.
	require.False(t, byName["Thanksgiving Day"].On(at("2026-11-27T12:00:00Z")))
	// Easter by the Gregorian computus, at its earliest (22 March) and
	// latest (25 April) dates too; Mardi Gras is 47 days before it.
	easter := sb.Holiday{Easter: true}
	for year, want := range map[int]string{
		2024: "2024-03-31", 2025: "2025-04-20", 2026: "2026-04-05", 2027: "2027-03-28",
		2038: "2038-04-25", 2285: "2285-03-22", 2000: "2000-04-23",
	} {
		d, ok := easter.Date(year)
		require.True(t, ok)
		require.Equal(t, want, d.Format("2006-01-02"), year)
	}
	mardiGras := sb.Holiday{Easter: true, Offset: -47}
	require.True(t, mardiGras.On(at("2026-02-17T12:00:00Z")))
	require.True(t, mardiGras.On(at("2025-03-04T12:00:00Z")))
	require.False(t, mardiGras.On(at("2026-02-16T12:00:00Z")))
	election := sb.Holiday{Month: time.November, Weekday: time.Monday, Nth: 1, Offset: 1, EvenYears: true}
	d, ok := election.Date(2028)
	require.True(t, ok)
	require.Equal(t, "2028-11-07", d.Format("2006-01-02"))
	_, ok = election.Date(2027)
	require.False(t, ok)
}

// South Dakota's rule for automated dialing: weekdays 09:00–21:00 in the
// state's own time, which is Central in the east and Mountain in the west;
// a number of the one area code rings in either, and must be within the
// window in both.
func TestStateRuleSouthDakota(t *testing.T) {
	sf, rc := "America/Chicago", "America/Denver"
	checkState(t, "SD", []stateCase{
		{sf, "2026-01-14T14:59:00Z", false, "Wed 08:59"},
		{sf, "2026-01-14T15:00:00Z", true, "Wed 09:00"},
		{sf, "2026-01-15T02:59:00Z", true, "Wed 20:59"},
		{sf, "2026-01-15T03:00:00Z", false, "Wed 21:00"},
		{rc, "2026-01-14T15:59:00Z", false, "Wed 08:59"},
		{rc, "2026-01-14T16:00:00Z", true, "Wed 09:00"},
		{sf, "2026-01-17T18:00:00Z", false, "Sat 12:00"},
		{sf, "2026-01-18T18:00:00Z", false, "Sun 12:00"},
		{sf, "2026-01-19T14:59:00Z", false, "Mon 08:59"},
		{sf, "2026-01-19T15:00:00Z", true, "Mon 09:00"},
	})
	zones := phone.TimeZones("+16055550123")
	require.Equal(t, "SD", phone.State("+16055550123"))
	// libphonenumber names the Central half by a zone of the same clock.
	require.ElementsMatch(t, []string{"America/North_Dakota/Center", rc}, zones, "605 rings in both of the state's zones")
	// Both zones at once: open when 09:00 has come in Denver, an hour after
	// Sioux Falls; after Friday 21:00 in Sioux Falls, Monday 09:00 in Denver.
	v, err := sb.CheckTimeRules(sb.TimeRules{NumberZones: zones, State: sb.StateRuleFor("SD")}, at("2026-01-14T15:30:00Z"))
	require.NoError(t, err)
	require.False(t, v.Allowed)
	require.Equal(t, at("2026-01-14T16:00:00Z"), *v.NextAllowedAt)
	v, err = sb.CheckTimeRules(sb.TimeRules{NumberZones: zones, State: sb.StateRuleFor("SD")}, at("2026-01-17T03:00:00Z"))
	require.NoError(t, err)
	require.False(t, v.Allowed)
	require.Equal(t, at("2026-01-19T16:00:00Z"), *v.NextAllowedAt)
}
