package telephony_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/nyaruka/phonenumbers"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// twilioClientName is what Twilio and the simulator accept after client:.
var twilioClientName = regexp.MustCompile(`^[A-Za-z0-9_.@-]{1,121}$`)

func TestClientIdentityRoundTrip(t *testing.T) {
	for _, tc := range []struct{ ws, agent, want string }{
		{"ws_acme", "ada", "ws_5Facme.ada"},
		{"acme", "ada.lovelace@example.com", "acme.ada_2Elovelace_40example_2Ecom"},
		{"0192f6a4-5b1e", "Grace Hopper", "0192f6a4-5b1e.Grace_20Hopper"},
		{"a.b", "c", "a_2Eb.c"}, // a dot in a part is escaped: the split is unambiguous
		{"a", "b.c", "a.b_2Ec"},
		{"ünï", "_", "_C3_BCn_C3_AF._5F"},
	} {
		id, err := telephony.ClientIdentity(tc.ws, tc.agent)
		require.NoError(t, err)
		require.Equal(t, tc.want, id)
		require.Regexp(t, twilioClientName, id)
		ws, agent, ok := telephony.ParseClientIdentity(id)
		require.True(t, ok, id)
		require.Equal(t, tc.ws, ws)
		require.Equal(t, tc.agent, agent)
	}
}

// TestClientIdentityTenants: the same agent name in two workspaces gets two
// identities, and nothing one workspace's names can produce reads as
// another's.
func TestClientIdentityTenants(t *testing.T) {
	a, _ := telephony.ClientIdentity("ws_a", "ada")
	b, _ := telephony.ClientIdentity("ws_b", "ada")
	require.NotEqual(t, a, b)
	// "x.y" + "z" and "x" + "y.z" must differ.
	c, _ := telephony.ClientIdentity("x.y", "z")
	d, _ := telephony.ClientIdentity("x", "y.z")
	require.NotEqual(t, c, d)
}

func TestClientIdentityRefused(t *testing.T) {
	for _, in := range []string{
		"ada",           // a bare agent name, as before identities carried the workspace
		"ws.",           // no agent
		".ada",          // no workspace
		"ws_acme.ada",   // "_ac" is not an escape
		"ws_5facme.ada", // lower-case hex
		"ws_61cme.ada",  // an escaped plain byte ("a")
		"ws.ada.extra",  // a second dot
		"ws_5.ada",      // a truncated escape
		"ws_5",          // no dot
		"ws.a da",       // a space
		strings.Repeat("a", 120) + ".b",
	} {
		_, _, ok := telephony.ParseClientIdentity(in)
		require.False(t, ok, in)
	}
	_, err := telephony.ClientIdentity("", "ada")
	require.Equal(t, sb.EInvalid, sb.ErrorCode(err))
	_, err = telephony.ClientIdentity(strings.Repeat("w", 60), strings.Repeat("é", 20))
	require.Equal(t, sb.EInvalid, sb.ErrorCode(err), "120 bytes after escaping is over the limit")
}

func TestTimeZones(t *testing.T) {
	require.Equal(t, []string{"America/Los_Angeles"}, telephony.TimeZones("+14155552671"))
	require.Equal(t, []string{"America/New_York"}, telephony.TimeZones("+12125551234"))
	require.Equal(t, []string{"America/Denver", "America/North_Dakota/Center"}, telephony.TimeZones("+17015550123"))
	require.Equal(t, []string{"Europe/Moscow"}, telephony.TimeZones("+79161234567"))
	// The simulator's numbers (NANP 500, non-geographic) are in every zone
	// of the plan, from Guam to Pago Pago.
	sim := telephony.TimeZones("+15005550100")
	require.Contains(t, sim, "Pacific/Guam")
	require.Contains(t, sim, "Pacific/Pago_Pago")
	require.Contains(t, sim, "America/St_Johns")
	// International freephone (+800) has no zone.
	require.Equal(t, []string{"Etc/Unknown"}, telephony.TimeZones("+80012345678"))
	require.Nil(t, telephony.TimeZones("not a number"))
	require.Nil(t, telephony.TimeZones("+1 415 555 2671"), "normalized numbers only")
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
		require.Equal(t, want, telephony.TimeZones(n), n)
	}
}
