package store_test

import (
	"fmt"
	"testing"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSearchDifferentialTuned runs the differential search test (Run runs it
// as the store is) on stores tuned so that a workspace of a few hundred
// contacts takes the paths of a large one: searches estimated over 30
// matches are broad, and walks give way after 40 rows to the index or, for
// searches estimated over 150 matches (walkOn), to a walk without bound.
func TestSearchDifferentialTuned(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		for _, walkOn := range []int{150, 1 << 30} {
			t.Run(fmt.Sprintf("%s/walkOn=%d", d.Name, walkOn), func(t *testing.T) {
				t.Parallel()
				storetest.RunSearchDifferential(t, func(t testing.TB, opts ...store.Option) *store.DB {
					return d.Open(t, append(opts, store.WithBroadAbove(30), store.WithWalkRows(40), store.WithWalkOnAbove(walkOn))...)
				}, false)
			})
		}
	}
}
