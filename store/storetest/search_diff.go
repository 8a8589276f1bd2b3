package storetest

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

// diffSize is the differential test's workspace: small, so the test takes
// seconds; the stores it runs on are tuned (store tests' options) so that
// even this size takes every path a large workspace takes.
const diffSize = 600

// RunSearchDifferential compares the store's search, whatever path it
// takes (sampled broad walks, ranked candidates, probes, bounded walks,
// short queries), with a plain scan of the workspace's contacts by the
// documented rules (expectedSearch), on random contacts and random queries
// typed the way people type them: pieces of names, emails, companies and
// numbers, digits with their punctuation, one or two characters. Each query
// is paged through by offset and by cursor. With exactTotals the totals must
// be the scan's too; a store tuned to call small searches broad reports
// them as lower bounds instead, which is its documented estimate.
func RunSearchDifferential(t *testing.T, open Opener, exactTotals bool) {
	seed := uint64(20261125)
	r := rand.New(rand.NewPCG(seed, 7))
	db := open(t)
	ws, neighbour := NewWorkspaceID(), NewWorkspaceID()
	var all []*switchboard.Contact
	for _, w := range []string{ws, neighbour} {
		phones := map[string]bool{} // a workspace's phones are unique
		for from := 0; from < diffSize; from += 100 {
			batch := make([]*switchboard.Contact, 0, 100)
			for len(batch) < 100 {
				if c := randomContact(r); c.Phone == "" || !phones[c.Phone] {
					phones[c.Phone] = true
					batch = append(batch, c)
				}
			}
			_, err := db.ImportContacts(ctx(), w, batch, false)
			require.NoError(t, err)
			if w == ws {
				all = append(all, batch...)
			}
		}
	}
	db.FinishImport(ctx(), 2*diffSize)
	// Newest first: a batch shares its time, the greater id first.
	slices.SortStableFunc(all, func(a, b *switchboard.Contact) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return bytes.Compare([]byte(b.ID), []byte(a.ID))
	})

	for i := range 90 {
		s := randomSearch(r, all)
		t.Run(fmt.Sprintf("%02d %q company %q", i, s.Query, s.Company), func(t *testing.T) {
			want, total, exact := expectedSearch(all, s)
			s.WorkspaceID = ws
			byOffset, byCursor := SearchPages(t, db, s, 50, 37, func(meta switchboard.Meta) {
				if exactTotals || !meta.TotalIsLowerBound {
					require.Equal(t, total, meta.Total, "total")
					require.Equal(t, !exact, meta.TotalIsLowerBound)
				}
			})
			requireSameIDs(t, want, byOffset, "by offset")
			requireSameIDs(t, want, byCursor, "by cursor")
		})
	}
}

// Few syllables and area codes, so that random pieces match many contacts
// and some match at the start of a name, some inside one, some in a number.
var (
	diffSyllables = []string{"an", "ber", "co", "da", "el", "fa", "gri", "ho", "la", "mo", "ne", "ra", "sa", "to"}
	// Two companies hold numbers as agents type them, so that a
	// phone-like query sometimes matches the search text as typed too,
	// not only the phone's digits.
	diffCompanies = []string{"Acme Corp", "Bell Labs Inc", "Dana Holdings", "", "Lamoda Inc", "Rasa & Co", "Dial 415 20 Inc", "Plaza 300-1 LLC"}
	diffAreas     = []string{"415", "212", "646", "305"}
)

func randomWord(r *rand.Rand) string {
	var b strings.Builder
	for range 1 + r.IntN(3) {
		b.WriteString(diffSyllables[r.IntN(len(diffSyllables))])
	}
	w := b.String()
	return strings.ToUpper(w[:1]) + w[1:]
}

