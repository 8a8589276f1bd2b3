package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

func ptr(s string) *string { return &s }

// patch is the update a PATCH makes: the patch applied, the result validated.
func patch(p switchboard.ContactPatch) func(*switchboard.Contact) error {
	return func(c *switchboard.Contact) error { return c.Apply(p) }
}

// createContact creates a contact and fails the test on error.
func createContact(t *testing.T, db *store.DB, c switchboard.Contact) *switchboard.Contact {
	t.Helper()
	require.NoError(t, db.CreateContact(ctx(), &c))
	return &c
}

// requireTotal checks the list total (the workspace's counter) against the
// rows really there.
func requireTotal(t *testing.T, db *store.DB, ws string, want int) {
	t.Helper()
	_, meta, err := db.ListContacts(ctx(), ws, switchboard.Page{Limit: 1})
	require.NoError(t, err)
	require.Equal(t, want, meta.Total, "contact_count")
	rows := 0
	for off := 0; ; off += switchboard.MaxLimit {
		page, meta, err := db.ListContacts(ctx(), ws, switchboard.Page{Limit: switchboard.MaxLimit, Offset: off})
		require.NoError(t, err)
		rows += len(page)
		if !meta.HasMore {
			break
		}
	}
	require.Equal(t, want, rows, "the rows really listed")
}

