package store

// Sampling: before it reads a search's candidates, the store estimates from
// a sample of the contacts table whether the search is broad, so that a
// broad one never pays for reading them (contact_search.go).

import (
	"database/sql"
	"math"
	"strings"

	"gorm.io/gorm"
)

// sampleRows is about how many rows looksBroad samples.
const sampleRows = 4000

// looksBroad tells from a sample of the contacts table whether a search
// matches over maxRanked of the workspace's contacts (the share of the
// workspace's sampled rows that match, times its contacts), so that its
// candidates need not be read, nor on SQLite counted: PostgreSQL builds the
// bitmap of every match before a LIMIT stops it (a company word: 15–20 ms
// at 200,000 contacts), and SQLite's count of a narrow search's matches
// doubled the work of reading them.
//
// It chooses how the page is read, and so whether the total is counted
// (a broad search reports "1,000 or more" uncounted): the threshold is
// two and a half times that cap, and the matches must come from several
// sampled pieces of the table, so that rows clustered in a few (one
// import's shared company) cannot pass for many. A workspace with too few
// sampled rows to tell is read from the index.
func (db *DB) looksBroad(r *gorm.DB, q searchQuery, maxRanked int) (bool, error) {
	var s sample
	var err error
	if db.dialect == Postgres {
		s, err = db.samplePG(r, q)
	} else {
		s, err = db.sampleSQLite(r, q)
	}
	if err != nil {
		return false, err
	}
	above := int64(maxRanked)
	if db.broadAbove > 0 {
		above = int64(db.broadAbove)
	}
	// PostgreSQL's pages are picked at random, so a cluster of matches can
	// meet several; SQLite's runs are spread evenly by construction (about
	// span/100 rows apart at the least), so one cluster meets one or two.
	const minSampled = 100
	minPieces := int64(10)
	if db.dialect == SQLite {
		minPieces = 5
	}
	return s.sampled >= minSampled && s.pieces >= minPieces && s.matches*s.workspace > above*s.sampled, nil
}

// matchAll is the search's conditions as one ("1 = 1" for none).
func (q *searchQuery) matchAll() string {
	if len(q.where) == 0 {
		return "1 = 1"
	}
	return strings.Join(q.where, " AND ")
}

// sample is what looksBroad read: the workspace's sampled rows, those that
// match, the pieces of the table they came from, and the workspace's size.
type sample struct {
	matches, pieces, sampled, workspace int64
}

// samplePG samples with TABLESAMPLE SYSTEM: whole pages, picked at random,
// about sampleRows rows; a piece is a page.
func (db *DB) samplePG(r *gorm.DB, q searchQuery) (sample, error) {
	var s sample
	tuples, err := contactTuples(r)
	if err != nil {
		return s, err
	}
	if tuples < 0 {
		return s, nil // never analyzed: no size to sample by
	}
	percent := 100.0
	if tuples > sampleRows {
		percent = 100 * sampleRows / tuples
	}
	match := unindexed(q.matchAll())
	sql := "SELECT count(*) FILTER (WHERE " + match + "), count(DISTINCT (c.ctid::text::point)[0]) FILTER (WHERE " + match + "), " +
		"count(*), (SELECT contact_count FROM workspaces WHERE id = ?) " +
		"FROM contacts c TABLESAMPLE SYSTEM (?) WHERE c.workspace_id = ?"
	args := append(append(append([]any{}, q.whereArgs...), q.whereArgs...), q.workspaceID, percent, q.workspaceID)
	err = r.Raw(sql, args...).Row().Scan(&s.matches, &s.pieces, &s.sampled, &s.workspace)
	return s, err
}

// sampleWindows and windowRows shape sampleSQLite's sample.
const sampleWindows, windowRows = 40, sampleRows / 40

// sampleSQLite reads sampleWindows runs of windowRows rows by rowid,
// spread over the table (SQLite has no TABLESAMPLE, and a rowid range
// costs a seek); a piece is a run. Small tables are read whole.
func (db *DB) sampleSQLite(r *gorm.DB, q searchQuery) (sample, error) {
	var s sample
	var lo, hi sql.NullInt64
	if err := r.Raw("SELECT (SELECT min(seq) FROM contacts), (SELECT max(seq) FROM contacts)").Row().Scan(&lo, &hi); err != nil || !lo.Valid {
		return s, err
	}
	// One rowid range per run: NOT INDEXED keeps SQLite on the rowid,
	// where the workspace's index would read the whole workspace.
	match := q.matchAll()
	args := append(append(append([]any{}, q.whereArgs...), q.whereArgs...), q.workspaceID)
	var runs []string
	// Runs placed by the golden ratio's multiples (mod 1) cover the table
	// evenly without falling into step with it: evenly spaced runs could
	// all land in one workspace where imports alternate in blocks.
	span := hi.Int64 - lo.Int64 + 1
	for k := range sampleWindows {
		start, end := lo.Int64, hi.Int64+1
		if span > 2*sampleRows {
			start += int64(math.Mod(float64(k)*0.6180339887498949, 1) * float64(span-windowRows))
			end = start + windowRows
		} else if k > 0 {
			break // one run reads a small table whole
		}
		runs = append(runs, "SELECT ? AS run, c.* FROM contacts c NOT INDEXED WHERE c.seq >= ? AND c.seq < ?")
		args = append(args, start, start, end)
	}
	query := "SELECT count(*) FILTER (WHERE " + match + "), count(DISTINCT c.run) FILTER (WHERE " + match + "), " +
		"count(*), (SELECT contact_count FROM workspaces WHERE id = ?) " +
		"FROM (" + strings.Join(runs, " UNION ALL ") + ") c WHERE c.workspace_id = ?"
	args = append(args, q.workspaceID)
	err := r.Raw(query, args...).Row().Scan(&s.matches, &s.pieces, &s.sampled, &s.workspace)
	if len(runs) == 1 {
		s.pieces = math.MaxInt32 // the whole table: its count is exact
	}
	return s, err
}
