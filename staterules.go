package switchboard

import "time"

// StateRule is what one US state adds to the federal telemarketing rules
// (calls from 08:00 to 21:00 in the callee's local time, 47 C.F.R.
// § 64.1200(c)(1)): narrower hours, days with no calls, and a cap on calls to
// one number. The callee's state is presumed from the number's area code
// (phone.State); its rules hold in the callee's local time, in every zone
// the number may ring in. A workspace that makes no consumer calls turns the
// table off.
//
// Each rule cites the statute it comes from; docs/compliance.md is written
// from this table (TestCompliancePageMatchesTable).
type StateRule struct {
	State string // USPS code, "FL"
	Name  string // "Florida"
	// Hours are the state's windows by day of the week: the first whose
	// Days holds the local weekday (or whose Days is empty) applies. A day
	// no window names has no state window (the workspace's still holds).
	Hours []StateHours
	// Banned are the days with no calls at all.
	Banned []BannedDays
	// MaxCallsPer24h caps the calls to one number in any 24 hours (0: no
	// cap). It is counted where the calls are recorded, not here; a caller
	// applies it to that count (StateRule.CapReached).
	MaxCallsPer24h  int
	MaxCallsStatute string
}

// StateHours is a state's daily window on some days of the week.
type StateHours struct {
	Days    []time.Weekday // empty: every day
	Window  CallingHours
	Statute string
	Scope   string // the calls it governs when narrower than every sales call
}

// BannedDays are whole days with no calls: days of the week, or holidays.
type BannedDays struct {
	Weekdays []time.Weekday
	Holidays []Holiday
	// HolidaysOn limits Holidays to the days of the week the statute names
	// them on (Rhode Island: "Monday through Friday, except a state or
	// federal holiday"); empty: any day.
	HolidaysOn []time.Weekday
	// What names the days in a sentence ("Sundays", "state and federal
	// holidays on weekdays").
	What    string
	Statute string
	Scope   string
}

// CapReached reports whether calls, the calls made to the number in the 24
// hours before now, already reach the state's cap.
func (r *StateRule) CapReached(calls int) bool {
	return r != nil && r.MaxCallsPer24h > 0 && calls >= r.MaxCallsPer24h
}

// StateRuleFor returns the table's row for a state ("FL"), or nil when the
// state adds nothing to the federal rules (or state is "").
func StateRuleFor(state string) *StateRule {
	for i := range StateRules {
		if StateRules[i].State == state {
			return &StateRules[i]
		}
	}
	return nil
}

var (
	everyWeekday = []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday}
	sundays      = []time.Weekday{time.Sunday}
)

// rhodeIslandHolidays are the state's holidays of R.I. Gen. Laws § 25-1-1
// that are not federal (Sunday, which it also names, is banned on its own).
var rhodeIslandHolidays = []Holiday{
	{Name: "Rhode Island Independence Day", Month: time.May, Day: 4},
	{Name: "Victory Day", Month: time.August, Weekday: time.Monday, Nth: 2},
	// "the Tuesday next after the first Monday in November in each year in
	// which a general election of state officers is held": the state's
	// general elections fall in even years.
	{Name: "Election Day (even years)", Month: time.November, Weekday: time.Monday, Nth: 1, Offset: 1, EvenYears: true},
}

// alabamaHolidays are the holidays of Ala. Code § 1-3-8 that are not
// federal ones. The rest of § 1-3-8(a) falls on federal holidays' days
// (Robert E. Lee's birthday with Martin Luther King, Jr.'s; Thomas
// Jefferson's with George Washington's; American Indian Heritage Day with
// Columbus Day and Fraternal Day; "the day designated by the Governor for
// public thanksgiving" with Thanksgiving Day), and its rule for a holiday
// on a weekend (Friday before a Saturday, Monday after a Sunday) is the
// federal one.
var alabamaHolidays = []Holiday{
	{Name: "Confederate Memorial Day", Month: time.April, Weekday: time.Monday, Nth: 4},
	{Name: "Jefferson Davis' birthday", Month: time.June, Weekday: time.Monday, Nth: 1},
	// A holiday in Baldwin and Mobile counties only; an area code does not
	// tell the county (251 also serves others), so it holds statewide.
	{Name: "Mardi Gras", Easter: true, Offset: -47},
}

