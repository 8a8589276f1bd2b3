package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSearchShortWalks runs the search suites with walks bounded to 300
// rows: on the suites' small workspaces the walks of broad searches then
// give way to the index, which must return what the walks would, in the
// same order, by offset and by cursor.
func TestSearchShortWalks(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			d.Open(t) // skips when PostgreSQL's TEST_DATABASE_URL is unset
			storetest.RunSearch(t, func(t testing.TB, opts ...store.Option) *store.DB {
				return d.Open(t, append(opts, store.WithWalkRows(300))...)
			})
		})
	}
}

// TestSearchSampledBroad runs the search suites with the sample's
// threshold lowered to 1,500 matches (above the 1,000 a search counts, as
// the real one is): on the suites' small workspaces the broad searches then
// skip reading their candidates, and must return what the candidates
// would, in the same order, with the same totals.
func TestSearchSampledBroad(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			d.Open(t) // skips when PostgreSQL's TEST_DATABASE_URL is unset
			storetest.RunSearch(t, func(t testing.TB, opts ...store.Option) *store.DB {
				return d.Open(t, append(opts, store.WithBroadAbove(1500))...)
			})
		})
	}
}

// TestSearchDenseProbe pages through a ranked search whose "starts with"
// bucket (Hedy ...) is dense among the newest rows but not all there, on
// a store whose probe reads the newest 10 rows and whose walks read 60, so
// that the probe (PostgreSQL's) finds part of the page and goes to the walk
// without counting the bucket: once with the page among the walk's rows,
// once with most of the bucket old, so that the walk falls short and the
// index reads the page; and once with the bucket dense in the sample but
// none of it among the newest rows, so that the probe the sample sends
// first decides nothing, or with it neither dense nor among the newest rows.
// Each case runs twice: with the store's counts, and with no count of the
// bucket once the sample estimates it over 5 (rankMany). Either way the
// pages are the bucket newest first, then the other matches (company Hedy
// Corp) newest first.
func TestSearchDenseProbe(t *testing.T) {
	t.Parallel()
	hedy := func() *switchboard.Contact { return &switchboard.Contact{FirstName: "Hedy", LastName: "Lamarr"} }
	corp := func() *switchboard.Contact {
		return &switchboard.Contact{FirstName: "Grace", LastName: "Hopper", Company: "Hedy Corp"}
	}
	// Each case's batches, oldest first: a batch is one maker per contact.
	cases := map[string][][]func() *switchboard.Contact{
		"page among the walk's rows": {repeat(400, corp, hedy, 20), repeat(50, hedy, hedy, 1), repeat(20, hedy, hedy, 1)},
		"walk falls short":           {repeat(300, corp, hedy, 5), repeat(100, corp, corp, 1), repeat(20, hedy, hedy, 1)},
		// Dense in the sample (89%), none among the newest rows: the
		// probe that goes first on the sample's word finds nothing, and
		// the count decides after all.
		"sampled dense, newest none": {repeat(500, hedy, hedy, 1), repeat(60, corp, corp, 1)},
		// 20% in the sample, none among the newest rows: neither dense
		// nor decided by the probe.
		"sampled sparse, newest none": {repeat(600, corp, hedy, 5), repeat(30, corp, corp, 1)},
	}
	for _, d := range storetest.Databases() {
		// Counted as the store counts them, and never counted when the
		// sample estimates more than 5 (rankMany): the page then goes to
		// the probe, the walk and the index without a count.
		for _, manyAbove := range []int{2000, 5} {
			for name, batches := range cases {
				t.Run(fmt.Sprintf("%s/rankMany=%d/%s", d.Name, manyAbove, name), func(t *testing.T) {
					t.Parallel()
					db := d.Open(t, store.WithBroadAbove(30), store.WithProbeRows(10), store.WithWalkRows(60), store.WithRankManyAbove(manyAbove))
					ws := storetest.NewWorkspaceID()
					var all []*switchboard.Contact
					for _, b := range batches {
						batch := make([]*switchboard.Contact, len(b))
						for i, mk := range b {
							batch[i] = mk()
						}
						_, err := db.ImportContacts(context.Background(), ws, batch, false)
						require.NoError(t, err)
						all = append(all, batch...)
					}
					db.FinishImport(context.Background(), len(all))
					slices.SortStableFunc(all, func(a, b *switchboard.Contact) int {
						if ra, rb := a.FirstName == "Hedy", b.FirstName == "Hedy"; ra != rb {
							if ra {
								return -1
							}
							return 1
						}
						if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
							return c
						}
						return strings.Compare(b.ID, a.ID)
					})
					var want []string
					for _, c := range all {
						want = append(want, c.ID)
					}
					byOffset, byCursor := storetest.SearchPages(t, db, switchboard.ContactSearch{WorkspaceID: ws, Query: "hedy"}, 50, 50, nil)
					require.Equal(t, want, byOffset, "by offset")
					require.Equal(t, want, byCursor, "by cursor")
				})
			}
		}
	}
}

