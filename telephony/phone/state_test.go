package phone

import (
	"strconv"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

func TestState(t *testing.T) {
	for in, want := range map[string]string{
		"+13055550100":  "FL", // Miami
		"+18505550100":  "FL", // the panhandle, partly Central time
		"+12125550100":  "NY",
		"+12025550100":  "DC",
		"+12065550100":  "WA",
		"+19075550100":  "AK",
		"+18085550100":  "HI",
		"+12195550100":  "IN",
		"+14655550100":  "NY", // assigned, in service from 2026
		"+15005550100":  "",   // personal communications service, no place
		"+18005550100":  "",   // toll-free
		"+18885550100":  "",
		"+19005550100":  "", // premium rate
		"+14165550100":  "", // Toronto
		"+17875550100":  "", // Puerto Rico: a region of its own
		"+16715550100":  "", // Guam
		"+18095550100":  "", // Dominican Republic
		"+442071234567": "",
		"+1305555010":   "", // a digit short
		"+130555501000": "",
		"+1305555010x":  "",
		"13055550100":   "",
		"":              "",
	} {
		if got := State(in); got != want {
			t.Errorf("State(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestStateMatchesLibphonenumber holds the area-code table to
// libphonenumber: every area code the library takes for a US geographic one
// is in the table, no other area code is, and wherever the library's
// geocoding names a state for a number ("Miami, FL", "Florida"), the table
// names the same one, over every exchange of every area code.
func TestStateMatchesLibphonenumber(t *testing.T) {
	usGeographic, placed, exchanges := 0, 0, 0
	for npa := 200; npa <= 999; npa++ {
		code := strconv.Itoa(npa)
		region, typ := libraryArea(code)
		geographic := region == "US" && (typ == phonenumbers.FIXED_LINE ||
			typ == phonenumbers.MOBILE || typ == phonenumbers.FIXED_LINE_OR_MOBILE)
		state := State("+1" + code + "2345678")
		switch {
		case geographic:
			usGeographic++
			if state == "" {
				t.Errorf("%s: libphonenumber has it as a US geographic area code; the table has no state", code)
			}
		case region != "" && state != "":
			t.Errorf("%s: libphonenumber has it as %s %v; the table says %s", code, region, typ, state)
		}
		if state == "" {
			continue
		}
		for nxx := 200; nxx <= 999; nxx++ {
			// Built rather than parsed: the parser would be most of the
			// test's time.
			cc, national := int32(1), uint64(npa*10_000_000+nxx*10_000)
			n := &phonenumbers.PhoneNumber{CountryCode: &cc, NationalNumber: &national}
			// An exchange the library has no place for falls back to its
			// region's name, which fails for a number of no region: no place.
			desc, _ := phonenumbers.GetGeocodingForNumber(n, "en")
			exchanges++
			if got := geocodedState(desc); got != "" {
				placed++
				if got != state && libraryAcrossTheLine[code+strconv.Itoa(nxx)] != got {
					t.Errorf("%s-%d: libphonenumber places it in %q (%s); the table says %s", code, nxx, desc, got, state)
				}
			}
		}
	}
	// Guards against a library that stops answering: the check above would
	// pass on no data.
	if usGeographic < 350 || placed < exchanges/2 {
		t.Fatalf("only %d US geographic area codes and %d of %d exchanges placed by the library", usGeographic, placed, exchanges)
	}
	t.Logf("%d US geographic area codes in libphonenumber; %d of %d exchanges placed in a state, agreeing but for libraryAcrossTheLine", usGeographic, placed, exchanges)
}

// libraryAcrossTheLine are the exchanges libphonenumber places in another
// state than their area code's: the state rules follow the area code, as
// NANPA assigns it, so these stay the code's state.
var libraryAcrossTheLine = map[string]string{
	"201631": "NY", // "New York, NY" in 201, New Jersey's
}

// libraryArea is libphonenumber's region and number type for the area code,
// from the first of a few exchanges that makes a valid number ("" when none
// does: an unassigned code).
func libraryArea(code string) (string, phonenumbers.PhoneNumberType) {
	for _, rest := range []string{"2345678", "5550100", "2010000", "3000000", "4560000", "7890000", "9999999"} {
		n, err := phonenumbers.Parse("+1"+code+rest, "US")
		if err == nil && phonenumbers.IsValidNumber(n) {
			return phonenumbers.GetRegionCodeForNumber(n), phonenumbers.GetNumberType(n)
		}
	}
	return "", phonenumbers.UNKNOWN
}

// geocodedState reads a state from libphonenumber's English geocoding: a
// place and its USPS code ("Miami, FL"), or the state's name ("Florida",
// "Washington State", "Washington D.C."). Anything else ("United States")
// names no state.
func geocodedState(desc string) string {
	if i := strings.LastIndex(desc, ", "); i >= 0 && len(desc)-i == 4 {
		if code := desc[i+2:]; stateNames[code] != "" {
			return code
		}
	}
	for code, name := range stateNames {
		if desc == name {
			return code
		}
	}
	switch desc {
	case "Washington State":
		return "WA"
	case "Washington D.C.":
		return "DC"
	}
	return ""
}

var stateNames = map[string]string{
	"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
	"CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
	"FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
	"IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
	"ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
	"MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
	"NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
	"NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
	"PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
	"TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
	"WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}
