package phone

import "github.com/nyaruka/phonenumbers"

// nanpE164 is E164's fast path for the numbers most imports hold: North
// American numbers written with digits and the punctuation people type,
// either "+1" and ten digits or ten digits in a region of country code 1
// ("(415) 201-1234", "+1 415.201.1234"). The library's parser runs a dozen
// regular expressions over each input (an extension's markers, a viable
// number's shape), which made it a third of a CSV import's time; for these
// inputs they can find nothing, and the digits alone are the number. ok is
// false for any other input, which the parser reads. The result is the
// parser's, number for number (TestNANPFastPathAgreesWithParser).
func nanpE164(input, region string) (e164 string, valid, ok bool) {
	var digits [10]byte
	n, plus := 0, false
	for i := 0; i < len(input); i++ {
		c := input[i]
		switch {
		case c >= '0' && c <= '9':
			if plus && n == 0 && c == '1' && !plusOne(input[:i]) {
				continue // the country code after "+"
			}
			if n == len(digits) {
				return "", false, false
			}
			digits[n] = c
			n++
		case c == '+':
			if plus || n > 0 || !onlySpaces(input[:i]) {
				return "", false, false
			}
			plus = true
		case c == ' ' || c == '-' || c == '(' || c == ')' || c == '.':
		default:
			return "", false, false
		}
	}
	// Ten digits, the first an area code's (2-9); "+" only with its 1.
	if n != len(digits) || digits[0] < '2' || (plus && !plusOne(input)) {
		return "", false, false
	}
	if !plus && phonenumbers.GetCountryCodeForRegion(regionOrDefault(region)) != 1 {
		return "", false, false
	}
	var national uint64
	for _, d := range digits {
		national = national*10 + uint64(d-'0')
	}
	e164 = "+1" + string(digits[:])
	nsn := string(digits[:])
	// The library finds a +1 number's region by testing the regions of
	// country code 1 in turn, the first one's (the United States') by its
	// number types, and the number is then valid when it is of a type in
	// that region's metadata. A number of a type in the first region is
	// therefore that region's and valid, which one numberType tells: most
	// numbers are, and the library's own tests, repeated, were a fifth of
	// the program's time in a CSV import (docs/performance.md).
	if nanpFirst != nil && numberType(nsn, nanpFirst) != phonenumbers.UNKNOWN {
		return e164, true, true
	}
	cc := int32(1)
	num := &phonenumbers.PhoneNumber{CountryCode: &cc, NationalNumber: &national}
	md := metadataFor(cc, phonenumbers.GetRegionCodeForNumber(num))
	return e164, numberType(nsn, md) != phonenumbers.UNKNOWN, true
}

// nanpFirst is the metadata of the region the library tests first for a
// +1 number, when it tests that region by its number types (it has no
// leading digits); nil otherwise, and nanpE164 then asks the library. Set
// at init, once the metadata is indexed.
var nanpFirst *phonenumbers.PhoneMetadata

func firstNANPRegion() *phonenumbers.PhoneMetadata {
	regions := phonenumbers.GetRegionCodesForCountryCode(1)
	if len(regions) == 0 {
		return nil
	}
	md := metadataFor(1, regions[0])
	if md == nil || md.GetLeadingDigits() != "" {
		return nil
	}
	return md
}

// plusOne reports whether s holds "+" followed, punctuation aside, by the
// digit 1.
func plusOne(s string) bool {
	seen := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+':
			seen = true
		case c >= '0' && c <= '9':
			return seen && c == '1'
		}
	}
	return false
}

func onlySpaces(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			return false
		}
	}
	return true
}
