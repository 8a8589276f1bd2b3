package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
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
	out, meta, err := db.search(ctx, s)
	// A search reads rows outside GORM's statements too: what fails there
	// is answered here.
	return out, meta, unavailable(err)
}

func (db *DB) search(ctx context.Context, s switchboard.ContactSearch) ([]*switchboard.Contact, switchboard.Meta, error) {
	page := clampPage(s.Page)
	r := db.r.WithContext(ctx)
	meta := switchboard.Meta{Limit: page.Limit, Offset: page.Offset}
	q, rows, err := db.prepareSearch(r, s)
	if err != nil {
		return nil, meta, err
	}
	if !q.scans {
		return db.searchRead(r, q, rows, page, meta)
	}
	var out []*switchboard.Contact
	err = db.readOwnRows(r, func(tx *gorm.DB) error {
		var err error
		out, meta, err = db.searchRead(tx, q, rows, page, meta)
		return err
	})
	return out, meta, err
}

// readOwnRows runs read, the reads of a search that reads its workspace's
// rows (q.scans), in the walk's settings (driver.Walk): given the
// workspace as a parameter, PostgreSQL's generic plan of a statement it
// has run a few times counts the workspace's rows as the average
// workspace's, and reads the whole table for a small one (75 ms where its
// index reads 5,000 rows in 2.5).
func (db *DB) readOwnRows(r *gorm.DB, read func(*gorm.DB) error) error {
	return db.drv.Walk(r, read)
}

// prepareSearch compiles s and reads its workspace's kept sample, which
// every search reads first: it tells a small workspace beside large ones,
// whose search reads its own rows (scansWorkspace, searchQuery.scanning),
// and a broad search from a narrow one (looksBroad).
func (db *DB) prepareSearch(r *gorm.DB, s switchboard.ContactSearch) (searchQuery, driver.SampledRows, error) {
	q := db.compileSearch(s)
	rows, err := db.sampled(r, q.workspaceID)
	if err == nil && db.scansWorkspace(rows) {
		q = q.scanning()
	}
	return q, rows, err
}

