package store

import (
	"context"
	"database/sql"
	"strings"
	"unicode/utf8"

	switchboard "github.com/switchboard-oss/switchboard"
)

// minTrigram is the shortest query a trigram index can serve.
const minTrigram = 3

// searchQuery is a search compiled to SQL for one dialect.
type searchQuery struct {
	where     []string
	whereArgs []any
	order     string
	orderArgs []any
	// ftsAny are substrings (SQLite), one of which a match must contain;
	// ftsAll are substrings it must all contain. Both empty: no trigram
	// index can narrow this search.
	ftsAny, ftsAll []string
}

// ftsMatch is the FTS5 query selecting the candidates: a superset of the
// matches, which the LIKEs on c.search then check exactly. Each pattern
// becomes the AND of its trigrams: the table keeps no positions
// (detail=none), so FTS5 cannot run phrase queries, but a lone trigram is a
// single token it answers from the index without reading the content.
func (q *searchQuery) ftsMatch() string {
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

// trigramQuery is the AND of the quoted trigrams of s's literal runs ('%'
// and '_', which may stand for anything in a LIKE, split runs); "" when s has
// no run of three characters.
func trigramQuery(s string) string {
	seen := map[string]bool{}
	var toks []string
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return r == '%' || r == '_' }) {
		rs := []rune(run)
		for i := 0; i+3 <= len(rs); i++ {
			tok := string(rs[i : i+3])
			if !seen[tok] {
				seen[tok] = true
				toks = append(toks, `"`+strings.ReplaceAll(tok, `"`, `""`)+`"`)
			}
		}
	}
	return strings.Join(toks, " AND ")
}

func (q *searchQuery) and(cond string, args ...any) {
	q.where = append(q.where, cond)
	q.whereArgs = append(q.whereArgs, args...)
}

// SearchContacts implements switchboard.ContactService.
//
// Matching and ranking are LIKEs on the contact's search text (package doc).
// On PostgreSQL the planner answers a LIKE of three or more characters from
// the pg_trgm GIN index; on SQLite the store joins the FTS5 trigram table
// explicitly and the LIKEs recheck the candidates. Shorter queries, and
// filters with no query, scan the workspace's rows.
//
// The total is exact: a window count over the matches, which the trigram
// index keeps to the candidate rows.
func (db *DB) SearchContacts(ctx context.Context, s switchboard.ContactSearch) ([]*switchboard.Contact, switchboard.Meta, error) {
	page := clampPage(s.Page)
	q := db.compileSearch(s)

	from := "contacts c"
	where := append([]string{"c.workspace_id = ?"}, q.where...)
	args := append([]any{s.WorkspaceID}, q.whereArgs...)
	if match := q.ftsMatch(); match != "" {
		// CROSS JOIN makes SQLite drive the join from the FTS matches;
		// left to itself it may walk the workspace index instead and probe
		// the FTS result for every row.
		from = "contacts_fts f CROSS JOIN contacts c ON c.seq = f.rowid"
		where = append([]string{"f.contacts_fts MATCH ?"}, where...)
		args = append([]any{match}, args...)
	}
	whereSQL := strings.Join(where, " AND ")

	query := "SELECT " + qualified("c.", contactColumns) + ", count(*) OVER () AS total FROM " + from +
		" WHERE " + whereSQL + " ORDER BY " + q.order + " LIMIT ? OFFSET ?"
	allArgs := append(append(append([]any{}, args...), q.orderArgs...), page.Limit, page.Offset)
	r := db.r.WithContext(ctx)
	res, err := r.Raw(query, allArgs...).Rows()
	if err != nil {
		return nil, switchboard.Meta{}, err
	}
	var total int64
	out, err := scanContacts(res, &total)
	if err != nil {
		return nil, switchboard.Meta{}, err
	}
	if len(out) == 0 && page.Offset > 0 {
		// Past the end: the window count had no row to ride on.
		if err := r.Raw("SELECT count(*) FROM "+from+" WHERE "+whereSQL, args...).Scan(&total).Error; err != nil {
			return nil, switchboard.Meta{}, err
		}
	}
	meta := switchboard.Meta{
		Total:   int(total),
		HasMore: int64(page.Offset+len(out)) < total,
		Limit:   page.Limit,
		Offset:  page.Offset,
	}
	return out, meta, nil
}

// scanContacts reads rows of contactColumns followed by the window total.
func scanContacts(res *sql.Rows, total *int64) ([]*switchboard.Contact, error) {
	defer res.Close()
	var out []*switchboard.Contact
	for res.Next() {
		var r contactRow
		if err := res.Scan(&r.ID, &r.WorkspaceID, &r.FirstName, &r.LastName, &r.Phone, &r.Email, &r.Company, &r.Notes,
			&r.CreatedAt, &r.UpdatedAt, total); err != nil {
			return nil, err
		}
		out = append(out, r.toDomain())
	}
	return out, res.Err()
}

// compileSearch turns the request into conditions on the search text.
func (db *DB) compileSearch(s switchboard.ContactSearch) searchQuery {
	var q searchQuery
	q.order = "c.created_at DESC, c.id DESC"

	if term := fold(s.Query); term != "" {
		esc := escapeLike(term)
		match := "c.search LIKE ? ESCAPE '\\'"
		args := []any{"%" + esc + "%"}
		// A phone-like query also matches the phone's digits, whatever
		// punctuation either side uses: "415 555" finds +14155552671.
		d := ""
		if isPhoneLike(term) {
			if d = digits(term); d == term {
				d = "" // the plain match already covers the digits part
			}
		}
		if d != "" {
			match = "(" + match + " OR (c.search LIKE ? ESCAPE '\\' AND c.phone LIKE ?))"
			args = append(args, "%"+d+"%", "%"+d+"%")
		}
		short := utf8.RuneCountInString(term) < minTrigram || (d != "" && len(d) < minTrigram)
		if short && db.dialect == Postgres {
			// A LIKE with no whole trigram would make PostgreSQL read the
			// entire GIN index; an expression the index does not cover
			// makes it scan the workspace's rows instead, which is cheaper.
			match = strings.ReplaceAll(match, "c.search LIKE", "(c.search || '') LIKE")
		}
		q.and(match, args...)
		if !short {
			q.ftsAny = append(q.ftsAny, term)
			if d != "" {
				q.ftsAny = append(q.ftsAny, d)
			}
		}
		// Names and emails that start with the query come first.
		q.order = "CASE WHEN c.search LIKE ? ESCAPE '\\' OR c.search LIKE ? ESCAPE '\\' OR c.search LIKE ? ESCAPE '\\' THEN 0 ELSE 1 END, " + q.order
		q.orderArgs = []any{markFull + esc + "%", "%" + markLast + esc + "%", "%" + markEmail + esc + "%"}
	}
	// Exact filters match a whole part of the search text, markers
	// included; on SQLite the markers make even a one-letter filter a
	// trigram the FTS index can serve.
	exact := func(value, open, close string) {
		if v := fold(value); v != "" {
			q.and("c.search LIKE ? ESCAPE '\\'", "%"+open+escapeLike(v)+close+"%")
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
