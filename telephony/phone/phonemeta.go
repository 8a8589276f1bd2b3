package phone

import (
	"regexp"
	"sync"

	"github.com/nyaruka/phonenumbers"
)

// This file answers "what type is this number" and "how long is its area
// code" with the library's own metadata and rules, but without the repeated
// work the library's public functions do: GetNumberType and
// GetLengthOfGeographicalAreaCode each re-derive the region (for +1 numbers
// that alone is a full pattern match per NANPA region tried) and rebuild every
// pattern string before looking its compiled regexp up, which made Normalize
// cost a multiple of Parse+Format+IsValidNumber (BenchmarkNormalize against
// BenchmarkLibraryBaseline); here the region is derived once and each
// pattern is compiled once per process.
//
// The logic mirrors phonenumbers at mirroredVersion (getNumberTypeHelper,
// GetLengthOfGeographicalAreaCode, GetLengthOfNationalDestinationCode).
// TestPhoneMetaMatchesLibrary checks it against the library's functions on
// the example number of every type of every region, FuzzNormalize on any
// input, and TestPhoneMetaMirrorsLibraryVersion fails on any other library
// version until this file has been read against that version's source: an
// upgrade fails the tests rather than drifting silently. The file stays only
// while those tests hold; if the library's public functions become cheap,
// delete it.

// mirroredVersion is the github.com/nyaruka/phonenumbers version this file
// was last checked against, line by line.
const mirroredVersion = "v1.8.1"

var (
	// regionMeta and nonGeoMeta index the library's metadata collection the
	// way the library does internally (regions by ISO code, "001" entities by
	// calling code). Built once at init from the already decoded collection.
	regionMeta = map[string]*phonenumbers.PhoneMetadata{}
	nonGeoMeta = map[int32]*phonenumbers.PhoneMetadata{}

	// descRegexps holds `^(?:pattern)$` compiled once per number
	// description, keyed by the description's pointer (cheap to hash, unlike
	// the pattern text the library keys its cache by).
	descRegexps sync.Map // *phonenumbers.PhoneNumberDesc → *regexp.Regexp
)

func init() {
	coll, err := phonenumbers.MetadataCollection()
	if err != nil {
		panic("phone: metadata: " + err.Error())
	}
	for _, md := range coll.GetMetadata() {
		if md.GetId() == "001" {
			nonGeoMeta[md.GetCountryCode()] = md
		} else {
			regionMeta[md.GetId()] = md
		}
	}
	nanpFirst = firstNANPRegion()
}

// metadataFor is the library's getMetadataForRegionOrCallingCode.
func metadataFor(cc int32, region string) *phonenumbers.PhoneMetadata {
	if region == "001" {
		return nonGeoMeta[cc]
	}
	return regionMeta[region]
}