func testContact(t *testing.T, open Opener) {
	db := open(t)

	t.Run("CreateFind", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		before := time.Now().Add(-time.Second)
		c := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "Ada", LastName: "Lovelace",
			Phone: "+14155552671", Email: "ada@analytical.org", Company: "Analytical Engines", Notes: "first programmer"})
		require.NotEmpty(t, c.ID)
		require.True(t, c.CreatedAt.After(before))
		require.Equal(t, c.CreatedAt, c.UpdatedAt)
		require.Equal(t, time.UTC, c.CreatedAt.Location())

		got, err := db.FindContact(ctx(), ws, c.ID)
		require.NoError(t, err)
		require.Equal(t, c, got)

		_, err = db.FindContact(ctx(), ws, "no-such-id")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		requireTotal(t, db, ws, 1)
	})

	t.Run("PhoneUnique", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		first := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "A", Phone: "+14155550001"})
		err := db.CreateContact(ctx(), &switchboard.Contact{WorkspaceID: ws, FirstName: "B", Phone: "+14155550001"})
		require.Equal(t, switchboard.EContactExists, switchboard.ErrorCode(err))
		var se *switchboard.Error
		require.ErrorAs(t, err, &se)
		require.Equal(t, []switchboard.FieldError{{Field: "id", Message: first.ID}}, se.Details)

		// Any number of contacts may have no phone.
		createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "C"})
		createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "D"})
		// Another workspace may hold the same phone.
		createContact(t, db, switchboard.Contact{WorkspaceID: NewWorkspaceID(), Phone: "+14155550001"})
		requireTotal(t, db, ws, 3)
	})

	t.Run("Update", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		base := switchboard.Contact{WorkspaceID: ws, FirstName: "Grace", LastName: "Hopper", Email: "grace@navy.mil",
			Company: "US Navy", Notes: "COBOL"}
		for i, tc := range []struct {
			name  string
			patch switchboard.ContactPatch
			want  func(c *switchboard.Contact)
		}{
			{"Value", switchboard.ContactPatch{FirstName: ptr("Amazing Grace"), Company: ptr("Yale")},
				func(c *switchboard.Contact) { c.FirstName, c.Company = "Amazing Grace", "Yale" }},
			{"Clear", switchboard.ContactPatch{Email: ptr(""), Notes: ptr(""), Phone: ptr("")},
				func(c *switchboard.Contact) { c.Email, c.Notes, c.Phone = "", "", "" }},
			{"Phone", switchboard.ContactPatch{Phone: ptr("+12025550199"), LastName: ptr("")},
				func(c *switchboard.Contact) { c.Phone, c.LastName = "+12025550199", "" }},
		} {
			t.Run(tc.name, func(t *testing.T) {
				c := base
				c.Phone = mustf("+1202555%04d", 100+i)
				stored := createContact(t, db, c)
				got, err := db.UpdateContact(ctx(), ws, stored.ID, patch(tc.patch))
				require.NoError(t, err)
				want := *stored
				tc.want(&want)
				require.False(t, got.UpdatedAt.Before(stored.UpdatedAt))
				want.UpdatedAt = got.UpdatedAt
				require.Equal(t, &want, got)
				found, err := db.FindContact(ctx(), ws, stored.ID)
				require.NoError(t, err)
				require.Equal(t, got, found)
			})
		}
	})

	t.Run("UpdateRefused", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		c := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "Only", Phone: "+14155550041"})
		refused := switchboard.Errorf(switchboard.EInvalid, "no")
		_, err := db.UpdateContact(ctx(), ws, c.ID, func(c *switchboard.Contact) error {
			c.FirstName, c.Phone = "Changed", ""
			return refused
		})
		require.Same(t, refused, err, "update's error comes back as it is")
		// The update sees the stored contact; what it tries to change of
		// the identity is not written.
		got, err := db.UpdateContact(ctx(), ws, c.ID, func(u *switchboard.Contact) error {
			require.Equal(t, c, u)
			u.ID, u.WorkspaceID, u.Notes = "other", "other", "n"
			return nil
		})
		require.NoError(t, err)
		require.Equal(t, c.ID, got.ID)
		require.Equal(t, ws, got.WorkspaceID)
		require.Equal(t, c.CreatedAt, got.CreatedAt)
		found, err := db.FindContact(ctx(), ws, c.ID)
		require.NoError(t, err)
		require.Equal(t, got, found)
		require.Equal(t, "Only", found.FirstName, "the refused update wrote nothing")
		require.Equal(t, c.Phone, found.Phone)
	})

	t.Run("UpdatePhoneTaken", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		a := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "A", Phone: "+14155550011"})
		b := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "B", Phone: "+14155550012"})
		_, err := db.UpdateContact(ctx(), ws, b.ID, patch(switchboard.ContactPatch{Phone: ptr(a.Phone), FirstName: ptr("X")}))
		require.Equal(t, switchboard.EContactExists, switchboard.ErrorCode(err))
		var se *switchboard.Error
		require.ErrorAs(t, err, &se)
		require.Equal(t, []switchboard.FieldError{{Field: "id", Message: a.ID}}, se.Details)
		got, err := db.FindContact(ctx(), ws, b.ID)
		require.NoError(t, err)
		require.Equal(t, b, got, "a failed update changes nothing")
		// Setting a contact's own phone again is no conflict.
		_, err = db.UpdateContact(ctx(), ws, a.ID, patch(switchboard.ContactPatch{Phone: ptr(a.Phone)}))
		require.NoError(t, err)
	})

	t.Run("Delete", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		c := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "Del", Phone: "+14155550021"})
		keep := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "Keep"})
		requireTotal(t, db, ws, 2)
		require.NoError(t, db.DeleteContact(ctx(), ws, c.ID))
		_, err := db.FindContact(ctx(), ws, c.ID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(db.DeleteContact(ctx(), ws, c.ID)))
		requireTotal(t, db, ws, 1)
		// The phone is free again.
		createContact(t, db, switchboard.Contact{WorkspaceID: ws, Phone: "+14155550021"})
		_, err = db.FindContact(ctx(), ws, keep.ID)
		require.NoError(t, err)
	})

	t.Run("WorkspaceScoping", func(t *testing.T) {
		t.Parallel()
		wsA, wsB := NewWorkspaceID(), NewWorkspaceID()
		a := createContact(t, db, switchboard.Contact{WorkspaceID: wsA, FirstName: "Secret", Phone: "+14155550031"})
		createContact(t, db, switchboard.Contact{WorkspaceID: wsB, FirstName: "Other"})

		_, err := db.FindContact(ctx(), wsB, a.ID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		_, err = db.UpdateContact(ctx(), wsB, a.ID, patch(switchboard.ContactPatch{FirstName: ptr("Hacked")}))
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(db.DeleteContact(ctx(), wsB, a.ID)))

		list, meta, err := db.ListContacts(ctx(), wsB, switchboard.Page{Limit: 50})
		require.NoError(t, err)
		require.Len(t, list, 1)
		require.Equal(t, 1, meta.Total)
		found, _, err := db.SearchContacts(ctx(), switchboard.ContactSearch{WorkspaceID: wsB, Query: "secret", Page: switchboard.Page{Limit: 50}})
		require.NoError(t, err)
		require.Empty(t, found)
		found, _, err = db.SearchContacts(ctx(), switchboard.ContactSearch{WorkspaceID: wsB, Phone: a.Phone, Page: switchboard.Page{Limit: 50}})
		require.NoError(t, err)
		require.Empty(t, found)

		got, err := db.FindContact(ctx(), wsA, a.ID)
		require.NoError(t, err)
		require.Equal(t, a, got)
		requireTotal(t, db, wsA, 1)
	})
}

