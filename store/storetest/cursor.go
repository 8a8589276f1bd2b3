package storetest

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// cursorWorkspace imports n contacts in batches of 100 (each batch shares
// one created_at, so ties on it are broken by id) shaped so the queries of
// testCursorWalk take every path of SearchContacts:
//
//   - "ada": 5/8 start with it (broad, the "starts with" part too), 1/8 hold
//     it in the company only;
//   - "lace": 1/8 start with it, the company of every other row holds it
//     (broad, few "starts with");
//   - "carl": 2/8, all starting with it (selective);
//   - company "other": every odd row, no query (broad, unranked).
func cursorWorkspace(t *testing.T, db *store.DB, ws string, n int) []*switchboard.Contact {
	t.Helper()
	var all []*switchboard.Contact
	for start := 0; start < n; start += 100 {
		var batch []*switchboard.Contact
		for i := start; i < min(n, start+100); i++ {
			c := &switchboard.Contact{Company: "Other"}
			switch {
			case i%8 < 5:
				c.FirstName = mustf("Ada%d", i)
			case i%8 == 5:
				c.FirstName = mustf("Lacey%d", i)
			default:
				c.FirstName = mustf("Carl%d", i)
			}
			if i%2 == 0 {
				c.Company = "Necklace Works"
			}
			if i%8 == 6 {
				c.Company = "Adaworks"
			}
			batch = append(batch, c)
		}
		_, err := db.ImportContacts(ctx(), ws, batch, false)
		require.NoError(t, err)
		all = append(all, batch...)
	}
	return all
}

type cursorCase struct {
	name string
	s    switchboard.ContactSearch // zero Query and Company: the contact list
}

func (c cursorCase) page(db *store.DB, ws string, p switchboard.Page) ([]*switchboard.Contact, switchboard.Meta, error) {
	if c.s.Query == "" && c.s.Company == "" {
		return db.ListContacts(ctx(), ws, p)
	}
	s := c.s
	s.WorkspaceID, s.Page = ws, p
	return db.SearchContacts(ctx(), s)
}

// walk reads every page by key and returns the ids served.
func (c cursorCase) walk(t *testing.T, db *store.DB, ws string, limit int) []string {
	var ids []string
	var after *switchboard.PageKey
	for pages := 0; ; pages++ {
		require.Less(t, pages, 10000)
		got, meta, err := c.page(db, ws, switchboard.Page{Limit: limit, After: after})
		require.NoError(t, err)
		for _, x := range got {
			ids = append(ids, x.ID)
		}
		if !meta.HasMore {
			require.Nil(t, meta.Next)
			return ids
		}
		require.NotNil(t, meta.Next)
		require.Len(t, got, limit, "a page that is not the last is full")
		after = meta.Next
	}
}

var cursorCases = []cursorCase{
	{"list", switchboard.ContactSearch{}},
	{"broad, many prefixes", switchboard.ContactSearch{Query: "ada"}},
	{"broad, few prefixes", switchboard.ContactSearch{Query: "lace"}},
	{"selective", switchboard.ContactSearch{Query: "carl"}},
	{"filter only", switchboard.ContactSearch{Company: "other"}},
}

func testCursorWalk(t *testing.T, open Opener) {
	db := open(t)

	t.Run("SameAsOffsetPages", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		cursorWorkspace(t, db, ws, 2400)
		for _, c := range cursorCases {
			var want []string
			for off := 0; ; off += switchboard.MaxLimit {
				got, meta, err := c.page(db, ws, switchboard.Page{Limit: switchboard.MaxLimit, Offset: off})
				require.NoError(t, err)
				for _, x := range got {
					want = append(want, x.ID)
				}
				if !meta.HasMore {
					break
				}
			}
			require.NotEmpty(t, want, c.name)
			require.Equal(t, want, c.walk(t, db, ws, 53), c.name)
		}
	})

	// Rows that exist throughout a walk are served exactly once while
	// others are inserted and deleted, on every path.
	t.Run("UnderConcurrentWrites", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		initial := cursorWorkspace(t, db, ws, 2400)
		// Every fifth row is deleted during the walks.
		doomed, stays := map[string]bool{}, map[string]bool{}
		for i, c := range initial {
			if i%5 == 2 {
				doomed[c.ID] = true
			} else {
				stays[c.ID] = true
			}
		}
		var added sync.Map
		var nAdded, nDeleted atomic.Int64
		var stop atomic.Bool
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := 0; !stop.Load(); i++ {
				// New rows of every shape: some land before, some
				// after the walks' positions in the rank order.
				c := &switchboard.Contact{WorkspaceID: ws, FirstName: []string{"Ada", "Lacey", "Carl", "Zed"}[i%4],
					Company: []string{"Other", "Necklace Works", "Adaworks"}[i%3]}
				if err := db.CreateContact(ctx(), c); err != nil {
					t.Error(err)
					return
				}
				added.Store(c.ID, true)
				nAdded.Add(1)
			}
		})
		wg.Go(func() {
			for id := range doomed {
				if stop.Load() {
					return
				}
				if err := db.DeleteContact(ctx(), ws, id); err != nil {
					t.Error(err)
					return
				}
				nDeleted.Add(1)
			}
		})
		defer func() { stop.Store(true); wg.Wait() }()

		// A row the writer inserted may be served before the writer has
		// noted its id (CreateContact has returned, Store has not run):
		// whether each served row existed is checked once the writers
		// have stopped.
		served := map[string]string{} // id → the case that served it
		for _, c := range cursorCases {
			// The rows of this case that stay throughout.
			want := map[string]bool{}
			for _, x := range initial {
				if stays[x.ID] && matches(c.s, x) {
					want[x.ID] = true
				}
			}
			seen := map[string]int{}
			for _, id := range c.walk(t, db, ws, 41) {
				seen[id]++
				served[id] = c.name
			}
			for id, n := range seen {
				require.Equal(t, 1, n, "%s: %s served %d times", c.name, id, n)
			}
			for id := range want {
				require.Equal(t, 1, seen[id], "%s: a row that stayed throughout was skipped", c.name)
			}
		}
		stop.Store(true)
		wg.Wait()
		for id, name := range served {
			_, isNew := added.Load(id)
			require.True(t, stays[id] || doomed[id] || isNew, "%s: served a row that never existed", name)
		}
		require.Positive(t, nAdded.Load(), "rows were inserted during the walks")
		require.Positive(t, nDeleted.Load(), "rows were deleted during the walks")
		t.Logf("%d rows inserted and %d deleted during the walks", nAdded.Load(), nDeleted.Load())
	})
}

// matches is the search rule of cursorWorkspace's rows (their names and
// companies are all there is).
func matches(s switchboard.ContactSearch, c *switchboard.Contact) bool {
	has := func(field, q string) bool { return strings.Contains(strings.ToLower(field), strings.ToLower(q)) }
	if s.Company != "" && !strings.EqualFold(c.Company, s.Company) {
		return false
	}
	if s.Query == "" {
		return true
	}
	return has(c.FirstName, s.Query) || has(c.Company, s.Query)
}
