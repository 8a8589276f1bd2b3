package store_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestOutcomeDefaultsTwoInstances: two processes on one PostgreSQL
// database meeting a workspace's outcomes for the first time at once write
// its seven defaults once.
func TestOutcomeDefaultsTwoInstances(t *testing.T) {
	t.Parallel()
	url := storetest.PostgresURL(t)
	ctx := context.Background()
	dbs := make([]*store.DB, 2)
	for i := range dbs {
		db, err := store.Open(ctx, url, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		require.NoError(t, db.Migrate(ctx))
		dbs[i] = db
	}
	for round := range 5 {
		ws := storetest.NewWorkspaceID()
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, err := dbs[i%2].ListOutcomes(ctx, ws, true, switchboard.Page{Limit: 50})
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			require.NoError(t, err)
		}
		got, meta, err := dbs[round%2].ListOutcomes(ctx, ws, true, switchboard.Page{Limit: 50})
		require.NoError(t, err)
		require.Equal(t, len(switchboard.DefaultOutcomes), meta.Total, "round %d", round)
		for i, d := range switchboard.DefaultOutcomes {
			require.Equal(t, d.Name, got[i].Name)
		}
	}
}
