package store_test

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// BenchmarkDigitSearch times digit queries as agents type them over the
// data set of issue 23: 100,000 contacts of one area code whose numbers
// were imported in order, so that an area code and the start of an
// exchange ("212 55") match a tenth of the workspace, all of it neither
// among the newest rows nor the oldest.
//
//	go test ./store -run '^$' -bench DigitSearch -benchtime 200x
func BenchmarkDigitSearch(b *testing.B) {
	const size, batch = 100_000, 5000
	benchDatabases(b, func(b *testing.B, d storetest.Database) {
		db := d.Open(b)
		ws := storetest.NewWorkspaceID()
		for from := 0; from < size; from += batch {
			cs := make([]*switchboard.Contact, batch)
			for j := range cs {
				i := from + j
				// Exchanges 500-599, 1,000 numbers each.
				cs[j] = &switchboard.Contact{
					FirstName: firstNames[i%len(firstNames)], LastName: lastNames[i%len(lastNames)],
					Phone:   fmt.Sprintf("+1212%03d%04d", 500+i/1000, i%1000*10+i%7),
					Email:   fmt.Sprintf("agent%d@example.com", i),
					Company: companies[i%len(companies)],
				}
			}
			if _, err := db.ImportContacts(context.Background(), ws, cs, false); err != nil {
				b.Fatal(err)
			}
		}
		db.FinishImport(context.Background(), size)
		for _, query := range []string{
			"212 55",      // 10%: area code and the start of an exchange
			"+1 212 555",  // 1%
			"(212) 555-1", // 0.1%
			"555-12",      // exchange and line, no area code
			"2125551",     // digits only
			"3451",        // last four
			"55",          // two digits
		} {
			b.Run(query, func(b *testing.B) {
				s := switchboard.ContactSearch{WorkspaceID: ws, Query: query, Page: switchboard.Page{Limit: 50}}
				var total int
				// The process's CPU time per search, which a loaded
				// machine (other builds waiting for the cores) moves
				// less than the wall time.
				cpu0 := cpuTime()
				latency(b, func() error {
					_, meta, err := db.SearchContacts(context.Background(), s)
					total = meta.Total
					return err
				})
				b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu_ms/op")
				b.ReportMetric(float64(total), "matches")
			})
		}
	})
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