// searchRead reads a page of the search q, whose workspace's sample is
// rows.
func (db *DB) searchRead(r *gorm.DB, q searchQuery, rows driver.SampledRows, page switchboard.Page, meta switchboard.Meta) ([]*switchboard.Contact, switchboard.Meta, error) {
	var err error
	// A phone-like query with punctuation ("212 55", "(415) 201") matches
	// the phone's digits or, as typed, the search text. The second is
	// almost always empty, and the trigram index proves it cheaply (its
	// spaces, dashes and parentheses make rare trigrams): the search is
	// then on the phone alone, whose check is a LIKE on a short column
	// instead of the whole text of every row a walk or the index reads,
	// and it has no "starts with" matches to count first (issue 23). A
	// search that reads its workspace's rows (q.scans) has no index to
	// prove it with, and tests both on each row it reads.
	if q.digits != "" && !q.short && !q.scans {
		if n, err := db.countUpTo(r, q.textOnly(), driver.Cond{}, nil, 1); err != nil {
			return nil, meta, err
		} else if n == 0 {
			q = q.digitsOnly(db.drv)
		}
	}

	// A search whose sample says it is broad goes straight to the walk; the
	// others read their candidates from the trigram index, up to
	// rankReadCap, and rank them. A query too short for the trigram index,
	// and any search of a workspace that reads its own rows (q.scans),
	// finds its matches by reading the workspace's rows, as a walk does:
	// it ranks from its matches only up to searchCountCap, and walks past
	// it.
	_, ordered := db.drv.(driver.OrderedIndex)
	maxRanked := db.tune.rankReadCap
	if q.short || q.scans {
		maxRanked = db.tune.shortReadCap
	}
	broad, estimate, sample := db.looksBroad(q, rows)
	q.estimate = estimate
	q.pastCap = manyMatches(sample, db.tune.earlyAbove+db.tune.earlyAbove/4)
	if q.rankKeys && !q.short && rankBucketLikely(sample) {
		out, ok, err := db.rankBucketFirst(r, q, page)
		if err != nil {
			return nil, meta, err
		}
		if ok {
			meta.Total, meta.TotalIsLowerBound = searchCountCap, true
			return q.paged(out, page, meta)
		}
	}
	var cands []candidate
	var n int
	if q.short {
		// Two characters: the names and emails starting with them are
		// a trigram with their marker, which the index serves. When they
		// alone are over the cap, so are the matches, and the count
		// that scans the workspace's rows (`ad`: 10,000 rows read for
		// 1,001 matches at 200,000 contacts) is not needed. SQLite only:
		// FTS5 stops at the cap, where PostgreSQL's GIN index builds the
		// bitmap of every such name first (`ad` at 1,000,000 contacts:
		// 5.4 ms p50 without this count, 12 with it).
		//
		// Before either, the sample: one that calls the query broad
		// settles it without a count (`ad` at 200,000 contacts on
		// PostgreSQL: 12 ms of a 19 ms search counting its matches to
		// 1,001), and says whether any of its matches start with it
		// (rankRare, as countShort would).
		var c int64
		if broad {
			q.rankRare = q.rank.Index != q.rank.Scan && sample.RankMatches == 0
			c = int64(maxRanked) + 1
		}
		if c <= int64(maxRanked) && ordered && q.rankFTS != nil {
			if c, err = db.countRank(r, q, maxRanked+1); err != nil {
				return nil, meta, err
			}
		}
		if c <= int64(maxRanked) {
			if c, err = db.countShort(r, &q, maxRanked+1); err != nil {
				return nil, meta, err
			}
		}
		n = int(c)
	} else {
		q.rankDense = rankDense(sample, page.Limit+1, db.tune.walkRows)
		q.rankMany = rankMany(sample, db.tune.rankManyAbove)
		if broad {
			n = maxRanked + 1
		}
	}
	// Read limit+1 rows to learn whether more follow.
	want := page.Limit + 1
	var out []*switchboard.Contact
	past, inHand := false, false
	if n <= maxRanked {
		if out, cands, past, inHand, err = db.rankedInOrder(r, q, page, want, maxRanked+1); err != nil {
			return nil, meta, err
		}
		n = len(cands)
		if past && !inHand {
			n = maxRanked + 1 // past the cap: the page as a broad search's
		}
	}
	switch {
	case inHand:
		// The page is in hand from the newest matches, past the cap.
		meta.Total, meta.TotalIsLowerBound = min(n, searchCountCap), true
	case n <= maxRanked:
		// Every match is in hand, with what orders it.
		if out, err = db.rankedPage(r, q.workspaceID, cands, page, want); err != nil {
			return nil, meta, err
		}
		meta.Total, meta.TotalIsLowerBound = min(n, searchCountCap), n > searchCountCap
	default:
		meta.Total, meta.TotalIsLowerBound = searchCountCap, true
		if q.rank.IsZero() {
			out, err = db.searchPage(r, q, window{walk: true, extra: q.afterAny(page.After), limit: want, offset: page.Offset, after: page.After})
		} else {
			out, err = db.rankedBroadPage(r, q, want, page)
		}
		if err != nil {
			return nil, meta, err
		}
	}
	return q.paged(out, page, meta)
}

// paged cuts out, a page's rows and one more when more follow, to the page
// and says so in meta, with the key of the next page.
func (q *searchQuery) paged(out []*switchboard.Contact, page switchboard.Page, meta switchboard.Meta) ([]*switchboard.Contact, switchboard.Meta, error) {
	if len(out) > page.Limit {
		out, meta.HasMore = out[:page.Limit], true
		last := out[len(out)-1]
		meta.Next = &switchboard.PageKey{Bucket: q.bucket(last), Time: last.CreatedAt, ID: last.ID}
	}
	return out, meta, nil
}

