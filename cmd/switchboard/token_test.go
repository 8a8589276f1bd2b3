package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// token create --ttl, token list and token revoke (by token and by id), run
// as the operator runs them.
func TestTokenLifecycleCommands(t *testing.T) {
	getenv := testEnv(t, nil)
	ctx := context.Background()
	cli := func(args ...string) (string, error) {
		var out, errOut bytes.Buffer
		err := run(ctx, args, getenv, &out, &errOut)
		return out.String(), err
	}
	last := func(s string) string {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		return lines[len(lines)-1]
	}
	out, err := cli("token", "create", "--workspace", "ws_t", "--identity", "ada", "--ttl", "2h")
	require.NoError(t, err)
	require.Contains(t, out, "expires ")
	ada := last(out)
	out, err = cli("token", "create", "--workspace", "ws_t", "--identity", "boss", "--role", "admin")
	require.NoError(t, err)
	require.Contains(t, out, "never expires")
	bossID := strings.Fields(out)[1]

	_, err = cli("token", "create", "--workspace", "ws_t", "--identity", "x", "--ttl", "soon")
	require.Error(t, err, "the TTL is a Go duration")
	_, err = cli("token", "create", "--workspace", "ws_t", "--identity", "x", "--ttl", "-1h")
	require.Error(t, err)

	out, err = cli("token", "list", "--workspace", "ws_t")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 3, out)
	require.NotContains(t, out, ada, "a listing never shows a secret")
	require.Contains(t, lines[2], bossID)
	require.Contains(t, lines[2], "never")

	_, err = cli("token", "revoke", "--token", ada)
	require.NoError(t, err)
	_, err = cli("token", "revoke", "--id", bossID)
	require.NoError(t, err)
	_, err = cli("token", "revoke", "--id", bossID)
	require.Error(t, err, "a token is revoked once")
	_, err = cli("token", "revoke")
	require.Error(t, err, "revoke names a token")
	out, err = cli("token", "list", "--workspace", "ws_t")
	require.NoError(t, err)
	for _, l := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		f := strings.Fields(l)
		require.NotEqual(t, "-", f[len(f)-1], "revoked: %s", l)
	}
	_, err = cli("token", "list")
	require.Error(t, err)
}
