package pgdriver

import (
	"fmt"
	"strings"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// The trigram index (pg_trgm, GIN) is on search_idx: the search text with
// the markers of the parts a rank looks at (full name, last name, email)
// and of the phone's digits turned into the letter marker. pg_trgm takes
// only letters and digits for words, so a control-character marker is a
// word break to it and "\x02inc%" (a last name starting with "inc") would
// fetch every row with a word starting with "inc", every "Acme Inc" among
// them; glued to a letter, "qinc" is a trigram only the start of a part
// holds, and the index serves prefix ranking as well as substrings. The
// digits glued to the letter stop every phone from being "a word starting
// with 1", which a query starting "+1" would otherwise fetch whole. The
// text is computed in Go and stored, not an index expression: four
// replace() calls per row, on every insert and on every recheck of a
// candidate, held a PostgreSQL import under 30,000 rows/s.
const marker = "q"

// markers turns the markers of a search text or LIKE pattern as
// searchIndexText does.
var markers = strings.NewReplacer(driver.MarkFull, marker, driver.MarkLast, marker, driver.MarkEmail, marker, driver.MarkDigits, marker)

// searchIndexText is the indexed form of a search text (search_idx).
func searchIndexText(search string) string { return markers.Replace(search) }

func (Driver) SearchIndexText(search string) (string, bool) { return searchIndexText(search), true }

// Match also matches the indexed text against the same pattern, markers
// turned: implied by the exact condition, it is there for the planner,
// which can use the index only for it. It is the AND of indexPatterns,
// which may be looser than the pattern; the exact condition decides.
func (Driver) Match(pattern string) driver.Cond {
	idx := indexed(markers.Replace(pattern))
	return driver.Cond{
		Index: "(" + idx.Index + " AND " + matchExact + ")",
		Scan:  "(" + idx.Scan + " AND " + matchExactScan + ")",
		Args:  append(idx.Args, pattern),
	}
}

// indexed is the condition on search_idx for the pattern p: indexed, the
// LIKEs of indexPatterns; scanned, as many conditions that take their
// argument and are true, so that both spellings take the same arguments.
func indexed(p string) driver.Cond {
	pats := indexPatterns(p)
	index, scan := make([]string, len(pats)), make([]string, len(pats))
	args := make([]any, len(pats))
	for i, pat := range pats {
		index[i], scan[i], args[i] = indexLike, indexLikeScan, pat
	}
	return driver.Cond{Index: strings.Join(index, " AND "), Scan: strings.Join(scan, " AND "), Args: args}
}

// Digits keeps the indexed text's LIKE for the planner (the trigram
// index serves it) and checks the phone itself, short, where the search
// text's LIKE read the whole text of every candidate; scanned, the phone
// alone decides.
func (Driver) Digits(d string) driver.Cond {
	p := "%" + d + "%"
	return driver.Cond{Index: digitsIndex, Scan: digitsScan, Args: []any{p, p}}
}

// Rank gives a query of two characters or more one index condition for its
// three LIKEs: a part of the text starting with the query (its marker and
// first two letters make a trigram no other position has). A shorter one
// would make PostgreSQL read the whole GIN index: it scans instead.
func (Driver) Rank(esc string, runes int) driver.Cond {
	likes := driver.RankLikes(esc)
	if runes < 2 {
		return driver.Cond{Index: rankScan, Scan: rankScan, Args: likes.Args}
	}
	idx := indexed("%" + marker + esc + "%")
	return driver.Cond{
		Index: fmt.Sprintf(rankIndexed, idx.Index, rankIndex),
		Scan:  fmt.Sprintf(rankIndexed, idx.Scan, rankScan),
		Args:  append(idx.Args, likes.Args...),
	}
}

func (Driver) RankKeys() (driver.RankKeys, bool) {
	return driver.RankKeys{rankKeyFull, rankKeyLast, rankKeyEmail}, true
}

// From is the table either way: the planner picks the GIN index for the
// indexed conditions, and a walk's scanned conditions leave it the
// (workspace_id, created_at, id) index.
func (Driver) From(string, bool, driver.Trigrams) (string, []string, []any) { return fromAll, nil, nil }

// Walk makes a walk really walk: the planner cannot estimate how dense the
// matches of a LIKE are, and left to itself it scans the table (or a
// parallel index) and sorts every match, where reading the (workspace_id,
// created_at, id) index in order and stopping at the page's end reads only
// the page (docs/performance.md).
func (Driver) Walk(r *gorm.DB, fn func(*gorm.DB) error) error {
	return r.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(walkSettings).Error; err != nil {
			return err
		}
		return fn(tx)
	})
}

// Bucket evaluates the rank condition in the database: the text never
// leaves it.
func (Driver) Bucket(rank driver.Cond) (string, []any, bool) {
	return fmt.Sprintf(bucketCase, rank.Index), rank.Args, false
}

// sampleRows is about how many rows Sample reads.
const sampleRows = 4000

// Sample samples with TABLESAMPLE SYSTEM: whole pages, picked at random,
// about sampleRows rows; a piece is a page. Pages picked at random let a
// cluster of matches meet several, so ten are needed.
func (Driver) Sample(r *gorm.DB, workspaceID string) (driver.SampledRows, error) {
	s := driver.SampledRows{MinPieces: 10}
	tuples, err := contactTuples(r)
	if err != nil {
		return s, err
	}
	if tuples < 0 {
		return s, nil // never analyzed: no size to sample by
	}
	s.Table = int64(tuples)
	percent := 100.0
	if tuples > sampleRows {
		percent = 100 * sampleRows / tuples
	}
	s.Whole = percent == 100
	return s, driver.ReadSample(r, &s, workspaceID, sampleRead, percent, workspaceID)
}

func (Driver) Probe(workspaceID string, n int, where driver.Cond, want, offset int) (string, []any) {
	args := append(append([]any{workspaceID, n}, where.Args...), want, offset)
	return fmt.Sprintf(probe, where.Scan), args
}

// BoundedWalk reads the newest n rows in a subquery, which PostgreSQL
// streams in the index's order and stops at its LIMIT.
func (Driver) BoundedWalk(workspaceID string, from func(string) driver.Cond, n int, where driver.Cond, order string, limit, offset int) (string, []any) {
	inner := walkInner
	args := []any{workspaceID}
	if from != nil {
		f := from("c0.")
		inner += " AND " + f.Scan
		args = append(args, f.Args...)
	}
	inner += walkInnerTail
	args = append(args, n)
	sql := fmt.Sprintf(walkOuter, inner)
	if !where.IsZero() {
		sql += " WHERE " + where.Scan
		args = append(args, where.Args...)
	}
	sql += " ORDER BY " + order + " LIMIT ? OFFSET ?"
	return sql, append(args, limit, offset)
}

// StepKeys: a recursive query, each step an index-only read of every
// entries past the key before (a LATERAL subquery), so that the keys of a
// deep offset cost one round trip: 500 keys at 1,000,000 contacts took
// 338 ms as a statement each.
func (Driver) StepKeys(workspaceID string, afterTime any, afterID string, every, count int) (string, []any) {
	if afterTime == nil {
		// The newest contact is at offset 0: the first key is every
		// entries past it.
		return fmt.Sprintf(stepKeys, ""), []any{workspaceID, every, workspaceID, every - 1, count}
	}
	return fmt.Sprintf(stepKeys, " AND (created_at, id) < (?, ?)"), []any{workspaceID, afterTime, afterID, every - 1, workspaceID, every - 1, count}
}
