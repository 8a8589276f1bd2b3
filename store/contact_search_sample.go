package store

// Sampling: before it reads a search's candidates, the store estimates from
// a sample of the contacts table (the driver's Sample) whether the search
// is broad, so that a broad one never pays for reading them
// (contact_search.go).

import "gorm.io/gorm"

// looksBroad tells from a sample of the contacts table whether a search
// matches over rankCap of the workspace's contacts (the share of the
// workspace's sampled rows that match, times its contacts), so that its
// candidates need not be read, nor counted: PostgreSQL builds the bitmap of
// every match before a LIMIT stops it (a company word: 15–20 ms at 200,000
// contacts), and SQLite's count of a narrow search's matches doubled the
// work of reading them.
//
// It chooses how the page is read, and so whether the total is counted
// (a broad search reports "1,000 or more" uncounted): the threshold is
// two and a half times that cap, and the matches must come from several
// sampled pieces of the table (as many as the driver's sample needs), so
// that rows clustered in a few (one import's shared company) cannot pass
// for many. A workspace with too few sampled rows to tell is read from the
// index.
//
// It also returns the estimate of the matches when the search is broad (0
// otherwise), for searchPage to choose how a walk that found too few
// matches among the newest rows goes on.
func (db *DB) looksBroad(r *gorm.DB, q searchQuery) (bool, int64, error) {
	s, err := db.drv.Sample(r, q.workspaceID, q.matchAll())
	if err != nil {
		return false, 0, err
	}
	above := int64(db.tune.broadAbove)
	const minSampled = 100
	if s.Sampled >= minSampled && s.Pieces >= s.MinPieces && s.Matches*s.Workspace > above*s.Sampled {
		return true, s.Matches * s.Workspace / s.Sampled, nil
	}
	return false, 0, nil
}
