package store

// After an import that grew the contacts table by a fifth or more, the
// store merges the search index's pieces in the background, where the
// driver's index has them (driver.IndexMerger: SQLite's FTS5 segments).
// Each step is its own short transaction of the writer, and the merge
// pauses twice as long as each step took, so that the writes of calls and
// contacts go between its steps and it takes at most a third of the
// writer; while an import writes its batches (the next file of a large
// upload, say) it waits for a second without one. It is best effort: a
// failed step, the store's Close or the process's death leaves the index
// as it was after the last step, whole and correct, only in more pieces.

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// indexMerge is the state of the background merge.
type indexMerge struct {
	mu sync.Mutex
	// running says a merge goroutine runs; again, that an import finished
	// while it did, so that it looks once more before it ends.
	running, again bool
	// idle is closed when the running merge ends (nil: none has run).
	idle chan struct{}
	// work is the running merge, stopped with the store (closeMerge).
	work background
	// lastImport is when an import last wrote a batch (UnixNano).
	lastImport atomic.Int64
}

// importQuiet is how long after an import's last batch the merge waits
// before its next step (tests change it: tuning).
const importQuiet = time.Second

// importing notes an import's batch.
func (s *indexMerge) importing() { s.lastImport.Store(time.Now().UnixNano()) }

// untilQuiet waits until no import has written a batch for quiet, or ctx
// ends (false).
func (s *indexMerge) untilQuiet(ctx context.Context, quiet time.Duration) bool {
	for {
		wait := time.Until(time.Unix(0, s.lastImport.Load()).Add(quiet))
		if wait <= 0 {
			return true
		}
		if !pause(ctx, wait) {
			return false
		}
	}
}

// mergeAfterImport starts the background merge of the search index when
// the driver has one to merge and an import of inserted rows made it worth
// it.
func (db *DB) mergeAfterImport(ctx context.Context, inserted int) {
	m, ok := db.drv.(driver.IndexMerger)
	if !ok {
		return
	}
	worth, err := m.MergeAfterImport(db.r.WithContext(ctx), inserted)
	if err != nil {
		db.logger.DebugContext(ctx, "deciding on the search index's merge failed", "err", err)
		return
	}
	if !worth {
		return
	}
	s := &db.merge
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.work.closed:
		return
	case s.running:
		s.again = true
		return
	}
	s.running, s.idle = true, make(chan struct{})
	s.work.start(func(ctx context.Context) { db.runMerge(ctx, m) })
}

// runMerge steps the merge until the index has nothing left to merge.
func (db *DB) runMerge(ctx context.Context, m driver.IndexMerger) {
	s := &db.merge
	start, steps := time.Now(), 0
	db.logger.InfoContext(ctx, "merging the search index after an import")
	ended := false
	defer func() {
		if !ended {
			s.end(false)
		}
	}()
	for {
		if !s.untilQuiet(ctx, db.tune.importQuiet) {
			return
		}
		began := time.Now()
		var more bool
		err := db.w.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			var err error
			more, err = m.MergeIndexStep(tx)
			return err
		})
		if err != nil {
			if ctx.Err() == nil {
				db.logger.WarnContext(ctx, "merging the search index failed; it stays as it is", "err", err, "steps", steps)
			}
			return
		}
		steps++
		if !more && s.end(true) {
			ended = true
			db.logger.InfoContext(ctx, "search index merged", "steps", steps, "elapsed", time.Since(start))
			return
		}
		if !pause(ctx, 2*time.Since(began)) {
			return
		}
	}
}

// end marks the merge over, unless unlessAgain and an import finished
// while it ran (again, cleared): then it reports false and the merge looks
// once more. The test and the mark are one step under the lock, so that an
// import finishing meanwhile either starts a merge of its own or is seen
// here.
func (s *indexMerge) end(unlessAgain bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if unlessAgain && s.again {
		s.again = false
		return false
	}
	s.running, s.again = false, false
	close(s.idle)
	return true
}

// IndexMerging reports whether the search index is being merged (or waits
// to be, for an import's quiet time): the metric
// switchboard_search_index_merging.
func (db *DB) IndexMerging() bool {
	s := &db.merge
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running
}

// WaitIndexMerge waits until no merge of the search index runs (benchmarks
// and tests measure the index once it has settled after an import).
func (db *DB) WaitIndexMerge(ctx context.Context) error {
	s := &db.merge
	s.mu.Lock()
	idle := s.idle
	s.mu.Unlock()
	if idle == nil {
		return nil
	}
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// closeMerge stops a running merge between or within its steps (a step
// interrupted rolls back) and waits for it.
func (db *DB) closeMerge() { db.merge.work.close(&db.merge.mu) }

// pause waits for d, or until ctx ends (false).
func pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