// repeat is n contact makers: every k-th (from the first) makes with
// other, the rest with each.
func repeat(n int, each, other func() *switchboard.Contact, k int) []func() *switchboard.Contact {
	out := make([]func() *switchboard.Contact, n)
	for i := range out {
		out[i] = each
		if i%k == 0 {
			out[i] = other
		}
	}
	return out
}

// TestSearchShortRankUnseen: a query too short for the trigram index, with
// more matches than it ranks, whose first matches read include none that
// start with it while newer ones do (Hope ...): the store asks the index
// for those before any probe (countShort), and the pages are still the
// "starts with" matches newest first, then the others, by offset and by
// cursor.
func TestSearchShortRankUnseen(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t, store.WithShortReadCap(30), store.WithProbeRows(10))
			ctx := context.Background()
			ws := storetest.NewWorkspaceID()
			var others, starts []*switchboard.Contact
			for i := range 150 {
				others = append(others, &switchboard.Contact{FirstName: "Tom", LastName: fmt.Sprintf("Bho%d", i)})
			}
			for i := range 20 {
				starts = append(starts, &switchboard.Contact{FirstName: "Hope", LastName: fmt.Sprintf("Lane%d", i)})
			}
			// One import each, the others first: they are the first
			// matches a scan of the workspace meets.
			for _, batch := range [][]*switchboard.Contact{others, starts} {
				for _, c := range batch {
					_, err := db.ImportContacts(ctx, ws, []*switchboard.Contact{c}, false)
					require.NoError(t, err)
				}
			}
			var want []string
			for _, group := range [][]*switchboard.Contact{starts, others} {
				for i := len(group) - 1; i >= 0; i-- {
					want = append(want, group[i].ID)
				}
			}
			byOffset, byCursor := storetest.SearchPages(t, db, switchboard.ContactSearch{WorkspaceID: ws, Query: "ho"}, 50, 37, nil)
			require.Equal(t, want, byOffset, "by offset")
			require.Equal(t, want, byCursor, "by cursor")
		})
	}
}

// TestSearchSampleCounts: on a workspace small enough to be sampled whole,
// the sample's counts are exact: the workspace's matches (the query's and
// the filters'), the pages they are on, the "starts with" matches among
// them (PostgreSQL, which probes; none counted on SQLite), the rows sampled
// and the workspace's contacts. A neighbour's contacts that match count
// for nothing.
func TestSearchSampleCounts(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t)
			ctx := context.Background()
			ws, neighbour := storetest.NewWorkspaceID(), storetest.NewWorkspaceID()
			add := func(ws, first, last, company string, n int) {
				var cs []*switchboard.Contact
				for i := range n {
					cs = append(cs, &switchboard.Contact{FirstName: first, LastName: fmt.Sprintf("%s%d", last, i), Company: company})
				}
				_, err := db.ImportContacts(ctx, ws, cs, false)
				require.NoError(t, err)
			}
			// "lan" starts the last name of the Lanes, is inside the
			// Blans', and is in no Smith.
			add(ws, "Hope", "Lane", "Acme", 15)
			add(ws, "Hope", "Lane", "", 15)
			add(ws, "Tom", "Blan", "Acme", 10)
			add(ws, "Tom", "Blan", "", 40)
			add(ws, "Ann", "Smith", "Acme", 40)
			add(neighbour, "Hope", "Lane", "Acme", 20)
			db.FinishImport(ctx, 140)

			rankWant := map[string]int64{"sqlite": 0, "postgres": 1}[d.Name]
			for _, c := range []struct {
				search               switchboard.ContactSearch
				matches, rankMatches int64
			}{
				{switchboard.ContactSearch{Query: "lan"}, 80, 30},
				{switchboard.ContactSearch{Query: "lan", Company: "Acme"}, 25, 15},
			} {
				c.search.WorkspaceID = ws
				s, err := db.SampleOf(ctx, c.search)
				require.NoError(t, err)
				require.Equal(t, c.matches, s.Matches, "matches of %+v", c.search)
				require.EqualValues(t, 120, s.Sampled, "rows sampled")
				require.EqualValues(t, 120, s.Workspace, "the workspace's contacts")
				require.Positive(t, s.Pieces, "pieces holding matches")
				require.Equal(t, rankWant*c.rankMatches, s.RankMatches, "\"starts with\" matches of %+v", c.search)
			}
		})
	}
}

