package storetest

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// classWorkspaceSize is the generated workspace of testSearchClasses: big
// enough that the broad classes pass the 1,000 matches a search counts.
const classWorkspaceSize = 3000

// classContact is the i-th contact of the generated workspace. Every phone
// is +1, one of four area codes, exchange 200 or 201; one in three last
// names carries digits; most companies end in "Inc".
func classContact(i int) *switchboard.Contact {
	first := []string{"Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Dennis", "Radia",
		"Frances", "John", "Katherine", "Linus", "Guido", "Bjarne", "Hedy", "Annie", "Tim", "Vint"}[i%20]
	last := []string{"Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson", "Ritchie",
		"Perlman", "Allen", "McCarthy", "Johnson", "Torvalds", "Rossum", "Stroustrup", "Lamarr", "Easley", "Berners-Lee", "Cerf"}[(i/20)%20]
	if i%3 == 0 {
		last += fmt.Sprint(i % 97)
	}
	company := []string{"Analytical Engines Inc", "Navy Labs Inc", "Bletchley Park Inc", "Mathematisch Centrum",
		"CLU Systems Inc", "TeX Works Inc", "Apollo Guidance Inc", "Bell Labs Inc", "DEC Inc", "Acme Corp"}[(i/7)%10]
	return &switchboard.Contact{
		FirstName: first, LastName: last, Company: company,
		Email: strings.ToLower(fmt.Sprintf("%s.%s%d@example.com", first, strings.ReplaceAll(last, "-", ""), i)),
		Phone: fmt.Sprintf("+1%s%d%04d", []string{"415", "212", "646", "312"}[i%4], 200+(i/4)%2, i),
	}
}

// expectedSearch applies the documented rules (docs/contacts.md) to a workspace's contacts
// (newest first): the matches, "starts with" ones first, each group newest
// first; the total exact up to 1,000.
func expectedSearch(all []*switchboard.Contact, s switchboard.ContactSearch) (ids []string, total int, exact bool) {
	fold := func(s string) string {
		return strings.Join(strings.Fields(strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return ' '
			}
			return unicode.ToLower(r)
		}, s)), " ")
	}
	digits := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, s)
	}
	term := fold(s.Query)
	phoneLike := term != "" && strings.Trim(term, "0123456789+-.() ") == "" && digits(term) != ""
	var first, rest []string
	for _, c := range all {
		full, last, email, company, phone := fold(c.FirstName+" "+c.LastName), fold(c.LastName), fold(c.Email), fold(c.Company), digits(c.Phone)
		if s.Company != "" && company != fold(s.Company) {
			continue
		}
		if term != "" {
			in := func(part string) bool { return strings.Contains(part, term) }
			if !(in(full) || in(last) || in(email) || in(company) || in(phone) || (phoneLike && strings.Contains(phone, digits(term)))) {
				continue
			}
			if strings.HasPrefix(full, term) || strings.HasPrefix(last, term) || strings.HasPrefix(email, term) {
				first = append(first, c.ID)
				continue
			}
		}
		rest = append(rest, c.ID)
	}
	ids = append(first, rest...)
	return ids, min(len(ids), 1000), len(ids) <= 1000
}

