package store

import (
	"context"
	"database/sql"
	"strings"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// searchCountCap is how far a search counts its matches. Up to it, the total
// is exact; past it the total is reported as a lower bound
// (Meta.TotalIsLowerBound).
const searchCountCap = 1000

// SearchContacts implements switchboard.ContactStore.
//
// Matching and ranking are LIKEs on the contact's search text (package doc).
// On PostgreSQL the planner answers a LIKE of three or more characters from
// the pg_trgm GIN index; on SQLite the store joins the FTS5 trigram table
// explicitly and the LIKEs recheck the candidates. Shorter queries, and
// filters with no query, scan the workspace's rows.
//
// The order is: matches whose name or email starts with the query, newest
// first, then the other matches, newest first.
func (db *DB) SearchContacts(ctx context.Context, s switchboard.ContactSearch) ([]*switchboard.Contact, switchboard.Meta, error) {
	page := clampPage(s.Page)
	q := db.compileSearch(s)
	r := db.r.WithContext(ctx)
	meta := switchboard.Meta{Limit: page.Limit, Offset: page.Offset}
	var err error

	// A search whose sample says it is broad goes straight to the walk; the
	// others read their candidates from the trigram index, up to rankCap,
	// and rank them. A query too short for the trigram index finds its
	// matches by reading the workspace's rows, as a walk does: it counts
	// them first, ranks from its matches only up to searchCountCap, and
	// walks past it.
	maxRanked := rankCap
	if q.short {
		maxRanked = searchCountCap
	}
	var cands []candidate
	var n int
	if q.short {
		c, err := db.countUpTo(r, q, "", nil, nil, maxRanked+1)
		if err != nil {
			return nil, meta, err
		}
		n = int(c)
	} else {
		broad, err := db.looksBroad(r, q, maxRanked)
		if err != nil {
			return nil, meta, err
		}
		if broad {
			n = maxRanked + 1
		}
	}
	if n <= maxRanked {
		if cands, err = db.candidates(r, q, maxRanked+1); err != nil {
			return nil, meta, err
		}
		n = len(cands)
	}
	// Read limit+1 rows to learn whether more follow.
	want := page.Limit + 1
	var out []*switchboard.Contact
	if n <= maxRanked {
		// Every match is in hand, with what orders it.
		if out, err = db.rankedPage(r, q.workspaceID, cands, page, want); err != nil {
			return nil, meta, err
		}
		meta.Total, meta.TotalIsLowerBound = min(n, searchCountCap), n > searchCountCap
	} else {
		meta.Total, meta.TotalIsLowerBound = searchCountCap, true
		if q.rank == "" {
			after, afterArgs := q.afterAny(page.After)
			out, err = db.searchPage(r, q, true, after, afterArgs, q.order, nil, want, page.Offset, page.After)
		} else {
			out, err = db.rankedBroadPage(r, q, want, page)
		}
		if err != nil {
			return nil, meta, err
		}
	}
	if len(out) > page.Limit {
		out, meta.HasMore = out[:page.Limit], true
		last := out[len(out)-1]
		meta.Next = &switchboard.PageKey{Bucket: q.bucket(last), Time: last.CreatedAt, ID: last.ID}
	}
	return out, meta, nil
}

// rankedBroadPage reads want rows of a broad search from the page's offset
// or key: first the "starts with" matches, then the rest, each newest first.
func (db *DB) rankedBroadPage(r *gorm.DB, q searchQuery, want int, page switchboard.Page) ([]*switchboard.Contact, error) {
	offset := page.Offset
	// After a key of the second bucket only the rest remains.
	if k := page.After; k != nil && k.Bucket > 0 {
		after, args := q.after(k)
		return db.searchPage(r, q, true, "NOT "+q.rank+" AND "+after, append(append([]any{}, q.rankArgs...), args...), q.order, nil, want, 0, k)
	}
	qr := q.rankOnly()
	rank, rankArgs := q.rank, q.rankArgs
	if page.After != nil {
		after, args := q.after(page.After)
		rank, rankArgs = q.rank+" AND "+after, append(append([]any{}, q.rankArgs...), args...)
	}
	// How many start with the query? The index serves the rank condition
	// too, so this stays cheap unless they are many as well. On PostgreSQL
	// the first count stops at the end of the page: often there are none or
	// a few (a phone number starts no name), which settles it at once. (A
	// query too short for the index would count by reading rows, which the
	// probe below does better.)
	limit := searchCountCap + 1
	if db.dialect == Postgres {
		limit = want + offset + 1
	}
	var p int64
	var err error
	if db.dialect == SQLite || !q.short {
		if p, err = db.countUpTo(r, qr, q.rank, q.rankArgs, q.rankFTS, limit); err != nil {
			return nil, err
		}
	} else {
		p = int64(limit)
	}
	if p == int64(limit) && db.dialect == Postgres {
		// Many. Often the page is among the newest rows: when the
		// workspace's newest probeRows rows hold the whole window of
		// "starts with" matches, those are the window (newer matches
		// cannot exist elsewhere), and no full count is needed: the
		// count reads a heap row per match, and this cuts the p99 of a
		// query whose many matches all start with it (README,
		// Performance). (SQLite counts from its FTS5 index cheaply, and
		// there the probe only cost queries it could not decide.)
		if out, err := db.probeRanked(r, qr, rank, rankArgs, want, offset); err != nil || len(out) == want {
			return out, err
		}
		if p, err = db.countUpTo(r, qr, q.rank, q.rankArgs, q.rankFTS, searchCountCap+1); err != nil {
			return nil, err
		}
	}
	var out []*switchboard.Contact
	if page.After != nil || offset < int(p) || p > searchCountCap {
		// From the index when they are few, walking when they are many.
		walk := p > searchCountCap
		if out, err = db.searchPage(r, qr, walk, rank, rankArgs, q.order, nil, want, offset, page.After); err != nil {
			return nil, err
		}
		if len(out) == want {
			return out, nil
		}
		if page.After != nil {
			p, offset = 0, 0 // the rest from its start
		} else if walk {
			if len(out) > 0 {
				p = int64(offset + len(out)) // the walk reached the last one
			} else if err := db.countAll(r, qr, q.rank, q.rankArgs, &p); err != nil {
				return nil, err
			}
		}
	}
	rest, err := db.searchPage(r, q, true, "NOT "+q.rank, q.rankArgs, q.order, nil, want-len(out), max(0, offset-int(p)), nil)
	if err != nil {
		return nil, err
	}
	return append(out, rest...), nil
}

// probeRows is how many of a workspace's newest rows probeRanked reads.
const probeRows = 5000

// probeRanked (PostgreSQL) reads the window of "starts with" matches from
// the workspace's newest probeRows rows, walking them in order; fewer than
// want rows means the probe could not decide.
func (db *DB) probeRanked(r *gorm.DB, q searchQuery, rank string, rankArgs []any, want, offset int) ([]*switchboard.Contact, error) {
	newest := "SELECT * FROM contacts c WHERE c.workspace_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ?"
	where := append(append([]string{}, q.where...), rank)
	sql := "SELECT " + qualified("c.", contactColumns) + " FROM (" + newest + ") c WHERE " + strings.Join(where, " AND ") +
		" ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?"
	sql = unindexed(sql)
	args := append(append(append([]any{q.workspaceID, probeRows}, q.whereArgs...), rankArgs...), want, offset)
	var out []*switchboard.Contact
	err := db.walking(r, true, func(tx *gorm.DB) error {
		res, err := tx.Raw(sql, args...).Rows()
		if err != nil {
			return err
		}
		out, err = scanContacts(res)
		return err
	})
	return out, err
}

// searchFrom returns the FROM clause and leading conditions of a search.
// Indexed: the trigram index narrows the rows (FTS5 on SQLite, the GIN index
// on PostgreSQL, which the planner picks for the LIKEs). Walking: the rows are
// read newest first through the (workspace_id, created_at, id) index and the
// conditions filter them, so a LIMIT stops the walk early when matches are
// dense; on PostgreSQL the LIKEs are written so the GIN index cannot serve
// them, or the planner might prefer it and sort every match.
func (db *DB) searchFrom(q searchQuery, walk bool, extraFTS []string) (from string, where []string, args []any) {
	if walk {
		if db.dialect == SQLite {
			return "contacts c INDEXED BY contacts_workspace_created", nil, nil
		}
		return "contacts c", nil, nil
	}
	if match := q.ftsMatchWith(extraFTS); match != "" && db.dialect == SQLite {
		// CROSS JOIN makes SQLite drive the join from the FTS matches;
		// left to itself it may walk the workspace index instead and probe
		// the FTS result for every row.
		return "contacts_fts f CROSS JOIN contacts c ON c.seq = f.rowid", []string{"f.contacts_fts MATCH ?"}, []any{match}
	}
	return "contacts c", nil, nil
}

// searchSQL builds the FROM … WHERE of a search with an extra condition.
func (db *DB) searchSQL(q searchQuery, walk bool, extra string, extraArgs []any, extraFTS []string) (string, []any) {
	from, where, args := db.searchFrom(q, walk, extraFTS)
	where = append(where, "c.workspace_id = ?")
	args = append(args, q.workspaceID)
	where = append(where, q.where...)
	args = append(args, q.whereArgs...)
	if extra != "" {
		where = append(where, extra)
		args = append(args, extraArgs...)
	}
	sql := from + " WHERE " + strings.Join(where, " AND ")
	if walk && db.dialect == Postgres {
		sql = unindexed(sql)
	}
	return sql, args
}

// countUpTo counts the matches, stopping at limit.
func (db *DB) countUpTo(r *gorm.DB, q searchQuery, extra string, extraArgs []any, extraFTS []string, limit int) (int64, error) {
	body, args := db.searchSQL(q, false, extra, extraArgs, extraFTS)
	var n int64
	err := r.Raw("SELECT count(*) FROM (SELECT 1 FROM "+body+" LIMIT ?) AS m", append(args, limit)...).Scan(&n).Error
	return n, err
}

// countAll counts every match, walking the workspace.
func (db *DB) countAll(r *gorm.DB, q searchQuery, extra string, extraArgs []any, n *int64) error {
	body, args := db.searchSQL(q, true, extra, extraArgs, nil)
	return db.walking(r, true, func(tx *gorm.DB) error {
		return tx.Raw("SELECT count(*) FROM "+body, args...).Scan(n).Error
	})
}

// walking runs fn so that, on PostgreSQL, a walk really walks: the planner
// cannot estimate how dense the matches of a LIKE are, and left to itself it
// scans the table (or a parallel index) and sorts every match, where
// reading the (workspace_id, created_at, id) index in order and stopping at
// the page's end reads only the page (README, Performance). The
// settings are LOCAL to the transaction, so the pool is left as it was.
func (db *DB) walking(r *gorm.DB, walk bool, fn func(tx *gorm.DB) error) error {
	if !walk || db.dialect != Postgres {
		return fn(r)
	}
	return r.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; " +
			"SET LOCAL enable_sort = off; SET LOCAL max_parallel_workers_per_gather = 0").Error; err != nil {
			return err
		}
		return fn(tx)
	})
}