// rankBucketCap is the most "starts with" matches rankBucketFirst orders:
// it reads every one of them, about 2 µs each at 1,000,000 contacts on
// PostgreSQL (13 ms for 5,000), where a walk finds the page of a larger
// bucket sooner (`hedy l`, 7,295 of them: 11.7 ms).
const rankBucketCap = 4000

// rankBucketLikely says whether the sample s estimates a search's "starts
// with" matches past half the count's cap and within rankBucketCap, where
// rankBucketFirst may answer it (s counts them where the driver probes:
// PostgreSQL, which has the rank's keys). From however few of the sample's
// pieces: a bucket of a few thousand meets a sample of 4,000 rows in a
// handful of rows (`ada love`: about ten), too few pages to settle
// anything else by, and a wrong guess costs one read of the bucket up to
// rankBucketCap.
func rankBucketLikely(s driver.Sample) bool {
	if s.Sampled < minSampled || s.RankMatches == 0 {
		return false
	}
	estimate := s.RankMatches * s.Workspace / s.Sampled
	return estimate*2 > searchCountCap && estimate <= rankBucketCap
}

// rankBucketFirst answers a page whose window lies among the search's
// "starts with" matches when they are more than the count's cap (so that
// the total is its lower bound whatever the other matches are) and at
// most rankBucketCap: the rank's keys' indexes hold each match's time and
// id after its key, so that the database orders the matches from those
// indexes alone (rankKeysSQL) and hands over the window's ids with their
// count, and the window's contacts are read by id. A two-word name (`ada
// love` at 1,000,000 contacts: 2,524 such matches) read every match's row
// through the trigram index to order them, 18 ms; its keys take 2. Both
// statements read one snapshot. ok is false when the matches are too many
// or too few, or the window goes past them.
func (db *DB) rankBucketFirst(r *gorm.DB, q searchQuery, page switchboard.Page) (out []*switchboard.Contact, ok bool, err error) {
	limit := rankBucketCap + 1
	union, args := db.rankKeysSQL(q, "created_at, id", driver.Cond{}, limit)
	want := page.Limit + 1
	query := "SELECT w.created_at, w.id, w.n FROM (SELECT u.created_at, u.id, count(*) OVER () AS n FROM (" + union + ") AS u) AS w"
	if k := page.After; k != nil {
		if k.Bucket != 0 {
			return nil, false, nil
		}
		cond, keyArgs := db.contactKeys().qualified("w.").after(k)
		query += " WHERE " + cond
		args = append(args, keyArgs...)
	}
	query += " ORDER BY w.created_at DESC, w.id DESC LIMIT ? OFFSET ?"
	args = append(args, want, page.Offset)
	err = r.Transaction(func(tx *gorm.DB) error {
		res, err := tx.Raw(query, args...).Rows()
		if err != nil {
			return err
		}
		var window []candidate
		var n int
		for res.Next() {
			var c candidate
			if err := res.Scan(&c.time, &c.id, &n); err != nil {
				res.Close()
				return err
			}
			window = append(window, c)
		}
		res.Close()
		// At the limit a key's range may hold more than were read; short
		// of want, the window goes on past the bucket.
		if err := res.Err(); err != nil || n <= searchCountCap || n >= limit || len(window) < want {
			return err
		}
		ok = true
		out, err = db.rankedPage(tx, q.workspaceID, window, switchboard.Page{Limit: page.Limit}, want)
		return err
	}, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	return out, ok, err
}

// rankedBroadPage reads want rows of a broad search from the page's offset
// or key: first the "starts with" matches, then the rest, each newest first.
func (db *DB) rankedBroadPage(r *gorm.DB, q searchQuery, want int, page switchboard.Page) ([]*switchboard.Contact, error) {
	offset := page.Offset
	// After a key of the second bucket only the rest remains.
	if k := page.After; k != nil && k.Bucket > 0 {
		return db.searchPage(r, q, window{walk: true, extra: driver.Compose("NOT %s AND %s", q.rank, q.after(k)), limit: want, after: k})
	}
	qr := q.rankOnly()
	rank := q.rank
	var after driver.Cond
	if page.After != nil {
		after = q.after(page.After)
		rank = driver.And(q.rank, after)
	}
	// How many start with the query? The index serves the rank condition
	// too, so this stays cheap unless they are many as well. A database
	// that can probe its newest rows (driver.Newest: PostgreSQL) counts
	// only to the end of the page first: often there are none or a few (a
	// phone number starts no name), which settles it at once. (A query
	// too short for the index would count by reading rows, which the probe
	// below does better.)
	// A database whose index hands out its rows in order
	// (driver.OrderedIndex: SQLite) counts only to the end of the page
	// too: when there are more, the window is read from that index in
	// order, and no count is needed.
	newest, probes := db.drv.(driver.Newest)
	_, ordered := db.drv.(driver.OrderedIndex)
	limit := searchCountCap + 1
	if probes || ordered {
		limit = want + offset + 1
	}
	// Often the page is among the newest rows: when the workspace's
	// newest probeRows rows hold the whole window of "starts with"
	// matches, those are the window (newer matches cannot exist
	// elsewhere), and no full count is needed: the count reads a heap row
	// per match, and this cuts the p99 of a query whose many matches all
	// start with it (docs/performance.md). (SQLite counts from its FTS5
	// index cheaply, and there the probe only cost queries it could not
	// decide.) Dense enough among the newest rows that a walk's walkRows
	// rows should hold the page, the walk goes on from the probe's last
	// match, and the full count, which would only choose that walk, is
	// not needed either (`hedy l` at 1,000,000 contacts: 35 in the newest
	// 5,000, 7,000 in all). That only on a first page, where the probe's
	// matches are the bucket's first.
	probed := false
	probe := func() ([]*switchboard.Contact, bool, error) {
		probed = true
		out, err := db.probeRanked(r, newest, qr, rank, want, offset)
		if err != nil || len(out) == want {
			return out, true, err
		}
		if offset == 0 && len(out) > 0 && len(out)*db.tune.walkRows >= want*db.tune.probeRows {
			out, err := db.afterProbe(r, q, out, want)
			return out, true, err
		}
		return nil, false, nil
	}
	// The sample saw them dense: the probe goes first, before any count
	// (rankDense).
	if probes && page.After == nil && q.rankDense {
		if out, done, err := probe(); done {
			return out, err
		}
	}
	// Sampled far past the cap, they are many: no count (rankMany).
	skipCounts := probes && q.rankMany
	var p int64
	var err error
	if (!probes || !q.short || q.rankRare) && !skipCounts {
		if p, err = db.countRank(r, q, limit); err != nil {
			return nil, err
		}
	} else {
		p = int64(limit)
	}
	// Many, and the page starts after a key: the newest rows a probe
	// reads are above the key unless it is shallow, and a full count would
	// read a row per match only to choose the walk, which the page then
	// takes from the key (search-ranked-cursor-5000 on PostgreSQL: the
	// probe and the count were two thirds of its time).
	many := p == int64(limit)
	if many && probes && page.After == nil {
		if !probed {
			if out, done, err := probe(); done {
				return out, err
			}
		}
		if skipCounts {
			p = searchCountCap + 1
		} else if p, err = db.countRank(r, q, searchCountCap+1); err != nil {
			return nil, err
		}
	}
	var out []*switchboard.Contact
	if page.After != nil || offset < int(p) || p > searchCountCap {
		// From the index when they are few, walking when they are many.
		walk := p > searchCountCap || (many && (ordered || page.After != nil))
		if !walk && q.rankKeys {
			out, err = db.rankKeysPage(r, q, after, want, offset)
		} else {
			out, err = db.searchPage(r, qr, window{walk: walk, extra: rank, ranked: true, limit: want, offset: offset, after: page.After})
		}
		if err != nil {
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
			} else if err := db.countAll(r, qr, q.rank, &p); err != nil {
				return nil, err
			}
		}
	}
	return db.withOthers(r, q, out, want, max(0, offset-int(p)))
}

