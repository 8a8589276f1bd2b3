package telephony_test

import (
	"regexp"
	"strings"
	"testing"

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
