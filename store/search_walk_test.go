package store_test

import (
	"testing"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSearchShortWalks runs the search suites with walks bounded to 300
// rows: on the suites' small workspaces the walks of broad searches then
// give way to the index, which must return what the walks would, in the
// same order, by offset and by cursor.
func TestSearchShortWalks(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			d.Open(t) // skips when PostgreSQL's TEST_DATABASE_URL is unset
			storetest.RunSearch(t, func(t testing.TB, opts ...store.Option) *store.DB {
				return d.Open(t, append(opts, store.WithWalkRows(300))...)
			})
		})
	}
}

// TestSearchSampledBroad runs the search suites with the sample's
// threshold lowered to 1,500 matches (above the 1,000 a search counts, as
// the real one is): on the suites' small workspaces the broad searches then
// skip reading their candidates, and must return what the candidates
// would, in the same order, with the same totals.
func TestSearchSampledBroad(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			d.Open(t) // skips when PostgreSQL's TEST_DATABASE_URL is unset
			storetest.RunSearch(t, func(t testing.TB, opts ...store.Option) *store.DB {
				return d.Open(t, append(opts, store.WithBroadAbove(1500))...)
			})
		})
	}
}
