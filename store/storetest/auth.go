package storetest

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

func testMigrate(t *testing.T, open Opener) {
	db := open(t)
	// Migrating an up-to-date database changes nothing and fails nothing.
	require.NoError(t, db.Migrate(ctx()))
	require.NoError(t, db.Ping(ctx()))
	ms, err := store.Migrations(db.Dialect())
	require.NoError(t, err)
	require.NotEmpty(t, ms)
	require.Equal(t, 1, ms[0].Version)
}

func testAuth(t *testing.T, open Opener) {
	db := open(t)

	t.Run("ServerKey", func(t *testing.T) {
		t.Parallel()
		k, err := db.ServerKey(ctx(), "cursor")
		require.NoError(t, err)
		require.Len(t, k, 32)
		again, err := db.ServerKey(ctx(), "cursor")
		require.NoError(t, err)
		require.Equal(t, k, again, "created once, then kept")
		other, err := db.ServerKey(ctx(), "other")
		require.NoError(t, err)
		require.NotEqual(t, k, other)
	})

	t.Run("CreateAndAuthenticate", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		plain, tok, err := db.CreateToken(ctx(), ws, "alice", switchboard.RoleAdmin)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(plain, store.TokenPrefix))
		require.Len(t, plain, len(store.TokenPrefix)+64)
		require.NotEmpty(t, tok.ID)
		require.Equal(t, ws, tok.WorkspaceID)
		require.Equal(t, "alice", tok.Identity)
		require.Equal(t, switchboard.RoleAdmin, tok.Role)
		require.False(t, tok.CreatedAt.IsZero())

		got, err := db.Authenticate(ctx(), plain)
		require.NoError(t, err)
		require.Equal(t, tok, got)

		// A second token of the same workspace is distinct.
		plain2, tok2, err := db.CreateToken(ctx(), ws, "bob", "")
		require.NoError(t, err)
		require.NotEqual(t, plain, plain2)
		require.Equal(t, switchboard.RoleAgent, tok2.Role, "empty role means agent")
	})

	t.Run("Unauthorized", func(t *testing.T) {
		t.Parallel()
		for _, plain := range []string{"", "sb_nope", store.HashToken("x")} {
			_, err := db.Authenticate(ctx(), plain)
			require.Equal(t, switchboard.EUnauthorized, switchboard.ErrorCode(err), "token %q", plain)
		}
		// The stored hash is not a credential.
		plain, _, err := db.CreateToken(ctx(), NewWorkspaceID(), "carol", switchboard.RoleAgent)
		require.NoError(t, err)
		_, err = db.Authenticate(ctx(), store.HashToken(plain))
		require.Equal(t, switchboard.EUnauthorized, switchboard.ErrorCode(err))
	})

	t.Run("Invalid", func(t *testing.T) {
		t.Parallel()
		for _, tc := range []struct {
			name, ws, identity string
			role               switchboard.Role
		}{
			{"NoWorkspace", "", "alice", switchboard.RoleAgent},
			{"NoIdentity", NewWorkspaceID(), " ", switchboard.RoleAgent},
			{"UnknownRole", NewWorkspaceID(), "alice", "owner"},
		} {
			_, _, err := db.CreateToken(ctx(), tc.ws, tc.identity, tc.role)
			require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err), tc.name)
		}
	})

	t.Run("IdentityInWorkspace", func(t *testing.T) {
		t.Parallel()
		wsA, wsB := NewWorkspaceID(), NewWorkspaceID()
		_, _, err := db.CreateToken(ctx(), wsA, "dave", switchboard.RoleAgent)
		require.NoError(t, err)
		_, _, err = db.CreateToken(ctx(), wsB, "erin", switchboard.RoleAgent)
		require.NoError(t, err)
		for _, tc := range []struct {
			ws, identity string
			want         bool
		}{
			{wsA, "dave", true},
			{wsA, "erin", false},
			{wsB, "dave", false},
			{NewWorkspaceID(), "dave", false},
		} {
			ok, err := db.IdentityInWorkspace(ctx(), tc.ws, tc.identity)
			require.NoError(t, err)
			require.Equal(t, tc.want, ok, "%s in %s", tc.identity, tc.ws)
		}
	})
}