// testSearchClasses runs every class of query the performance table
// reports over a generated workspace (and a neighbour with the same
// contacts) and checks results, order and totals against the documented
// rules, by offset and by cursor.
func testSearchClasses(t *testing.T, open Opener) {
	db := open(t)
	ws, neighbour := NewWorkspaceID(), NewWorkspaceID()
	var all []*switchboard.Contact
	for _, w := range []string{neighbour, ws} {
		for from := 0; from < classWorkspaceSize; from += 500 {
			var batch []*switchboard.Contact
			for i := from; i < from+500; i++ {
				batch = append(batch, classContact(i))
			}
			_, err := db.ImportContacts(ctx(), w, batch, false)
			require.NoError(t, err)
			if w == ws {
				all = append(batch, all...) // newest batch first
			}
		}
	}
	db.FinishImport(ctx(), 2*classWorkspaceSize)
	// Within a batch (one created_at) the newest first is the greatest id.
	slices.SortStableFunc(all, func(a, b *switchboard.Contact) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return bytes.Compare([]byte(b.ID), []byte(a.ID))
	})
	one := classContact(1234).Email

	for _, tc := range []struct {
		class string
		s     switchboard.ContactSearch
	}{
		{"name prefix", switchboard.ContactSearch{Query: "lovel"}},
		{"full name", switchboard.ContactSearch{Query: "ada love"}},
		{"substring", switchboard.ContactSearch{Query: "ijkst"}},
		{"email", switchboard.ContactSearch{Query: "grace.hopper"}},
		{"company word most share", switchboard.ContactSearch{Query: "inc"}},
		{"phone prefix with country and area", switchboard.ContactSearch{Query: "+1 415 201"}},
		{"phone prefix with area", switchboard.ContactSearch{Query: "(415) 201"}},
		{"phone area and exchange start", switchboard.ContactSearch{Query: "415 20"}},
		{"phone without area code", switchboard.ContactSearch{Query: "201-12"}},
		{"phone last four", switchboard.ContactSearch{Query: "2671"}},
		{"phone run of three", switchboard.ContactSearch{Query: "312"}},
		{"digits every number shares", switchboard.ContactSearch{Query: "20"}},
		{"country code every number shares", switchboard.ContactSearch{Query: "+1"}},
		{"one character", switchboard.ContactSearch{Query: "a"}},
		{"two characters", switchboard.ContactSearch{Query: "ad"}},
		{"filter, no query", switchboard.ContactSearch{Company: "bell labs inc"}},
		{"filter and query", switchboard.ContactSearch{Query: "ada", Company: "Navy Labs Inc"}},
		{"matches none", switchboard.ContactSearch{Query: "zzqx"}},
		{"matches one", switchboard.ContactSearch{Query: one}},
		{"matches about 1%", switchboard.ContactSearch{Query: "hedy lam"}},
		{"matches about 10%", switchboard.ContactSearch{Query: "labs"}},
		{"matches about 50%", switchboard.ContactSearch{Query: "200"}},
	} {
		t.Run(tc.class, func(t *testing.T) {
			t.Parallel()
			want, total, exact := expectedSearch(all, tc.s)
			t.Logf("%d of %d match", len(want), classWorkspaceSize)
			s := tc.s
			s.WorkspaceID = ws
			byOffset, byCursor := SearchPages(t, db, s, switchboard.MaxLimit, 170, func(meta switchboard.Meta) {
				require.Equal(t, total, meta.Total)
				require.Equal(t, !exact, meta.TotalIsLowerBound)
			})
			requireSameIDs(t, want, byOffset, "by offset")
			requireSameIDs(t, want, byCursor, "by cursor")
		})
	}
}

// requireSameIDs compares two orders of ids, reporting where they part.
func requireSameIDs(t *testing.T, want, got []string, how string) {
	t.Helper()
	for i := range min(len(want), len(got)) {
		if want[i] != got[i] {
			t.Fatalf("%s: item %d is %s, want %s (of %d, got %d)", how, i, got[i], want[i], len(want), len(got))
		}
	}
	require.Equal(t, len(want), len(got), "%s: as many items", how)
}

// SearchPages pages through search s by offset, in pages of offsetLimit,
// and by cursor, in pages of cursorLimit, and returns the ids each way
// gave, in order; offsetPage, when set, checks each offset page's meta.
func SearchPages(t *testing.T, db *store.DB, s switchboard.ContactSearch, offsetLimit, cursorLimit int, offsetPage func(switchboard.Meta)) (byOffset, byCursor []string) {
	t.Helper()
	for off := 0; ; off += offsetLimit {
		s.Page = switchboard.Page{Limit: offsetLimit, Offset: off}
		page, meta, err := db.SearchContacts(ctx(), s)
		require.NoError(t, err)
		if offsetPage != nil {
			offsetPage(meta)
		}
		byOffset = append(byOffset, ids(page)...)
		if !meta.HasMore {
			break
		}
	}
	s.Page = switchboard.Page{Limit: cursorLimit}
	for {
		page, meta, err := db.SearchContacts(ctx(), s)
		require.NoError(t, err)
		byCursor = append(byCursor, ids(page)...)
		if !meta.HasMore {
			return byOffset, byCursor
		}
		s.Page.After = meta.Next
	}
}

func ids(cs []*switchboard.Contact) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

// RunSearch runs the search groups of Run alone: the searches, their
// cursor walks and the classes. Store tests run it once more on PostgreSQL
// with the store's walks bounded to a few hundred rows, where the paths that
// give way to the index must return the same results in the same order.
func RunSearch(t *testing.T, open Opener) {
	for _, g := range []struct {
		name string
		fn   func(t *testing.T, open Opener)
	}{
		{"ContactSearch", testContactSearch},
		{"ContactSearchBroad", testContactSearchBroad},
		{"CursorWalk", testCursorWalk},
		{"SearchClasses", testSearchClasses},
	} {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			g.fn(t, open)
		})
	}
}
