package contacts_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// Normalize answers what is known of a number: a number that is not valid
// is an answer without a normalized form or an area code, not an error; a
// blank input is an error; a national number is read in the region given,
// else in the service's default.
func TestNormalize(t *testing.T) {
	t.Parallel()
	svc := newService(t, storetest.OpenSQLite(t), "US")
	for _, tc := range []struct {
		input, region                  string
		normalized, country, area, typ string
		valid                          bool
	}{
		{"(415) 555-2671", "", "+14155552671", "US", "415", "fixed-line-or-mobile", true},
		{"020 7946 0958", "GB", "+442079460958", "GB", "20", "fixed-line", true},
		{"+44 20 7946 0958", "", "+442079460958", "GB", "20", "fixed-line", true},
		{"1-800-555-0100", "", "+18005550100", "US", "", "toll-free", true},
		{"banana", "", "", "", "", "unknown", false},
		{"123", "", "", "", "", "unknown", false},
	} {
		n, err := svc.Normalize(tc.input, tc.region)
		require.NoError(t, err, tc.input)
		require.Equal(t, tc.input, n.Original)
		require.Equal(t, tc.normalized, n.E164, tc.input)
		require.Equal(t, tc.valid, n.Valid, tc.input)
		if tc.valid {
			require.Equal(t, tc.country, n.Region, tc.input)
			require.Equal(t, tc.area, n.AreaCode, tc.input)
			require.Equal(t, tc.typ, n.Type, tc.input)
		}
	}
	for _, blank := range []string{"", " "} {
		_, err := svc.Normalize(blank, "")
		requireCode(t, err, sb.EInvalid, "phone")
	}
}
