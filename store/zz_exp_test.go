package store_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

var (
	xfirst = []string{"Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Dennis", "Radia",
		"Frances", "John", "Katherine", "Linus", "Guido", "Bjarne", "Hedy", "Annie", "Tim", "Vint"}
	xlast = []string{"Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson", "Ritchie",
		"Perlman", "Allen", "McCarthy", "Johnson", "Torvalds", "Rossum", "Stroustrup", "Lamarr", "Easley", "Berners-Lee", "Cerf"}
	xcomp = []string{"Analytical Engines Inc", "Navy Labs Inc", "Bletchley Park Inc", "Mathematisch Centrum",
		"CLU Systems Inc", "TeX Works Inc", "Apollo Guidance Inc", "Bell Labs Inc", "DEC Inc", "Acme Corp"}
	xarea = []string{"415", "212", "646", "312", "617", "206", "303", "512", "702", "305", "404", "213"}
)

func xcontact(i int, r *rand.Rand) *switchboard.Contact {
	first := xfirst[r.IntN(len(xfirst))]
	last := xlast[r.IntN(len(xlast))]
	if i%3 == 0 {
		last += strconv.Itoa(i % 997)
	}
	ac := xarea[i%len(xarea)]
	n := i / len(xarea)
	exchange := 200 + (n/10000)%700
	email := strings.ToLower(fmt.Sprintf("%s.%s%d@example.com", first, strings.ReplaceAll(last, "-", ""), i))
	return &switchboard.Contact{FirstName: first, LastName: last, Phone: fmt.Sprintf("+1%s%03d%04d", ac, exchange, n%10000),
		Email: email, Company: xcomp[r.IntN(len(xcomp))]}
}

func TestZZExp(t *testing.T) {
	url := os.Getenv("EXP_DB")
	if url == "" {
		t.Skip()
	}
	ctx := context.Background()
	db, err := store.Open(ctx, url, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	_, meta, _ := db.ListContacts(ctx, "wsA", switchboard.Page{Limit: 1})
	if meta.Total == 0 {
		for _, ws := range []string{"wsA", "wsB"} {
			r := rand.New(rand.NewPCG(3, 4))
			for i := 0; i < 200000; i += 5000 {
				var cs []*switchboard.Contact
				for j := i; j < i+5000; j++ {
					cs = append(cs, xcontact(j, r))
				}
				if _, err := db.ImportContacts(ctx, ws, cs, false); err != nil {
					t.Fatal(err)
				}
			}
		}
		db.FinishImport(ctx, 400000)
	}
	qs := strings.Split(os.Getenv("EXP_Q"), ";")
	for _, q := range qs {
		var lat []time.Duration
		var m switchboard.Meta
		var ru0, ru1 syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
		for i := 0; i < 30; i++ {
			s := time.Now()
			_, m, err = db.SearchContacts(ctx, switchboard.ContactSearch{WorkspaceID: "wsA", Query: q, Page: switchboard.Page{Limit: 50}})
			if err != nil {
				t.Fatal(err)
			}
			lat = append(lat, time.Since(s))
		}
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
		cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) / 30
		slices.Sort(lat)
		fmt.Printf("%-24q p50 %6.2f ms  p90 %6.2f ms  cpu/query %6.2f ms  total %d\n", q, float64(lat[15].Microseconds())/1000, float64(lat[27].Microseconds())/1000, float64(cpu.Microseconds())/1000, m.Total)
	}
}
