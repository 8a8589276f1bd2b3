package phone

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"

	"github.com/switchboard-oss/switchboard"
)

func TestNormalize(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, region string
		want             Number
	}{
		{"us parens", "(415) 555-2671", "US", Number{E164: "+14155552671", Valid: true, Region: "US", AreaCode: "415", Type: TypeFixedLineOrMobile}},
		{"us dots", "415.555.2671", "US", Number{E164: "+14155552671", Valid: true, Region: "US", AreaCode: "415", Type: TypeFixedLineOrMobile}},
		{"us with trunk 1", "1-415-555-2671", "US", Number{E164: "+14155552671", Valid: true, Region: "US", AreaCode: "415", Type: TypeFixedLineOrMobile}},
		{"us e164", "+14155552671", "GB", Number{E164: "+14155552671", Valid: true, Region: "US", AreaCode: "415", Type: TypeFixedLineOrMobile}},
		{"empty region means US", "415 555 2671", "", Number{E164: "+14155552671", Valid: true, Region: "US", AreaCode: "415", Type: TypeFixedLineOrMobile}},
		{"lower-case region", "020 7946 0958", "gb", Number{E164: "+442079460958", Valid: true, Region: "GB", AreaCode: "20", Type: TypeFixedLine}},
		{"gb international", "+44 20 7946 0958", "US", Number{E164: "+442079460958", Valid: true, Region: "GB", AreaCode: "20", Type: TypeFixedLine}},
		{"gb national", "020 7946 0958", "GB", Number{E164: "+442079460958", Valid: true, Region: "GB", AreaCode: "20", Type: TypeFixedLine}},
		{"gb mobile has no area code", "07400 123456", "GB", Number{E164: "+447400123456", Valid: true, Region: "GB", Type: TypeMobile}},
		{"us toll free", "(800) 253-0000", "US", Number{E164: "+18002530000", Valid: true, Region: "US", Type: TypeTollFree}},
		{"gb toll free", "0800 890 567", "GB", Number{E164: "+44800890567", Valid: true, Region: "GB", Type: TypeTollFree}},
		{"parses but invalid", "+1 099 555 0100", "US", Number{E164: "+10995550100", Valid: false, Region: "", Type: TypeUnknown}},
		{"national number without region context", "020 7946 0958", "US", Number{E164: "+102079460958", Valid: false, Type: TypeUnknown}},
		{"garbage", "not a phone", "US", Number{Type: TypeUnknown}},
		{"empty", "", "US", Number{Type: TypeUnknown}},
		{"only plus", "+", "US", Number{Type: TypeUnknown}},
		{"very long", strings.Repeat("1", 300), "US", Number{Type: TypeUnknown}},
		{"very long with formatting", strings.Repeat("(415) 555-2671 ", 100), "US", Number{Type: TypeUnknown}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.want.Original = tt.in
			got := Normalize(tt.in, tt.region)
			if got != tt.want {
				t.Errorf("Normalize(%.40q, %q)\n got %+v\nwant %+v", tt.in, tt.region, got, tt.want)
			}
		})
	}
}

func TestNormalizeField(t *testing.T) {
	t.Parallel()
	got, err := NormalizeField("phone", "(415) 555-2671", "US")
	if err != nil || got != "+14155552671" {
		t.Fatalf("NormalizeField = %q, %v; want +14155552671, nil", got, err)
	}
	got, err = NormalizeField("phone", "020 7946 0958", "GB")
	if err != nil || got != "+442079460958" {
		t.Fatalf("NormalizeField GB = %q, %v", got, err)
	}

	for _, in := range []string{"", "garbage", "+1 099 555 0100", strings.Repeat("9", 1000)} {
		got, err := NormalizeField("to", in, "US")
		var e *switchboard.Error
		if !errors.As(err, &e) {
			t.Fatalf("NormalizeField(%.20q) = %q, %v; want *switchboard.Error", in, got, err)
		}
		if got != "" || e.Code != switchboard.EInvalidPhone || len(e.Details) != 1 || e.Details[0].Field != "to" {
			t.Errorf("NormalizeField(%.20q) = %q, %+v", in, got, e)
		}
		if len(e.Message) > 100 {
			t.Errorf("message not truncated: %d bytes", len(e.Message))
		}
	}
}

// NormalizeField and Normalize must agree on what is valid, or a number the
// normalize endpoint calls valid could be refused on write.
func TestNormalizeAgreesWithNormalizeField(t *testing.T) {
	t.Parallel()
	for _, in := range benchInputs {
		n := Normalize(in, "US")
		e164, err := NormalizeField("phone", in, "US")
		if n.Valid != (err == nil) || (n.Valid && n.E164 != e164) {
			t.Errorf("%q: Normalize %+v, NormalizeField %q %v", in, n, e164, err)
		}
	}
}

// benchInputs is a mix of what contact imports carry: national and
// international notations, a few countries, and some rubbish.
var benchInputs = []string{
	"(415) 555-2671",
	"415.555.2671",
	"+1 212 555 0100",
	"+44 20 7946 0958",
	"+44 7400 123456",
	"+33 1 42 68 53 00",
	"+49 30 901820",
	"+61 2 9374 4000",
	"+81 3-3224-5000",
	"1-800-253-0000",
	"+52 55 5342 0000",
	"garbage",
}