// withOthers fills out, the "starts with" matches of a page, up to want
// rows with the other matches, newest first from the offset-th of them.
func (db *DB) withOthers(r *gorm.DB, q searchQuery, out []*switchboard.Contact, want, offset int) ([]*switchboard.Contact, error) {
	rest, err := db.searchPage(r, q, window{walk: true, extra: driver.Compose("NOT %s", q.rank), limit: want - len(out), offset: offset})
	if err != nil {
		return nil, err
	}
	return append(out, rest...), nil
}

// afterProbe completes a first page of want rows whose probe found the
// "starts with" matches in hand, fewer than want, dense enough that a walk
// should find the rest: the walk starts after the last of them, where a
// walk from the newest row read the probe's rows again (`hedy l` at
// 1,000,000 contacts: 5,000 of the 7,000 rows read for the page). The walk
// gives way to the index if the bucket's next matches are not among its
// rows, and when the bucket ends the other matches follow from their
// first.
func (db *DB) afterProbe(r *gorm.DB, q searchQuery, found []*switchboard.Contact, want int) ([]*switchboard.Contact, error) {
	key := keyOf(found[len(found)-1])
	more, err := db.searchPage(r, q.rankOnly(), window{walk: true, extra: driver.And(q.rank, q.after(key)), ranked: true, limit: want - len(found), after: key})
	if err != nil {
		return nil, err
	}
	out := append(found, more...)
	if len(out) == want {
		return out, nil
	}
	return db.withOthers(r, q, out, want, 0)
}

