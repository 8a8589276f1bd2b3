package store

import (
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// minTrigram is the shortest query a trigram index can serve.
const minTrigram = 3

// searchQuery is a search compiled to conditions, each spelled by the
// driver (driver.Cond).
type searchQuery struct {
	workspaceID string
	// term is the folded query ("" for none).
	term string
	// where are the conditions every match satisfies; when hasMatch, the
	// first is the query's match condition.
	where    []driver.Cond
	hasMatch bool
	order    string
	// rank is the "starts with" condition: matches for which it holds come
	// first. Zero when there is no query.
	rank driver.Cond
	// rankFTS are the substrings one of which a rank match must contain,
	// for a trigram index to serve the rank condition.
	rankFTS []string
	// rankKeys says the "starts with" matches are counted and read as
	// ranges of the rank's keys, each from its own index (rankKeysSQL);
	// false for a query of one character, whose ranges would hold a part
	// of the workspace as large as its matches, and for a search of its
	// workspace's rows.
	rankKeys bool
	// tri are the substrings a match holds, for a trigram index to narrow
	// the rows; empty: no trigram index can.
	tri driver.Trigrams
	// short is a query too short for a trigram: no index narrows it.
	short bool
	// estimate is the sample's estimate of the matches of a broad search
	// (0: not sampled, or not broad).
	estimate int64
	// pastCap says the sample estimates the matches well past the
	// count's cap, broad or not: a ranked read then reads them in
	// order and stops past the cap (rankedInOrder).
	pastCap bool
	// rankDense says the sample found the "starts with" matches dense
	// enough to probe for them before counting them (rankDense).
	rankDense bool
	// rankMany says the sample estimates the "starts with" matches far
	// past the count's cap (rankMany).
	rankMany bool
	// rankRare says a short query's count of its matches saw none of them
	// start with it (countShort): the index's count of those goes first.
	rankRare bool
	// digits are the digits of a phone-like query that holds something
	// else too ("212 55": "21255"; "" otherwise), and text its match on
	// the search text alone: the match is digits OR text.
	digits string
	text   driver.Cond
	// tests are the conditions of where as Go tests them on a sampled
	// row, one for each; textTest is text's.
	tests    []sampleTest
	textTest sampleTest
	// rankNever says no match is a "starts with" one (digitsOnly).
	rankNever bool
	// scans says every condition is in its scanned spelling, so that the
	// search reads its workspace's rows, never the search index
	// (scanning).
	scans bool
	// keys is the contact order as the database takes it (contactKeys).
	keys keyset
}

// sampleTest is a search condition as Go tests it on a sampled row: true
// where its SQL is (the LIKEs on the lower-cased search text and the phone
// become substrings, which the sample's figures are tested against:
// TestSearchSampleCounts).
type sampleTest func(*driver.SampledRow) bool

func (q *searchQuery) and(c driver.Cond, test sampleTest) {
	q.where = append(q.where, c)
	q.tests = append(q.tests, test)
}

// sampleMatch tests a sampled row for every condition of the search.
func (q *searchQuery) sampleMatch(row *driver.SampledRow) bool {
	for _, test := range q.tests {
		if !test(row) {
			return false
		}
	}
	return true
}

func contains(part string) sampleTest {
	return func(r *driver.SampledRow) bool { return strings.Contains(r.Search, part) }
}

func phoneContains(digits string) sampleTest {
	return func(r *driver.SampledRow) bool { return strings.Contains(r.Phone, digits) }
}

// compileSearch turns the request into conditions on the search text.
func (db *DB) compileSearch(s switchboard.ContactSearch) searchQuery {
	q := searchQuery{workspaceID: s.WorkspaceID, keys: db.contactKeys()}
	q.order = "c.created_at DESC, c.id DESC"

	if term := fold(s.Query); term != "" {
		q.term = term
		esc := escapeLike(term)
		match, test := db.drv.Match("%"+esc+"%"), contains(term)
		// A phone-like query also matches the phone's digits, whatever
		// punctuation either side uses: "415 555" finds +14155552671.
		d := ""
		if isPhoneLike(term) {
			if d = digits(term); d == term {
				d = "" // the plain match already covers the digits part
			}
		}
		if d != "" {
			q.digits, q.text, q.textTest = d, match, test
			// The phone first: most candidates of a phone-like query
			// are phone matches, and its LIKE is the cheaper one.
			match = driver.Compose("(%s OR %s)", db.drv.Digits(d), match)
			onPhone, onText := phoneContains(d), test
			test = func(r *driver.SampledRow) bool { return onPhone(r) || onText(r) }
		}
		short := utf8.RuneCountInString(term) < minTrigram || (d != "" && len(d) < minTrigram)
		q.short = short
		if short {
			// A LIKE with no whole trigram would make PostgreSQL read the
			// entire GIN index; a condition the index does not serve makes
			// it scan the workspace's rows instead, which is cheaper.
			match = match.Scanned()
		}
		q.and(match, test)
		q.hasMatch = true
		if !short {
			q.tri.Any = append(q.tri.Any, term)
			if d != "" {
				q.tri.Any = append(q.tri.Any, d)
			}
		}
		// Names and emails that start with the query come first.
		runes := utf8.RuneCountInString(term)
		q.rank = db.drv.Rank(esc, runes)
		if runes >= minTrigram-1 {
			// With its marker even a two-letter prefix is a trigram.
			q.rankFTS = []string{markFull + term, markLast + term, markEmail + term}
			_, q.rankKeys = db.drv.RankKeys()
		}
	}
	// Exact filters match a whole part of the search text, markers
	// included; the markers make even a one-letter filter a trigram an
	// index can serve.
	exact := func(value, open, close string) {
		if v := fold(value); v != "" {
			q.and(db.drv.Match("%"+open+escapeLike(v)+close+"%"), contains(open+v+close))
			q.tri.All = append(q.tri.All, open+v+close)
		}
	}
	exact(s.Company, markCompany, markDigits)
	exact(s.Email, markEmail, markCompany)
	if phone := s.Phone; phone != "" {
		q.and(driver.Plain("c.phone = ?", phone), func(r *driver.SampledRow) bool { return r.Phone == phone })
	}
	if after := s.CreatedAfter; after != nil {
		q.and(driver.Plain("c.created_at >= ?", after.UTC()), func(r *driver.SampledRow) bool { return !r.CreatedAt.Before(*after) })
	}
	if before := s.CreatedBefore; before != nil {
		q.and(driver.Plain("c.created_at < ?", before.UTC()), func(r *driver.SampledRow) bool { return r.CreatedAt.Before(*before) })
	}
	return q
}

// rankOnly is q for reading its "starts with" matches: without the match
// condition, which the rank condition implies. Left in, it makes PostgreSQL
// build the trigram bitmap of every match (tens of thousands of rows for a
// common run of digits) just to AND it with the rank's few; on SQLite the
// FTS5 query keeps only the rank's trigrams, the selective ones.
func (q searchQuery) rankOnly() searchQuery {
	if !q.hasMatch {
		return q
	}
	q.where, q.tests = q.where[1:], q.tests[1:]
	q.tri.Any = nil
	q.hasMatch = false
	q.estimate = 0 // the rank's matches are a part of them, of unknown size
	return q
}

// textOnly is q matching the query on the search text alone, without its
// digits alternative (q.digits set). It and digitsOnly replace where[0]:
// compileSearch adds the query's match first, before any filter.
func (q searchQuery) textOnly() searchQuery {
	q.where = append([]driver.Cond{q.text}, q.where[1:]...)
	q.tests = append([]sampleTest{q.textTest}, q.tests[1:]...)
	q.tri.Any = []string{q.term}
	return q
}

// digitsOnly is q for a phone-like query whose text alternative matches
// nothing: its matches are the phone's, and none of them is a "starts
// with" match (a name or email starting with the query holds it: text).
// The rank condition stays, false, rather than zero, so that every match
// is in the second bucket as bucketOf says and the pages and cursors are
// those of q.
func (q searchQuery) digitsOnly(drv driver.Driver) searchQuery {
	match := drv.Digits(q.digits)
	if q.scans {
		match = match.Scanned()
	}
	q.where = append([]driver.Cond{match}, q.where[1:]...)
	q.tests = append([]sampleTest{phoneContains(q.digits)}, q.tests[1:]...)
	q.tri.Any = []string{q.digits}
	q.rank, q.rankFTS, q.rankKeys, q.rankNever = driver.Plain("1 = 0"), nil, false, true
	return q
}

// scanning is q reading its workspace's rows for every read, walk or not:
// each condition in its scanned spelling, which no index serves but the
// workspace's (scansWorkspace).
func (q searchQuery) scanning() searchQuery {
	q.scans = true
	q.where = scanned(q.where)
	q.rank, q.text = q.rank.Scanned(), q.text.Scanned()
	q.rankKeys = false
	return q
}

// scanned is conds, each in its scanned spelling.
func scanned(conds []driver.Cond) []driver.Cond {
	out := make([]driver.Cond, len(conds))
	for i, c := range conds {
		out[i] = c.Scanned()
	}
	return out
}

// matchAll is the search's conditions as one ("1 = 1" for none).
func (q *searchQuery) matchAll() driver.Cond {
	if len(q.where) == 0 {
		return driver.Plain("1 = 1")
	}
	return driver.And(q.where...)
}

// after is the condition "newer-first after k" on the contact order.
func (q *searchQuery) after(k *switchboard.PageKey) driver.Cond {
	cond, args := q.keys.qualified("c.").after(k)
	return driver.Plain(cond, args...)
}

// afterAny is the condition "after k" in the search's whole order, rank
// bucket first; zero when k is nil.
func (q *searchQuery) afterAny(k *switchboard.PageKey) driver.Cond {
	if k == nil {
		return driver.Cond{}
	}
	after := q.after(k)
	if q.rank.IsZero() {
		return after
	}
	if k.Bucket == 0 {
		return driver.Compose("((%s AND %s) OR NOT %s)", q.rank, after, q.rank)
	}
	return driver.Compose("(NOT %s AND %s)", q.rank, after)
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

// forInsert prepares a GORM insert of row in the writer's transaction tx:
// it fills the indexed search text and the row's number in its
// workspace's range where the database has them, and leaves the columns
// out where the table has none.
func (db *DB) forInsert(tx *gorm.DB, row *contactRow) (*gorm.DB, error) {
	if idx, ok := db.drv.SearchIndexText(row.Search); ok {
		row.SearchIdx = idx
	} else {
		tx = tx.Omit("search_idx")
	}
	seqs, ok := db.drv.(driver.ContactSeqs)
	if !ok {
		return tx.Omit("seq"), nil
	}
	last, err := seqs.LastContactSeq(tx, row.WorkspaceID)
	if err != nil {
		return nil, err
	}
	next := last + 1
	row.Seq = &next
	return tx, nil
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

// likeEscaper is built once: a Replacer builds its tables on first use.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// escapeLike escapes LIKE's wildcards for ESCAPE '\'.
func escapeLike(s string) string {
	return likeEscaper.Replace(s)
}

// qualified prefixes every column of a comma-separated list.
func qualified(prefix, columns string) string {
	cols := strings.Split(columns, ", ")
	for i, c := range cols {
		cols[i] = prefix + c
	}
	return strings.Join(cols, ", ")
}
