package sqlitedriver

import (
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// SQLite serves the substring LIKEs from an FTS5 table with the trigram
// tokenizer (external content, kept current by triggers, keyed by an
// INTEGER PRIMARY KEY so VACUUM cannot renumber it): a search joins the
// FTS5 matches explicitly and the LIKEs recheck the candidates.

// SearchIndexText: the SQLite table has no search_idx column.
func (Driver) SearchIndexText(string) (string, bool) { return "", false }

func (Driver) Match(pattern string) driver.Cond { return driver.Plain(matchSearch, pattern) }

// Digits checks the phone alone: the FTS5 query narrows the rows by the
// digits' trigrams (driver.Trigrams), and a LIKE on the short phone costs
// a fraction of one on the search text, which the candidates of a common
// run of digits all paid for before (issue 23).
func (Driver) Digits(d string) driver.Cond { return driver.Plain(matchPhone, "%"+d+"%") }

func (Driver) Rank(esc string, _ int) driver.Cond { return driver.RankLikes(esc) }

// RankKeys: none. Three more indexes took SQLite's import of 100,000
// rows from 15,000 to 8,500 rows/s (the server's CPU 7.8 to 12.5 s: each
// entry of an index costs the single writer about as much as the row),
// where they would save the rank's count from FTS5's candidates
// (docs/performance.md).
func (Driver) RankKeys() (driver.RankKeys, bool) { return driver.RankKeys{}, false }

func (Driver) From(workspaceID string, walk bool, tri driver.Trigrams) (string, []string, []any) {
	if walk {
		return fromWalk, nil, nil
	}
	if match := ftsMatch(tri); match != "" {
		return fromFTS, []string{matchFTS, inRange}, []any{match, workspaceID, workspaceID}
	}
	return fromAll, nil, nil
}

// Walk needs nothing: SQLite's planner follows the INDEXED BY of fromWalk.
func (Driver) Walk(r *gorm.DB, fn func(*gorm.DB) error) error { return fn(r) }

// BoundedWalk bounds the walk by a key: the (created_at, id) of the
// workspace's n-th newest row (after from), which the workspace's index
// finds by skipping n entries without reading a row, and the walk reads the
// index in order down to it. (A subquery of the newest n rows, as
// PostgreSQL streams it, SQLite would collect and sort whole first.) A
// workspace of fewer rows gives no key: the bound is then the empty text,
// below every time.
func (Driver) BoundedWalk(workspaceID string, from func(string) driver.Cond, n int, where driver.Cond, order string, limit, offset int) (string, []any) {
	bound, args := boundKey, []any{workspaceID}
	if from != nil {
		f := from("c0.")
		bound += " AND " + f.Scan
		args = append(args, f.Args...)
	}
	bound += boundKeyTail
	args = append(args, max(0, n-1), workspaceID)
	sql := fmt.Sprintf(boundedWalk, bound)
	if from != nil {
		f := from("c.")
		sql += " AND " + f.Scan
		args = append(args, f.Args...)
	}
	if !where.IsZero() {
		sql += " AND " + where.Scan
		args = append(args, where.Args...)
	}
	sql += " ORDER BY " + order + " LIMIT ? OFFSET ?"
	return sql, append(args, limit, offset)
}

func (Driver) Bucket(driver.Cond) (string, []any, bool) { return bucketText, nil, true }

// RowValueKeys: SQLite ranges a keyset page on its row value alone.
func (Driver) RowValueKeys() {}

// sampleRows is about how many rows Sample reads; sampleWindows and
// windowRows shape it.
const (
	sampleRows                = 4000
	sampleWindows, windowRows = 40, sampleRows / 40
)

// Sample reads sampleWindows runs of windowRows rows by rowid, spread over
// the workspace's range of rowids (SQLite has no TABLESAMPLE, and a rowid
// range costs a seek); a piece is a run. Small workspaces are read whole.
// The runs are spread evenly by construction (about span/100 rows apart at
// the least), so one cluster of matches meets one or two: five pieces
// suffice.
func (Driver) Sample(r *gorm.DB, workspaceID string) (driver.SampledRows, error) {
	s := driver.SampledRows{MinPieces: 5}
	var lo, hi sql.NullInt64
	err := r.Raw(sampleBounds, workspaceID).Row().Scan(&lo, &hi)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !lo.Valid {
		return s, nil // no workspace, or no contact in it
	} else if err != nil {
		return s, err
	}
	var args []any
	var runs []string
	// Runs placed by the golden ratio's multiples (mod 1) cover the range
	// evenly without falling into step with it.
	span := hi.Int64 - lo.Int64 + 1
	for k := range sampleWindows {
		start, end := lo.Int64, hi.Int64+1
		if span > 2*sampleRows {
			start += int64(math.Mod(float64(k)*0.6180339887498949, 1) * float64(span-windowRows))
			end = start + windowRows
		} else if k > 0 {
			break // one run reads a small table whole
		}
		runs = append(runs, sampleRun)
		args = append(args, start, start, end)
	}
	s.Whole = len(runs) == 1
	query := fmt.Sprintf(sampleRead, strings.Join(runs, " UNION ALL "))
	return s, driver.ReadSample(r, &s, workspaceID, query, append(args, workspaceID)...)
}

// ftsMatch is the FTS5 query selecting the candidates: a superset of the
// matches, which the LIKEs on c.search then check exactly; "" when no
// trigram narrows the search. Each pattern becomes the AND of its
// trigrams: the table keeps no positions (detail=none), so FTS5 cannot run
// phrase queries, but a lone trigram is a single token it answers from the
// index without reading the content.
func ftsMatch(tri driver.Trigrams) string {
	var extra []string
	for _, p := range tri.Rank {
		t := trigramQuery(p)
		if t == "" {
			extra = nil
			break
		}
		extra = append(extra, "("+t+")")
	}
	base := ftsMatchBase(tri)
	if len(extra) == 0 {
		return base
	}
	group := "(" + strings.Join(extra, " OR ") + ")"
	if base == "" {
		return group
	}
	return base + " AND " + group
}

func ftsMatchBase(tri driver.Trigrams) string {
	var alts []string
	for _, p := range tri.Any {
		t := trigramQuery(p)
		if t == "" {
			// An alternative no index can narrow: only the All part
			// (if any) can.
			alts = nil
			break
		}
		alts = append(alts, "("+t+")")
	}
	var all []string
	if len(alts) > 0 {
		all = append(all, "("+strings.Join(alts, " OR ")+")")
	}
	for _, p := range tri.All {
		if t := trigramQuery(p); t != "" {
			all = append(all, t)
		}
	}
	return strings.Join(all, " AND ")
}

// trigramQuery is the AND of quoted trigrams of s's literal runs ('%' and
// '_', which may stand for anything in a LIKE, split runs); "" when s has no
// run of three characters. A run contributes at most maxRunTrigrams of its
// trigrams, spread from its first to its last, and a run of shortRun
// characters or fewer its first and last alone: FTS5 steps through every
// listed trigram's list of rows for each candidate, so each more one costs
// about as much as a short query, while the first and last of a short run
// already cover most of it and leave about as few candidates (`hedy l`:
// its four trigrams cost FTS5 three times its first and last, 8.8 against
// 2.7 ms, for the same 4,530 candidates). A longer run keeps more: the
// ends of an email typed whole are its first name and ".com".
func trigramQuery(s string) string {
	seen := map[string]bool{}
	var toks []string
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return r == '%' || r == '_' }) {
		rs := []rune(run)
		n := len(rs) - 2 // trigrams in the run
		most := maxRunTrigrams
		if len(rs) <= shortRun {
			most = 2
		}
		for k := 0; k < min(n, most); k++ {
			i := k
			if n > most {
				i = k * (n - 1) / (most - 1)
			}
			tok := string(rs[i : i+3])
			if !seen[tok] {
				seen[tok] = true
				toks = append(toks, `"`+strings.ReplaceAll(tok, `"`, `""`)+`"`)
			}
		}
	}
	return strings.Join(toks, " AND ")
}

