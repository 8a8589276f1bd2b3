package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

func TestStoreSQLite(t *testing.T) {
	t.Parallel()
	if !storetest.Wanted("sqlite") {
		t.Skip(storetest.EnvDatabases + " leaves SQLite out")
	}
	storetest.Run(t, storetest.OpenSQLite)
}

// TestStorePostgres needs TEST_DATABASE_URL, e.g.
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable; it skips without.
func TestStorePostgres(t *testing.T) {
	t.Parallel()
	storetest.OpenPostgres(t) // skips early, once, when the variable is unset
	storetest.Run(t, storetest.OpenPostgres)
}

func TestOpen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()

	t.Run("UnknownScheme", func(t *testing.T) {
		t.Parallel()
		_, err := store.Open(ctx, "mysql://x", nil)
		require.ErrorContains(t, err, "unsupported database URL")
	})

	t.Run("SQLiteMemory", func(t *testing.T) {
		t.Parallel()
		db, err := store.Open(ctx, "sqlite::memory:", nil)
		require.NoError(t, err)
		defer db.Close()
		require.NoError(t, db.Migrate(ctx))
		require.NoError(t, db.Ping(ctx))
	})

	t.Run("SQLiteReopen", func(t *testing.T) {
		t.Parallel()
		url := "sqlite:" + filepath.Join(t.TempDir(), "sb.db")
		db, err := store.Open(ctx, url, nil)
		require.NoError(t, err)
		require.NoError(t, db.Migrate(ctx))
		plain, _, err := db.CreateToken(ctx, "ws", "alice", "")
		require.NoError(t, err)
		require.NoError(t, db.Close())

		db, err = store.Open(ctx, url, nil)
		require.NoError(t, err)
		defer db.Close()
		require.NoError(t, db.Migrate(ctx))
		_, err = db.Authenticate(ctx, plain)
		require.NoError(t, err)
	})
}
