package storetest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

// testContactSearchBroad covers searches matching more contacts than the
// store counts exactly: the total becomes a lower bound, and paging through
// every page still yields each match once, in the documented order ("starts
// with" matches first, then the rest, each newest first).
func testContactSearchBroad(t *testing.T, open Opener) {
	db := open(t)
	ws := NewWorkspaceID()
	const starts, contains, prefixOnly = 300, 1100, 1200
	// Three import batches, oldest first: contacts whose last name starts
	// with "zork"; contacts that only contain it (in the company); and a
	// big group whose first name starts with "quix".
	var batches [][]*switchboard.Contact
	var b []*switchboard.Contact
	for i := 0; i < starts; i++ {
		b = append(b, &switchboard.Contact{FirstName: "Ann", LastName: fmt.Sprintf("Zorkin%d", i), Phone: fmt.Sprintf("+1415%07d", i)})
	}
	batches = append(batches, b)
	b = nil
	for i := 0; i < contains; i++ {
		b = append(b, &switchboard.Contact{FirstName: "Bob", LastName: fmt.Sprintf("B%d", i), Company: "Bizork Ltd", Phone: fmt.Sprintf("+1212%07d", i)})
	}
	batches = append(batches, b)
	b = nil
	for i := 0; i < prefixOnly; i++ {
		b = append(b, &switchboard.Contact{FirstName: "Quixote", LastName: fmt.Sprintf("Q%d", i), Company: "La Mancha", Phone: fmt.Sprintf("+1646%07d", i)})
	}
	batches = append(batches, b)
	for _, batch := range batches {
		_, err := db.ImportContacts(ctx(), ws, batch, false)
		require.NoError(t, err)
	}
	db.FinishImport(ctx(), starts+contains+prefixOnly)

	// all pages through a search and checks the envelope of each page.
	all := func(t *testing.T, s switchboard.ContactSearch, limit int) []*switchboard.Contact {
		t.Helper()
		s.WorkspaceID = ws
		var out []*switchboard.Contact
		for off := 0; ; off += limit {
			s.Page = switchboard.Page{Limit: limit, Offset: off}
			page, meta, err := db.SearchContacts(ctx(), s)
			require.NoError(t, err)
			require.LessOrEqual(t, len(page), limit)
			out = append(out, page...)
			if !meta.HasMore {
				return out
			}
			require.Equal(t, limit, len(page), "a page before the last is full")
		}
	}
	distinct := func(t *testing.T, cs []*switchboard.Contact) {
		t.Helper()
		seen := map[string]bool{}
		for _, c := range cs {
			require.False(t, seen[c.ID], "contact %s listed twice", c.ID)
			seen[c.ID] = true
		}
	}

	t.Run("total is a lower bound", func(t *testing.T) {
		_, meta, err := db.SearchContacts(ctx(), switchboard.ContactSearch{WorkspaceID: ws, Query: "zork", Page: switchboard.Page{Limit: 10}})
		require.NoError(t, err)
		require.True(t, meta.TotalIsLowerBound)
		require.Equal(t, 1000, meta.Total)
		require.True(t, meta.HasMore)

		_, meta, err = db.SearchContacts(ctx(), switchboard.ContactSearch{WorkspaceID: ws, Query: "zorkin", Page: switchboard.Page{Limit: 10}})
		require.NoError(t, err)
		require.False(t, meta.TotalIsLowerBound, "300 matches are counted exactly")
		require.Equal(t, starts, meta.Total)
	})

	t.Run("starts-with first, across the page boundary", func(t *testing.T) {
		got := all(t, switchboard.ContactSearch{Query: "zork"}, 200)
		require.Len(t, got, starts+contains)
		distinct(t, got)
		for i, c := range got {
			if i < starts {
				require.Equal(t, "Ann", c.FirstName, "row %d", i)
			} else {
				require.Equal(t, "Bob", c.FirstName, "row %d", i)
			}
			if i > 0 && got[i-1].FirstName == c.FirstName {
				require.False(t, c.CreatedAt.After(got[i-1].CreatedAt), "newest first within a group (row %d)", i)
			}
		}
	})

	t.Run("many starts-with matches", func(t *testing.T) {
		got := all(t, switchboard.ContactSearch{Query: "quix"}, 200)
		require.Len(t, got, prefixOnly)
		distinct(t, got)
		// Every Quixote contains "ixot" and none starts with it: a broad
		// search whose starts-with group is empty.
		got = all(t, switchboard.ContactSearch{Query: "ixot"}, 150)
		require.Len(t, got, prefixOnly)
		distinct(t, got)
	})

	t.Run("deep offset past the starts-with matches", func(t *testing.T) {
		s := switchboard.ContactSearch{WorkspaceID: ws, Query: "zork", Page: switchboard.Page{Limit: 50, Offset: 1350}}
		page, meta, err := db.SearchContacts(ctx(), s)
		require.NoError(t, err)
		require.Len(t, page, starts+contains-1350)
		require.False(t, meta.HasMore)
		for _, c := range page {
			require.Equal(t, "Bob", c.FirstName)
		}
	})

	t.Run("broad filter without a query", func(t *testing.T) {
		got := all(t, switchboard.ContactSearch{Company: "la mancha"}, 200)
		require.Len(t, got, prefixOnly)
		distinct(t, got)
	})
}
