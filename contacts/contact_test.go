package contacts_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// A contact is created with its phone in E.164, whatever the notation it
// came in; the same number in another notation is the same contact, which
// another workspace may hold too.
func TestCreate(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		c := b.create(t, sb.Contact{FirstName: "Ada", LastName: "Lovelace", Phone: "(415) 555-2671",
			Email: "ada@example.com", Company: "Analytical Engines", Notes: "Prefers mornings.\nTwo lines."})
		require.NotEmpty(t, c.ID)
		require.Equal(t, "+14155552671", c.Phone, "stored in E.164")
		require.False(t, c.CreatedAt.IsZero())
		require.Equal(t, c.CreatedAt, c.UpdatedAt)
		got, err := b.svc.Get(ctx, b.ws, c.ID)
		require.NoError(t, err)
		require.Equal(t, "+14155552671", got.Phone)
		require.Equal(t, "Prefers mornings.\nTwo lines.", got.Notes, "notes may span lines")

		require.Empty(t, b.create(t, sb.Contact{FirstName: "Grace"}).Phone, "a name without a phone is a contact")

		dup := &sb.Contact{WorkspaceID: b.ws, FirstName: "Ada", Phone: "+1 415-555-2671"}
		e := requireCode(t, b.svc.Create(ctx, dup), sb.EContactExists, "id")
		require.Equal(t, c.ID, e.Details[0].Message, "the conflict names the stored contact")

		elsewhere := &sb.Contact{WorkspaceID: b.other, FirstName: "Ada", Phone: "+14155552671"}
		require.NoError(t, b.svc.Create(ctx, elsewhere), "another workspace may hold the same number")
		require.NotEqual(t, c.ID, elsewhere.ID)
	})
}

// What a create refuses, with the domain code and the field a client must
// change; nothing refused is written.
func TestCreateRejects(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		for _, tc := range []struct {
			name  string
			c     sb.Contact
			code  string
			field string
		}{
			{"invalid phone", sb.Contact{FirstName: "A", Phone: "12"}, sb.EInvalidPhone, "phone"},
			{"letters for phone", sb.Contact{FirstName: "A", Phone: "call me"}, sb.EInvalidPhone, "phone"},
			{"bad email", sb.Contact{FirstName: "A", Email: "not-an-address"}, sb.EInvalid, "email"},
			{"email with display name", sb.Contact{FirstName: "A", Email: "Ada <ada@example.com>"}, sb.EInvalid, "email"},
			{"no name and no phone", sb.Contact{Email: "a@example.com"}, sb.EInvalid, "body"},
			{"name too long", sb.Contact{FirstName: strings.Repeat("é", 201)}, sb.EInvalid, "firstName"},
			{"control character in a name", sb.Contact{FirstName: "A\x00da"}, sb.EInvalid, "firstName"},
			{"line break in a company", sb.Contact{FirstName: "A", Company: "two\nlines"}, sb.EInvalid, "company"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				tc.c.WorkspaceID = b.ws
				requireCode(t, b.svc.Create(ctx, &tc.c), tc.code, tc.field)
			})
		}
		_, meta, err := b.svc.List(ctx, b.ws, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Zero(t, meta.Total, "nothing refused was written")
	})
}

// A patch leaves absent fields alone, writes a present one (an empty
// string clears), normalizes a phone, refuses a duplicate or a bad number
// and writes nothing it refuses; an empty patch changes nothing at all.
func TestUpdate(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		c := b.create(t, sb.Contact{FirstName: "Ada", LastName: "Lovelace", Phone: "4155552671",
			Email: "ada@example.com", Company: "AE", Notes: "n"})
		other := b.create(t, sb.Contact{FirstName: "Other", Phone: "+14155550100"})

		got, err := b.svc.Update(ctx, b.ws, c.ID, sb.ContactPatch{FirstName: ptr("Augusta"), Notes: ptr(""), Company: ptr("")})
		require.NoError(t, err)
		require.Equal(t, "Augusta", got.FirstName)
		require.Equal(t, "Lovelace", got.LastName, "absent field untouched")
		require.Empty(t, got.Notes)
		require.Empty(t, got.Company)
		require.Equal(t, "ada@example.com", got.Email)
		require.Equal(t, "+14155552671", got.Phone)
		require.Equal(t, c.CreatedAt, got.CreatedAt)
		require.False(t, got.UpdatedAt.Before(c.UpdatedAt))

		same, err := b.svc.Update(ctx, b.ws, c.ID, sb.ContactPatch{})
		require.NoError(t, err)
		require.Equal(t, got, same, "an empty patch writes nothing, updatedAt included")

		got, err = b.svc.Update(ctx, b.ws, c.ID, sb.ContactPatch{Phone: ptr("(415) 555-0199")})
		require.NoError(t, err)
		require.Equal(t, "+14155550199", got.Phone, "normalized")

		_, err = b.svc.Update(ctx, b.ws, c.ID, sb.ContactPatch{Phone: ptr(other.Phone)})
		requireCode(t, err, sb.EContactExists, "id")
		_, err = b.svc.Update(ctx, b.ws, c.ID, sb.ContactPatch{Phone: ptr("555")})
		requireCode(t, err, sb.EInvalidPhone, "phone")
		_, err = b.svc.Update(ctx, b.ws, c.ID, sb.ContactPatch{Email: ptr("x")})
		requireCode(t, err, sb.EInvalid, "email")
		now, err := b.svc.Get(ctx, b.ws, c.ID)
		require.NoError(t, err)
		require.Equal(t, "+14155550199", now.Phone, "refused patches wrote nothing")
		require.Equal(t, "ada@example.com", now.Email)

		// Clearing the phone frees the number.
		got, err = b.svc.Update(ctx, b.ws, c.ID, sb.ContactPatch{Phone: ptr("")})
		require.NoError(t, err)
		require.Empty(t, got.Phone)
		b.create(t, sb.Contact{FirstName: "New", Phone: "+14155550199"})

		_, err = b.svc.Update(ctx, b.ws, "nope", sb.ContactPatch{FirstName: ptr("X")})
		requireCode(t, err, sb.ENotFound)
		_, err = b.svc.Update(ctx, b.other, c.ID, sb.ContactPatch{FirstName: ptr("X")})
		requireCode(t, err, sb.ENotFound)
	})
}