// matchesDesc is the library's isNumberMatchingDesc: a length check first
// (when the description lists lengths), then the full national pattern.
func matchesDesc(nsn string, d *phonenumbers.PhoneNumberDesc) bool {
	if d == nil {
		return false
	}
	if lengths := d.GetPossibleLength(); len(lengths) > 0 {
		found := false
		for _, l := range lengths {
			if int(l) == len(nsn) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	re, ok := descRegexps.Load(d)
	if !ok {
		re, _ = descRegexps.LoadOrStore(d, regexp.MustCompile("^(?:"+d.GetNationalNumberPattern()+")$"))
	}
	return re.(*regexp.Regexp).MatchString(nsn)
}

// numberType is the library's getNumberTypeHelper; UNKNOWN means invalid.
func numberType(nsn string, md *phonenumbers.PhoneMetadata) phonenumbers.PhoneNumberType {
	if md == nil || !matchesDesc(nsn, md.GetGeneralDesc()) {
		return phonenumbers.UNKNOWN
	}
	switch {
	case matchesDesc(nsn, md.GetPremiumRate()):
		return phonenumbers.PREMIUM_RATE
	case matchesDesc(nsn, md.GetTollFree()):
		return phonenumbers.TOLL_FREE
	case matchesDesc(nsn, md.GetSharedCost()):
		return phonenumbers.SHARED_COST
	case matchesDesc(nsn, md.GetVoip()):
		return phonenumbers.VOIP
	case matchesDesc(nsn, md.GetPersonalNumber()):
		return phonenumbers.PERSONAL_NUMBER
	case matchesDesc(nsn, md.GetPager()):
		return phonenumbers.PAGER
	case matchesDesc(nsn, md.GetUan()):
		return phonenumbers.UAN
	case matchesDesc(nsn, md.GetVoicemail()):
		return phonenumbers.VOICEMAIL
	}
	same := md.GetSameMobileAndFixedLinePattern()
	if matchesDesc(nsn, md.GetFixedLine()) {
		if same || matchesDesc(nsn, md.GetMobile()) {
			return phonenumbers.FIXED_LINE_OR_MOBILE
		}
		return phonenumbers.FIXED_LINE
	}
	if !same && matchesDesc(nsn, md.GetMobile()) {
		return phonenumbers.MOBILE
	}
	return phonenumbers.UNKNOWN
}

// areaCodeLength is the library's GetLengthOfGeographicalAreaCode for a
// number whose region, type and national significant number are known.
func areaCodeLength(num *phonenumbers.PhoneNumber, region string, t phonenumbers.PhoneNumberType) int {
	md := regionMeta[region] // the library uses getMetadataForRegion: never "001"
	if md == nil {
		return 0
	}
	cc := num.GetCountryCode()
	// No national prefix and no Italian leading zero: a closed dialling plan
	// without area codes, except where the library knows better.
	if md.GetNationalPrefix() == "" && !num.GetItalianLeadingZero() &&
		!phonenumbers.COUNTRIES_WITHOUT_NATIONAL_PREFIX_WITH_AREA_CODES[cc] {
		return 0
	}
	if t == phonenumbers.MOBILE && phonenumbers.GEO_MOBILE_COUNTRIES_WITHOUT_MOBILE_AREA_CODES[cc] {
		return 0
	}
	geographical := t == phonenumbers.FIXED_LINE || t == phonenumbers.FIXED_LINE_OR_MOBILE ||
		(t == phonenumbers.MOBILE && phonenumbers.GEO_MOBILE_COUNTRIES[cc])
	if !geographical {
		return 0
	}
	return ndcLength(num, t)
}

// ndcLength is the library's GetLengthOfNationalDestinationCode: the
// national destination code is the first digit group after the country code
// in international format ("+44 20 7946 0958" → "20"), plus the mobile token
// where a country puts one in front of it (Argentina's "9").
func ndcLength(num *phonenumbers.PhoneNumber, t phonenumbers.PhoneNumberType) int {
	if num.GetExtension() != "" {
		// Format writes the extension too; its digits are not a group of the
		// number. A shallow copy without it leaves the caller's number alone.
		num = &phonenumbers.PhoneNumber{
			CountryCode:          num.CountryCode,
			NationalNumber:       num.NationalNumber,
			ItalianLeadingZero:   num.ItalianLeadingZero,
			NumberOfLeadingZeros: num.NumberOfLeadingZeros,
		}
	}
	groups := digitGroups(phonenumbers.Format(num, phonenumbers.INTERNATIONAL))
	// groups[0] is the country code; the NDC exists only when a subscriber
	// group follows it.
	if len(groups) <= 2 {
		return 0
	}
	if t == phonenumbers.MOBILE && phonenumbers.GetCountryMobileToken(int(num.GetCountryCode())) != "" {
		return groups[1] + groups[2]
	}
	return groups[1]
}

// digitGroups returns the lengths of the runs of ASCII digits in s, which is
// what the library gets from splitting on its non-digit pattern (the
// international format it splits holds ASCII digits only).
func digitGroups(s string) []int {
	groups := make([]int, 0, 6)
	run := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			run++
			continue
		}
		if run > 0 {
			groups = append(groups, run)
			run = 0
		}
	}
	if run > 0 {
		groups = append(groups, run)
	}
	return groups
}
