package store_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSearchDifferentialTuned runs the differential search test (Run runs it
// as the store is) on stores tuned so that a workspace of a few hundred
// contacts takes the paths of a large one: searches estimated over 30
// matches are broad, and walks give way after 40 rows to the index or, for
// searches estimated over 150 matches (walkOn), to a walk without bound.
//
// On SQLite a broad search's window is read from the FTS5 index in
// insertion order: as it is, giving way to the walks after 60 candidates,
// and never (the walks alone). On both, with no search called broad by
// its sample but every one of over 40 matches broad past its candidates'
// count. On PostgreSQL also with a probe of the newest 10 rows and no
// count of the "starts with" matches when the sample estimates more than
// 5 of them. Every third batch of contacts is stamped
// before the batches stored ahead of it, so that the workspace holds rows
// out of insertion order, which that read must merge in.
func TestSearchDifferentialTuned(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		for _, v := range []struct {
			broad, walkOn, ordered, rankCap, probe, rankMany int
			short                                            int // shortReadCap; 0: the store's
			// early is earlyAbove (0: the store's), and inOrder
			// stamps every contact after the one before.
			early   int
			inOrder bool
		}{
			{30, 150, 20000, 5000, 5000, 2000, 0, 0, false}, {30, 1 << 30, 20000, 5000, 5000, 2000, 0, 0, false}, {30, 1 << 30, 60, 5000, 5000, 2000, 0, 0, false},
			{30, 150, 0, 5000, 5000, 2000, 0, 0, false}, {1 << 30, 150, 20000, 40, 5000, 2000, 0, 0, false},
			// PostgreSQL's probe of 10 rows, and no count of "starts
			// with" matches the sample estimates over 5.
			{30, 150, 20000, 5000, 10, 5, 0, 0, false}, {30, 1 << 30, 20000, 5000, 10, 5, 0, 0, false},
			// Short queries broad past 30 matches: their counts, and
			// the "starts with" matches they saw or did not see first.
			{30, 150, 20000, 5000, 10, 5, 30, 0, false}, {30, 150, 20000, 5000, 5000, 2000, 30, 0, false},
			// SQLite's ranked reads stopping past 60 matches once
			// their page is in hand: with every row in insertion
			// order, and with rows out of it (which read every match).
			{1 << 30, 150, 20000, 5000, 5000, 2000, 0, 60, true}, {1 << 30, 150, 20000, 5000, 5000, 2000, 0, 60, false},
		} {
			if d.Name != "sqlite" && (v.ordered != 20000 || v.early > 0) {
				continue // PostgreSQL has no ordered index
			}
			if d.Name == "sqlite" && v.probe != 5000 {
				continue // SQLite has no probe
			}
			t.Run(fmt.Sprintf("%s/broad=%d/walkOn=%d/ordered=%d/rankCap=%d/probe=%d/rankMany=%d/short=%d/early=%d/inOrder=%t", d.Name, v.broad, v.walkOn, v.ordered, v.rankCap, v.probe, v.rankMany, v.short, v.early, v.inOrder), func(t *testing.T) {
				t.Parallel()
				storetest.RunSearchDifferential(t, func(t testing.TB, opts ...store.Option) *store.DB {
					opts = append(opts, store.WithBroadAbove(v.broad), store.WithWalkRows(40), store.WithWalkOnAbove(v.walkOn),
						store.WithOrderedRows(v.ordered), store.WithRankReadCap(v.rankCap), store.WithProbeRows(v.probe),
						store.WithRankManyAbove(v.rankMany))
					if v.inOrder {
						opts = append(opts, store.WithContactClock(forwards()))
					} else {
						opts = append(opts, store.WithContactClock(backwardsEveryThird()))
					}
					if v.early > 0 {
						opts = append(opts, store.WithEarlyAbove(v.early))
					}
					if v.short > 0 {
						opts = append(opts, store.WithShortReadCap(v.short))
					}
					return d.Open(t, opts...)
				}, false)
			})
		}
	}
}

// backwardsEveryThird is a clock a second ahead at each reading but every
// third, which is five seconds behind the one before.
func backwardsEveryThird() func() time.Time {
	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	var n atomic.Int64
	return func() time.Time {
		k := n.Add(1)
		if k%3 == 0 {
			return t0.Add(time.Duration(k-5) * time.Second)
		}
		return t0.Add(time.Duration(k) * time.Second)
	}
}

// forwards is a clock a second ahead at each reading.
func forwards() func() time.Time {
	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	var n atomic.Int64
	return func() time.Time { return t0.Add(time.Duration(n.Add(1)) * time.Second) }
}
