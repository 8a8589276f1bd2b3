package driver_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// PrefixEnd bounds exactly the strings that start with its prefix, byte
// for byte, which is how the rank's keys compare (driver.RankKeys).
func TestPrefixEnd(t *testing.T) {
	for _, c := range []struct {
		prefix, end string
		bounded     bool
	}{
		{"labs", "labt", true},
		{"ada love", "ada lovf", true},
		{"zz", "z{", true},
		{"émi", "émj", true},
		{"a\U0010FFFF", "b", true},
		{"\uD7FF", "\uE000", true}, // past the surrogates
		{"\U0010FFFF\U0010FFFF", "", false},
	} {
		end, bounded := driver.PrefixEnd(c.prefix)
		require.Equal(t, c.end, end, "%q", c.prefix)
		require.Equal(t, c.bounded, bounded, "%q", c.prefix)
	}

	// Every string starting with the prefix is in [prefix, end), and the
	// strings around it that do not are outside.
	for _, prefix := range []string{"labs", "a\U0010FFFF", "\uD7FF", "ω", "o'b"} {
		end, _ := driver.PrefixEnd(prefix)
		for _, s := range []string{prefix, prefix + " ", prefix + "z", prefix + "\U0010FFFF", prefix + "\uFFFD", prefix + "\x00"} {
			require.True(t, s >= prefix && s < end, "%q in [%q, %q)", s, prefix, end)
		}
		last, size := utf8.DecodeLastRuneInString(prefix)
		before := prefix[:len(prefix)-size] + string(last-1)
		require.False(t, before >= prefix && before < end, "%q", before)
		require.False(t, strings.HasPrefix(end, prefix), "%q", end)
	}
}
