package csvimport

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Each row is held to Contact.Validate: every rule a POST enforces fails
// the row, naming the field ("row" for the name-or-phone rule), and the
// lengths are openapi.yaml's, counted in characters.
func TestBuildContactRules(t *testing.T) {
	t.Parallel()
	cols, ok := mapHeader([]string{"first name", "last name", "name", "phone", "email", "company", "notes"})
	require.True(t, ok)
	row := func(first, last, full, phone, email, company, notes string) []string {
		return []string{first, last, full, phone, email, company, notes}
	}
	for _, tc := range []struct {
		name  string
		rec   []string
		field string // "" means the row is imported
	}{
		{"a full row", row("Ada", "Lovelace", "", "(415) 555-2671", "ada@example.com", "AE", "two\nlines"), ""},
		{"a phone only", row("", "", "", "+44 20 7946 0958", "", "", ""), ""},
		{"a full name only", row("", "", "Ada King Lovelace", "", "", "", ""), ""},
		{"names at their length in characters", row(strings.Repeat("é", 200), strings.Repeat("ü", 200), "", "", "", strings.Repeat("ß", 200), ""), ""},
		{"first name too long", row(strings.Repeat("é", 201), "", "", "", "", "", ""), "firstName"},
		{"last name too long", row("A", strings.Repeat("x", 201), "", "", "", "", ""), "lastName"},
		{"company too long", row("A", "", "", "", "", strings.Repeat("x", 201), ""), "company"},
		{"notes too long", row("A", "", "", "", "", "", strings.Repeat("n", 10001)), "notes"},
		{"email too long", row("A", "", "", "", strings.Repeat("a", 64)+"@"+strings.Repeat("b", 300)+".com", "", ""), "email"},
		{"email not an address", row("A", "", "", "", "nope", "", ""), "email"},
		{"email with a display name", row("A", "", "", "", "Ada <ada@example.com>", "", ""), "email"},
		{"no name and no phone", row("", "", "", "", "a@example.com", "Co", ""), "row"},
		{"phone not a number", row("A", "", "", "12", "", "", ""), "phone"},
		{"control character around a phone", row("A", "", "", "4155552671\x1b", "", "", ""), "phone"},
		{"control character in a name", row("A\x00da", "", "", "", "", "", ""), "firstName"},
		{"control character in an unused column", row("Ada", "", "Ada\x07", "", "", "", ""), "name"},
		{"tab in notes is fine", row("A", "", "", "", "", "", "a\tb"), ""},
		{"invalid UTF-8", row("A", "", "", "", "", string([]byte{0xff}), ""), "company"},
		{"overlong UTF-8 in a name", row("A\xc0\xaf", "", "", "", "", "", ""), "firstName"},
		{"a CESU-8 surrogate in notes", row("A", "", "", "", "", "", "\xed\xa0\x80"), "notes"},
		{"invalid UTF-8 in a full name", row("", "", "Ada \xff", "", "", "", ""), "name"},
		{"invalid UTF-8 around a phone", row("A", "", "", "4155552671\xff", "", "", ""), "phone"},
		{"invalid UTF-8 in an email", row("A", "", "", "", "a\xff@example.com", "", ""), "email"},
		{"a bidi override in a first name", row("Ada\u202e", "", "", "", "", "", ""), "firstName"},
		{"a bidi isolate in a last name", row("A", "\u2067x", "", "", "", "", ""), "lastName"},
		{"a bidi embedding in a company", row("A", "", "", "", "", "\u202aCo", ""), "company"},
		{"a bidi control in a full name", row("", "", "Ada \u202eecalevoL", "", "", "", ""), "name"},
		{"a bidi control in notes is text", row("A", "", "", "", "", "", "\u202bשלום\u202c"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, rerr := buildContact(tc.rec, cols, "US")
			if tc.field == "" {
				require.Nil(t, rerr)
				require.NoError(t, c.Validate())
				return
			}
			require.Nil(t, c)
			require.NotNil(t, rerr)
			require.Equal(t, tc.field, rerr.Field, "%+v", rerr)
			require.NotEmpty(t, rerr.Message)
		})
	}
}

func TestBuildDNCEntryRules(t *testing.T) {
	t.Parallel()
	opts := DNCOptions{WorkspaceID: "ws", Region: "GB", AddedBy: "ada"}
	e, rerr := buildDNCEntry("020 7946 0958", "asked\nnot to", opts)
	require.Nil(t, rerr)
	require.Equal(t, "+442079460958", e.Phone, "national numbers in the import's region")
	require.Equal(t, "ada", e.AddedBy)
	for _, tc := range []struct{ name, phone, reason, field string }{
		{"no phone", "", "x", "phone"},
		{"not a number", "12", "", "phone"},
		{"control character around the phone", "\x1b02079460958", "", "phone"},
		{"reason too long", "+14155552671", strings.Repeat("é", 1001), "reason"},
		{"control character in the reason", "+14155552671", "a\x00", "reason"},
		{"invalid UTF-8 in the reason", "+14155552671", "a\xc0\xaf", "reason"},
		{"invalid UTF-8 around the phone", "+14155552671\xed\xa0\x80", "", "phone"},
	} {
		_, rerr := buildDNCEntry(tc.phone, tc.reason, opts)
		require.NotNil(t, rerr, tc.name)
		require.Equal(t, tc.field, rerr.Field, tc.name)
	}
}
