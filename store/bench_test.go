package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// The benchmarks run on every database (PostgreSQL only with
// TEST_DATABASE_URL). List and search run against one workspace of
// seedContacts contacts, seeded once per database through ImportContacts, and
// report latency percentiles: run them with a fixed count, e.g.
//
//	go test ./store -run '^$' -bench . -benchtime 300x

const seedContacts = 200_000

var (
	firstNames = []string{"Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Dennis", "Linus",
		"Frances", "John", "Radia", "Leslie", "Tim", "Shafi", "Niklaus", "Bjarne", "Guido", "Anita", "Katherine",
		"Mary", "James", "Robert", "Patricia", "Jennifer", "Michael", "Linda", "William", "Elizabeth", "David",
		"Susan", "Richard", "Jessica", "Joseph", "Sarah", "Thomas", "Karen", "Charles", "Nancy", "Christopher",
		"Lisa", "Daniel", "Betty", "Matthew", "Sandra", "Anthony", "Ashley", "Mark", "Emily", "Sofia", "Liam"}
	lastNames = []string{"Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson",
		"Ritchie", "Torvalds", "Allen", "McCarthy", "Perlman", "Lamport", "Berners-Lee", "Goldwasser", "Wirth",
		"Stroustrup", "Rossum", "Borg", "Johnson", "Smith", "Williams", "Brown", "Jones", "Garcia", "Miller",
		"Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Taylor",
		"Moore", "Jackson", "Martin", "Lee", "Perez", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis"}
	companies = []string{"Analytical Engines", "US Navy", "Bletchley Park", "Acme Corp", "Globex", "Initech",
		"Umbrella", "Hooli", "Stark Industries", "Wayne Enterprises", "Cyberdyne", "Soylent", "Tyrell", "Wonka",
		"Vandelay Industries", "Pied Piper", "Aperture Science", "Black Mesa", "Massive Dynamic", "Oscorp"}
)

// fakeContacts returns n contacts with unique phones; seed varies them.
func fakeContacts(n, seed int) []*switchboard.Contact {
	r := rand.New(rand.NewPCG(uint64(seed), 42))
	out := make([]*switchboard.Contact, n)
	for i := range out {
		f, l := firstNames[r.IntN(len(firstNames))], lastNames[r.IntN(len(lastNames))]
		k := seed*10_000_000 + i
		out[i] = &switchboard.Contact{
			FirstName: f,
			LastName:  l,
			Phone:     fmt.Sprintf("+1%03d%07d", 200+k/10_000_000%800, k%10_000_000),
			Email:     fmt.Sprintf("%s.%s%d@example.com", f, l, k),
			Company:   companies[r.IntN(len(companies))],
			Notes:     "imported for the benchmark",
		}
	}
	return out
}

// seeded opens a store for b and seeds one workspace with seedContacts
// contacts through ImportContacts, logging the seeding rate.
func seeded(b *testing.B, d storetest.Database, opts ...store.Option) (*store.DB, string) {
	db := d.Open(b, opts...)
	ws := storetest.NewWorkspaceID()
	const batch = 5000
	start := time.Now()
	for i := 0; i < seedContacts/batch; i++ {
		if _, err := db.ImportContacts(context.Background(), ws, fakeContacts(batch, i+1), false); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("%s: seeded %d contacts in %v (%.0f rows/s, including generation)", d.Name, seedContacts,
		time.Since(start).Round(time.Millisecond), seedContacts/time.Since(start).Seconds())
	return db, ws
}

// latency runs op b.N times and reports its p50 and p99.
func latency(b *testing.B, op func() error) {
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := op(); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	b.StopTimer()
	percentiles(b, ds)
}

func BenchmarkList(b *testing.B) {
	benchDatabases(b, func(b *testing.B, d storetest.Database) {
		db, ws := seeded(b, d)
		for _, offset := range []int{0, 10_000, 100_000} {
			b.Run(fmt.Sprintf("offset=%d", offset), func(b *testing.B) {
				latency(b, func() error {
					page, meta, err := db.ListContacts(context.Background(), ws, switchboard.Page{Limit: 50, Offset: offset})
					if err == nil && (len(page) != 50 || meta.Total != seedContacts) {
						err = fmt.Errorf("got %d rows, total %d", len(page), meta.Total)
					}
					return err
				})
			})
		}
	})
}

func BenchmarkSearch(b *testing.B) {
	benchDatabases(b, func(b *testing.B, d storetest.Database) {
		db, ws := seeded(b, d)
		for _, tc := range []struct {
			name string
			s    switchboard.ContactSearch
		}{
			{"fullname", switchboard.ContactSearch{Query: "ada love"}},
			{"lastname", switchboard.ContactSearch{Query: "lovelace"}},
			{"email", switchboard.ContactSearch{Query: "smith12345"}},
			{"phone", switchboard.ContactSearch{Query: "(201) 000-12"}},
			{"company", switchboard.ContactSearch{Query: "acme"}},
			{"nomatch", switchboard.ContactSearch{Query: "zzzz"}},
			{"short", switchboard.ContactSearch{Query: "al"}},
			{"filter-company", switchboard.ContactSearch{Company: "stark industries"}},
			{"lastname-offset=2000", switchboard.ContactSearch{Query: "lovelace", Page: switchboard.Page{Offset: 2000}}},
		} {
			b.Run(tc.name, func(b *testing.B) {
				s := tc.s
				s.WorkspaceID = ws
				s.Page.Limit = 50
				var total int
				latency(b, func() error {
					_, meta, err := db.SearchContacts(context.Background(), s)
					total = meta.Total
					return err
				})
				b.ReportMetric(float64(total), "matches")
			})
		}
	})
}

// BenchmarkSearchSampleAged searches with the workspace's kept sample past
// its ten seconds each time (the store's clock of kept things moved on
// between searches), as the first search after an agent's pause finds
// it: the search that read it again before going on now serves from it
// while one read runs in the background.
func BenchmarkSearchSampleAged(b *testing.B) {
	benchDatabases(b, func(b *testing.B, d storetest.Database) {
		var mu sync.Mutex
		clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
		db, ws := seeded(b, d, store.WithKeptClock(func() time.Time {
			mu.Lock()
			defer mu.Unlock()
			return clock
		}))
		// Merged and analyzed, as an import leaves the table (FinishImport).
		db.FinishImport(context.Background(), seedContacts)
		for _, q := range []string{"zzzz", "knuth1000123", "acme"} {
			b.Run(q, func(b *testing.B) {
				s := switchboard.ContactSearch{WorkspaceID: ws, Query: q, Page: switchboard.Page{Limit: 50}}
				latency(b, func() error {
					mu.Lock()
					clock = clock.Add(11 * time.Second)
					mu.Unlock()
					_, _, err := db.SearchContacts(context.Background(), s)
					return err
				})
			})
		}
	})
}

func benchDatabases(b *testing.B, fn func(b *testing.B, d storetest.Database)) {
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) { fn(b, d) })
	}
}

func BenchmarkImport(b *testing.B) {
	benchDatabases(b, func(b *testing.B, d storetest.Database) {
		for _, size := range []int{1000, 5000} {
			b.Run(fmt.Sprintf("batch=%d", size), func(b *testing.B) {
				db := d.Open(b)
				ws := storetest.NewWorkspaceID()
				batches := make([][]*switchboard.Contact, b.N)
				for i := range batches {
					batches[i] = fakeContacts(size, i+1)
				}
				b.ResetTimer()
				start := time.Now()
				for i := 0; i < b.N; i++ {
					if _, err := db.ImportContacts(context.Background(), ws, batches[i], false); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(size*b.N)/time.Since(start).Seconds(), "rows/s")
			})
		}
	})
}

// percentiles reports p50 and p99 of ds in milliseconds.
func percentiles(b *testing.B, ds []time.Duration) {
	slices.Sort(ds)
	at := func(p float64) float64 {
		return float64(ds[min(len(ds)-1, int(p*float64(len(ds))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50_ms")
	b.ReportMetric(at(0.99), "p99_ms")
	b.ReportMetric(0, "ns/op")
}
