package store

// Reading a broad search's window from an index that lists its candidates
// in insertion order (driver.OrderedIndex: SQLite's FTS5). A walk of the
// workspace newest first reads every row down to the window's last match:
// when the matches are few among the newest rows (`200` at 200,000
// contacts: most of its matches are the oldest), that is thousands of rows
// and a LIKE on each. The index hands over only rows holding the query's
// trigrams, newest first, so the read stops after about as many rows as
// the window holds.

import (
	"slices"
	"strconv"
	"strings"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// orderedRows bounds the candidates orderedWindow reads before it gives way
// to the walk: the candidates of another, larger workspace share the index
// and may be most of them.
const orderedRows = 20000

// maxOutOfOrder bounds the rows out of insertion order a workspace may hold
// for orderedWindow to merge them in; past it the walk reads the window.
// A workspace holds none unless two writers stamped contacts in one order
// and stored them in the other.
const maxOutOfOrder = 1000

// Chunks of candidates: small first, since a dense query fills its window
// from the first, and doubling, so that a sparse one takes few statements.
const firstChunk, maxChunk = 128, 4096

// orderedWindow reads window w of q's matches from an ordered index. ok is
// false when it cannot: the query has no trigram, the workspace holds too
// many rows out of insertion order, or orderedRows candidates did not fill
// the window.
//
// The rows in insertion order come from the index in the contact order;
// those out of it, which the driver lists, are read apart and merged in:
// the window is then the first offset+limit of the first and all of the
// second, ordered.
//
// Its statements share one read transaction: a contact inserted out of
// order between the read of those rows and the index's would otherwise
// come first, as the newest.
func (db *DB) orderedWindow(r *gorm.DB, idx driver.OrderedIndex, q searchQuery, w window) (out []*switchboard.Contact, ok bool, err error) {
	if db.tune.orderedRows <= 0 {
		return nil, false, nil
	}
	tri := driver.Trigrams{Any: q.tri.Any, All: q.tri.All}
	if w.ranked {
		tri.Rank = q.rankFTS
	}
	if _, _, ok := idx.Candidates(q.workspaceID, tri, 0, 1); !ok {
		return nil, false, nil
	}
	err = r.Transaction(func(tx *gorm.DB) error {
		out, ok, err = db.readOrdered(tx, idx, q, w, tri)
		return err
	})
	return out, ok, err
}

// readOrdered is orderedWindow's reading, in its transaction.
func (db *DB) readOrdered(r *gorm.DB, idx driver.OrderedIndex, q searchQuery, w window, tri driver.Trigrams) ([]*switchboard.Contact, bool, error) {
	var apart []int64
	query, args := idx.OutOfOrder(q.workspaceID, maxOutOfOrder+1)
	if err := scan(r.Raw(query, args...), &apart); err != nil {
		return nil, false, err
	}
	if len(apart) > maxOutOfOrder {
		return nil, false, nil
	}
	where := driver.And(append(append([]driver.Cond{}, q.where...), w.extra)...)
	// The matches out of insertion order, read first so that the index's
	// read skips them where it meets them.
	var outOfOrder []*switchboard.Contact
	if len(apart) > 0 {
		var err error
		if outOfOrder, err = db.rowsByKey(r, idx, q.workspaceID, apart, where, len(apart)); err != nil {
			return nil, false, err
		}
	}
	skip := make(map[string]bool, len(outOfOrder))
	for _, c := range outOfOrder {
		skip[c.ID] = true
	}
	// A window after a key starts below the row key of the first row in
	// insertion order at or above the key; any other just above the
	// workspace's newest row in order, so that the rows other workspaces
	// stored since (the index is every workspace's) are not read: at
	// 200,000 contacts, one import's batch of the neighbour on top made
	// `inc` read 8,000 candidates for none, 30 ms instead of 3.
	below, found, err := db.firstInOrder(r, idx, q.workspaceID, w.after)
	if err != nil {
		return nil, false, err
	}
	if !found && w.after != nil {
		// None at or above the key: the window starts at the newest.
		if below, found, err = db.firstInOrder(r, idx, q.workspaceID, nil); err != nil {
			return nil, false, err
		}
	}
	// Not found: no row of the workspace is in insertion order, and the
	// window is the rows out of it alone.
	want := w.offset + w.limit
	var out []*switchboard.Contact
	for read, n := 0, firstChunk; found && len(out) < want; n = min(2*n, maxChunk) {
		if read >= db.tune.orderedRows {
			return nil, false, nil
		}
		n = min(n, db.tune.orderedRows-read)
		query, args, _ := idx.Candidates(q.workspaceID, tri, below, n)
		var keys []int64
		if err := scan(r.Raw(query, args...), &keys); err != nil {
			return nil, false, err
		}
		if len(keys) == 0 {
			break
		}
		// Only the matches the window still needs are read (a dense
		// query's first chunk holds more than a page), and as many more
		// as may be skipped.
		rows, err := db.rowsByKey(r, idx, q.workspaceID, keys, where, want-len(out)+len(skip))
		if err != nil {
			return nil, false, err
		}
		for _, c := range rows {
			if !skip[c.ID] {
				out = append(out, c)
			}
		}
		read += len(keys)
		below = keys[len(keys)-1]
		if len(keys) < n {
			break // the index has no more
		}
	}
	out = out[:min(len(out), want)]
	if len(outOfOrder) > 0 {
		out = append(out, outOfOrder...)
		slices.SortFunc(out, func(a, b *switchboard.Contact) int {
			if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
				return c
			}
			return strings.Compare(b.ID, a.ID)
		})
	}
	return out[min(w.offset, len(out)):min(len(out), want)], true, nil
}

// firstInOrder is the row key a window after key (nil: from the newest)
// starts below: that of the workspace's first contact in insertion order at
// or above the key, plus one when the key is nil (the newest itself is in
// the window). found is false when there is none.
func (db *DB) firstInOrder(r *gorm.DB, idx driver.OrderedIndex, workspaceID string, key *switchboard.PageKey) (int64, bool, error) {
	var query string
	var args []any
	if key != nil {
		cond, condArgs := db.contactKeys().qualified("c.").from(key)
		query, args = idx.FirstInOrder(workspaceID, driver.Plain(cond, condArgs...))
	} else {
		query, args = idx.NewestInOrder(workspaceID)
	}
	var keys []int64
	if err := scan(r.Raw(query, args...), &keys); err != nil || len(keys) == 0 {
		return 0, false, err
	}
	if key == nil {
		return keys[0] + 1, true, nil
	}
	return keys[0], true, nil
}

// rowsByKey reads the first n of the workspace's contacts among keys that
// satisfy where, highest row key first.
func (db *DB) rowsByKey(r *gorm.DB, idx driver.OrderedIndex, workspaceID string, keys []int64, where driver.Cond, n int) ([]*switchboard.Contact, error) {
	list := make([]string, len(keys))
	for i, k := range keys {
		list[i] = strconv.FormatInt(k, 10)
	}
	query, args := idx.RowsByKey(workspaceID, "["+strings.Join(list, ",")+"]", where, n)
	res, err := r.Raw(query, args...).Rows()
	if err != nil {
		return nil, err
	}
	return scanContacts(res)
}
