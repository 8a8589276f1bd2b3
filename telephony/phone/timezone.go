package phone

import "github.com/nyaruka/phonenumbers"

// TimeZones returns the IANA time zones libphonenumber places e164 in: one
// for most geographic numbers, several where an area code spans zones (North
// Dakota's 701: Denver and North_Dakota/Center), every zone of the country
// or plan for a number it cannot place more closely (NANP's non-geographic
// 500 and toll-free 800 give all of the plan's zones, Guam to Pago Pago),
// and ["Etc/Unknown"] when it knows nothing. Anything but "+" and digits
// gives nil.
//
// e164 must be normalized already (NormalizeField), as every number the
// service dials is: the library's zone table is keyed by E.164 prefixes,
// and reading it straight from the string skips a second Parse, which would
// cost more than the lookup and the rule together on the call-control path.
// It uses phonenumbers only (no provider code), so the calling-hours rule
// can take it wherever the phone code goes.
func TimeZones(e164 string) []string {
	if len(e164) < 2 || e164[0] != '+' {
		return nil
	}
	for i := 1; i < len(e164); i++ {
		if e164[i] < '0' || e164[i] > '9' {
			return nil
		}
	}
	zones, err := phonenumbers.GetTimezonesForPrefix(e164)
	if err != nil {
		return nil
	}
	return zones
}