// keyOf is the page key of c in the contact order: a window that goes on
// after c starts there.
func keyOf(c *switchboard.Contact) *switchboard.PageKey {
	return &switchboard.PageKey{Time: c.CreatedAt, ID: c.ID}
}

// probeRows is how many of a workspace's newest rows probeRanked reads
// (tests lower it: tuning).
const probeRows = 5000

// probeRanked reads the window of "starts with" matches from the
// workspace's newest probeRows rows (tuning), walking them in order; fewer than want
// rows means the probe could not decide.
func (db *DB) probeRanked(r *gorm.DB, newest driver.Newest, q searchQuery, rank driver.Cond, want, offset int) ([]*switchboard.Contact, error) {
	where := driver.And(append(append([]driver.Cond{}, q.where...), rank)...)
	sql, args := newest.Probe(q.workspaceID, db.tune.probeRows, where, want, offset)
	return db.readContacts(r, true, sql, args)
}

// searchSQL builds the FROM … WHERE of a search with an extra condition
// (zero for none). Indexed, a trigram index narrows the rows (the driver's
// From, narrowed to rows holding one of rankTri when set); walking, the
// rows are read newest first through the (workspace_id, created_at, id)
// index and the conditions, in their scanned spelling, filter them, so a
// LIMIT stops the walk early when matches are dense.
func (db *DB) searchSQL(q searchQuery, walk bool, extra driver.Cond, rankTri []string) (string, []any) {
	from, where, args := db.drv.From(q.workspaceID, walk, driver.Trigrams{Any: q.tri.Any, All: q.tri.All, Rank: rankTri})
	where = append(where, "c.workspace_id = ?")
	args = append(args, q.workspaceID)
	for _, c := range append(append([]driver.Cond{}, q.where...), extra) {
		if !c.IsZero() {
			where = append(where, c.SQL(walk))
			args = append(args, c.Args...)
		}
	}
	return from + " WHERE " + strings.Join(where, " AND "), args
}

