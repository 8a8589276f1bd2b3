package storetest

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

func testMigrate(t *testing.T, open Opener) {
	db := open(t)
	// Migrating an up-to-date database changes nothing and fails nothing.
	require.NoError(t, db.Migrate(ctx()))
	require.NoError(t, db.Ping(ctx()))
	ms, err := db.Migrations()
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
		require.NotNil(t, got.LastUsedAt, "the first use is recorded")
		used := *got.LastUsedAt
		got.LastUsedAt = nil
		require.Equal(t, tok, got)
		// Within the minute, a use writes nothing: the stored time stays.
		again, err := db.Authenticate(ctx(), plain)
		require.NoError(t, err)
		require.Equal(t, used, *again.LastUsedAt)

		// A second token of the same workspace is distinct.
		plain2, tok2, err := db.CreateToken(ctx(), ws, "bob", "")
		require.NoError(t, err)
		require.NotEqual(t, plain, plain2)
		require.Equal(t, switchboard.RoleAgent, tok2.Role, "empty role means agent")
	})

	t.Run("ExpiringListRevoke", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		at := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
		plain, tok, err := db.CreateExpiringToken(ctx(), ws, "dora", switchboard.RoleAgent, at)
		require.NoError(t, err)
		require.Equal(t, at, *tok.ExpiresAt)
		require.True(t, tok.Expired(at))
		require.False(t, tok.Expired(at.Add(-time.Second)))
		plain2, tok2, err := db.CreateToken(ctx(), ws, "erin", switchboard.RoleAdmin)
		require.NoError(t, err)

		list, err := db.ListTokens(ctx(), ws)
		require.NoError(t, err)
		require.Len(t, list, 2)
		require.Equal(t, []string{tok.ID, tok2.ID}, []string{list[0].ID, list[1].ID})
		require.Equal(t, at, *list[0].ExpiresAt)
		require.Nil(t, list[1].ExpiresAt)

		// By plaintext, then by id; a second revoke finds nothing.
		revoked, err := db.RevokeToken(ctx(), plain)
		require.NoError(t, err)
		require.Equal(t, tok.ID, revoked.ID)
		require.NotNil(t, revoked.RevokedAt)
		_, err = db.Authenticate(ctx(), plain)
		require.Equal(t, switchboard.EUnauthorized, switchboard.ErrorCode(err))
		_, err = db.RevokeToken(ctx(), tok2.ID)
		require.NoError(t, err)
		_, err = db.Authenticate(ctx(), plain2)
		require.Equal(t, switchboard.EUnauthorized, switchboard.ErrorCode(err))
		_, err = db.RevokeToken(ctx(), tok2.ID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		list, err = db.ListTokens(ctx(), ws)
		require.NoError(t, err)
		require.NotNil(t, list[0].RevokedAt, "revoked tokens stay listed")
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
