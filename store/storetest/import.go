package storetest

import (
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

func testContactImport(t *testing.T, open Opener) {
	db := open(t)
	const (
		ins = switchboard.ImportInserted
		upd = switchboard.ImportUpdated
		skp = switchboard.ImportSkipped
	)

	// setup stores one contact and returns a batch that holds a new row, a
	// row with the stored phone, and a phoneless row.
	setup := func(t *testing.T) (string, *switchboard.Contact, []*switchboard.Contact) {
		ws := NewWorkspaceID()
		stored := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "Old", LastName: "Name",
			Phone: "+14155550500", Email: "old@example.com", Company: "Old Co", Notes: "keep me"})
		batch := []*switchboard.Contact{
			{FirstName: "New", Phone: "+14155550501", Email: "new@example.com"},
			{FirstName: "Renamed", Phone: "+14155550500", Company: "New Co"},
			{FirstName: "Phoneless"},
		}
		return ws, stored, batch
	}

	t.Run("Skip", func(t *testing.T) {
		t.Parallel()
		ws, stored, batch := setup(t)
		out, err := db.ImportContacts(ctx(), ws, batch, false)
		require.NoError(t, err)
		require.Equal(t, []switchboard.ImportOutcome{ins, skp, ins}, out)
		require.NotEmpty(t, batch[0].ID)
		require.Equal(t, ws, batch[0].WorkspaceID)
		require.False(t, batch[0].CreatedAt.IsZero())
		got, err := db.FindContact(ctx(), ws, stored.ID)
		require.NoError(t, err)
		require.Equal(t, stored, got, "a skipped row leaves the stored contact alone")
		found, err := db.FindContact(ctx(), ws, batch[0].ID)
		require.NoError(t, err)
		require.Equal(t, batch[0], found)
		requireTotal(t, db, ws, 3)
	})

	t.Run("Update", func(t *testing.T) {
		t.Parallel()
		ws, stored, batch := setup(t)
		out, err := db.ImportContacts(ctx(), ws, batch, true)
		require.NoError(t, err)
		require.Equal(t, []switchboard.ImportOutcome{ins, upd, ins}, out)
		got, err := db.FindContact(ctx(), ws, stored.ID)
		require.NoError(t, err)
		want := *stored
		want.FirstName, want.Company = "Renamed", "New Co" // non-empty fields overwrite
		want.UpdatedAt = got.UpdatedAt                     // empty ones keep the stored value
		require.Equal(t, &want, got)
		require.Equal(t, got, batch[1], "an updated row becomes the stored contact")
		requireTotal(t, db, ws, 3)

		// The search text follows the merge.
		_, meta, err := db.SearchContacts(ctx(), switchboard.ContactSearch{WorkspaceID: ws, Query: "renamed", Page: switchboard.Page{Limit: 5}})
		require.NoError(t, err)
		require.Equal(t, 1, meta.Total)
	})

	t.Run("Repeat", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		batch := func() []*switchboard.Contact {
			return []*switchboard.Contact{{FirstName: "A", Phone: "+14155550601"}, {FirstName: "B", Phone: "+14155550602"}}
		}
		out, err := db.ImportContacts(ctx(), ws, batch(), false)
		require.NoError(t, err)
		require.Equal(t, []switchboard.ImportOutcome{ins, ins}, out)
		out, err = db.ImportContacts(ctx(), ws, batch(), false)
		require.NoError(t, err)
		require.Equal(t, []switchboard.ImportOutcome{skp, skp}, out)
		out, err = db.ImportContacts(ctx(), ws, batch(), true)
		require.NoError(t, err)
		require.Equal(t, []switchboard.ImportOutcome{upd, upd}, out)
		requireTotal(t, db, ws, 2)

		// Another workspace holding the same phones is no conflict.
		wsB := NewWorkspaceID()
		out, err = db.ImportContacts(ctx(), wsB, batch(), false)
		require.NoError(t, err)
		require.Equal(t, []switchboard.ImportOutcome{ins, ins}, out)
		requireTotal(t, db, ws, 2)
		requireTotal(t, db, wsB, 2)
	})

	t.Run("Large", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		const n = 3000
		batch := make([]*switchboard.Contact, n)
		for i := range batch {
			batch[i] = &switchboard.Contact{FirstName: mustf("First%d", i), LastName: "Bulk", Phone: mustf("+1415%07d", i),
				Email: mustf("p%d@bulk.example", i)}
		}
		out, err := db.ImportContacts(ctx(), ws, batch, false)
		require.NoError(t, err)
		require.Len(t, out, n)
		for i, o := range out {
			require.Equal(t, ins, o, "row %d", i)
		}
		requireTotal(t, db, ws, n)
		found, meta, err := db.SearchContacts(ctx(), switchboard.ContactSearch{WorkspaceID: ws, Query: "first2999", Page: switchboard.Page{Limit: 5}})
		require.NoError(t, err)
		require.Equal(t, 1, meta.Total)
		require.Equal(t, batch[n-1].ID, found[0].ID)

		// Half old, half new, in update mode.
		mixed := make([]*switchboard.Contact, n)
		for i := range mixed {
			mixed[i] = &switchboard.Contact{Notes: "again", Phone: mustf("+1415%07d", i+n/2)}
		}
		out, err = db.ImportContacts(ctx(), ws, mixed, true)
		require.NoError(t, err)
		counts := map[switchboard.ImportOutcome]int{}
		for _, o := range out {
			counts[o]++
		}
		require.Equal(t, map[switchboard.ImportOutcome]int{upd: n / 2, ins: n / 2}, counts)
		requireTotal(t, db, ws, n+n/2)
	})

	t.Run("Empty", func(t *testing.T) {
		t.Parallel()
		out, err := db.ImportContacts(ctx(), NewWorkspaceID(), nil, false)
		require.NoError(t, err)
		require.Empty(t, out)
		_, err = db.ImportContacts(ctx(), "", []*switchboard.Contact{{FirstName: "x"}}, false)
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err))
	})
}