func testContactList(t *testing.T, open Opener) {
	db := open(t)
	ws := NewWorkspaceID()

	// Seven one by one, then a batch of five that share one created_at, so
	// the id tie-break is exercised.
	var want []string
	for i := range 7 {
		c := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: mustf("One%d", i)})
		want = append([]string{c.ID}, want...)
	}
	batch := make([]*switchboard.Contact, 5)
	for i := range batch {
		batch[i] = &switchboard.Contact{FirstName: mustf("Batch%d", i), Phone: mustf("+1415555040%d", i)}
	}
	_, err := db.ImportContacts(ctx(), ws, batch, false)
	require.NoError(t, err)
	for _, c := range batch {
		require.Equal(t, batch[0].CreatedAt, c.CreatedAt)
	}
	// Newest first: created_at desc, then id desc.
	for i := range batch {
		want = append([]string{batch[i].ID}, want...)
	}
	all, meta, err := db.ListContacts(ctx(), ws, switchboard.Page{Limit: 200})
	require.NoError(t, err)
	require.Equal(t, switchboard.Meta{Total: 12, HasMore: false, Limit: 200, Offset: 0}, meta)
	require.Len(t, all, 12)
	for i := 1; i < len(all); i++ {
		prev, cur := all[i-1], all[i]
		require.True(t, prev.CreatedAt.After(cur.CreatedAt) || (prev.CreatedAt.Equal(cur.CreatedAt) && prev.ID > cur.ID),
			"row %d out of order", i)
	}
	var ids []string
	for _, c := range all {
		ids = append(ids, c.ID)
	}
	require.ElementsMatch(t, want, ids)

	for _, limit := range []int{1, 3, 5, 12} {
		var paged []string
		for offset := 0; ; offset += limit {
			page, meta, err := db.ListContacts(ctx(), ws, switchboard.Page{Limit: limit, Offset: offset})
			require.NoError(t, err)
			require.Equal(t, 12, meta.Total)
			require.Equal(t, offset+limit < 12, meta.HasMore, "limit %d offset %d", limit, offset)
			for _, c := range page {
				paged = append(paged, c.ID)
			}
			if !meta.HasMore {
				break
			}
		}
		require.Equal(t, ids, paged, "pages of %d", limit)
	}

	page, meta, err := db.ListContacts(ctx(), ws, switchboard.Page{Limit: 5, Offset: 50})
	require.NoError(t, err)
	require.Empty(t, page)
	require.Equal(t, switchboard.Meta{Total: 12, HasMore: false, Limit: 5, Offset: 50}, meta)

	page, meta, err = db.ListContacts(ctx(), NewWorkspaceID(), switchboard.Page{Limit: 5})
	require.NoError(t, err)
	require.Empty(t, page)
	require.Equal(t, switchboard.Meta{Limit: 5}, meta)
}