// countRank counts q's "starts with" matches, stopping at limit: from the
// ranges of the rank's keys (q.rankKeys), or as any other count, narrowed
// by the rank's trigrams.
func (db *DB) countRank(r *gorm.DB, q searchQuery, limit int) (int64, error) {
	if !q.rankKeys {
		return db.countUpTo(r, q.rankOnly(), q.rank, q.rankFTS, limit)
	}
	union, args := db.rankKeysSQL(q, "id", driver.Cond{}, limit)
	var n int64
	err := scan(r.Raw("SELECT count(*) FROM ("+union+") AS u", args...), &n)
	return min(n, int64(limit)), err
}

// rankKeysPage reads want of q's "starts with" matches after the key's
// condition after (zero for none), newest first from the offset-th,
// when they are at most searchCountCap (counted so): the ids of all of
// them from the ranges of the rank's keys, then the window of those
// contacts in the search's order.
func (db *DB) rankKeysPage(r *gorm.DB, q searchQuery, after driver.Cond, want, offset int) ([]*switchboard.Contact, error) {
	union, args := db.rankKeysSQL(q, "id", after, searchCountCap+1)
	query := "SELECT " + qualified("c.", contactColumns) + " FROM contacts c WHERE c.id IN (" + union + ") ORDER BY " + q.order + " LIMIT ? OFFSET ?"
	return db.readContacts(r, false, query, append(args, want, offset))
}

// rankKeysSQL is the union of cols of the contacts c ("id", or
// "created_at, id") of q's "starts with" matches that satisfy extra (zero
// for none), read as three ranges, [term, the least string after every one
// starting with it), one of each rank key (driver.RankKeys: PostgreSQL's),
// up to limit each. The trigram indexes served the rank and cannot say
// where their trigrams stand: `labs` at 1,000,000 contacts
// read the 10,011 rows holding "lab", "abs" and a part starting "la" to
// find that no name or email starts with it (38 ms on PostgreSQL, where
// the ranges take a tenth of a millisecond). Each range is read in its
// key's order, so that its index is the only cheap way to it whatever
// the planner estimates of the range: a count's LIMIT made PostgreSQL
// scan the table for the first rows of a range it took for common (1.6 s
// for none). The keys compare by bytes, which in UTF-8 is code point
// order, so a range holds exactly the strings with the prefix.
func (db *DB) rankKeysSQL(q searchQuery, cols string, extra driver.Cond, limit int) (string, []any) {
	keys, _ := db.drv.RankKeys()
	end, bounded := driver.PrefixEnd(q.term)
	conds := append(append([]driver.Cond{}, q.rankOnly().where...), extra)
	parts := make([]string, len(keys))
	var args []any
	for i, key := range keys {
		where := []string{"c.workspace_id = ?", key + " >= ?"}
		args = append(args, q.workspaceID, q.term)
		if bounded {
			where = append(where, key+" < ?")
			args = append(args, end)
		}
		for _, c := range conds {
			if !c.IsZero() {
				where = append(where, c.Index)
				args = append(args, c.Args...)
			}
		}
		parts[i] = fmt.Sprintf("SELECT %s FROM (SELECT %s FROM contacts c WHERE %s ORDER BY %s LIMIT ?) AS k%d",
			cols, qualified("c.", cols), strings.Join(where, " AND "), key, i)
		args = append(args, limit)
	}
	return strings.Join(parts, " UNION "), args
}

// countUpTo counts the matches that also satisfy extra, stopping at limit.
func (db *DB) countUpTo(r *gorm.DB, q searchQuery, extra driver.Cond, rankTri []string, limit int) (int64, error) {
	query, args := db.countSQL(q, extra, rankTri, limit)
	var n int64
	err := scan(r.Raw(query, args...), &n)
	return n, err
}

