package store

// Sampling: before it reads a search's candidates, the store estimates from
// a sample of the contacts table (the driver's Sample) whether the search
// is broad, so that a broad one never pays for reading them
// (contact_search.go).

import (
	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

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
// matches among the newest rows goes on, and the sample itself.
func (db *DB) looksBroad(r *gorm.DB, q searchQuery) (bool, int64, driver.Sample, error) {
	s, err := db.drv.Sample(r, q.workspaceID, q.matchAll(), q.rank)
	if err != nil {
		return false, 0, s, err
	}
	above := int64(db.tune.broadAbove)
	if s.Sampled >= minSampled && s.Pieces >= s.MinPieces && s.Matches*s.Workspace > above*s.Sampled {
		return true, s.Matches * s.Workspace / s.Sampled, s, nil
	}
	return false, 0, s, nil
}

// minSampled is the fewest sampled rows of the workspace a sample decides
// by.
const minSampled = 100

// minRankSampled is the fewest sampled "starts with" matches that the
// sample estimates them by (rankDense, rankMany): fewer say little of how
// many the workspace or its newest rows hold.
const minRankSampled = 5

// rankDense tells from the sample whether a first page's "starts with"
// matches look dense enough among the newest rows for the probe to find
// them, or enough of them for a walk to go on from (afterProbe), without
// counting them first: their share of the sampled rows at least want in
// walkRows, the share the probe's own test asks of what it found. The
// count it skips builds the index's bitmap of every such match before
// its LIMIT stops it (`hedy l` at 1,000,000 contacts on PostgreSQL: 18 ms
// of a 38 ms search on a slow machine, 7,000 matches). A guess: the probe
// decides, and when it cannot, the count runs as before.
func rankDense(s driver.Sample, want, walkRows int) bool {
	return rankSampled(s) && s.RankMatches*int64(walkRows) >= int64(want)*s.Sampled
}

// rankSampled says the sample holds enough rows, and enough "starts with"
// matches among them, to estimate those matches by.
func rankSampled(s driver.Sample) bool {
	return s.Sampled >= minSampled && s.RankMatches >= minRankSampled
}

// rankManyAbove is the sample's estimate of the "starts with" matches past
// which a search that probes counts none of them (rankMany).
const rankManyAbove = 2 * searchCountCap

// rankMany tells from the sample whether a search's "starts with" matches
// are surely more than it would count (searchCountCap): the estimate of
// them over above, twice the cap. The counts that would say so build the
// trigram index's bitmap of every such match, each time (`ada love` at
// 1,000,000 contacts on PostgreSQL, 3,000 such matches: a count to the
// page's end, the probe, a count to the cap, then the walk and the index
// read that any count over the cap leads to). Many, the page goes to the
// probe, then to the walk, which gives way to the index and reads the
// window exactly whatever the true count; a wrong guess costs a walk.
func rankMany(s driver.Sample, above int) bool {
	return rankSampled(s) && s.RankMatches*s.Workspace > int64(above)*s.Sampled
}
