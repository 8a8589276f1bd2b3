package phone_test

import (
	"testing"

	"github.com/nyaruka/phonenumbers"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/telephony/phone"
)

func TestTimeZones(t *testing.T) {
	require.Equal(t, []string{"America/Los_Angeles"}, phone.TimeZones("+14155552671"))
	require.Equal(t, []string{"America/New_York"}, phone.TimeZones("+12125551234"))
	require.Equal(t, []string{"America/Denver", "America/North_Dakota/Center"}, phone.TimeZones("+17015550123"))
	require.Equal(t, []string{"Europe/Moscow"}, phone.TimeZones("+79161234567"))
	// The simulator's numbers (NANP 500, non-geographic) are in every zone
	// of the plan, from Guam to Pago Pago.
	sim := phone.TimeZones("+15005550100")
	require.Contains(t, sim, "Pacific/Guam")
	require.Contains(t, sim, "Pacific/Pago_Pago")
	require.Contains(t, sim, "America/St_Johns")
	// International freephone (+800) has no zone.
	require.Equal(t, []string{"Etc/Unknown"}, phone.TimeZones("+80012345678"))
	require.Nil(t, phone.TimeZones("not a number"))
	require.Nil(t, phone.TimeZones("+1 415 555 2671"), "normalized numbers only")
}

// TestTimeZonesMatchLibrary: reading the zone table from the E.164 string
// gives what the library gives for the parsed number.
func TestTimeZonesMatchLibrary(t *testing.T) {
	for _, n := range []string{"+14155552671", "+17015550123", "+15005550100", "+80012345678", "+442079460958",
		"+390612345678", "+61212345678", "+79161234567", "+4915112345678", "+5511987654321"} {
		num, err := phonenumbers.Parse(n, "")
		require.NoError(t, err)
		want, err := phonenumbers.GetTimezonesForNumber(num)
		require.NoError(t, err)
		require.Equal(t, want, phone.TimeZones(n), n)
	}
}
