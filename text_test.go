package switchboard_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

func TestTruncate(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in string
		n        int
		want     string
	}{
		{"short enough", "+14155552671", 64, "+14155552671"},
		{"exactly n", "abcd", 4, "abcd"},
		{"cut and marked", "abcdef", 4, "abcd…"},
		// "é" is two bytes: a cut inside it backs off to the rune before.
		{"cut inside a rune", "abcé", 4, "abc…"},
		{"nothing left", "éé", 1, "…"},
		{"empty", "", 3, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := sb.Truncate(tc.in, tc.n)
			require.Equal(t, tc.want, got)
			require.True(t, utf8.ValidString(got))
		})
	}
	long := strings.Repeat("日本", 100)
	got := sb.Truncate(long, 64)
	require.LessOrEqual(t, len(strings.TrimSuffix(got, "…")), 64)
	require.True(t, utf8.ValidString(got))
}

// Only the free-text fields may span lines.
func TestMultiline(t *testing.T) {
	for name, want := range map[string]bool{"notes": true, "reason": true, "removalReason": true,
		"firstName": false, "phone": false, "": false} {
		if got := sb.Multiline(name); got != want {
			t.Errorf("Multiline(%q) = %v, want %v", name, got, want)
		}
	}
}

// BidiRunes are the bidirectional formatting characters names refuse:
// the embeddings and overrides, then the isolates.
var bidiRunes = []rune{0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069}

// Each bidirectional control is found wherever it stands; right-to-left
// text itself, the marks (U+200E, U+200F) and their neighbours in the
// same block are not.
func TestBidiControl(t *testing.T) {
	t.Parallel()
	for _, r := range bidiRunes {
		for _, s := range []string{string(r), "Ada" + string(r) + "gnp.exe", "é" + string(r)} {
			got, bad := sb.BidiControl(s)
			require.True(t, bad, "%q", s)
			require.Equal(t, r, got)
		}
	}
	for _, s := range []string{"", "Ada Lovelace", "עדה לאבלייס", "أدا", "a\u200eb\u200f", "\u2029\u2065\u206a", "€‚", "\U0001F600"} {
		_, bad := sb.BidiControl(s)
		require.False(t, bad, "%q", s)
	}
}

// A display name is held to the text rule and refuses bidirectional
// controls, naming the field; the length is counted in characters.
func TestCheckDisplayName(t *testing.T) {
	t.Parallel()
	require.NoError(t, sb.CheckDisplayName("firstName", "עדה", 200))
	require.NoError(t, sb.CheckDisplayName("company", strings.Repeat("é", 200), 200))
	for _, tc := range []struct{ v, msg string }{
		{"Ada\u202eecalevoL", "U+202E"},
		{"\u2066x\u2069", "U+2066"},
		{"a\nb", "control character"},
		{"a\xffb", "UTF-8"},
		{strings.Repeat("é", 201), "longer than 200"},
	} {
		err := sb.CheckDisplayName("company", tc.v, 200)
		require.Error(t, err, "%q", tc.v)
		require.Equal(t, sb.EInvalid, sb.ErrorCode(err))
		require.Equal(t, "company", err.(*sb.Error).Details[0].Field)
		require.Contains(t, err.Error(), tc.msg)
	}
}

// invalidUTF8 are the byte sequences that are not UTF-8, as a client sends
// them: a stray byte, an overlong encoding of "/", a surrogate half encoded
// as CESU-8 does, a truncated sequence and a code point past U+10FFFF.
var invalidUTF8 = map[string]string{
	"stray byte":       "\xff",
	"overlong":         "\xc0\xaf",
	"CESU-8 surrogate": "\xed\xa0\x80",
	"truncated":        "\xe2\x82",
	"past U+10FFFF":    "\xf4\x90\x80\x80",
}

// Each one fails CheckText, naming the field, wherever it stands.
func TestCheckTextInvalidUTF8(t *testing.T) {
	t.Parallel()
	for name, bad := range invalidUTF8 {
		for _, v := range []string{bad, "Ada" + bad, bad + "Ada"} {
			err := sb.CheckText("notes", v, 0, true)
			require.Error(t, err, name)
			require.Equal(t, "notes", err.(*sb.Error).Details[0].Field, name)
			require.Contains(t, err.Error(), "not valid UTF-8", name)
		}
	}
}
