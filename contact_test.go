package switchboard_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

// validContact passes Validate; each case below breaks one rule of it.
func validContact() sb.Contact {
	return sb.Contact{FirstName: "Ada", LastName: "Lovelace", Phone: "+14155552671",
		Email: "ada@example.com", Company: "Analytical Engines", Notes: "line one\n\tline two"}
}

// requireFieldError checks err's code and that its details name field.
func requireFieldError(t *testing.T, err error, code, field string) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, code, sb.ErrorCode(err), "%v", err)
	var fields []string
	for _, d := range err.(*sb.Error).Details {
		fields = append(fields, d.Field)
	}
	require.Contains(t, fields, field, "%v", err)
	require.NotEmpty(t, sb.ErrorMessage(err))
}

func TestContactValidate(t *testing.T) {
	t.Parallel()
	long := func(n int) string { return strings.Repeat("é", n) } // 2 bytes, 1 character
	for _, tc := range []struct {
		name   string
		change func(c *sb.Contact)
		code   string // "" means valid
		field  string
	}{
		{"valid", func(*sb.Contact) {}, "", ""},
		{"first name only", func(c *sb.Contact) { *c = sb.Contact{FirstName: "Ada"} }, "", ""},
		{"last name only", func(c *sb.Contact) { *c = sb.Contact{LastName: "Lovelace"} }, "", ""},
		{"phone only", func(c *sb.Contact) { *c = sb.Contact{Phone: "+442079460958"} }, "", ""},
		{"no name and no phone", func(c *sb.Contact) { c.FirstName, c.LastName, c.Phone = "", "", "" }, sb.EInvalid, "body"},
		{"nothing at all", func(c *sb.Contact) { *c = sb.Contact{} }, sb.EInvalid, "body"},
		{"names at their length", func(c *sb.Contact) { c.FirstName, c.LastName, c.Company = long(200), long(200), long(200) }, "", ""},
		{"first name too long", func(c *sb.Contact) { c.FirstName = long(201) }, sb.EInvalid, "firstName"},
		{"last name too long", func(c *sb.Contact) { c.LastName = strings.Repeat("x", 201) }, sb.EInvalid, "lastName"},
		{"company too long", func(c *sb.Contact) { c.Company = long(201) }, sb.EInvalid, "company"},
		{"email at its length", func(c *sb.Contact) { c.Email = strings.Repeat("a", 64) + "@" + strings.Repeat("b", 251) + ".com" }, "", ""},
		{"email too long", func(c *sb.Contact) { c.Email = strings.Repeat("a", 64) + "@" + strings.Repeat("b", 252) + ".com" }, sb.EInvalid, "email"},
		{"notes at their length", func(c *sb.Contact) { c.Notes = long(10000) }, "", ""},
		{"notes too long", func(c *sb.Contact) { c.Notes = long(10001) }, sb.EInvalid, "notes"},
		{"email not an address", func(c *sb.Contact) { c.Email = "not-an-address" }, sb.EInvalid, "email"},
		{"email with a display name", func(c *sb.Contact) { c.Email = "Ada <ada@example.com>" }, sb.EInvalid, "email"},
		{"email without a dotted domain", func(c *sb.Contact) { c.Email = "ada@localhost" }, sb.EInvalid, "email"},
		{"phone not normalized", func(c *sb.Contact) { c.Phone = "(415) 555-2671" }, sb.EInvalidPhone, "phone"},
		{"phone with a leading zero", func(c *sb.Contact) { c.Phone = "+0123" }, sb.EInvalidPhone, "phone"},
		{"phone too long for E.164", func(c *sb.Contact) { c.Phone = "+1234567890123456" }, sb.EInvalidPhone, "phone"},
		{"control character in a name", func(c *sb.Contact) { c.FirstName = "A\x1bda" }, sb.EInvalid, "firstName"},
		{"newline in a name", func(c *sb.Contact) { c.LastName = "Love\nlace" }, sb.EInvalid, "lastName"},
		{"NUL in the company", func(c *sb.Contact) { c.Company = "A\x00E" }, sb.EInvalid, "company"},
		{"C1 control in the email", func(c *sb.Contact) { c.Email = "ada\u0085@example.com" }, sb.EInvalid, "email"},
		{"control character in notes", func(c *sb.Contact) { c.Notes = "bell\a" }, sb.EInvalid, "notes"},
		{"invalid UTF-8", func(c *sb.Contact) { c.Company = string([]byte{0xff, 0xfe}) }, sb.EInvalid, "company"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := validContact()
			tc.change(&c)
			err := c.Validate()
			if tc.code == "" {
				require.NoError(t, err)
				return
			}
			requireFieldError(t, err, tc.code, tc.field)
		})
	}
}