// randomContact is a contact with a name (or, one in twenty, none), an
// email most of the time and a phone nine times in ten, its digits drawn
// from few values so that runs of digits repeat.
func randomContact(r *rand.Rand) *switchboard.Contact {
	c := &switchboard.Contact{Company: diffCompanies[r.IntN(len(diffCompanies))]}
	if r.IntN(20) > 0 {
		c.FirstName, c.LastName = randomWord(r), randomWord(r)
		if r.IntN(4) == 0 {
			c.LastName += fmt.Sprint(r.IntN(100))
		}
	}
	if r.IntN(10) > 0 || c.FirstName == "" {
		c.Phone = fmt.Sprintf("+1%s%d%02d%04d", diffAreas[r.IntN(len(diffAreas))], 2+r.IntN(2), r.IntN(5), r.IntN(10000))
	}
	if c.FirstName != "" && r.IntN(4) > 0 {
		c.Email = strings.ToLower(fmt.Sprintf("%s.%s%d@example.com", c.FirstName, c.LastName, r.IntN(1000)))
	}
	return c
}

// randomSearch is a query as an agent types one: a piece of a stored
// contact's field (from its start or inside it, in any case), its number
// in one of the usual spellings or a run of its digits, or one or two
// letters; sometimes with a company filter.
func randomSearch(r *rand.Rand, all []*switchboard.Contact) switchboard.ContactSearch {
	c := all[r.IntN(len(all))]
	piece := func(s string) string {
		if s == "" {
			return "zq"
		}
		from := 0
		if r.IntN(2) == 0 {
			from = r.IntN(len(s))
		}
		to := min(len(s), from+1+r.IntN(9))
		return s[from:to]
	}
	var s switchboard.ContactSearch
	switch k := r.IntN(10); {
	case k == 0:
		s.Query = piece(c.FirstName + " " + c.LastName)
	case k == 1:
		s.Query = strings.ToUpper(piece(c.LastName))
	case k == 2:
		s.Query = piece(c.Email)
	case k == 3:
		s.Query = piece(c.Company)
	case k == 4 && c.Phone != "":
		d := c.Phone[2:] // national digits
		s.Query = []string{
			fmt.Sprintf("(%s) %s", d[:3], d[3:3+r.IntN(5)]),
			fmt.Sprintf("%s %s", d[:3], d[3:3+r.IntN(4)]),
			fmt.Sprintf("+1 %s %s", d[:3], d[3:3+r.IntN(4)]),
			fmt.Sprintf("%s-%s", d[3:6], d[6:6+r.IntN(4)]),
		}[r.IntN(4)]
	case k == 5 && c.Phone != "":
		from := r.IntN(len(c.Phone) - 2)
		s.Query = c.Phone[from : from+2+r.IntN(min(6, len(c.Phone)-from-1))]
	case k >= 8 && c.Phone != "":
		s.Query = digitQuery(r, c.Phone)
	case k == 6:
		s.Query = string(diffSyllables[r.IntN(len(diffSyllables))][:1+r.IntN(2)])
	default:
		s.Query = piece(c.FirstName)
	}
	if strings.TrimSpace(s.Query) == "" {
		s.Query = "la"
	}
	if r.IntN(6) == 0 && c.Company != "" {
		s.Company = c.Company
	}
	return s
}

// digitQuery is a query for a stored number in one of the shapes agents
// type digits in: from the start of the number or of the national number,
// with spaces, dashes, dots or parentheses, "+1" first, the last digits, a
// run from the middle, two digits, the whole number.
func digitQuery(r *rand.Rand, phone string) string {
	d := phone[2:] // national digits (every number is +1)
	area, exch, line := d[:3], d[3:6], d[6:]
	cut := func(s string) string { return s[:1+r.IntN(len(s))] }
	shapes := []string{
		area + " " + cut(exch),                     // 415 20
		"(" + area + ")" + cut(exch),               // (415)201
		"(" + area + ") " + exch + "-" + cut(line), // (415) 201-12
		"+1 " + area + " " + cut(exch),             // +1 415 2
		"+1 (" + area + ") " + exch,                // +1 (415) 201
		"1-" + area + "-" + cut(exch),              // 1-415-20
		area + "." + exch + "." + cut(line),        // 415.201.1
		exch + "-" + cut(line),                     // 201-1 (no area code)
		line[len(line)-2-r.IntN(3):],               // the last 2-4 digits
		d[2+r.IntN(4) : 7+r.IntN(4)],               // a run from the middle
		d[r.IntN(9):][:2],                          // two digits
		phone,                                      // +14152011234
		area + exch + line,                         // the national number, digits only
		"+1 " + area + "-" + exch + "-" + line,     // the whole number, punctuated
	}
	return shapes[r.IntN(len(shapes))]
}