// A patch is judged by the contact it leaves: a contact keeps a name or a
// phone, and the refusal names the fields the patch cleared.
func TestUpdateKeepsANameOrAPhone(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		only := b.create(t, sb.Contact{FirstName: "Ada", Email: "ada@example.com"})
		for _, p := range []sb.ContactPatch{
			{FirstName: ptr("")},
			{FirstName: ptr(""), Company: ptr("AE")},
		} {
			_, err := b.svc.Update(ctx, b.ws, only.ID, p)
			requireCode(t, err, sb.EInvalid, "firstName")
		}
		now, err := b.svc.Get(ctx, b.ws, only.ID)
		require.NoError(t, err)
		require.Equal(t, only, now, "refused patches wrote nothing")

		got, err := b.svc.Update(ctx, b.ws, only.ID, sb.ContactPatch{FirstName: ptr(""), LastName: ptr("Lovelace")})
		require.NoError(t, err, "a first name replaced by a last name in one patch")
		require.Empty(t, got.FirstName)
		require.Equal(t, "Lovelace", got.LastName)

		both := b.create(t, sb.Contact{LastName: "Hopper", Phone: "+14155550142"})
		_, err = b.svc.Update(ctx, b.ws, both.ID, sb.ContactPatch{LastName: ptr(""), Phone: ptr("")})
		requireCode(t, err, sb.EInvalid, "lastName", "phone")
		got, err = b.svc.Update(ctx, b.ws, both.ID, sb.ContactPatch{LastName: ptr("")})
		require.NoError(t, err, "a phone is enough")
		require.Equal(t, "+14155550142", got.Phone)
		_, err = b.svc.Update(ctx, b.ws, both.ID, sb.ContactPatch{Phone: ptr("")})
		requireCode(t, err, sb.EInvalid, "phone")
	})
}

// Get, Update and Delete see only their workspace's contacts; a deleted
// contact is gone.
func TestDelete(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		c := b.create(t, sb.Contact{FirstName: "Ada", Phone: "+14155552671"})
		_, err := b.svc.Get(ctx, b.other, c.ID)
		requireCode(t, err, sb.ENotFound)
		requireCode(t, b.svc.Delete(ctx, b.other, c.ID), sb.ENotFound)
		require.NoError(t, b.svc.Delete(ctx, b.ws, c.ID))
		_, err = b.svc.Get(ctx, b.ws, c.ID)
		requireCode(t, err, sb.ENotFound)
		requireCode(t, b.svc.Delete(ctx, b.ws, c.ID), sb.ENotFound)
		b.create(t, sb.Contact{FirstName: "Ada again", Phone: "(415) 555-2671"})
	})
}

// A workspace's list is newest first, pages cover it once, and the total
// follows creates and deletes.
func TestList(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		var ids []string
		for i := 0; i < 7; i++ {
			ids = append(ids, b.create(t, sb.Contact{FirstName: fmt.Sprintf("C%d", i), Phone: fmt.Sprintf("+1415555%04d", 100+i)}).ID)
		}
		b.create(t, sb.Contact{WorkspaceID: b.other, FirstName: "B's"})

		list, meta, err := b.svc.List(ctx, b.ws, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Len(t, list, 7)
		require.Equal(t, 7, meta.Total)
		require.False(t, meta.HasMore)
		require.Equal(t, ids[6], list[0].ID, "newest first")

		var seen []string
		for off := 0; off < 7; off += 3 {
			page, meta, err := b.svc.List(ctx, b.ws, sb.Page{Limit: 3, Offset: off})
			require.NoError(t, err)
			require.Equal(t, 7, meta.Total)
			require.Equal(t, off+3 < 7, meta.HasMore)
			for _, c := range page {
				seen = append(seen, c.ID)
			}
		}
		for i := range ids {
			require.Equal(t, ids[len(ids)-1-i], seen[i])
		}

		require.NoError(t, b.svc.Delete(ctx, b.ws, ids[0]))
		_, meta, err = b.svc.List(ctx, b.ws, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Equal(t, 6, meta.Total)
	})
}

