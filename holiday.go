package switchboard

import "time"

// Holiday is a day named by law, found each year by its rule rather than
// listed by year: a fixed date (Independence Day, 4 July), the nth weekday
// of a month (Thanksgiving, the fourth Thursday of November; n = -1 for the
// last, as Memorial Day), or a day counted from Easter (Mardi Gras, the
// Tuesday 47 days before it).
type Holiday struct {
	Name    string
	Month   time.Month
	Day     int          // a fixed date's day of the month; 0 for a weekday rule
	Weekday time.Weekday // with Nth, when Day is 0
	Nth     int          // 1–5, or -1 for the month's last Weekday
	Offset  int          // days after the weekday rule's date ("the Tuesday next after the first Monday"), or after Easter
	// Easter: the day is Offset days from Western (Gregorian) Easter Sunday;
	// Month, Day, Weekday and Nth are unused.
	Easter bool
	// Observed adds the weekday a fixed date is kept on when it falls on a
	// weekend: the Friday before a Saturday, the Monday after a Sunday (the
	// federal rule, 5 U.S.C. § 6103(b), which states follow for their own
	// offices). Both the date and that weekday are the holiday.
	Observed bool
	// EvenYears: held only in even-numbered years (a state's general
	// election day).
	EvenYears bool
}

// Date is the holiday's date in year (its own date, before any observed
// weekday); ok is false in a year it is not held.
func (h Holiday) Date(year int) (date time.Time, ok bool) {
	if h.EvenYears && year%2 != 0 {
		return time.Time{}, false
	}
	if h.Easter {
		return easterSunday(year).AddDate(0, 0, h.Offset), true
	}
	if h.Day != 0 {
		return time.Date(year, h.Month, h.Day, 0, 0, 0, 0, time.UTC), true
	}
	if h.Nth < 0 {
		last := time.Date(year, h.Month+1, 0, 0, 0, 0, 0, time.UTC)
		back := (int(last.Weekday()) - int(h.Weekday) + 7) % 7
		return last.AddDate(0, 0, -back+h.Offset), true
	}
	first := time.Date(year, h.Month, 1, 0, 0, 0, 0, time.UTC)
	ahead := (int(h.Weekday) - int(first.Weekday()) + 7) % 7
	return first.AddDate(0, 0, ahead+7*(h.Nth-1)+h.Offset), true
}

// easterSunday is Western Easter in year by the Gregorian computus (the
// anonymous algorithm of Meeus and Jones–Butcher), so Mardi Gras is found
// by rule like every other holiday rather than from a table of years.
func easterSunday(year int) time.Time {
	a, b, c := year%19, year/100, year%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
}

// On reports whether the local calendar date of t is the holiday (or, with
// Observed, its observed weekday). Only t's date in its own location counts,
// so a caller passes the callee's local time.
func (h Holiday) On(t time.Time) bool {
	y, m, d := t.Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	// The observed day of 1 January may fall on 31 December before it.
	for _, year := range []int{y, y + 1} {
		date, ok := h.Date(year)
		if !ok {
			continue
		}
		if day.Equal(date) {
			return true
		}
		if h.Observed && h.Day != 0 {
			switch date.Weekday() {
			case time.Saturday:
				date = date.AddDate(0, 0, -1)
			case time.Sunday:
				date = date.AddDate(0, 0, 1)
			}
			if day.Equal(date) {
				return true
			}
		}
	}
	return false
}

// FederalHolidays are the legal public holidays of 5 U.S.C. § 6103(a), each
// with its observed weekday.
var FederalHolidays = []Holiday{
	{Name: "New Year's Day", Month: time.January, Day: 1, Observed: true},
	{Name: "Birthday of Martin Luther King, Jr.", Month: time.January, Weekday: time.Monday, Nth: 3},
	{Name: "Washington's Birthday", Month: time.February, Weekday: time.Monday, Nth: 3},
	{Name: "Memorial Day", Month: time.May, Weekday: time.Monday, Nth: -1},
	{Name: "Juneteenth National Independence Day", Month: time.June, Day: 19, Observed: true},
	{Name: "Independence Day", Month: time.July, Day: 4, Observed: true},
	{Name: "Labor Day", Month: time.September, Weekday: time.Monday, Nth: 1},
	{Name: "Columbus Day", Month: time.October, Weekday: time.Monday, Nth: 2},
	{Name: "Veterans Day", Month: time.November, Day: 11, Observed: true},
	{Name: "Thanksgiving Day", Month: time.November, Weekday: time.Thursday, Nth: 4},
	{Name: "Christmas Day", Month: time.December, Day: 25, Observed: true},
}

// holidayOn returns the first of hs that t's local date is, if any.
func holidayOn(hs []Holiday, t time.Time) (Holiday, bool) {
	for _, h := range hs {
		if h.On(t) {
			return h, true
		}
	}
	return Holiday{}, false
}