// StateRules is the table: the US states whose rules for telephone
// solicitation are stricter than the federal ones, each rule from the
// statute's text. States not here either add nothing or are not yet
// entered (docs/compliance.md says which were left out and why).
var StateRules = []StateRule{
	// Ala. Admin. Code r. 770-X-5-.17(1) governs "all automated solicitation
	// telephone calls to consumers in the State of Alabama"; (1)(b): "No
	// solicitation calls are allowed on Sundays or holidays. On the days that
	// calls are allowed, none will be placed prior to 8 a.m. or after 8 p.m."
	{
		State: "AL", Name: "Alabama",
		Hours: []StateHours{{
			Window:  CallingHours{Start: 8 * 60, End: 20 * 60},
			Statute: "Ala. Admin. Code r. 770-X-5-.17(1)(b)",
			Scope:   "automated solicitation calls",
		}},
		// The rule does not say whose holidays: the table takes the safe
		// reading, Alabama's legal holidays and the federal ones.
		Banned: []BannedDays{
			{
				Weekdays: sundays, What: "Sundays",
				Statute: "Ala. Admin. Code r. 770-X-5-.17(1)(b)",
				Scope:   "automated solicitation calls",
			},
			{
				Holidays: append(append([]Holiday{}, FederalHolidays...), alabamaHolidays...),
				What:     "Alabama and federal holidays",
				Statute:  "Ala. Admin. Code r. 770-X-5-.17(1)(b); holidays: Ala. Code § 1-3-8, 5 U.S.C. § 6103",
				Scope:    "automated solicitation calls",
			},
		},
	},
	{
		// Conn. Gen. Stat. § 42-288a(c): "A telephonic sales call that is
		// made to any consumer residential, mobile or telephonic paging
		// device telephone number that is not otherwise prohibited by this
		// section shall be limited to being conducted between the hours of
		// nine o'clock a.m. and eight o'clock p.m. local time." Every day of
		// the week alike: the statute names no day and no holiday. A
		// "telephonic sales call" (§ 42-284(18)) is a marketing or sales
		// solicitation to a resident consumer or a Connecticut area code;
		// the state keeps one clock, Eastern.
		State: "CT", Name: "Connecticut",
		Hours: []StateHours{{
			Window:  CallingHours{Start: 9 * 60, End: 20 * 60},
			Statute: "Conn. Gen. Stat. § 42-288a(c)",
			Scope:   "telephonic sales calls",
		}},
	},
	{
		State: "FL", Name: "Florida",
		Hours: []StateHours{{
			Window:  CallingHours{Start: 8 * 60, End: 20 * 60},
			Statute: "Fla. Stat. § 501.616(6)(a)",
		}},
		MaxCallsPer24h:  3,
		MaxCallsStatute: "Fla. Stat. § 501.616(6)(b)",
	},
	{
		State: "MS", Name: "Mississippi",
		// "Such calls may only be made between the hours of 8:00 a.m. and
		// 8:00 p.m. Central Standard Time. No telephone solicitations may be
		// made on a Sunday." The state lies wholly in the Central zone; the
		// table reads "Central Standard Time" as its clock, the one the
		// callee keeps (docs/compliance.md says so).
		Hours: []StateHours{{
			Window:  CallingHours{Start: 8 * 60, End: 20 * 60},
			Statute: "Miss. Code Ann. § 77-3-723(1)",
		}},
		Banned: []BannedDays{{
			Weekdays: sundays, What: "Sundays",
			Statute: "Miss. Code Ann. § 77-3-723(1)",
		}},
	},
	{
		State: "OK", Name: "Oklahoma",
		Hours: []StateHours{{
			Window:  CallingHours{Start: 8 * 60, End: 20 * 60},
			Statute: "Okla. Stat. tit. 15, § 775C.4",
		}},
		MaxCallsPer24h:  3,
		MaxCallsStatute: "Okla. Stat. tit. 15, § 775C.4",
	},
	{
		State: "RI", Name: "Rhode Island",
		Hours: []StateHours{
			{Days: everyWeekday, Window: CallingHours{Start: 9 * 60, End: 18 * 60}, Statute: "R.I. Gen. Laws §§ 5-61-3.6, 5-61-2"},
			{Days: []time.Weekday{time.Saturday}, Window: CallingHours{Start: 10 * 60, End: 17 * 60}, Statute: "R.I. Gen. Laws §§ 5-61-3.6, 5-61-2"},
		},
		Banned: []BannedDays{
			{Weekdays: sundays, What: "Sundays", Statute: "R.I. Gen. Laws §§ 5-61-3.6, 5-61-2"},
			{
				Holidays:   append(append([]Holiday{}, FederalHolidays...), rhodeIslandHolidays...),
				HolidaysOn: everyWeekday,
				What:       "state and federal holidays falling Monday to Friday",
				Statute:    "R.I. Gen. Laws §§ 5-61-3.6, 5-61-2; holidays: 5 U.S.C. § 6103, R.I. Gen. Laws § 25-1-1",
			},
		},
	},
	{
		// "No person may use an automated telephone dialing system to make a
		// telephone solicitation to any telephone number in the state except
		// weekdays between 9 a.m. and 9 p.m., according to the time in this
		// state."
		State: "SD", Name: "South Dakota",
		Hours: []StateHours{{
			Days: everyWeekday, Window: CallingHours{Start: 9 * 60, End: 21 * 60},
			Statute: "S.D. Codified Laws § 37-30-28",
			Scope:   "solicitation calls by an automated telephone dialing system",
		}},
		Banned: []BannedDays{{
			Weekdays: []time.Weekday{time.Saturday, time.Sunday}, What: "Saturdays and Sundays",
			Statute: "S.D. Codified Laws § 37-30-28",
			Scope:   "solicitation calls by an automated telephone dialing system",
		}},
	},
	{
		State: "WA", Name: "Washington",
		Hours: []StateHours{{
			Window:  CallingHours{Start: 8 * 60, End: 20 * 60},
			Statute: "RCW 19.158.040(2)",
		}},
	},
}

// windowOn is the state's window on the local weekday, if it sets one.
func (r *StateRule) windowOn(day time.Weekday) (StateHours, bool) {
	for _, h := range r.Hours {
		if len(h.Days) == 0 || hasWeekday(h.Days, day) {
			return h, true
		}
	}
	return StateHours{}, false
}

// bannedOn returns the ban that covers local's date and the name of the day
// ("Sunday", "Thanksgiving Day").
func (r *StateRule) bannedOn(local time.Time) (BannedDays, string, bool) {
	for _, b := range r.Banned {
		if hasWeekday(b.Weekdays, local.Weekday()) {
			return b, local.Weekday().String(), true
		}
		if len(b.HolidaysOn) > 0 && !hasWeekday(b.HolidaysOn, local.Weekday()) {
			continue
		}
		if h, ok := holidayOn(b.Holidays, local); ok {
			return b, h.Name, true
		}
	}
	return BannedDays{}, "", false
}

func hasWeekday(days []time.Weekday, d time.Weekday) bool {
	for _, x := range days {
		if x == d {
			return true
		}
	}
	return false
}
