package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// WithWalkRows makes the store's search walks give way to the index after n
// rows instead of walkRows, so that tests reach those paths on small
// workspaces.
func WithWalkRows(n int) Option { return func(db *DB) { db.tune.walkRows = n } }

// WithWalkOnAbove makes a walk that found too few matches among the newest
// rows go on walking when the search's estimate is over n, instead of
// walkOnAbove, so that tests reach that path on small workspaces.
func WithWalkOnAbove(n int) Option { return func(db *DB) { db.tune.walkOnAbove = n } }

// WithBroadAbove makes the store's searches skip their candidates when the
// sample estimates more than n matches, instead of rankCap, so that tests
// reach that path on small workspaces.
func WithBroadAbove(n int) Option { return func(db *DB) { db.tune.broadAbove = n } }

// WithOrderedRows makes a search's read of an ordered index give way to a
// walk after n candidates instead of orderedRows (0: never read one), so
// that tests reach the walks and the give-way on small workspaces.
func WithOrderedRows(n int) Option { return func(db *DB) { db.tune.orderedRows = n } }

// WithRankReadCap makes a search its sample did not call broad read and rank
// at most n candidates instead of rankReadCap, so that tests reach the broad
// path past it on small workspaces (a total past n is then reported as the
// lower bound searchCountCap).
func WithRankReadCap(n int) Option { return func(db *DB) { db.tune.rankReadCap = n } }

// WithEarlyAbove makes a ranked search read from an ordered index stop past
// n matches instead of past searchCountCap (0: never), so that tests reach
// that stop on small workspaces (a page in hand then reports the matches
// read as its total's lower bound).
func WithEarlyAbove(n int) Option { return func(db *DB) { db.tune.earlyAbove = n } }

// WithProbeRows makes a ranked search's probe of the newest rows read n rows
// instead of probeRows, so that tests reach what follows a probe on small
// workspaces.
func WithProbeRows(n int) Option { return func(db *DB) { db.tune.probeRows = n } }

// WithRankManyAbove makes a search that probes skip counting its "starts
// with" matches when the sample estimates more than n of them, instead of
// rankManyAbove, so that tests reach that path on small workspaces.
func WithRankManyAbove(n int) Option { return func(db *DB) { db.tune.rankManyAbove = n } }

// WithContactClock makes the store stamp new contacts with now instead of
// the time, so that tests can insert contacts out of the contact order.
func WithContactClock(now func() time.Time) Option { return func(db *DB) { db.contactClock = now } }

// WithFoldBatch makes FoldCallTotals move at most n changes a statement
// instead of foldBatch, so that tests fold in several.
func WithFoldBatch(n int) Option { return func(db *DB) { db.tune.foldBatch = n } }

// Exec runs a statement on the writer pool, outside any transaction, for
// benchmarks that seed more rows than the store's own writes could in time.
func (db *DB) Exec(query string, args ...any) error { return db.w.Exec(query, args...).Error }

// Int64s runs a query of one integer column on the reader pool.
func (db *DB) Int64s(query string, args ...any) ([]int64, error) {
	var out []int64
	err := db.r.Raw(query, args...).Scan(&out).Error
	return out, err
}

// Strings runs a query of one text column on the reader pool into out.
func (db *DB) Strings(out *[]string, query string, args ...any) error {
	return db.r.Raw(query, args...).Scan(out).Error
}

// WithShortReadCap makes a query too short for the trigram index count and
// rank at most n matches instead of searchCountCap, so that tests reach its
// broad path on small workspaces (a total past n is then reported as the
// lower bound searchCountCap).
func WithShortReadCap(n int) Option { return func(db *DB) { db.tune.shortReadCap = n } }

// SampleOf is the sample's counts of the search s as the store's search
// takes them (its match and rank conditions), for tests of the counts.
func (db *DB) SampleOf(ctx context.Context, s switchboard.ContactSearch) (driver.Sample, error) {
	q, rows, err := db.prepareSearch(db.r.WithContext(ctx), s)
	return db.sample(q, rows), err
}

// WithSampleTTL keeps a workspace's sample for d instead of sampleTTL, and
// reads an older one before the search (0: every search samples).
func WithSampleTTL(d time.Duration) Option {
	return func(db *DB) { db.tune.sampleTTL, db.tune.sampleStale = d, d }
}

// WaitSampleReads waits for the samples being read in the background
// (refreshSample).
func (db *DB) WaitSampleReads() { db.samples.reads.wait() }

// WithKeptClock sets the clock that tells the age of a kept sample or of a
// list's kept keys.
func WithKeptClock(now func() time.Time) Option { return func(db *DB) { db.keptClock = now } }