// searchPage reads one window of matches in the given order.
//
// On PostgreSQL a walk reads at most walkRows of the workspace's rows, from
// the newest (or from the page key from, when set: the walk's rows all come
// after it); when those hold fewer than limit matches it cannot tell whether
// older rows hold more, and the window is read from the index instead.
// Matches may be many and still all old (a run of digits only old numbers
// hold): a walk through every newer row would cost in proportion to the
// workspace. SQLite cannot stream such a bounded subquery in order (it
// collects and sorts the whole bound), so there a walk stays unbounded.
func (db *DB) searchPage(r *gorm.DB, q searchQuery, walk bool, extra string, extraArgs []any, order string, orderArgs []any, limit, offset int, from *switchboard.PageKey) ([]*switchboard.Contact, error) {
	if limit <= 0 {
		return nil, nil
	}
	if walk && db.dialect == Postgres {
		out, err := db.boundedWalk(r, q, extra, extraArgs, order, orderArgs, limit, offset, from)
		if err != nil || len(out) == limit {
			return out, err
		}
		walk = false
	}
	var extraFTS []string
	if q.rank != "" && strings.HasPrefix(extra, q.rank) {
		extraFTS = q.rankFTS
	}
	body, args := db.searchSQL(q, walk, extra, extraArgs, extraFTS)
	query := "SELECT " + qualified("c.", contactColumns) + " FROM " + body + " ORDER BY " + order + " LIMIT ? OFFSET ?"
	args = append(append(args, orderArgs...), limit, offset)
	var out []*switchboard.Contact
	err := db.walking(r, walk, func(tx *gorm.DB) error {
		res, err := tx.Raw(query, args...).Rows()
		if err != nil {
			return err
		}
		out, err = scanContacts(res)
		return err
	})
	return out, err
}

