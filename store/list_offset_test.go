package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestListKeptKeysSuites runs the store's suites that page through contact
// lists with a list's keys kept at every 7th offset, so that their small
// workspaces' offset pages read from the kept keys.
func TestListKeptKeysSuites(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			d.Open(t) // skips when PostgreSQL's TEST_DATABASE_URL is unset
			storetest.RunContactLists(t, func(t testing.TB, opts ...store.Option) *store.DB {
				return d.Open(t, append(opts, store.WithListSkipEvery(7))...)
			})
		})
	}
}

// TestListKeptKeys: every offset page of a list is the same window of the
// whole list, whatever was written between them: by this store, by
// another instance on the same database, or (moving no version: an
// instance of the release before) behind its back, which the kept keys
// follow after a minute.
func TestListKeptKeys(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			d.Open(t) // skips when PostgreSQL's TEST_DATABASE_URL is unset
			url := "sqlite:" + filepath.Join(t.TempDir(), "list.db")
			if d.Name == "postgres" {
				url = storetest.PostgresURL(t)
			}
			clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
			stamp := clock
			ctx := context.Background()
			open := func() *store.DB {
				db, err := store.Open(ctx, url, nil, store.WithListSkipEvery(5),
					store.WithKeptClock(func() time.Time { return clock }),
					store.WithContactClock(func() time.Time { stamp = stamp.Add(time.Second); return stamp }))
				require.NoError(t, err)
				t.Cleanup(func() { _ = db.Close() })
				require.NoError(t, db.Migrate(ctx))
				return db
			}
			db, other := open(), open()
			ws := storetest.NewWorkspaceID()
			importFortyInFour(t, db, ws)
			ids := func(cs []*switchboard.Contact) []string {
				out := make([]string, len(cs))
				for i, c := range cs {
					out[i] = c.ID
				}
				return out
			}
			check := func(what string) []*switchboard.Contact {
				t.Helper()
				all, meta, err := db.ListContacts(ctx, ws, switchboard.Page{Limit: switchboard.MaxLimit})
				require.NoError(t, err)
				require.Len(t, all, meta.Total)
				for off := 1; off <= len(all)+1; off++ {
					page, _, err := db.ListContacts(ctx, ws, switchboard.Page{Limit: 3, Offset: off})
					require.NoError(t, err)
					want := all[min(off, len(all)):min(off+3, len(all))]
					require.Equal(t, ids(want), ids(page), "%s: offset %d", what, off)
				}
				return all
			}
			all := check("imported")
			c := &switchboard.Contact{WorkspaceID: ws, FirstName: "Grace"}
			require.NoError(t, db.CreateContact(ctx, c))
			check("after a create")
			require.NoError(t, db.DeleteContact(ctx, ws, all[12].ID))
			all = check("after a delete")
			_, err := db.UpdateContact(ctx, ws, all[20].ID, func(c *switchboard.Contact) error { c.LastName = "Hopper"; return nil })
			require.NoError(t, err)
			check("after an update")

			require.NoError(t, other.CreateContact(ctx, &switchboard.Contact{WorkspaceID: ws, FirstName: "Hedy"}))
			all = check("after another instance's create")
			require.NoError(t, other.DeleteContact(ctx, ws, all[30].ID))
			_, err = other.ImportContacts(ctx, ws, []*switchboard.Contact{{FirstName: "Katherine"}, {FirstName: "Dorothy"}}, false)
			require.NoError(t, err)
			all = check("after another instance's delete and import")

			// Deleted without moving the version (its count as the release
			// before moved it): the kept keys are a row off until they are
			// a minute old.
			require.NoError(t, db.Exec("DELETE FROM contacts WHERE id = ?", all[0].ID))
			require.NoError(t, db.Exec("UPDATE workspaces SET contact_count = contact_count - 1 WHERE id = ?", ws))
			stale, _, err := db.ListContacts(ctx, ws, switchboard.Page{Limit: 3, Offset: 10})
			require.NoError(t, err)
			require.Equal(t, ids(all[10:13]), ids(stale), "the kept keys, a row off")
			clock = clock.Add(time.Minute)
			check("a minute later")
		})
	}
}

// The kept keys are read only as deep into the list as a page asks, and
// extended from the last of them when a deeper page is asked for: the
// first deep page after a change reads what that offset alone reads, not
// the whole list.
func TestListKeptKeysAsDeepAsAsked(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			stamp := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
			db := d.Open(t, store.WithListSkipEvery(5),
				store.WithContactClock(func() time.Time { stamp = stamp.Add(time.Second); return stamp }))
			ctx := context.Background()
			ws := storetest.NewWorkspaceID()
			importFortyInFour(t, db, ws)
			all, _, err := db.ListContacts(ctx, ws, switchboard.Page{Limit: switchboard.MaxLimit})
			require.NoError(t, err)
			require.Len(t, all, 40)
			page := func(offset int) []string {
				t.Helper()
				cs, _, err := db.ListContacts(ctx, ws, switchboard.Page{Limit: 3, Offset: offset})
				require.NoError(t, err)
				var out []string
				for _, c := range cs {
					out = append(out, c.ID)
				}
				return out
			}
			want := func(offset int) []string {
				var out []string
				for _, c := range all[min(offset, 40):min(offset+3, 40)] {
					out = append(out, c.ID)
				}
				return out
			}
			steps := []struct{ offset, kept int }{
				{12, 2},  // the keys at 5 and 10
				{7, 2},   // fewer asked: none read
				{33, 6},  // extended: 15 to 30 read on from 10
				{39, 7},  // 35
				{41, 7},  // past the end: offset 40 has no key, and the list ends
				{100, 7}, // known to end: nothing read
			}
			for _, s := range steps {
				require.Equal(t, want(s.offset), page(s.offset), "offset %d", s.offset)
				kept, complete := db.KeptListKeys(ws)
				require.Equal(t, s.kept, kept, "keys kept after offset %d", s.offset)
				require.Equal(t, s.offset >= 40, complete, "the end known after offset %d", s.offset)
			}
			// A create moves every offset: the keys are read again, as
			// deep as asked.
			require.NoError(t, db.CreateContact(ctx, &switchboard.Contact{WorkspaceID: ws, FirstName: "Grace"}))
			all, _, err = db.ListContacts(ctx, ws, switchboard.Page{Limit: switchboard.MaxLimit})
			require.NoError(t, err)
			require.Equal(t, want(11), page(11))
			kept, complete := db.KeptListKeys(ws)
			require.Equal(t, 2, kept)
			require.False(t, complete)
		})
	}
}

// importFortyInFour imports 40 contacts into ws in four batches of ten.
func importFortyInFour(t *testing.T, db *store.DB, ws string) {
	t.Helper()
	for b := range 4 {
		var cs []*switchboard.Contact
		for i := range 10 {
			cs = append(cs, &switchboard.Contact{FirstName: "Ada", LastName: fmt.Sprintf("L%d-%d", b, i)})
		}
		_, err := db.ImportContacts(context.Background(), ws, cs, false)
		require.NoError(t, err)
	}
}
