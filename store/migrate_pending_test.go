package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store"
)

// PendingMigrations, which /readyz reads: the migrations a database behind
// this build lacks, then none once migrated.
func TestPendingMigrations(t *testing.T) {
	for _, d := range migrationDatabases {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			storeURL, _, _ := d.urls(t)
			db, err := store.Open(ctx, storeURL, nil)
			require.NoError(t, err)
			t.Cleanup(func() { _ = db.Close() })

			ms, err := db.Migrations()
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(ms), 2)
			last := ms[len(ms)-1]
			require.NoError(t, db.MigrateTo(ctx, ms[len(ms)-2].Version))
			pending, err := db.PendingMigrations(ctx)
			require.NoError(t, err)
			require.Equal(t, []string{last.Name}, pending)

			require.NoError(t, db.Migrate(ctx))
			pending, err = db.PendingMigrations(ctx)
			require.NoError(t, err)
			require.Empty(t, pending)
		})
	}
}
