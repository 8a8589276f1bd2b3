package store

// Sampling: before it reads a search's candidates, the store estimates from
// a sample of the contacts table (the driver's Sample) whether the search
// is broad, so that a broad one never pays for reading them
// (contact_search.go).

import (
	"context"
	"math"
	"sync"
	"time"

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
func (db *DB) looksBroad(q searchQuery, rows driver.SampledRows) (bool, int64, driver.Sample) {
	s := db.sample(q, rows)
	above := int64(db.tune.broadAbove)
	if s.Sampled >= minSampled && s.Pieces >= s.MinPieces && s.Matches*s.Workspace > above*s.Sampled {
		return true, s.Matches * s.Workspace / s.Sampled, s
	}
	return false, 0, s
}

// scansWorkspace says whether a search of the workspace whose sample is
// rows reads the workspace's own rows (its conditions in their scanned
// spelling, searchQuery.scanning) rather than the search index: where that
// index is one for every workspace's rows (driver.SampledRows.Table), a
// search reads every workspace's candidates from it and drops the others',
// so that a small workspace beside a large one paid for the large one's
// matches (`inc` in 5,000 contacts beside 400,000 on PostgreSQL: 190 ms
// p50, building the bitmap of 320,000 rows, where reading the 5,000 takes
// 3 to 10). It does when the workspace holds at most scanRows contacts,
// whose reading bounds any search's cost at a few milliseconds, and at
// most a scanShare-th of the index's rows: a workspace that is most of
// the table has about as many candidates in the index as rows, and reads
// a selective query's few from it (`zzqx`: 0.3 ms, against 2.5 for the
// rows).
func (db *DB) scansWorkspace(rows driver.SampledRows) bool {
	return rows.Table > 0 && rows.Workspace <= int64(db.tune.scanRows) && rows.Workspace*int64(db.tune.scanShare) <= rows.Table
}

// scanRows is the most contacts a workspace may hold for its searches to
// read its rows (scansWorkspace; tests change it: tuning): about 5 ms of
// reading on PostgreSQL at 0.5 µs a row, as long as a bounded walk's
// walkRows.
const scanRows = walkRows

// scanShare: a workspace whose searches read its rows holds at most a
// scanShare-th of the index's rows (scansWorkspace; tests change it:
// tuning).
const scanShare = 4

// manyMatches says whether a sample that decides estimates a search's
// matches over n.
func manyMatches(s driver.Sample, n int) bool {
	return s.Sampled >= minSampled && s.Pieces >= s.MinPieces && s.Matches*s.Workspace > int64(n)*s.Sampled
}

// sample counts a search's matches among its workspace's sampled rows
// (sampled), testing each row in Go as its conditions do in SQL
// (sampleTest), and, where the driver probes its newest rows
// (driver.Newest), the "starts with" matches among them.
func (db *DB) sample(q searchQuery, rows driver.SampledRows) driver.Sample {
	s := driver.Sample{Sampled: int64(len(rows.Rows)), Workspace: rows.Workspace, MinPieces: rows.MinPieces}
	_, probes := db.drv.(driver.Newest)
	probes = probes && !q.rank.IsZero() && !q.rankNever
	pieces := make(map[int64]struct{})
	for i := range rows.Rows {
		row := &rows.Rows[i]
		if !q.sampleMatch(row) {
			continue
		}
		s.Matches++
		pieces[row.Piece] = struct{}{}
		if probes && q.bucketOf(row.Search) == 0 {
			s.RankMatches++
		}
	}
	s.Pieces = int64(len(pieces))
	if rows.Whole {
		s.Pieces = math.MaxInt32 // the whole table: its counts are exact
	}
	return s
}

// sampled is the workspace's sample of the contacts table (driver's
// Sample), taken again when the one kept is sampleTTL old, or this
// process has changed sampleChanges or more of the workspace's contacts
// since it was taken (contactsChanged): every search of three characters
// or more samples first, and reading the sample was most of a narrow
// search's time (`zzqx` at 200,000 contacts: 4.2 of 5.2 ms on
// PostgreSQL, 4.5 of 6 on SQLite), where testing its rows in Go takes a
// tenth of a millisecond. A sample only chooses a search's path and
// whether a broad search is counted; the changes another instance makes
// reach this one's sample within sampleTTL, and a search that finds the
// sample past it reads it again in the background (refreshSample).
//
// A sample past sampleTTL but under sampleStale, with the workspace
// unchanged here, serves the searches while it is read again (one read
// per workspace at a time): at 1,000,000 contacts the read takes 15 ms,
// and a search that waited for it was the slowest of its class, once
// every ten seconds, and the first search after any pause. Older, or
// changed here, it is read before the search, as the changes this
// process made must reach it.
func (db *DB) sampled(r *gorm.DB, workspaceID string) (driver.SampledRows, error) {
	c := &db.samples
	taken := db.keptClock()
	c.mu.Lock()
	e, ok := c.kept[workspaceID]
	changes, epoch := c.changes[workspaceID], c.epoch
	current := ok && changes-e.changes < db.sampleChanges()
	age := taken.Sub(e.taken)
	switch {
	case current && age < db.tune.sampleTTL:
		c.mu.Unlock()
		return e.rows, nil
	case current && age < db.tune.sampleStale:
		db.refreshSample(workspaceID)
		c.mu.Unlock()
		return e.rows, nil
	}
	c.mu.Unlock()
	rows, err := db.drv.Sample(r, workspaceID)
	if err != nil {
		return rows, err
	}
	db.keepSample(workspaceID, rows, taken, changes, epoch)
	return rows, nil
}

// keepSample keeps rows, the workspace's sample as read at taken, against
// the workspace's count of changes then, unless the counts were forgotten
// since (epoch).
func (db *DB) keepSample(workspaceID string, rows driver.SampledRows, taken time.Time, changes, epoch int64) {
	c := &db.samples
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.epoch != epoch {
		return // the counts were forgotten meanwhile
	}
	if c.kept == nil || len(c.kept) >= maxKeptWorkspaces {
		c.kept = make(map[string]keptSample)
	}
	// Changed while it was read: the changes count against it from the
	// start.
	c.kept[workspaceID] = keptSample{rows: rows, taken: taken, changes: changes}
}

// refreshSample reads the workspace's sample again in the background,
// unless a read of it is under way or the store is closed; c.mu is held.
// A read that fails leaves the kept sample as it was, for the next search
// to try again.
func (db *DB) refreshSample(workspaceID string) {
	c := &db.samples
	if c.refreshing[workspaceID] {
		return
	}
	taken, changes, epoch := db.keptClock(), c.changes[workspaceID], c.epoch
	started := c.reads.start(func(ctx context.Context) {
		rows, err := db.drv.Sample(db.r.WithContext(ctx), workspaceID)
		if err == nil {
			db.keepSample(workspaceID, rows, taken, changes, epoch)
		} else if ctx.Err() == nil {
			db.logger.DebugContext(ctx, "reading a workspace's sample again failed", "err", err)
		}
		c.mu.Lock()
		delete(c.refreshing, workspaceID)
		c.mu.Unlock()
	})
	if started {
		if c.refreshing == nil {
			c.refreshing = make(map[string]bool)
		}
		c.refreshing[workspaceID] = true
	}
}

// closeSamples stops the samples' reads in the background and waits for
// them.
func (db *DB) closeSamples() { db.samples.reads.close(&db.samples.mu) }

// contactsChanged counts n contacts of the workspace changed (created,
// updated, deleted) by this process, against its kept sample (sampled).
// It runs after the change commits: a sample read before that counts it.
func (db *DB) contactsChanged(workspaceID string, n int) {
	c := &db.samples
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.changes) >= maxKeptWorkspaces {
		// Forgetting the counts forgets the samples they count against.
		c.changes, c.kept = nil, nil
		c.epoch++
	}
	if c.changes == nil {
		c.changes = make(map[string]int64)
	}
	c.changes[workspaceID] += int64(n)
}

