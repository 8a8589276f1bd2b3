package store

// Ranking from the index: a search with at most rankReadCap matches reads them
// all (rank bucket, time, id), orders them here exactly as the SQL order
// would, and reads only the page's contacts.

import (
	"slices"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// rankCap is the matches past which a search's sample calls it broad, so
// that it skips ranking its matches from the index (reading all of them:
// their bucket, time and id, ordered in Go) and its pages are read by
// walking the workspace newest first (or, on SQLite, its index in order),
// which stops as soon as a page is full. A walk is cheap only when the
// matches are dense among the newest rows: a query matching 1,200 of 200,000
// contacts, all of them 65,000 rows deep, made a walk read those 65,000 rows,
// where reading its 1,200 matches from the index is a small fraction of that.
// Past a few thousand matches, reading them all costs more than a walk
// usually does. A search the sample did not call broad ranks up to
// rankReadCap.
const rankCap = 2500

// rankReadCap is how many candidates a search reads and ranks when its
// sample did not call it broad. The sample calls a search broad past
// rankCap matches; one it did not call so but holding more is near rankCap
// (the sample's error) or clustered where the sample missed it, and its
// page costs least from the candidates in hand: stopping at rankCap threw
// away 2,501 of them read, then read the page again (`ada love` at
// 1,000,000 contacts, 3,000 matches). Past it the search is broad.
const rankReadCap = 2 * rankCap

// candidate is a match as the search orders it.
type candidate struct {
	bucket int
	time   time.Time
	id     string
}

// candidates reads up to limit matches with their rank bucket and key, from
// the trigram index (or, for queries too short for one, the workspace's
// rows), for rankedPage to order: one pass over the candidates, where
// counting them and then reading the ranked page made two, each reading a
// heap row per candidate.
func (db *DB) candidates(r *gorm.DB, q searchQuery, limit int) ([]candidate, error) {
	query, args, text := db.candidatesSQL(q)
	return readCandidates(r, q, text, query+" LIMIT ?", append(args, limit))
}

// candidatesSQL is the query of a search's matches with their rank bucket
// and key; text says it hands the search text over for the bucket.
func (db *DB) candidatesSQL(q searchQuery) (string, []any, bool) {
	body, args := db.searchSQL(q, false, driver.Cond{}, nil)
	// The bucket: the database evaluates the rank condition, or hands the
	// search text over for Go to test (q.bucketOf), as the driver prefers.
	bucket, text := "0", false
	if !q.rank.IsZero() {
		var bucketArgs []any
		bucket, bucketArgs, text = db.drv.Bucket(q.rank)
		args = append(append([]any{}, bucketArgs...), args...)
	}
	return "SELECT " + bucket + ", c.created_at, c.id FROM " + body, args, text
}

// readCandidates runs a query of candidatesSQL.
func readCandidates(r *gorm.DB, q searchQuery, text bool, query string, args []any) ([]candidate, error) {
	res, err := r.Raw(query, args...).Rows()
	if err != nil {
		return nil, err
	}
	defer res.Close()
	var out []candidate
	var search string
	for res.Next() {
		var c candidate
		dest := []any{&c.bucket, &c.time, &c.id}
		if text {
			dest[0] = &search
		}
		if err := res.Scan(dest...); err != nil {
			return nil, err
		}
		if text {
			c.bucket = q.bucketOf(search)
		}
		out = append(out, c)
	}
	return out, res.Err()
}

// rankedInOrder reads a search's candidates as candidates does, up to
// limit. When its sample estimates them well past the count's cap
// (pastCap), from an index that hands them out in insertion order
// (driver.OrderedIndex), it reads the newest cap+1 of them instead: past
// is true when there are that many. Then when the page's window lies among
// them, out is that page, read in the same transaction, and inHand is
// true; else the page is read as a broad search's, from the index in
// order. Either way the search reads about a thousand matches, not all of
// them (`ada love` at 1,000,000 contacts: 3,000), and its total is the
// cap's lower bound, as it would be after reading them all. Read in order,
// a candidate costs FTS5 about a seventh more, so a search the sample sees
// under the cap reads them as candidates does. With a row of the
// workspace out of insertion order (which the index would hand out before
// newer ones) it reads them all.
func (db *DB) rankedInOrder(r *gorm.DB, q searchQuery, page switchboard.Page, want, limit int) (out []*switchboard.Contact, cands []candidate, past, inHand bool, err error) {
	idx, ordered := db.drv.(driver.OrderedIndex)
	ordered = ordered && q.pastCap && db.tune.earlyAbove > 0 && !q.short
	if ordered {
		_, _, ordered = idx.Candidates(q.workspaceID, driver.Trigrams{Any: q.tri.Any, All: q.tri.All}, 0, 1)
	}
	if !ordered {
		cands, err = db.candidates(r, q, limit)
		return nil, cands, false, false, err
	}
	err = r.Transaction(func(tx *gorm.DB) error {
		var apart []int64
		query, args := idx.OutOfOrder(q.workspaceID, 1)
		if err := scan(tx.Raw(query, args...), &apart); err != nil {
			return err
		}
		if len(apart) > 0 {
			cands, err = db.candidates(tx, q, limit)
			return err
		}
		query, args, text := db.candidatesSQL(q)
		query += " ORDER BY " + idx.RowKey() + " DESC LIMIT ?"
		n := min(db.tune.earlyAbove+1, limit)
		if cands, err = readCandidates(tx, q, text, query, append(args, n)); err != nil || len(cands) < n || n == limit {
			return err // every match, or past the limit: as candidates
		}
		past = true
		if inHand = windowInHand(q, cands, page, want); inHand {
			out, err = db.rankedPage(tx, q.workspaceID, cands, page, want)
		}
		return err
	})
	return out, cands, past, inHand, err
}

// windowInHand says whether the window of a page lies among cands, the
// newest of a search's matches in the contact order (a match not among
// them is older than every one of them). The newest matches of the
// "starts with" bucket are its first, so a window among them is in hand;
// the other bucket's come after the whole of the first, which only a
// complete read knows, unless no match starts with the query (rankNever).
func windowInHand(q searchQuery, cands []candidate, page switchboard.Page, want int) bool {
	bucket := 0
	if q.rankNever {
		bucket = 1
	}
	n := 0
	for _, c := range cands {
		if c.bucket != bucket {
			continue
		}
		if k := page.After; k != nil {
			if k.Bucket != bucket {
				return false
			}
			if c.time.After(k.Time) || c.time.Equal(k.Time) && c.id >= k.ID {
				continue // at or before the key
			}
		}
		n++
	}
	if page.After != nil {
		return n >= want
	}
	return n >= page.Offset+want
}

// rankedPage orders every match (the rank bucket, then newest first, as the
// SQL order does: created_at DESC, id DESC), takes the window after the
// page's key or from its offset, and reads those contacts.
func (db *DB) rankedPage(r *gorm.DB, workspaceID string, cands []candidate, page switchboard.Page, want int) ([]*switchboard.Contact, error) {
	before := func(a, b candidate) bool { // a comes first
		if a.bucket != b.bucket {
			return a.bucket < b.bucket
		}
		if c := a.time.Compare(b.time); c != 0 {
			return c > 0
		}
		return a.id > b.id
	}
	slices.SortFunc(cands, func(a, b candidate) int {
		switch {
		case before(a, b):
			return -1
		case before(b, a):
			return 1
		}
		return 0
	})
	from := min(page.Offset, len(cands))
	if k := page.After; k != nil {
		key := candidate{bucket: k.Bucket, time: k.Time, id: k.ID}
		from, _ = slices.BinarySearchFunc(cands, key, func(c, key candidate) int {
			if before(key, c) {
				return 1 // c comes after the key: the window starts here or before
			}
			return -1
		})
	}
	// A contact deleted since the candidates were read is left out, and
	// the window extends past it, so that a page is short only at the end.
	var out []*switchboard.Contact
	for len(out) < want && from < len(cands) {
		window := cands[from:min(from+want-len(out), len(cands))]
		from += len(window)
		ids := make([]string, len(window))
		for i, c := range window {
			ids[i] = c.id
		}
		var rows []contactRow
		// By id alone: given the workspace too, SQLite reads the
		// workspace's index instead of the ids'.
		if err := r.Select(contactColumns).Where("id IN ?", ids).Find(&rows).Error; err != nil {
			return nil, err
		}
		byID := make(map[string]*switchboard.Contact, len(rows))
		for i := range rows {
			if rows[i].WorkspaceID == workspaceID {
				byID[rows[i].ID] = rows[i].toDomain()
			}
		}
		for _, c := range window {
			if contact, ok := byID[c.id]; ok {
				out = append(out, contact)
			}
		}
	}
	return out, nil
}
