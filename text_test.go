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
