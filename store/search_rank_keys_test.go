package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"

	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestSearchRankKeys: on PostgreSQL a search counts and reads its "starts
// with" matches as ranges of the rank's keys, each from its own index, and
// they are exactly the names and emails starting with the query (SQLite,
// which has no such indexes, reads them from FTS5 as before, and is held
// to the same results). The workspace is
// full of rows holding the query's trigrams without starting with it
// (`labs`: Lamarrs at Bell Labs), which the trigram index could not tell
// from the few that do; the store is tuned so that the sample calls the
// search broad, whose page counts the bucket first and reads it from the
// ranges when it is small.
func TestSearchRankKeys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t, store.WithBroadAbove(100), store.WithProbeRows(10))
			ws, other := storetest.NewWorkspaceID(), storetest.NewWorkspaceID()
			var starts, rest []*switchboard.Contact // newest first, as searched
			add := func(workspace string, c *switchboard.Contact, bucket *[]*switchboard.Contact) {
				_, err := db.ImportContacts(ctx, workspace, []*switchboard.Contact{c}, false)
				require.NoError(t, err)
				if bucket != nil {
					*bucket = append([]*switchboard.Contact{c}, *bucket...)
				}
			}
			add(ws, &switchboard.Contact{FirstName: "Pat", LastName: "Labsley"}, &starts)
			add(ws, &switchboard.Contact{FirstName: "Labs", LastName: "Team"}, &starts)      // the full name
			add(ws, &switchboard.Contact{FirstName: "Lab", LastName: "Smith"}, nil)          // "lab s", not "labs"
			add(ws, &switchboard.Contact{FirstName: "Jo", Email: "labs@acme.test"}, &starts) // the email
			add(other, &switchboard.Contact{FirstName: "Labs", LastName: "Elsewhere"}, nil)  // another workspace's
			var filler []*switchboard.Contact
			for i := range 3000 {
				filler = append(filler, &switchboard.Contact{FirstName: "Hedy", LastName: fmt.Sprintf("Lamarr%d", i), Company: "Bell Labs"})
			}
			_, err := db.ImportContacts(ctx, ws, filler, false)
			require.NoError(t, err)
			db.FinishImport(ctx, len(filler))
			for i := len(filler) - 1; i >= 0; i-- {
				rest = append(rest, filler[i])
			}
			add(ws, &switchboard.Contact{FirstName: "Ann", LastName: "LABSON"}, &starts) // the newest: first
			want := append(append([]*switchboard.Contact{}, starts...), rest...)

			ids := func(cs []*switchboard.Contact) []string {
				out := make([]string, len(cs))
				for i, c := range cs {
					out[i] = c.FirstName + " " + c.LastName + " " + c.Email
				}
				return out
			}
			// By offset across the bucket's end, and by cursor from it.
			for _, offset := range []int{0, 2, 4, 10} {
				page, meta, err := db.SearchContacts(ctx, switchboard.ContactSearch{WorkspaceID: ws, Query: "labs", Page: switchboard.Page{Limit: 5, Offset: offset}})
				require.NoError(t, err)
				require.Equal(t, ids(want[offset:offset+5]), ids(page), "offset %d", offset)
				require.True(t, meta.HasMore)
			}
			var got []*switchboard.Contact
			page := switchboard.Page{Limit: 3}
			for len(got) < 9 {
				out, meta, err := db.SearchContacts(ctx, switchboard.ContactSearch{WorkspaceID: ws, Query: "labs", Page: page})
				require.NoError(t, err)
				got = append(got, out...)
				page.After = meta.Next
			}
			require.Equal(t, ids(want[:9]), ids(got), "by cursor")

			plan, keys, err := db.RankCountPlan(ctx, ws, "labs")
			require.NoError(t, err)
			if d.Name == "sqlite" {
				require.False(t, keys, "SQLite has no keys' indexes: its count reads FTS5")
				return
			}
			require.True(t, keys, "a query of two characters or more counts from the keys")
			text := strings.Join(plan, "\n")
			for _, index := range []string{"contacts_rank_full", "contacts_rank_last", "contacts_rank_email"} {
				require.Contains(t, text, index, "the count reads each key's index:\n%s", text)
			}
			require.NotContains(t, text, "Seq Scan", "and never the table:\n%s", text)

			_, keys, err = db.RankCountPlan(ctx, ws, "l")
			require.NoError(t, err)
			require.False(t, keys, "one character's ranges would hold as much as its matches")
		})
	}
}

// TestSearchRankBucketFirst: a page within the "starts with" matches, when
// they are past the count's cap, is read from the rank's keys (PostgreSQL)
// and is the page the other paths give: the bucket newest first, then the
// other matches newest first, by offset across the bucket's end and by
// cursor; the total is the cap's lower bound.
func TestSearchRankBucketFirst(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t)
			ws := storetest.NewWorkspaceID()
			var starts, rest []*switchboard.Contact
			for batch := range 3 {
				var cs []*switchboard.Contact
				for i := range 500 {
					c := &switchboard.Contact{FirstName: "Ada", LastName: fmt.Sprintf("Lovelace%d", batch*500+i)}
					if i%5 == 4 { // a fifth hold the query later in their text
						c = &switchboard.Contact{FirstName: "Bo", LastName: fmt.Sprint(batch*500 + i), Company: "Ada Lovelace Labs"}
					}
					cs = append(cs, c)
				}
				_, err := db.ImportContacts(ctx, ws, cs, false)
				require.NoError(t, err)
				db.FinishImport(ctx, len(cs))
				for i := len(cs) - 1; i >= 0; i-- {
					if cs[i].FirstName == "Ada" {
						starts = append([]*switchboard.Contact{cs[i]}, starts...)
					} else {
						rest = append([]*switchboard.Contact{cs[i]}, rest...)
					}
				}
			}
			// Newest first: the batches' order reversed, each batch's too.
			want := newestFirst(starts)
			want = append(want, newestFirst(rest)...)
			require.Len(t, want, 1500)

			names := func(cs []*switchboard.Contact) []string {
				out := make([]string, len(cs))
				for i, c := range cs {
					out[i] = c.FirstName + " " + c.LastName
				}
				return out
			}
			for _, offset := range []int{0, 600, 1150, 1199} {
				page, meta, err := db.SearchContacts(ctx, switchboard.ContactSearch{WorkspaceID: ws, Query: "ada love", Page: switchboard.Page{Limit: 50, Offset: offset}})
				require.NoError(t, err)
				require.Equal(t, names(want[offset:offset+50]), names(page), "offset %d", offset)
				require.Equal(t, 1000, meta.Total, "offset %d", offset)
				require.True(t, meta.TotalIsLowerBound, "offset %d", offset)
			}
			var got []*switchboard.Contact
			page := switchboard.Page{Limit: 100}
			for len(got) < 1300 {
				out, meta, err := db.SearchContacts(ctx, switchboard.ContactSearch{WorkspaceID: ws, Query: "ada love", Page: page})
				require.NoError(t, err)
				require.NotEmpty(t, out)
				got = append(got, out...)
				page.After = meta.Next
			}
			require.Equal(t, names(want[:1300]), names(got), "by cursor")
		})
	}
}

// newestFirst orders contacts as a search does within a bucket: created_at
// then id, both descending.
func newestFirst(cs []*switchboard.Contact) []*switchboard.Contact {
	out := append([]*switchboard.Contact{}, cs...)
	slices.SortFunc(out, func(a, b *switchboard.Contact) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	return out
}
