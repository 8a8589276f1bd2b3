package switchboard

import (
	"fmt"
	"sync"
	"time"

	// Zone names are checked and calling hours computed from the zone
	// database built into the binary, so they do not depend on the host's
	// /usr/share/zoneinfo (absent in minimal containers, stale on old ones).
	_ "time/tzdata"
)

// CallingHours is a daily window of local time, in minutes after midnight:
// a call is allowed from Start (included) to End (excluded). The window lies
// inside one day (End > Start); 00:00–24:00 allows every minute.
type CallingHours struct {
	Start, End int
}

// ParseClock reads "HH:MM" (two digits each, 00:00 to 24:00) as minutes
// after midnight.
func ParseClock(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	for _, i := range []int{0, 1, 3, 4} {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	h, m := int(s[0]-'0')*10+int(s[1]-'0'), int(s[3]-'0')*10+int(s[4]-'0')
	if m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, false
	}
	return h*60 + m, true
}

// FormatClock writes minutes after midnight as "HH:MM".
func FormatClock(min int) string { return fmt.Sprintf("%02d:%02d", min/60, min%60) }

func (w CallingHours) String() string { return FormatClock(w.Start) + "–" + FormatClock(w.End) }

// Validate checks that the window lies inside one day and ends after it
// starts. Errors: EInvalid naming callingHours.start or callingHours.end.
func (w CallingHours) Validate() error {
	switch {
	case w.Start < 0 || w.Start >= 24*60:
		return FieldErrorf(EInvalid, "callingHours.start", "start must be a time from 00:00 to 23:59")
	case w.End <= 0 || w.End > 24*60:
		return FieldErrorf(EInvalid, "callingHours.end", "end must be a time from 00:01 to 24:00")
	case w.End <= w.Start:
		return FieldErrorf(EInvalid, "callingHours.end",
			"end (%s) must be after start (%s): a window lies within one local day", FormatClock(w.End), FormatClock(w.Start))
	}
	return nil
}

// contains reports whether the local wall-clock time t is inside the window.
func (w CallingHours) contains(t time.Time) bool {
	m := t.Hour()*60 + t.Minute()
	return w.Start <= m && m < w.End
}

// zones caches loaded locations: time.LoadLocation parses the zone's data
// on every call, and the call-control webhook asks for the same few zones
// over and over.
var zones sync.Map // string → *time.Location

// LoadZone returns the IANA zone name. "" and "Local" are refused: a
// workspace's zone must not depend on the machine the service runs on.
func LoadZone(name string) (*time.Location, error) {
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	if name == "" || name == "Local" {
		return nil, fmt.Errorf("switchboard: time zone %q is not an IANA zone name", name)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	zones.Store(name, loc)
	return loc, nil
}

// UnknownZone is what the phone metadata answers for a number it cannot
// place (libphonenumber's "Etc/Unknown").
const UnknownZone = "Etc/Unknown"

// CalleeTime is a callee's local time in one of its zones.
type CalleeTime struct {
	Zone  string
	Local time.Time
}

// OutsideCallingHours applies the calling-hours rule at the instant now to a
// number whose time zones are numberZones (from the phone metadata): the
// number may be called only when its local time is inside w in every one of
// its zones. A number with no zone (none, or only UnknownZone) is taken to
// be in workspaceZone. It returns the first zone whose local time is outside
// the window, or ok true when the call may go ahead. A nil window allows
// every call. err reports a zone name that does not load.
func OutsideCallingHours(w *CallingHours, numberZones []string, workspaceZone string, now time.Time) (outside CalleeTime, ok bool, err error) {
	if w == nil {
		return CalleeTime{}, true, nil
	}
	checked := 0
	for _, z := range numberZones {
		if z == UnknownZone || z == "" {
			continue
		}
		checked++
		if outside, ok, err = outsideIn(*w, z, now); !ok || err != nil {
			return outside, ok, err
		}
	}
	if checked == 0 {
		return outsideIn(*w, workspaceZone, now)
	}
	return CalleeTime{}, true, nil
}

func outsideIn(w CallingHours, zone string, now time.Time) (CalleeTime, bool, error) {
	loc, err := LoadZone(zone)
	if err != nil {
		return CalleeTime{}, false, err
	}
	local := now.In(loc)
	if w.contains(local) {
		return CalleeTime{}, true, nil
	}
	return CalleeTime{Zone: zone, Local: local}, false, nil
}