// WithListSkipEvery keeps the keys at every n-th offset of a list instead
// of every listSkipEvery-th (0: none).
func WithListSkipEvery(n int) Option { return func(db *DB) { db.tune.listSkipEvery = n } }

// IndexSegments counts the segments of SQLite's FTS5 search index.
func (db *DB) IndexSegments(ctx context.Context) (int, error) {
	var n int
	err := db.r.WithContext(ctx).Raw("SELECT count(DISTINCT segid) FROM contacts_fts_idx").Row().Scan(&n)
	return n, err
}

// CheckIndex runs FTS5's integrity check of SQLite's search index against
// the contacts it indexes.
func (db *DB) CheckIndex(ctx context.Context) error {
	return db.w.WithContext(ctx).Exec("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('integrity-check', 1)").Error
}

// WithImportQuiet makes the search index's merge wait d after an import's
// last batch instead of importQuiet.
func WithImportQuiet(d time.Duration) Option { return func(db *DB) { db.tune.importQuiet = d } }

// KeptListKeys tells how many keys of the workspace's list are kept, and
// whether they reach its end.
func (db *DB) KeptListKeys(workspaceID string) (int, bool) {
	db.listSkips.mu.Lock()
	defer db.listSkips.mu.Unlock()
	s := db.listSkips.kept[workspaceID]
	return len(s.keys), s.complete
}

// WriterStats is the writer pool's statistics (on PostgreSQL the one pool).
func (db *DB) WriterStats() sql.DBStats { return db.pools.Writer.Stats() }

// SearchText is the search text the store writes for c.
func SearchText(c *switchboard.Contact) string { return newContactRow(c).Search }

// IndexCandidates are the row keys SQLite's search index hands a search of
// the workspace for text, by each of its two reads: the indexed FROM of a
// search (without the search's own workspace condition) and the read in
// insertion order.
func (db *DB) IndexCandidates(workspaceID, text string) (from, ordered []int64, err error) {
	tri := driver.Trigrams{Any: []string{text}}
	table, where, args := db.drv.From(workspaceID, false, tri)
	if err := db.r.Raw("SELECT f.rowid FROM "+table+" WHERE "+strings.Join(where, " AND "), args...).Scan(&from).Error; err != nil {
		return nil, nil, err
	}
	query, args, _ := db.drv.(driver.OrderedIndex).Candidates(workspaceID, tri, 0, 1000)
	err = db.r.Raw(query, args...).Scan(&ordered).Error
	return from, ordered, err
}

// WithScanWorkspace lets a workspace of at most rows contacts, holding at
// most a share-th of the search index's rows, read its own rows for its
// searches instead of scanRows and scanShare (scansWorkspace).
func WithScanWorkspace(rows, share int) Option {
	return func(db *DB) { db.tune.scanRows, db.tune.scanShare = rows, share }
}

// CountPlan is the database's plan (EXPLAIN) of the count the search s
// begins with, as its search would read it: in the walk's settings when
// it reads its workspace's rows (scansWorkspace).
func (db *DB) CountPlan(ctx context.Context, s switchboard.ContactSearch) (string, error) {
	r := db.r.WithContext(ctx)
	q, _, err := db.prepareSearch(r, s)
	if err != nil {
		return "", err
	}
	query, args := db.countSQL(q, driver.Cond{}, nil, searchCountCap+1)
	var plan []string
	read := func(tx *gorm.DB) error { return scan(tx.Raw("EXPLAIN "+query, args...), &plan) }
	if q.scans {
		err = db.readOwnRows(r, read)
	} else {
		err = read(r)
	}
	return strings.Join(plan, "\n"), err
}

// RankCountPlan is the database's plan of the count of the "starts with"
// matches of a search for query in the workspace (countRank), one line
// of it a string, and whether the count read the rank's keys.
func (db *DB) RankCountPlan(ctx context.Context, workspaceID, query string) (plan []string, keys bool, err error) {
	q := db.compileSearch(switchboard.ContactSearch{WorkspaceID: workspaceID, Query: query})
	if !q.rankKeys {
		return nil, false, nil
	}
	union, args := db.rankKeysSQL(q, "id", driver.Cond{}, searchCountCap+1)
	rows, err := db.r.WithContext(ctx).Raw("EXPLAIN SELECT count(*) FROM ("+union+") AS u", args...).Rows()
	if err != nil {
		return nil, true, err
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	for rows.Next() {
		vals := make([]any, len(cols))
		for i := range vals {
			vals[i] = new(sql.RawBytes)
		}
		if err := rows.Scan(vals...); err != nil {
			return nil, true, err
		}
		var line []string
		for _, v := range vals {
			line = append(line, string(*v.(*sql.RawBytes)))
		}
		plan = append(plan, strings.Join(line, " "))
	}
	return plan, true, rows.Err()
}