// countSQL is countUpTo's statement.
func (db *DB) countSQL(q searchQuery, extra driver.Cond, rankTri []string, limit int) (string, []any) {
	body, args := db.searchSQL(q, false, extra, rankTri)
	return "SELECT count(*) FROM (SELECT 1 FROM " + body + " LIMIT ?) AS m", append(args, limit)
}

// countShort counts a short query's matches up to limit, as countUpTo
// does. Where the database probes for the "starts with" matches
// (driver.Newest) and its index serves their condition (two characters:
// the marker makes a trigram; the condition's index spelling differs from
// its scanned one), it also counts those among the first matches it read
// (rankSeenOf), and when it saw none sets q.rankRare: then rankedBroadPage
// asks the index for them before the probe, which reads a workspace's
// newest rows for them (`20` at 200,000 contacts on PostgreSQL: the probe
// read 5,000 rows in 2.7 ms of a 6 ms search, to find none; the index says
// so in a hundredth of a millisecond). Seen among the first matches, they
// are likely dense, and the probe goes first as before.
func (db *DB) countShort(r *gorm.DB, q *searchQuery, limit int) (int64, error) {
	// A search that reads its workspace's rows (q.scans) has no index for
	// the rank either, but the probe reads as many rows as its count
	// would: seen rare, they are counted (a read of the workspace's rows
	// that stops at the page's end) and the probe is not needed.
	_, probes := db.drv.(driver.Newest)
	if !probes || q.rank.IsZero() || (q.rank.Index == q.rank.Scan && !q.scans) {
		return db.countUpTo(r, *q, driver.Cond{}, nil, limit)
	}
	body, args := db.searchSQL(*q, false, driver.Cond{}, nil)
	// Tested on the first rankSeenOf matches only: the rank's LIKEs on
	// every one of a thousand cost more than the probe they would spare
	// (`ad`: 1.5 ms).
	args = append(append(append([]any{rankSeenOf}, q.rank.Args...), args...), limit)
	var counts struct{ N, Starts int64 }
	err := scan(r.Raw("SELECT count(*) AS n, coalesce(sum(m.r), 0) AS starts FROM (SELECT CASE WHEN row_number() OVER () > ? THEN 0 WHEN "+
		q.rank.Scan+" THEN 1 ELSE 0 END AS r FROM "+body+" LIMIT ?) AS m", args...), &counts)
	q.rankRare = counts.Starts == 0
	return counts.N, err
}

// rankSeenOf is how many of a short query's first matches countShort tests
// for the "starts with" condition.
const rankSeenOf = 100

// countAll counts every match that also satisfies extra, walking the
// workspace.
func (db *DB) countAll(r *gorm.DB, q searchQuery, extra driver.Cond, n *int64) error {
	body, args := db.searchSQL(q, true, extra, nil)
	return db.drv.Walk(r, func(tx *gorm.DB) error {
		return scan(tx.Raw("SELECT count(*) FROM "+body, args...), n)
	})
}

// window is one window of a search's matches, as searchPage reads it.
type window struct {
	// walk reads the workspace's rows newest first, where the index would
	// read the matches and sort them.
	walk bool
	// extra narrows the matches (zero: not).
	extra driver.Cond
	// ranked says extra is the rank condition (and maybe more), so that a
	// trigram index may narrow the rows to its matches.
	ranked bool
	// limit and offset cut the window from the search's order.
	limit, offset int
	// after is the page key the window's rows all come after, so that a
	// bounded walk starts there (nil: from the newest).
	after *switchboard.PageKey
}