// Names and company refuse each bidirectional control, and every field
// each invalid UTF-8 sequence; notes, which no one reads as a name, may
// hold the bidirectional controls of right-to-left text.
func TestContactValidateBidiAndUTF8(t *testing.T) {
	t.Parallel()
	fields := map[string]func(c *sb.Contact) *string{
		"firstName": func(c *sb.Contact) *string { return &c.FirstName },
		"lastName":  func(c *sb.Contact) *string { return &c.LastName },
		"company":   func(c *sb.Contact) *string { return &c.Company },
		"email":     func(c *sb.Contact) *string { return &c.Email },
		"notes":     func(c *sb.Contact) *string { return &c.Notes },
	}
	for field, at := range fields {
		for _, r := range bidiRunes {
			c := validContact()
			*at(&c) = "Ada" + string(r) + "x"
			err := c.Validate()
			switch field {
			case "notes":
				require.NoError(t, err, "%U in notes", r)
			case "email":
				requireFieldError(t, err, sb.EInvalid, "email") // not an address
			default:
				requireFieldError(t, err, sb.EInvalid, field)
				require.Contains(t, sb.ErrorMessage(err), fmt.Sprintf("%U", r))
			}
		}
		for name, bad := range invalidUTF8 {
			c := validContact()
			*at(&c) = "Ada" + bad
			err := c.Validate()
			requireFieldError(t, err, sb.EInvalid, field)
			require.Contains(t, sb.ErrorMessage(err), "UTF-8", name)
		}
	}
	// A patch is judged by what it leaves: a bidi control it brings is refused.
	c := validContact()
	rtl := "\u202eecalevoL"
	requireFieldError(t, c.Apply(sb.ContactPatch{LastName: &rtl}), sb.EInvalid, "lastName")
}

func TestContactApply(t *testing.T) {
	t.Parallel()
	p := func(s string) *string { return &s }
	for _, tc := range []struct {
		name   string
		stored sb.Contact
		patch  sb.ContactPatch
		want   sb.Contact // when valid
		code   string
		fields []string
	}{
		{"empty patch", sb.Contact{FirstName: "Ada"}, sb.ContactPatch{}, sb.Contact{FirstName: "Ada"}, "", nil},
		{"replace and clear", sb.Contact{FirstName: "Ada", Email: "a@example.com", Notes: "n"},
			sb.ContactPatch{FirstName: p("Grace"), Email: p(""), Company: p("Yale")},
			sb.Contact{FirstName: "Grace", Company: "Yale", Notes: "n"}, "", nil},
		{"clear the name while a phone stays", sb.Contact{FirstName: "Ada", Phone: "+14155552671"},
			sb.ContactPatch{FirstName: p("")}, sb.Contact{Phone: "+14155552671"}, "", nil},
		{"clear the only name", sb.Contact{FirstName: "Ada"}, sb.ContactPatch{FirstName: p("")},
			sb.Contact{}, sb.EInvalid, []string{"firstName"}},
		{"clear the name and the phone", sb.Contact{LastName: "L", Phone: "+14155552671"},
			sb.ContactPatch{LastName: p(""), Phone: p(""), Company: p("X")}, sb.Contact{}, sb.EInvalid, []string{"lastName", "phone"}},
		{"a bad value", sb.Contact{FirstName: "Ada"}, sb.ContactPatch{Email: p("nope")}, sb.Contact{}, sb.EInvalid, []string{"email"}},
		{"too long", sb.Contact{FirstName: "Ada"}, sb.ContactPatch{Notes: p(strings.Repeat("n", 10001))}, sb.Contact{}, sb.EInvalid, []string{"notes"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := tc.stored
			err := c.Apply(tc.patch)
			if tc.code == "" {
				require.NoError(t, err)
				require.Equal(t, tc.want, c)
				return
			}
			for _, f := range tc.fields {
				requireFieldError(t, err, tc.code, f)
			}
			require.Len(t, err.(*sb.Error).Details, len(tc.fields))
		})
	}
}

