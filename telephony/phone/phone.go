package phone

import (
	"strings"

	"github.com/nyaruka/phonenumbers"

	"github.com/switchboard-oss/switchboard"
)

// DefaultRegion is the region assumed for national-format numbers when the
// caller names none (DEFAULT_REGION's default, see the README).
const DefaultRegion = "US"

// Number is the result of normalizing one phone number: the domain's
// PhoneNumber, so that the services answer it without a copy and nothing
// above them needs this package to read it.
type Number = switchboard.PhoneNumber

// Number types, as the API spells them: libphonenumber's PhoneNumberType in
// lower case with `-` between words, the style of every enum of the API.
const (
	TypeFixedLine         = "fixed-line"
	TypeMobile            = "mobile"
	TypeFixedLineOrMobile = "fixed-line-or-mobile"
	TypeTollFree          = "toll-free"
	TypePremiumRate       = "premium-rate"
	TypeSharedCost        = "shared-cost"
	TypeVoIP              = "voip"
	TypePersonalNumber    = "personal-number"
	TypePager             = "pager"
	TypeUAN               = "uan"
	TypeVoicemail         = "voicemail"
	TypeUnknown           = "unknown"
)

// typeNames is indexed by phonenumbers.PhoneNumberType (an iota from
// FIXED_LINE to UNKNOWN), so naming a type costs one slice index.
var typeNames = [...]string{
	phonenumbers.FIXED_LINE:           TypeFixedLine,
	phonenumbers.MOBILE:               TypeMobile,
	phonenumbers.FIXED_LINE_OR_MOBILE: TypeFixedLineOrMobile,
	phonenumbers.TOLL_FREE:            TypeTollFree,
	phonenumbers.PREMIUM_RATE:         TypePremiumRate,
	phonenumbers.SHARED_COST:          TypeSharedCost,
	phonenumbers.VOIP:                 TypeVoIP,
	phonenumbers.PERSONAL_NUMBER:      TypePersonalNumber,
	phonenumbers.PAGER:                TypePager,
	phonenumbers.UAN:                  TypeUAN,
	phonenumbers.VOICEMAIL:            TypeVoicemail,
	phonenumbers.UNKNOWN:              TypeUnknown,
}

func typeName(t phonenumbers.PhoneNumberType) string {
	if int(t) >= 0 && int(t) < len(typeNames) {
		return typeNames[t]
	}
	return TypeUnknown
}

// Normalize reads input (any common national or international notation) as a
// phone number, taking national-format numbers to be in defaultRegion ("" means
// DefaultRegion). It never fails: an unparseable input gives Valid=false,
// E164="" and Type "unknown".
//
// It is on the hot path of every contact write and of CSV imports, so after
// parsing it derives each fact once (see phonemeta.go): the number's type
// doubles as the validity check (IsValidNumber is exactly "the type in the
// number's own region is not UNKNOWN"), and the area code is only looked for
// in valid geographic numbers.
func Normalize(input, defaultRegion string) Number {
	n := Number{Original: input, Type: TypeUnknown}
	num, err := phonenumbers.Parse(input, regionOrDefault(defaultRegion))
	if err != nil {
		return n
	}
	n.E164 = phonenumbers.Format(num, phonenumbers.E164)
	n.Region = phonenumbers.GetRegionCodeForNumber(num)
	nsn := phonenumbers.GetNationalSignificantNumber(num)
	t := numberType(nsn, metadataFor(num.GetCountryCode(), n.Region))
	n.Type = typeName(t)
	n.Valid = t != phonenumbers.UNKNOWN
	if n.Valid {
		if l := areaCodeLength(num, n.Region, t); l > 0 && l <= len(nsn) {
			n.AreaCode = nsn[:l]
		}
	}
	return n
}

// NormalizeField returns input, given in field ("phone", "to",
// "filters.phone"), in E.164 form, or a *switchboard.Error with code
// switchboard.EInvalidPhone naming field when it is not a valid number: a
// bad "to" is not reported as a bad "phone". The services call it on every
// number they are given.
func NormalizeField(field, input, region string) (string, error) {
	e164, ok := E164(input, region)
	if !ok {
		return "", switchboard.FieldErrorf(switchboard.EInvalidPhone, field,
			"%q is not a valid phone number", switchboard.Truncate(input, 64))
	}
	return e164, nil
}

// E164 returns input in E.164 form and whether it is a valid number: Normalize
// without the area code, which costs a tenth of its time and which writes do
// not need (CSV imports call it once per row). Validity is decided as in
// Normalize, from the number's type in its own region.
func E164(input, region string) (string, bool) {
	if e164, valid, ok := nanpE164(input, region); ok {
		return e164, valid
	}
	return parseE164(input, region)
}

// parseE164 is E164 through the library's parser.
func parseE164(input, region string) (string, bool) {
	num, err := phonenumbers.Parse(input, regionOrDefault(region))
	if err != nil {
		return "", false
	}
	nsn := phonenumbers.GetNationalSignificantNumber(num)
	md := metadataFor(num.GetCountryCode(), phonenumbers.GetRegionCodeForNumber(num))
	if numberType(nsn, md) == phonenumbers.UNKNOWN {
		return "", false
	}
	return phonenumbers.Format(num, phonenumbers.E164), true
}

func regionOrDefault(region string) string {
	if region == "" {
		return DefaultRegion
	}
	// The library's region table is upper case; "gb" would silently turn
	// every national number into a parse error. ToUpper returns its
	// argument without allocating when there is nothing to change.
	return strings.ToUpper(region)
}