// maxRunTrigrams bounds the trigrams one literal run adds to an FTS5 query,
// and a run of shortRun characters or fewer adds two.
const maxRunTrigrams, shortRun = 4, 8

// Candidates reads the FTS5 index by descending rowid: FTS5 keeps each
// trigram's rows in rowid order and, told the order, merges them from the
// top and stops at the LIMIT.
func (Driver) Candidates(workspaceID string, tri driver.Trigrams, below int64, n int) (string, []any, bool) {
	match := ftsMatch(tri)
	if match == "" {
		return "", nil, false
	}
	if below <= 0 {
		below = math.MaxInt64
	}
	return orderedCandidates, []any{match, workspaceID, below, workspaceID, n}, true
}

// RowKey: FTS5's rowid, the contacts' seq, by which it lists its rows.
func (Driver) RowKey() string { return rowKey }

func (Driver) RowsByKey(workspaceID, keys string, where driver.Cond, n int) (string, []any) {
	query, args := rowsByKey, []any{keys, workspaceID}
	if !where.IsZero() {
		query += " AND " + where.Scan
		args = append(args, where.Args...)
	}
	return query + " ORDER BY c.seq DESC LIMIT ?", append(args, n)
}

func (Driver) OutOfOrder(workspaceID string, n int) (string, []any) {
	return outOfOrder, []any{workspaceID, n}
}

func (Driver) FirstInOrder(workspaceID string, from driver.Cond) (string, []any) {
	return fmt.Sprintf(firstInOrder, from.Scan), append(append([]any{workspaceID}, from.Args...), workspaceID)
}

func (Driver) NewestInOrder(workspaceID string) (string, []any) {
	return newestInOrder, []any{workspaceID, workspaceID}
}