func TestDNCEntryValidate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		entry sb.DNCEntry
		code  string
		field string
	}{
		{"valid", sb.DNCEntry{Phone: "+14155552671", Reason: "asked\r\nnot to be called\t", Source: sb.DNCSourceImport}, "", ""},
		{"source left empty", sb.DNCEntry{Phone: "+14155552671"}, "", ""},
		{"reason at its length", sb.DNCEntry{Phone: "+14155552671", Reason: strings.Repeat("é", 1000)}, "", ""},
		{"no phone", sb.DNCEntry{Reason: "x"}, sb.EInvalid, "phone"},
		{"phone not normalized", sb.DNCEntry{Phone: "415 555 2671"}, sb.EInvalidPhone, "phone"},
		{"reason too long", sb.DNCEntry{Phone: "+14155552671", Reason: strings.Repeat("é", 1001)}, sb.EInvalid, "reason"},
		{"control character in the reason", sb.DNCEntry{Phone: "+14155552671", Reason: "a\x00b"}, sb.EInvalid, "reason"},
		{"unknown source", sb.DNCEntry{Phone: "+14155552671", Source: "fax"}, sb.EInvalid, "source"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			err := tc.entry.Validate()
			if tc.code == "" {
				require.NoError(t, err)
				return
			}
			requireFieldError(t, err, tc.code, tc.field)
		})
	}
	require.NoError(t, sb.DNCRemoval{Reason: "listed by mistake\n"}.Validate())
	requireFieldError(t, sb.DNCRemoval{Reason: strings.Repeat("x", 1001)}.Validate(), sb.EInvalid, "reason")
	requireFieldError(t, sb.DNCRemoval{Reason: "\x7f"}.Validate(), sb.EInvalid, "reason")
}

func TestIsE164(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"+14155552671": true, "+442079460958": true, "+123456789012345": true, "+12": true,
		"": false, "+": false, "+1": false, "14155552671": false, "+04155552671": false,
		"+1234567890123456": false, "+1 415 555 2671": false, "+1415555267a": false,
	} {
		require.Equal(t, want, sb.IsE164(s), "%q", s)
	}
}

// The rules' lengths are openapi.yaml's maxLength: the request validator
// refuses what is longer in a JSON body, Validate in every other way in (a
// CSV row, a merged patch), and the two must agree.
func TestRuleLengthsAreOpenAPIs(t *testing.T) {
	t.Parallel()
	doc, err := openapi3.NewLoader().LoadFromData(sb.OpenAPISpec)
	require.NoError(t, err)
	maxLen := func(schema, prop string) int {
		s := doc.Components.Schemas[schema]
		require.NotNil(t, s, schema)
		p := s.Value.Properties[prop]
		require.NotNil(t, p, "%s.%s", schema, prop)
		require.NotNil(t, p.Value.MaxLength, "%s.%s has no maxLength", schema, prop)
		return int(*p.Value.MaxLength)
	}
	for _, schema := range []string{"ContactCreate", "ContactPatch"} {
		require.Equal(t, sb.MaxNameLength, maxLen(schema, "firstName"), schema)
		require.Equal(t, sb.MaxNameLength, maxLen(schema, "lastName"), schema)
		require.Equal(t, sb.MaxNameLength, maxLen(schema, "company"), schema)
		require.Equal(t, sb.MaxEmailLength, maxLen(schema, "email"), schema)
		require.Equal(t, sb.MaxNotesLength, maxLen(schema, "notes"), schema)
	}
	require.Equal(t, sb.MaxDNCReasonLength, maxLen("DncCreate", "reason"))
	removal := doc.Paths.Find("/v1/dnc/{id}").Delete.Parameters.GetByInAndName("query", "reason")
	require.NotNil(t, removal)
	require.Equal(t, sb.MaxDNCReasonLength, int(*removal.Schema.Value.MaxLength))
}
