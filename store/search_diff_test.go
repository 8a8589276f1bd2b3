package store_test

import (
	"testing"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSearchDifferentialTuned runs the differential search test (Run runs it
// as the store is) on stores tuned so that a workspace of a few hundred
// contacts takes the paths of a large one: searches estimated over 30
// matches are broad, and PostgreSQL's walks give way to the index after 40
// rows.
func TestSearchDifferentialTuned(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			storetest.RunSearchDifferential(t, func(t testing.TB, opts ...store.Option) *store.DB {
				return d.Open(t, append(opts, store.WithBroadAbove(30), store.WithWalkRows(40))...)
			}, false)
		})
	}
}