// searchPage reads one window of matches in the search's order.
//
// A walk reads at most walkRows of the workspace's rows, from the newest
// (or from the window's key): when those hold fewer than limit matches it
// cannot tell whether older rows hold more, and the window is read from the
// index instead. Matches may be many and still all old (a run of digits
// only old numbers hold): a walk through every newer row costs in
// proportion to the workspace (on SQLite, before walks were bounded there,
// `+1 415 201` took 2.5 s at 1,000,000 contacts).
func (db *DB) searchPage(r *gorm.DB, q searchQuery, w window) ([]*switchboard.Contact, error) {
	if w.limit <= 0 {
		return nil, nil
	}
	if idx, ok := db.drv.(driver.OrderedIndex); ok && w.walk {
		out, ok, err := db.orderedWindow(r, idx, q, w)
		if err != nil || ok {
			return out, err
		}
	}
	var first []*switchboard.Contact
	if bounded, ok := db.drv.(driver.BoundedWalker); ok && w.walk {
		out, err := db.boundedWalk(r, bounded, q, w)
		if err != nil || len(out) == w.limit {
			return out, err
		}
		// Reading the matches from the index means reading and sorting
		// every one. When the sample says they are very many, they
		// cannot all be old, and walking on to them costs less: `200`
		// at 1,000,000 contacts matches most of them but few of the
		// newest, and its index read took 0.5 s on SQLite against 30 ms
		// for the walk.
		w.walk = q.estimate > int64(db.tune.walkOnAbove)
		if len(out) > 0 {
			// The walk's matches are the window's first (its offset
			// is behind them): the rest come after the last of them,
			// and the rows before it are not read again.
			key := keyOf(out[len(out)-1])
			first = out
			w.extra, w.after = driver.And(w.extra, q.after(key)), key
			w.limit, w.offset = w.limit-len(out), 0
		}
	}
	var rankTri []string
	if w.ranked {
		rankTri = q.rankFTS
	}
	body, args := db.searchSQL(q, w.walk, w.extra, rankTri)
	query := "SELECT " + qualified("c.", contactColumns) + " FROM " + body + " ORDER BY " + q.order + " LIMIT ? OFFSET ?"
	out, err := db.readContacts(r, w.walk, query, append(args, w.limit, w.offset))
	if err != nil {
		return nil, err
	}
	return append(first, out...), nil
}

// walkRows bounds the rows a walk reads before it gives way to the index
// (driver.BoundedWalker; tests lower it: tuning).
const walkRows = 10000

// walkOnAbove is the sample's estimate of a search's matches past which a
// walk that found too few among the newest walkRows rows goes on walking
// instead of reading them all from the index (tests lower it: tuning).
const walkOnAbove = 50000

// boundedWalk is searchPage's walk over at most walkRows rows.
func (db *DB) boundedWalk(r *gorm.DB, bounded driver.BoundedWalker, q searchQuery, w window) ([]*switchboard.Contact, error) {
	var from func(alias string) driver.Cond
	if w.after != nil {
		from = func(alias string) driver.Cond {
			cond, args := db.contactKeys().qualified(alias).after(w.after)
			return driver.Plain(cond, args...)
		}
	}
	where := driver.And(append(append([]driver.Cond{}, q.where...), w.extra)...)
	sql, args := bounded.BoundedWalk(q.workspaceID, from, db.tune.walkRows, where, q.order, w.limit, w.offset)
	return db.readContacts(r, true, sql, args)
}

// readContacts runs a query of contactColumns, as a walk or not.
func (db *DB) readContacts(r *gorm.DB, walk bool, query string, args []any) ([]*switchboard.Contact, error) {
	var out []*switchboard.Contact
	read := func(tx *gorm.DB) error {
		res, err := tx.Raw(query, args...).Rows()
		if err != nil {
			return err
		}
		out, err = scanContacts(res)
		return err
	}
	if !walk {
		return out, read(r)
	}
	return out, db.drv.Walk(r, read)
}

// scanContacts reads rows of contactColumns.
func scanContacts(res *sql.Rows) ([]*switchboard.Contact, error) {
	defer res.Close()
	var out []*switchboard.Contact
	for res.Next() {
		r, err := driver.ScanContact(res)
		if err != nil {
			return nil, err
		}
		row := contactRow(r)
		out = append(out, row.toDomain())
	}
	return out, res.Err()
}