// The search ranks prefix matches first, matches names, phone digits and
// emails, filters exactly (case aside) by company and email, reads the
// phone filter in any notation and refuses one that is not a number.
func TestSearch(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *bundle) {
		ctx := context.Background()
		ada := b.create(t, sb.Contact{FirstName: "Ada", LastName: "Lovelace", Phone: "+14155552671", Email: "ada@engines.example", Company: "Analytical Engines"})
		b.create(t, sb.Contact{FirstName: "Grace", LastName: "Hopper", Phone: "+12025550143", Email: "grace@navy.example", Company: "Navy"})
		b.create(t, sb.Contact{FirstName: "Lada", LastName: "Niva", Phone: "+442079460958", Company: "analytical engines"})
		b.create(t, sb.Contact{WorkspaceID: b.other, FirstName: "Ada", LastName: "Elsewhere"})

		search := func(q sb.ContactSearch) ([]string, sb.Meta) {
			t.Helper()
			q.WorkspaceID = b.ws
			if q.Page.Limit == 0 {
				q.Page.Limit = 50
			}
			list, meta, err := b.svc.Search(ctx, q)
			require.NoError(t, err, "%+v", q)
			var names []string
			for _, c := range list {
				names = append(names, c.FirstName)
			}
			return names, meta
		}
		names := func(q sb.ContactSearch) []string { n, _ := search(q); return n }

		require.Equal(t, []string{"Ada"}, names(sb.ContactSearch{Query: "ada love"}), "full name")
		require.Equal(t, []string{"Ada"}, names(sb.ContactSearch{Query: "LOVELACE"}), "case-insensitive")
		require.Equal(t, []string{"Ada"}, names(sb.ContactSearch{Query: "415 555"}), "phone digits")
		require.Equal(t, []string{"Grace"}, names(sb.ContactSearch{Query: "navy.example"}), "email")
		got, meta := search(sb.ContactSearch{Query: "ada"})
		require.Equal(t, []string{"Ada", "Lada"}, got, "the prefix match first")
		require.Equal(t, 2, meta.Total)
		require.ElementsMatch(t, []string{"Ada", "Lada"}, names(sb.ContactSearch{Company: "ANALYTICAL ENGINES"}))
		require.Empty(t, names(sb.ContactSearch{Company: "Analytical"}), "the company filter is exact")
		require.Len(t, names(sb.ContactSearch{}), 3, "no query lists the workspace")
		page, meta := search(sb.ContactSearch{Query: "a", Page: sb.Page{Limit: 1, Offset: 1}})
		require.Len(t, page, 1)
		require.True(t, meta.HasMore)

		list, _, err := b.svc.Search(ctx, sb.ContactSearch{WorkspaceID: b.ws, Query: "ada", Company: "analytical engines",
			Email: "ADA@engines.example", Page: sb.Page{Limit: 10}})
		require.NoError(t, err)
		require.Len(t, list, 1)
		require.Equal(t, ada.ID, list[0].ID)
		require.Equal(t, []string{"Ada"}, names(sb.ContactSearch{Phone: "(415) 555-2671"}), "phone filter after normalization")
		after, before := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2999, 1, 1, 0, 0, 0, 0, time.UTC)
		require.Len(t, names(sb.ContactSearch{CreatedAfter: &after, CreatedBefore: &before}), 3)
		got, meta = search(sb.ContactSearch{CreatedAfter: &before})
		require.Empty(t, got)
		require.Zero(t, meta.Total)

		_, _, err = b.svc.Search(ctx, sb.ContactSearch{WorkspaceID: b.ws, Phone: "12", Page: sb.Page{Limit: 50}})
		requireCode(t, err, sb.EInvalidPhone, "filters.phone")
	})
}

// National numbers are read in the service's default region, and a number
// with its country code in any region.
func TestDefaultRegion(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t)
			ctx := context.Background()
			gb, us := newService(t, db, "GB"), newService(t, db, "")
			ws := storetest.NewWorkspaceID()

			c := &sb.Contact{WorkspaceID: ws, FirstName: "Big Ben", Phone: "020 7946 0958"}
			require.NoError(t, gb.Create(ctx, c))
			require.Equal(t, "+442079460958", c.Phone)
			c = &sb.Contact{WorkspaceID: ws, FirstName: "Ada", Phone: "+1 (415) 555-2671"}
			require.NoError(t, gb.Create(ctx, c), "a country code wins over the region")
			require.Equal(t, "+14155552671", c.Phone)
			requireCode(t, gb.Create(ctx, &sb.Contact{WorkspaceID: ws, FirstName: "A", Phone: "(415) 555-2672"}), sb.EInvalidPhone, "phone")

			// No region configured: the United States.
			c = &sb.Contact{WorkspaceID: ws, FirstName: "Grace", Phone: "(202) 555-0143"}
			require.NoError(t, us.Create(ctx, c))
			require.Equal(t, "+12025550143", c.Phone)
		})
	}
}