// walkRows bounds the rows a walk reads before it gives way to the index
// (PostgreSQL).
const walkRows = 10000

func (db *DB) walkLimit() int {
	if db.walkRows > 0 {
		return db.walkRows
	}
	return walkRows
}

// boundedWalk is searchPage's walk over at most walkRows rows (PostgreSQL).
func (db *DB) boundedWalk(r *gorm.DB, q searchQuery, extra string, extraArgs []any, order string, orderArgs []any, limit, offset int, from *switchboard.PageKey) ([]*switchboard.Contact, error) {
	inner := "SELECT * FROM contacts c0 WHERE c0.workspace_id = ?"
	args := []any{q.workspaceID}
	if from != nil {
		cond, a := contactOrder.qualified("c0.").after(from)
		inner += " AND " + cond
		args = append(args, a...)
	}
	inner += " ORDER BY c0.created_at DESC, c0.id DESC LIMIT ?"
	args = append(args, db.walkLimit())
	where := append(append([]string{}, q.where...), extra)
	if extra == "" {
		where = where[:len(where)-1]
	}
	sql := "SELECT " + qualified("c.", contactColumns) + " FROM (" + inner + ") c"
	if len(where) > 0 {
		sql += " WHERE " + unindexed(strings.Join(where, " AND "))
	}
	sql += " ORDER BY " + order + " LIMIT ? OFFSET ?"
	args = append(append(append(append(args, q.whereArgs...), extraArgs...), orderArgs...), limit, offset)
	var out []*switchboard.Contact
	err := db.walking(r, true, func(tx *gorm.DB) error {
		res, err := tx.Raw(sql, args...).Rows()
		if err != nil {
			return err
		}
		out, err = scanContacts(res)
		return err
	})
	return out, err
}

// scanContacts reads rows of contactColumns.
func scanContacts(res *sql.Rows) ([]*switchboard.Contact, error) {
	defer res.Close()
	var out []*switchboard.Contact
	for res.Next() {
		var r contactRow
		if err := res.Scan(&r.ID, &r.WorkspaceID, &r.FirstName, &r.LastName, &r.Phone, &r.Email, &r.Company, &r.Notes,
			&r.CreatedAt, &r.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, r.toDomain())
	}
	return out, res.Err()
}
