package telephony

import "github.com/nyaruka/phonenumbers"

// TimeZones returns the IANA time zones libphonenumber places e164 in: one
// for most geographic numbers, several where an area code spans zones (North
// Dakota's 701: Denver and North_Dakota/Center), every zone of the country
// or plan for a number it cannot place more closely (NANP's non-geographic
// 500 and toll-free 800 give all of the plan's zones, Guam to Pago Pago),
// and ["Etc/Unknown"] when it knows nothing. An unparseable input gives nil.
//
// It uses phonenumbers only (no provider code), so the calling-hours rule
// can take it wherever the phone code goes.
func TimeZones(e164 string) []string {
	num, err := phonenumbers.Parse(e164, DefaultRegion)
	if err != nil {
		return nil
	}
	zones, err := phonenumbers.GetTimezonesForNumber(num)
	if err != nil {
		return nil
	}
	return zones
}