// sampleChanges is how many of a workspace's contacts this process changes
// before its kept sample is taken again: a twenty-fifth of the matches
// past which a search is broad (100), few enough that a search's estimate
// cannot have moved across its margin (a broad search's 2,500 estimated
// matches are two and a half times the 1,000 its total claims).
func (db *DB) sampleChanges() int64 { return int64(db.tune.broadAbove / 25) }

// sampleTTL is how long a workspace's sample is kept (tests change it:
// tuning).
const sampleTTL = 10 * time.Second

// sampleStale is how old a kept sample may be and still serve a search
// while it is read again (sampled; tests change it: tuning): longer than
// an agent's pause between searches, short enough that a sample this
// process has not seen change is not trusted for long.
const sampleStale = 10 * time.Minute

// maxKeptWorkspaces bounds the workspaces whose samples (and counts of
// changes), or whose lists' keys (contact_list_offset.go), are kept; past
// it they are all forgotten. A sample holds the workspace's rows of one
// sample of the table, a few hundred kilobytes at most.
const maxKeptWorkspaces = 10000

// samples are the workspaces' kept samples (sampled).
type samples struct {
	mu      sync.Mutex
	kept    map[string]keptSample
	changes map[string]int64
	// epoch counts the times the counts were forgotten.
	epoch int64
	// refreshing holds the workspaces whose samples are being read in
	// the background (refreshSample), reads those reads, stopped with the
	// store (closeSamples).
	refreshing map[string]bool
	reads      background
}

type keptSample struct {
	rows driver.SampledRows
	// taken is when the sample was read, and changes the workspace's
	// count of changes then.
	taken   time.Time
	changes int64
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