// TestSearchSampleMatchesSQL: the sample tests its rows in Go, the search
// its conditions in SQL. On a workspace sampled whole, the sample's matches
// are the search's exact total, for every kind of condition a search has.
func TestSearchSampleMatchesSQL(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
			stamp := t0
			db := d.Open(t, store.WithContactClock(func() time.Time { return stamp }))
			ctx := context.Background()
			ws, neighbour := storetest.NewWorkspaceID(), storetest.NewWorkspaceID()
			add := func(ws string, n int, contact func(i int) *switchboard.Contact) {
				var cs []*switchboard.Contact
				for i := range n {
					cs = append(cs, contact(i))
				}
				_, err := db.ImportContacts(ctx, ws, cs, false)
				require.NoError(t, err)
				stamp = stamp.Add(time.Hour)
			}
			add(ws, 20, func(i int) *switchboard.Contact {
				return &switchboard.Contact{FirstName: "Ada", LastName: fmt.Sprintf("Lovelace%d", i), Email: fmt.Sprintf("ada%d@analytical.org", i),
					Company: "Analytical Engines", Phone: fmt.Sprintf("+1415555%04d", i)}
			})
			add(ws, 20, func(i int) *switchboard.Contact {
				return &switchboard.Contact{FirstName: "Grace", LastName: fmt.Sprintf("Hopper%d", i), Email: fmt.Sprintf("grace%d@navy.mil", i),
					Company: "Navy", Phone: fmt.Sprintf("+1212555%04d", i)}
			})
			add(ws, 10, func(i int) *switchboard.Contact {
				return &switchboard.Contact{FirstName: "Ada", LastName: fmt.Sprintf("Byron%d", i), Company: "Navy 100%_"}
			})
			add(neighbour, 10, func(i int) *switchboard.Contact {
				return &switchboard.Contact{FirstName: "Ada", LastName: fmt.Sprintf("Lovelace%d", i), Phone: fmt.Sprintf("+1415555%04d", i)}
			})
			db.FinishImport(ctx, 60)

			t1 := t0.Add(time.Hour)
			for _, s := range []switchboard.ContactSearch{
				{Query: "ada"},
				{Query: "ADA LOVE"},
				{Query: "ada", Company: "Navy"},
				{Query: "ada", Company: "Navy 100%_"},
				{Query: "100%_"},
				{Query: "lovelace1"},
				{Query: "415 555"},
				{Query: "555"},
				{Query: "(212) 555-00"},
				{Query: "+1 212"},
				{Query: "navy.mil"},
				{Email: "ada3@analytical.org"},
				{Query: "ada", Phone: "+14155550003"},
				{Query: "ada", CreatedAfter: &t1},
				{Query: "555", CreatedBefore: &t1},
				{Query: "zzqx"},
			} {
				s.WorkspaceID, s.Page = ws, switchboard.Page{Limit: 100}
				sample, err := db.SampleOf(ctx, s)
				require.NoError(t, err)
				_, meta, err := db.SearchContacts(ctx, s)
				require.NoError(t, err)
				require.False(t, meta.TotalIsLowerBound, "%+v", s)
				require.EqualValues(t, meta.Total, sample.Matches, "the sample's matches of %+v", s)
				require.EqualValues(t, 50, sample.Sampled, "rows sampled")
			}
		})
	}
}

// keplerSample is a store whose kept things age by clock, with 30
// Johannes Keplers imported into ws, and matches, the sampled matches of
// "kepler" there.
type keplerSample struct {
	db      *store.DB
	ctx     context.Context
	ws      string
	keplers []*switchboard.Contact
	clock   time.Time
	matches func() int64
}