// BenchmarkLibraryBaseline is the yardstick for Normalize: the library's own
// Parse + Format + IsValidNumber on the same inputs. Normalize should stay
// within 10% of it (compare ns/op).
func BenchmarkLibraryBaseline(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		num, err := phonenumbers.Parse(benchInputs[i%len(benchInputs)], "US")
		if err == nil {
			_ = phonenumbers.Format(num, phonenumbers.E164)
			_ = phonenumbers.IsValidNumber(num)
		}
		i++
	}
}

func BenchmarkNormalize(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = Normalize(benchInputs[i%len(benchInputs)], "US")
		i++
	}
}

func BenchmarkNormalizeField(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, _ = NormalizeField("phone", benchInputs[i%len(benchInputs)], "US")
		i++
	}
}

func FuzzNormalize(f *testing.F) {
	for _, in := range benchInputs {
		f.Add(in, "US")
	}
	f.Add("020 7946 0958", "GB")
	f.Add("", "")
	f.Add("+", "zz")
	f.Fuzz(func(t *testing.T, in, region string) {
		checkAgainstLibrary(t, in, region)
		n := Normalize(in, region)
		if n.Original != in {
			t.Fatalf("Original %q != input %q", n.Original, in)
		}
		if !n.Valid {
			return
		}
		again := Normalize(n.E164, region)
		if !again.Valid || again.E164 != n.E164 {
			t.Fatalf("%q → %q, which re-normalizes to %+v", in, n.E164, again)
		}
		if again.Region != n.Region || again.Type != n.Type || again.AreaCode != n.AreaCode {
			t.Fatalf("%q → %+v, re-normalized %+v", in, n, again)
		}
	})
}

// checkAgainstLibrary asserts that Normalize's shortcuts (phonemeta.go) give
// what the library's public functions give for the same parsed number.
func checkAgainstLibrary(t *testing.T, in, region string) {
	t.Helper()
	n := Normalize(in, region)
	num, err := phonenumbers.Parse(in, regionOrDefault(region))
	if err != nil {
		return
	}
	if want := phonenumbers.IsValidNumber(num); n.Valid != want {
		t.Fatalf("%q (%s): Valid %v, library %v", in, region, n.Valid, want)
	}
	if want := typeName(phonenumbers.GetNumberType(num)); n.Type != want {
		t.Fatalf("%q (%s): Type %s, library %s", in, region, n.Type, want)
	}
	if e164, ok := E164(in, region); ok != n.Valid || (ok && e164 != n.E164) {
		t.Fatalf("%q (%s): E164 %q %v, Normalize %+v", in, region, e164, ok, n)
	}
	if !n.Valid {
		return
	}
	if want := phonenumbers.GetLengthOfGeographicalAreaCode(num); len(n.AreaCode) != want {
		t.Fatalf("%q (%s): AreaCode %q, library length %d", in, region, n.AreaCode, want)
	}
}

// TestPhoneMetaMatchesLibrary runs the library's example number of every type
// in every region (and every non-geographic entity) through Normalize and
// compares type, validity and area code with the library's own answers.
func TestPhoneMetaMatchesLibrary(t *testing.T) {
	t.Parallel()
	checked := 0
	for region := range phonenumbers.GetSupportedRegions() {
		for typ := phonenumbers.FIXED_LINE; typ < phonenumbers.UNKNOWN; typ++ {
			ex := phonenumbers.GetExampleNumberForType(region, typ)
			if ex == nil {
				continue
			}
			e164 := phonenumbers.Format(ex, phonenumbers.E164)
			checkAgainstLibrary(t, e164, region)
			checkAgainstLibrary(t, phonenumbers.Format(ex, phonenumbers.NATIONAL), region)
			checkAgainstLibrary(t, e164+" ext. 12", region)
			checked++
		}
	}
	for cc := range phonenumbers.GetSupportedGlobalNetworkCallingCodes() {
		if ex := phonenumbers.GetExampleNumberForNonGeoEntity(cc); ex != nil {
			checkAgainstLibrary(t, phonenumbers.Format(ex, phonenumbers.E164), "US")
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d example numbers checked", checked)
	}
}

// TestPhoneMetaMirrorsLibraryVersion fails on any phonenumbers version but
// the one phonemeta.go was read against: the comparison above covers the
// example numbers, not every branch of the library's functions, so an
// upgrade must be checked by hand (read getNumberTypeHelper,
// GetLengthOfGeographicalAreaCode and GetLengthOfNationalDestinationCode
// of the new version against phonemeta.go, then move mirroredVersion).
// It reads go.mod: a test binary carries no dependency versions.
func TestPhoneMetaMirrorsLibraryVersion(t *testing.T) {
	t.Parallel()
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, line := range strings.Split(string(mod), "\n") {
		f := strings.Fields(line)
		if i := slices.Index(f, "github.com/nyaruka/phonenumbers"); i >= 0 && i+1 < len(f) {
			found = append(found, f[i+1:]...)
		}
	}
	if len(found) == 0 {
		t.Fatal("go.mod does not require github.com/nyaruka/phonenumbers")
	}
	if found[0] != mirroredVersion || slices.Contains(found, "=>") {
		t.Fatalf("go.mod has phonenumbers %s, phonemeta.go mirrors %s: check it against that version's source, then update mirroredVersion",
			strings.Join(found, " "), mirroredVersion)
	}
}
