package phone

import (
	"math/rand/v2"
	"testing"

	"github.com/nyaruka/phonenumbers"
)

// TestNANPFastPathAgreesWithParser: wherever nanpE164 answers, it answers
// what the library's parser does, over the example numbers of every region
// of country code 1 in the ways people write them, and over random strings
// of digits and phone punctuation; and it does answer for the usual forms.
func TestNANPFastPathAgreesWithParser(t *testing.T) {
	regions := []string{"US", "CA", "PR", "JM", "us", "", "GB", "DE", "FR"}
	var inputs []string
	for r := range phonenumbers.GetSupportedRegions() {
		if phonenumbers.GetCountryCodeForRegion(r) != 1 {
			continue
		}
		for _, typ := range []phonenumbers.PhoneNumberType{phonenumbers.FIXED_LINE, phonenumbers.MOBILE, phonenumbers.TOLL_FREE, phonenumbers.PREMIUM_RATE} {
			ex := phonenumbers.GetExampleNumberForType(r, typ)
			if ex == nil {
				continue
			}
			d := phonenumbers.GetNationalSignificantNumber(ex)
			inputs = append(inputs, d, "+1"+d, "+1 ("+d[:3]+") "+d[3:6]+"-"+d[6:], d[:3]+"."+d[3:6]+"."+d[6:],
				"1"+d, "+"+d, "+1 1"+d, "  +1"+d, "(+1)"+d, d+"x12", "+1"+d+"0")
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	const chars = "0123456789012345678901234567890123456789 -().+"
	for range 200_000 {
		b := make([]byte, 8+r.IntN(12))
		for i := range b {
			b[i] = chars[r.IntN(len(chars))]
		}
		inputs = append(inputs, string(b))
	}
	// The shortcut for the first region's numbers is taken, and so tested.
	if nanpFirst == nil || nanpFirst.GetId() != "US" {
		t.Fatalf("the first region of +1 is not tested by its number types: %v", nanpFirst.GetId())
	}
	fast := 0
	for _, in := range inputs {
		for _, region := range regions {
			e, valid, ok := nanpE164(in, region)
			if !ok {
				continue
			}
			fast++
			we, wvalid := parseE164(in, region)
			if valid != wvalid || (wvalid && e != we) {
				t.Fatalf("%q in %q: fast path %q %v, parser %q %v", in, region, e, valid, we, wvalid)
			}
		}
	}
	t.Logf("%d of %d (input, region) pairs took the fast path", fast, len(inputs)*len(regions))
	for _, in := range []string{"(415) 201-1234", "+1 415 201 1234", "+14152011234", "415.201.1234"} {
		if _, _, ok := nanpE164(in, "US"); !ok {
			t.Errorf("%q does not take the fast path", in)
		}
	}
}

func BenchmarkE164NANP(b *testing.B) {
	for range b.N {
		E164("(415) 201-1234", "US")
	}
}