func keplerSamples(t *testing.T, d storetest.Database) *keplerSample {
	k := &keplerSample{ctx: context.Background(), ws: storetest.NewWorkspaceID(), clock: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	k.db = d.Open(t, store.WithKeptClock(func() time.Time { return k.clock }))
	for i := range 30 {
		k.keplers = append(k.keplers, &switchboard.Contact{FirstName: "Johannes", LastName: fmt.Sprintf("Kepler%d", i)})
	}
	_, err := k.db.ImportContacts(k.ctx, k.ws, k.keplers, false)
	require.NoError(t, err)
	k.db.FinishImport(k.ctx, 30)
	k.matches = func() int64 {
		s, err := k.db.SampleOf(k.ctx, switchboard.ContactSearch{WorkspaceID: k.ws, Query: "kepler"})
		require.NoError(t, err)
		return s.Matches
	}
	return k
}

// TestSearchSampleKept: a workspace's sample is kept for its searches until
// it is ten seconds old, or this store has changed a hundred of its
// contacts since it was read; what the store does not see (another
// instance's changes) waits for the ten seconds. Past them, the kept sample
// serves while it is read again in the background, unless it is ten
// minutes old: then, as after a hundred changes, it is read before the
// search.
func TestSearchSampleKept(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			k := keplerSamples(t, d)
			db, ctx, ws, keplers, matches, clock := k.db, k.ctx, k.ws, k.keplers, k.matches, &k.clock
			require.EqualValues(t, 30, matches())

			// Deleted behind the store's back, as another instance would.
			ids := make([]string, 10)
			for i, c := range keplers[:10] {
				ids[i] = c.ID
			}
			require.NoError(t, db.Exec("DELETE FROM contacts WHERE id IN ?", ids))
			require.EqualValues(t, 30, matches(), "the kept sample")
			*clock = clock.Add(9 * time.Second)
			require.EqualValues(t, 30, matches(), "a sample 9 s old")
			*clock = clock.Add(time.Second)
			require.EqualValues(t, 30, matches(), "a sample 10 s old serves while it is read again")
			db.WaitSampleReads()
			require.EqualValues(t, 20, matches(), "the sample read again")

			// The store's own changes: one leaves the sample as it is...
			require.NoError(t, db.DeleteContact(ctx, ws, keplers[10].ID))
			require.EqualValues(t, 20, matches(), "after one change")
			// ...a hundred make it be read again.
			var others []*switchboard.Contact
			for i := range 99 {
				others = append(others, &switchboard.Contact{FirstName: "Tycho", LastName: fmt.Sprintf("Brahe%d", i)})
			}
			_, err := db.ImportContacts(ctx, ws, others, false)
			require.NoError(t, err)
			require.EqualValues(t, 19, matches(), "after a hundred changes")
			// Every kind of change counts: updates and deletes too.
			for _, c := range keplers[11:21] {
				_, err := db.UpdateContact(ctx, ws, c.ID, func(c *switchboard.Contact) error { c.LastName = "Galilei"; return nil })
				require.NoError(t, err)
			}
			for _, c := range keplers[21:] {
				require.NoError(t, db.DeleteContact(ctx, ws, c.ID))
			}
			s, err := db.SampleOf(ctx, switchboard.ContactSearch{WorkspaceID: ws, Query: "kepler"})
			require.NoError(t, err)
			require.EqualValues(t, 19, s.Matches, "after 19 changes, kept")
			*clock = clock.Add(10 * time.Second)
			require.EqualValues(t, 19, matches(), "served while it is read again")
			db.WaitSampleReads()
			require.EqualValues(t, 0, matches(), "read again")

			// Older than ten minutes, a sample is read before the search.
			require.NoError(t, db.Exec("DELETE FROM contacts WHERE workspace_id = ?", ws))
			for i := range 12 {
				require.NoError(t, db.CreateContact(ctx, &switchboard.Contact{WorkspaceID: ws, FirstName: "Johannes", LastName: fmt.Sprintf("Kepler%d", 100+i)}))
			}
			*clock = clock.Add(9 * time.Second)
			require.EqualValues(t, 0, matches(), "the store's own 12 changes leave it as it is")
			*clock = clock.Add(10 * time.Minute)
			require.EqualValues(t, 12, matches(), "a sample ten minutes old is read before the search")
		})
	}
}

