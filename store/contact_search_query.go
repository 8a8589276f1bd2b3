package store

import (
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// minTrigram is the shortest query a trigram index can serve.
const minTrigram = 3

// searchQuery is a search compiled to SQL for one dialect.
type searchQuery struct {
	workspaceID string
	// term is the folded query ("" for none).
	term string
	// matchArgs is how many of whereArgs belong to where[0], the query's
	// match condition; -1 when there is no query.
	matchArgs int
	where     []string
	whereArgs []any
	order     string
	// rank is the "starts with" condition: matches for which it holds come
	// first. Empty when there is no query.
	rank     string
	rankArgs []any
	// rankFTS are the substrings (SQLite) one of which a rank match must
	// contain, for the FTS5 index to serve the rank condition.
	rankFTS []string
	// ftsAny are substrings (SQLite), one of which a match must contain;
	// ftsAll are substrings it must all contain. Both empty: no trigram
	// index can narrow this search.
	ftsAny, ftsAll []string
	// short is a query too short for a trigram: no index narrows it.
	short bool
}

// ftsMatchWith is the FTS5 query selecting the candidates, narrowed further
// to rows holding one of extraAny (nil: no further): a superset of the
// matches, which the LIKEs on c.search then check exactly. Each pattern
// becomes the AND of its trigrams: the table keeps no positions
// (detail=none), so FTS5 cannot run phrase queries, but a lone trigram is a
// single token it answers from the index without reading the content.
func (q *searchQuery) ftsMatchWith(extraAny []string) string {
	var extra []string
	for _, p := range extraAny {
		t := trigramQuery(p)
		if t == "" {
			extra = nil
			break
		}
		extra = append(extra, "("+t+")")
	}
	base := q.ftsMatchBase()
	if len(extra) == 0 {
		return base
	}
	group := "(" + strings.Join(extra, " OR ") + ")"
	if base == "" {
		return group
	}
	return base + " AND " + group
}

func (q *searchQuery) ftsMatchBase() string {
	var alts []string
	for _, p := range q.ftsAny {
		t := trigramQuery(p)
		if t == "" {
			// An alternative no index can narrow: only the ftsAll
			// part (if any) can.
			alts = nil
			break
		}
		alts = append(alts, "("+t+")")
	}
	var all []string
	if len(alts) > 0 {
		all = append(all, "("+strings.Join(alts, " OR ")+")")
	}
	for _, p := range q.ftsAll {
		if t := trigramQuery(p); t != "" {
			all = append(all, t)
		}
	}
	return strings.Join(all, " AND ")
}

// trigramQuery is the AND of quoted trigrams of s's literal runs ('%' and
// '_', which may stand for anything in a LIKE, split runs); "" when s has no
// run of three characters. A long run contributes at most maxRunTrigrams of
// its trigrams, spread from its first to its last: FTS5 reads every listed
// trigram's whole list of rows, so each more one costs as much as a short
// query, while a few spread over the run already leave few candidates for the
// LIKEs to reject.
func trigramQuery(s string) string {
	seen := map[string]bool{}
	var toks []string
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return r == '%' || r == '_' }) {
		rs := []rune(run)
		n := len(rs) - 2 // trigrams in the run
		for k := 0; k < min(n, maxRunTrigrams); k++ {
			i := k
			if n > maxRunTrigrams {
				i = k * (n - 1) / (maxRunTrigrams - 1)
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

// maxRunTrigrams bounds the trigrams one literal run adds to an FTS5 query.
const maxRunTrigrams = 4

func (q *searchQuery) and(cond string, args ...any) {
	q.where = append(q.where, cond)
	q.whereArgs = append(q.whereArgs, args...)
}

// compileSearch turns the request into conditions on the search text.
func (db *DB) compileSearch(s switchboard.ContactSearch) searchQuery {
	q := searchQuery{workspaceID: s.WorkspaceID, matchArgs: -1}
	q.order = "c.created_at DESC, c.id DESC"

	if term := fold(s.Query); term != "" {
		q.term = term
		esc := escapeLike(term)
		match, args := db.like("%" + esc + "%")
		// A phone-like query also matches the phone's digits, whatever
		// punctuation either side uses: "415 555" finds +14155552671.
		d := ""
		if isPhoneLike(term) {
			if d = digits(term); d == term {
				d = "" // the plain match already covers the digits part
			}
		}
		if d != "" {
			digitsMatch, digitsArgs := db.like("%" + d + "%")
			match = "(" + match + " OR (" + digitsMatch + " AND c.phone LIKE ?))"
			args = append(append(args, digitsArgs...), "%"+d+"%")
		}
		short := utf8.RuneCountInString(term) < minTrigram || (d != "" && len(d) < minTrigram)
		q.short = short
		if short && db.dialect == Postgres {
			// A LIKE with no whole trigram would make PostgreSQL read the
			// entire GIN index; an expression the index does not cover
			// makes it scan the workspace's rows instead, which is cheaper.
			match = unindexed(match)
		}
		q.and(match, args...)
		q.matchArgs = len(args)
		if !short {
			q.ftsAny = append(q.ftsAny, term)
			if d != "" {
				q.ftsAny = append(q.ftsAny, d)
			}
		}
		// Names and emails that start with the query come first.
		q.rank = "(c.search LIKE ? ESCAPE '\\' OR c.search LIKE ? ESCAPE '\\' OR c.search LIKE ? ESCAPE '\\')"
		q.rankArgs = []any{markFull + esc + "%", "%" + markLast + esc + "%", "%" + markEmail + esc + "%"}
		if db.dialect == Postgres {
			if utf8.RuneCountInString(term) >= minTrigram-1 {
				// One index condition for the three: a part of the
				// text starting with the query (its marker and first
				// two letters make a trigram no other position has).
				q.rank = "(" + pgIndexed + " LIKE ? ESCAPE '\\' AND " + q.rank + ")"
				q.rankArgs = append([]any{"%" + pgMarker + esc + "%"}, q.rankArgs...)
			} else {
				q.rank = unindexed(q.rank)
			}
		}
		if utf8.RuneCountInString(term) >= minTrigram-1 {
			// With its marker even a two-letter prefix is a trigram.
			q.rankFTS = []string{markFull + term, markLast + term, markEmail + term}
		}
	}
	// Exact filters match a whole part of the search text, markers
	// included; on SQLite the markers make even a one-letter filter a
	// trigram the FTS index can serve.
	exact := func(value, open, close string) {
		if v := fold(value); v != "" {
			cond, args := db.like("%" + open + escapeLike(v) + close + "%")
			q.and(cond, args...)
			q.ftsAll = append(q.ftsAll, open+v+close)
		}
	}
	exact(s.Company, markCompany, markDigits)
	exact(s.Email, markEmail, markCompany)
	if s.Phone != "" {
		q.and("c.phone = ?", s.Phone)
	}
	if s.CreatedAfter != nil {
		q.and("c.created_at >= ?", s.CreatedAfter.UTC())
	}
	if s.CreatedBefore != nil {
		q.and("c.created_at < ?", s.CreatedBefore.UTC())
	}
	if db.dialect != SQLite {
		q.ftsAny, q.ftsAll = nil, nil
	}
	return q
}

// rankOnly is q for reading its "starts with" matches: without the match
// condition, which the rank condition implies. Left in, it makes PostgreSQL
// build the trigram bitmap of every match (tens of thousands of rows for a
// common run of digits) just to AND it with the rank's few; on SQLite the
// FTS5 query keeps only the rank's trigrams, the selective ones.
func (q searchQuery) rankOnly() searchQuery {
	if q.matchArgs < 0 {
		return q
	}
	q.where = q.where[1:]
	q.whereArgs = q.whereArgs[q.matchArgs:]
	q.ftsAny = nil
	q.matchArgs = -1
	return q
}

// after is the condition "newer-first after k" on the contact order.
func (q *searchQuery) after(k *switchboard.PageKey) (string, []any) {
	return contactOrder.qualified("c.").after(k)
}

// afterAny is the condition "after k" in the search's whole order, rank
// bucket first; "" when k is nil.
func (q *searchQuery) afterAny(k *switchboard.PageKey) (string, []any) {
	if k == nil {
		return "", nil
	}
	after, args := q.after(k)
	if q.rank == "" {
		return after, args
	}
	if k.Bucket == 0 {
		cond := "((" + q.rank + " AND " + after + ") OR NOT " + q.rank + ")"
		return cond, append(append(append([]any{}, q.rankArgs...), args...), q.rankArgs...)
	}
	return "(NOT " + q.rank + " AND " + after + ")", append(append([]any{}, q.rankArgs...), args...)
}

// bucket is the rank bucket of a match, as the rank condition decides it:
// 0 when its name or email starts with the query, else 1.
func (q *searchQuery) bucket(c *switchboard.Contact) int {
	if q.term == "" {
		return 0
	}
	row := newContactRow(c)
	return q.bucketOf(row.Search)
}

// bucketOf is the rank bucket of a search text: the rank condition's LIKEs
// as string tests (the text and the term are folded alike, so LIKE's case
// rules make no difference).
func (q *searchQuery) bucketOf(t string) int {
	if q.term == "" {
		return 0
	}
	if strings.HasPrefix(t, markFull+q.term) || strings.Contains(t, markLast+q.term) || strings.Contains(t, markEmail+q.term) {
		return 0
	}
	return 1
}

// On PostgreSQL the trigram index is on pgIndexed, the column search_idx:
// the search text with the markers of the parts a rank looks at (full name,
// last name, email) and of the phone's digits turned into the letter
// pgMarker, written by the store beside the search text on every write
// (searchIndexText). pg_trgm takes only letters and digits for words, so a
// control-character marker is a word break to it and "\x02inc%" (a last name
// starting with "inc") would fetch every row with a word starting with
// "inc", every "Acme Inc" among them; glued to a letter, "qinc" is a trigram
// only the start of a part holds, and the index serves prefix ranking as
// well as substrings. The digits glued to the letter stop every phone from
// being "a word starting with 1", which a query starting "+1" would otherwise
// fetch whole. The text is computed in Go and stored, not an index
// expression: four replace() calls per row, on every insert and on every
// recheck of a candidate, held a PostgreSQL import under 30,000 rows/s.
const (
	pgIndexed = "c.search_idx"
	pgMarker  = "q"
)

// pgMarkers turns the markers of a search text or LIKE pattern as
// searchIndexText turns them.
var pgMarkers = strings.NewReplacer(markFull, pgMarker, markLast, pgMarker, markEmail, pgMarker, markDigits, pgMarker)

// searchIndexText is PostgreSQL's indexed form of a search text (pgIndexed).
func searchIndexText(search string) string { return pgMarkers.Replace(search) }

// withSearchIdx prepares a GORM insert of row: on PostgreSQL it fills the
// indexed search text, on SQLite, whose table has no such column, it leaves
// the column out.
func (db *DB) withSearchIdx(tx *gorm.DB, row *contactRow) *gorm.DB {
	if db.dialect != Postgres {
		return tx.Omit("search_idx")
	}
	row.SearchIdx = searchIndexText(row.Search)
	return tx
}

// setSearchIdx adds the indexed search text to an update's columns
// (PostgreSQL only).
func (db *DB) setSearchIdx(set map[string]any, search string) {
	if db.dialect == Postgres {
		set["search_idx"] = searchIndexText(search)
	}
}

// like is the condition "the search text matches pattern" (a LIKE pattern
// escaped for ESCAPE '\'). On PostgreSQL it also matches the indexed text
// against the same pattern, markers turned: implied by the exact condition,
// it is there for the planner, which can use the index only for it.
func (db *DB) like(pattern string) (string, []any) {
	if db.dialect != Postgres {
		return "c.search LIKE ? ESCAPE '\\'", []any{pattern}
	}
	return "(" + pgIndexed + " LIKE ? ESCAPE '\\' AND c.search LIKE ? ESCAPE '\\')", []any{pgMarkers.Replace(pattern), pattern}
}

// unindexed rewrites a condition so that no index can serve its LIKEs (an
// expression the indexes do not cover): for walks, which read the
// workspace's rows in order and must not be turned into an index scan and a
// sort, and for queries too short for a trigram.
//
// The conditions on pgIndexed, there only for the index, become trivially
// true (their pattern is never NULL): the exact condition beside each
// decides alone, and a second LIKE per row would only cost.
func unindexed(sql string) string {
	sql = strings.ReplaceAll(sql, pgIndexed+" LIKE ? ESCAPE '\\'", "?::text IS NOT NULL")
	return strings.ReplaceAll(sql, "c.search LIKE", "(c.search || '') LIKE")
}

// isPhoneLike reports whether a query holds only what people type in phone
// numbers (digits, + - . ( ) and spaces) and at least one digit.
func isPhoneLike(s string) bool {
	hasDigit := false
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			hasDigit = true
		case strings.ContainsRune("+-.() ", r):
		default:
			return false
		}
	}
	return hasDigit
}

// escapeLike escapes LIKE's wildcards for ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// qualified prefixes every column of a comma-separated list.
func qualified(prefix, columns string) string {
	cols := strings.Split(columns, ", ")
	for i, c := range cols {
		cols[i] = prefix + c
	}
	return strings.Join(cols, ", ")
}
