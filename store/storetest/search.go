package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

func testContactSearch(t *testing.T, open Opener) {
	db := open(t)
	ws := NewWorkspaceID()
	// Oldest first; each name below is the contact's first name.
	people := []switchboard.Contact{
		{FirstName: "Ada", LastName: "Lovelace", Email: "ada@analytical.org", Company: "Analytical Engines", Phone: "+14155552671"},
		{FirstName: "Grace", LastName: "Hopper", Email: "grace@navy.mil", Company: "US Navy", Phone: "+12025550123"},
		{FirstName: "Alan", LastName: "Turing", Email: "alan@bletchley.uk", Company: "Bletchley Park", Phone: "+447700900123"},
		{FirstName: "Adam", LastName: "Smith", Email: "smith@econ.org", Company: "Lovelace Institute"},
		{FirstName: "Zed", LastName: "Canada", Email: "zed@example.com", Company: "Canada Dry"},
		{FirstName: "Percy", LastName: "Cent", Email: "p_c@x.io", Company: "100% Pure"},
		{FirstName: "Ümit", LastName: "Öz", Email: "umit@example.com"},
	}
	byName := map[string]*switchboard.Contact{}
	for _, p := range people {
		p.WorkspaceID = ws
		byName[p.FirstName] = createContact(t, db, p)
		time.Sleep(time.Millisecond) // distinct created_at, whatever the clock's resolution
	}
	// Another workspace with look-alikes must never show up.
	other := NewWorkspaceID()
	createContact(t, db, switchboard.Contact{WorkspaceID: other, FirstName: "Ada", LastName: "Lovelace", Phone: "+14155552671", Company: "Analytical Engines"})

	search := func(t *testing.T, s switchboard.ContactSearch) ([]string, switchboard.Meta) {
		t.Helper()
		s.WorkspaceID = ws
		if s.Page.Limit == 0 {
			s.Page.Limit = 50
		}
		found, meta, err := db.SearchContacts(ctx(), s)
		require.NoError(t, err)
		names := []string{}
		for _, c := range found {
			require.Equal(t, ws, c.WorkspaceID)
			require.Equal(t, byName[c.FirstName], c)
			names = append(names, c.FirstName)
		}
		return names, meta
	}

	t.Run("Query", func(t *testing.T) {
		t.Parallel()
		for _, tc := range []struct {
			query string
			want  []string
		}{
			{"ada love", []string{"Ada"}},                           // full name
			{"ADA", []string{"Adam", "Ada", "Zed"}},                 // prefixes first, then newest first
			{"love", []string{"Ada", "Adam"}},                       // last-name prefix beats a company match
			{"smith@", []string{"Adam"}},                            // email
			{"navy", []string{"Grace"}},                             // email and company, once
			{"bletchley park", []string{"Alan"}},                    // company
			{"415 555", []string{"Ada"}},                            // phone digits
			{"(415) 555-2671", []string{"Ada"}},                     // formatted phone
			{"2671", []string{"Ada"}},                               // digits only
			{"+1 202", []string{"Grace"}},                           // +country code
			{"al", []string{"Alan", "Ada"}},                         // two letters: scanned, still ranked
			{"öz", []string{"Ümit"}},                                // non-ASCII, short
			{"ÜMIT ÖZ", []string{"Ümit"}},                           // non-ASCII case folding
			{"100%", []string{"Percy"}},                             // % is literal
			{"p_c", []string{"Percy"}},                              // _ is literal
			{"%", []string{"Percy"}},                                //
			{"hopper grace", []string{}},                            // order of words matters
			{"lace\x03ada", []string{}},                             // markers in a query are stripped, never matched
			{"zzz", []string{}},                                     //
			{"  ada   LOVELACE ", []string{"Ada"}},                  // spaces collapse
			{"y", []string{"Percy", "Zed", "Alan", "Grace", "Ada"}}, // one letter
		} {
			got, meta := search(t, switchboard.ContactSearch{Query: tc.query})
			require.Equal(t, tc.want, got, "query %q", tc.query)
			require.Equal(t, len(tc.want), meta.Total, "query %q", tc.query)
		}
	})

	t.Run("Filters", func(t *testing.T) {
		t.Parallel()
		ada, grace, alan := byName["Ada"], byName["Grace"], byName["Alan"]
		for _, tc := range []struct {
			name string
			s    switchboard.ContactSearch
			want []string
		}{
			{"Company", switchboard.ContactSearch{Company: "analytical ENGINES"}, []string{"Ada"}},
			{"CompanyIsExact", switchboard.ContactSearch{Company: "Analytical"}, []string{}},
			{"CompanyShort", switchboard.ContactSearch{Company: "us navy"}, []string{"Grace"}},
			{"Email", switchboard.ContactSearch{Email: "GRACE@navy.mil"}, []string{"Grace"}},
			{"EmailIsExact", switchboard.ContactSearch{Email: "grace@navy"}, []string{}},
			{"Phone", switchboard.ContactSearch{Phone: grace.Phone}, []string{"Grace"}},
			{"QueryAndCompany", switchboard.ContactSearch{Query: "a", Company: "Bletchley Park"}, []string{"Alan"}},
			{"QueryAndPhone", switchboard.ContactSearch{Query: "ada", Phone: ada.Phone}, []string{"Ada"}},
			{"CreatedAfter", switchboard.ContactSearch{CreatedAfter: &alan.CreatedAt, Query: "a"},
				[]string{"Adam", "Alan", "Ümit", "Zed"}},
			{"CreatedBefore", switchboard.ContactSearch{CreatedBefore: &alan.CreatedAt}, []string{"Grace", "Ada"}},
			{"CreatedBetween", switchboard.ContactSearch{CreatedAfter: &grace.CreatedAt, CreatedBefore: &alan.CreatedAt}, []string{"Grace"}},
			{"None", switchboard.ContactSearch{}, []string{"Ümit", "Percy", "Zed", "Adam", "Alan", "Grace", "Ada"}},
		} {
			got, meta := search(t, tc.s)
			require.Equal(t, tc.want, got, tc.name)
			require.Equal(t, len(tc.want), meta.Total, tc.name)
		}
	})

	t.Run("Pages", func(t *testing.T) {
		t.Parallel()
		var all []string
		for offset := 0; offset < 3; offset++ {
			got, meta := search(t, switchboard.ContactSearch{Query: "ada", Page: switchboard.Page{Limit: 1, Offset: offset}})
			require.Equal(t, meta.HasMore, meta.Next != nil, "a next key exactly when more follow")
			meta.Next = nil
			require.Equal(t, switchboard.Meta{Total: 3, HasMore: offset < 2, Limit: 1, Offset: offset}, meta)
			all = append(all, got...)
		}
		require.Equal(t, []string{"Adam", "Ada", "Zed"}, all)
		got, meta := search(t, switchboard.ContactSearch{Query: "ada", Page: switchboard.Page{Limit: 10, Offset: 10}})
		require.Empty(t, got)
		require.Equal(t, switchboard.Meta{Total: 3, HasMore: false, Limit: 10, Offset: 10}, meta)
	})

	t.Run("FollowsWrites", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		c := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "Grace", LastName: "Hopper", Phone: "+12025550123"})
		find := func(q string) int {
			_, meta, err := db.SearchContacts(ctx(), switchboard.ContactSearch{WorkspaceID: ws, Query: q, Page: switchboard.Page{Limit: 10}})
			require.NoError(t, err)
			return meta.Total
		}
		require.Equal(t, 1, find("hopper"))
		_, err := db.UpdateContact(ctx(), ws, c.ID, patch(switchboard.ContactPatch{LastName: ptr("Brewster"), Phone: ptr("+13125550000")}))
		require.NoError(t, err)
		require.Equal(t, 0, find("hopper"))
		require.Equal(t, 0, find("202 555"))
		require.Equal(t, 1, find("brewster"))
		require.Equal(t, 1, find("312-555"))
		require.NoError(t, db.DeleteContact(ctx(), ws, c.ID))
		require.Equal(t, 0, find("brewster"))
	})
}