// TestSearchSampleReadAgainFails: a sample read again in the background
// that fails leaves the kept one serving, and the next search past ten
// seconds tries again; the store's Close waits for such a read.
func TestSearchSampleReadAgainFails(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			k := keplerSamples(t, d)
			db, keplers, matches, clock := k.db, k.keplers, k.matches, &k.clock
			require.EqualValues(t, 30, matches())

			// The table gone for a moment: the read in the background fails.
			require.NoError(t, db.Exec("ALTER TABLE contacts RENAME TO contacts_away"))
			*clock = clock.Add(11 * time.Second)
			require.EqualValues(t, 30, matches(), "the kept sample serves")
			db.WaitSampleReads()
			require.EqualValues(t, 30, matches(), "still kept after the read failed")
			db.WaitSampleReads()
			require.NoError(t, db.Exec("ALTER TABLE contacts_away RENAME TO contacts"))

			require.NoError(t, db.Exec("DELETE FROM contacts WHERE id = ?", keplers[0].ID))
			require.EqualValues(t, 30, matches(), "served while it is read again")
			db.WaitSampleReads()
			require.EqualValues(t, 29, matches(), "read again")

			*clock = clock.Add(11 * time.Second)
			require.EqualValues(t, 29, matches())
			require.NoError(t, db.Close(), "Close with a read in the background")
		})
	}
}

// TestRankedSearchStopsPastCap searches a workspace (SQLite: its FTS5
// index hands out candidates in insertion order) on a store whose ranked
// reads stop past 20 matches: 120 Ada Lovelaces among 240 contacts, all in
// insertion order. The first page is the newest ten, read among the newest
// 21 matches, and its total is their lower bound; a page past them (by
// offset and by cursor) is read as a broad search's, and says the total is
// a lower bound too. A store that reads them all counts 120 and returns
// the same pages.
func TestRankedSearchStopsPastCap(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		if d.Name != "sqlite" {
			continue // the only database whose index is read in order
		}
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			early := d.Open(t, store.WithEarlyAbove(20))
			all := d.Open(t, store.WithEarlyAbove(0))
			for _, db := range []*store.DB{early, all} {
				ws := "ws_early"
				for b := range 4 {
					var batch []*switchboard.Contact
					for i := range 60 {
						n := b*60 + i
						first, last := "Ada", "Lovelace"
						if n%2 == 1 {
							first, last = "Grace", "Hopper"
						}
						batch = append(batch, &switchboard.Contact{FirstName: first, LastName: last, Phone: fmt.Sprintf("+1415555%04d", n)})
					}
					_, err := db.ImportContacts(ctx, ws, batch, false)
					require.NoError(t, err)
				}
			}
			search := func(db *store.DB, page switchboard.Page) ([]*switchboard.Contact, switchboard.Meta) {
				out, meta, err := db.SearchContacts(ctx, switchboard.ContactSearch{WorkspaceID: "ws_early", Query: "ada love", Page: page})
				require.NoError(t, err)
				return out, meta
			}
			first, meta := search(early, switchboard.Page{Limit: 10})
			require.Equal(t, switchboard.Meta{Limit: 10, Total: 21, TotalIsLowerBound: true, HasMore: true, Next: meta.Next}, meta)
			firstAll, metaAll := search(all, switchboard.Page{Limit: 10})
			require.Equal(t, 120, metaAll.Total)
			require.False(t, metaAll.TotalIsLowerBound)
			require.Len(t, first, 10)
			for i := range first {
				require.Equal(t, firstAll[i].Phone, first[i].Phone)
			}
			// Past the matches read: by offset, then by cursor from
			// the 30th.
			deep, meta := search(early, switchboard.Page{Limit: 10, Offset: 30})
			require.True(t, meta.TotalIsLowerBound)
			deepAll, _ := search(all, switchboard.Page{Limit: 10, Offset: 30})
			require.Len(t, deep, 10)
			for i := range deep {
				require.Equal(t, deepAll[i].Phone, deep[i].Phone)
			}
			after, _ := search(early, switchboard.Page{Limit: 10, Offset: 20})
			afterAll, _ := search(all, switchboard.Page{Limit: 10, Offset: 20})
			require.Len(t, after, 10)
			require.Len(t, afterAll, 10)
			key := &switchboard.PageKey{Time: after[9].CreatedAt, ID: after[9].ID}
			keyAll := &switchboard.PageKey{Time: afterAll[9].CreatedAt, ID: afterAll[9].ID}
			next, meta := search(early, switchboard.Page{Limit: 10, After: key})
			require.True(t, meta.TotalIsLowerBound)
			nextAll, _ := search(all, switchboard.Page{Limit: 10, After: keyAll})
			require.Len(t, next, 10)
			for i := range next {
				require.Equal(t, nextAll[i].Phone, next[i].Phone)
			}
		})
	}
}
