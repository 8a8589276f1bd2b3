package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSmallWorkspaceReadsItsRows (PostgreSQL): a workspace of a few
// hundred contacts beside one of a few thousand counts its search's
// matches by reading its own rows through the workspace's index, never
// the trigram index every workspace shares, and never the whole table;
// the large workspace's search keeps the trigram index's condition.
func TestSmallWorkspaceReadsItsRows(t *testing.T) {
	if !storetest.Wanted("postgres") {
		t.Skip("PostgreSQL not wanted")
	}
	t.Parallel()
	ctx := context.Background()
	db := storetest.OpenPostgres(t)
	small, large := storetest.NewWorkspaceID(), storetest.NewWorkspaceID()
	for ws, n := range map[string]int{small: 300, large: 3000} {
		batch := make([]*switchboard.Contact, n)
		for i := range batch {
			batch[i] = &switchboard.Contact{FirstName: "Ada", LastName: fmt.Sprintf("Lovelace%d", i),
				Company: "Bell Labs Inc", Phone: fmt.Sprintf("+1415555%04d", i)}
		}
		_, err := db.ImportContacts(ctx, ws, batch, false)
		require.NoError(t, err)
	}
	db.FinishImport(ctx, 3300)

	for _, query := range []string{"inc", "lovelace12", "415 55", "ad"} {
		plan, err := db.CountPlan(ctx, switchboard.ContactSearch{WorkspaceID: small, Query: query})
		require.NoError(t, err)
		require.NotContains(t, plan, "search_idx", "%q in the small workspace: no condition of the trigram index", query)
		require.NotContains(t, plan, "contacts_search_trgm", query)
		require.NotContains(t, plan, "Seq Scan", query)
		require.Contains(t, plan, "workspace_id", query)
	}
	plan, err := db.CountPlan(ctx, switchboard.ContactSearch{WorkspaceID: large, Query: "lovelace12"})
	require.NoError(t, err)
	require.Contains(t, plan, "search_idx", "the large workspace's search keeps the trigram index's condition")
}

// TestSearchDifferentialScans (PostgreSQL) runs the differential search
// test with the workspace searched reading its own rows (its neighbour is
// as large, so the store is told a workspace of up to half the table
// does): as the store is, and tuned so that its searches take the broad
// paths, the probe and the short queries' caps.
func TestSearchDifferentialScans(t *testing.T) {
	if !storetest.Wanted("postgres") {
		t.Skip("PostgreSQL not wanted")
	}
	t.Parallel()
	for _, tuned := range []bool{false, true} {
		t.Run(fmt.Sprintf("tuned=%t", tuned), func(t *testing.T) {
			t.Parallel()
			storetest.RunSearchDifferential(t, func(t testing.TB, opts ...store.Option) *store.DB {
				opts = append(opts, store.WithScanWorkspace(1000, 2))
				if tuned {
					opts = append(opts, store.WithBroadAbove(30), store.WithWalkRows(40), store.WithWalkOnAbove(150),
						store.WithProbeRows(10), store.WithRankManyAbove(5), store.WithShortReadCap(30), store.WithContactClock(backwardsEveryThird()))
				}
				return storetest.OpenPostgres(t, opts...)
			}, !tuned)
		})
	}
}
