package server_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// searchClasses are the kinds of list and search request whose latency
// BenchmarkContacts200k (and make bench-1m) report, over the data set of
// fakeContact. The share of the workspace each query matches is in its
// comment; a name ending in "-cursor" reads a page deep in its list by
// cursor (the cursor is taken once from an offset page).
func searchClasses(size int) []searchClass {
	deep := size / 2
	return []searchClass{
		{name: "list-first-page", path: "/v1/contacts?limit=50"},
		{name: "list-offset-10000", path: "/v1/contacts?limit=50&offset=10000"},
		{name: "list-offset-half", path: fmt.Sprintf("/v1/contacts?limit=50&offset=%d", deep)},
		{name: "list-cursor-10000", path: "/v1/contacts?limit=50", cursorAt: 10000},
		{name: "list-cursor-half", path: "/v1/contacts?limit=50", cursorAt: deep},
		{name: "name-prefix", path: q("lovel")},                    // 5%
		{name: "full-name", path: q("ada love")},                   // 0.3%
		{name: "substring", path: q("ijkst")},                      // 5%
		{name: "email", path: q("grace.hopper12")},                 // 0.01%
		{name: "company-common-word", path: q("inc")},              // 80%
		{name: "phone-country-area-prefix", path: q("+1 415 201")}, // 3%
		{name: "phone-area-prefix", path: q("(415) 201")},          // 3%
		{name: "phone-area-exchange-10pct", path: q("415 20")},     // 8%, every 415 number
		{name: "phone-no-area", path: q("201-12")},                 // 0.6%
		{name: "phone-last-four", path: q("2671")},                 // 0.05%
		{name: "phone-digits-3", path: q("305")},                   // 9%
		{name: "phone-digits-all-share", path: q("20")},            // 100%: every exchange starts so
		{name: "phone-country-all-share", path: q("+1")},           // 100%
		{name: "one-char", path: q("a")},                           // 100%
		{name: "two-char", path: q("ad")},                          // 10%
		{name: "filter-company-no-query", path: "/v1/contacts/search?limit=50&company=" + url.QueryEscape("Bell Labs Inc")},
		{name: "match-0", path: q("zzqx")},                 // none
		{name: "match-1", path: q("barbara.lamarr123457")}, // one
		{name: "match-1pct", path: q("hedy l")},            // 0.7%
		{name: "match-20pct", path: q("labs")},             // 20%
		{name: "match-60pct", path: q("200")},              // 60%
		{name: "search-ranked-cursor-5000", path: q("lovel"), cursorAt: 5000},
		{name: "search-broad-cursor-half", path: q("inc"), cursorAt: deep / 2},
		// A page deep in each of the classes agents type most, by cursor.
		{name: "phone-area-exchange-10pct-cursor", path: q("415 20"), cursorAt: size / 50},
		{name: "full-name-cursor", path: q("ada love"), cursorAt: size / 1000},
		{name: "two-char-cursor", path: q("ad"), cursorAt: size / 50},
	}
}

type searchClass struct {
	name, path string
	// cursorAt > 0: read the page that starts there, by cursor.
	cursorAt int
}

func q(query string) string { return "/v1/contacts/search?limit=50&q=" + url.QueryEscape(query) }

// classResult is what measureClasses measured of one class.
type classResult struct {
	name     string
	p50, p99 float64 // ms
}

// measureClasses runs perClass requests of each class against a server
// (do answers status and body) and reports p50 and p99 per class; b.N
// repeats each class's run. It returns them too, in the classes' order.
func measureClasses(b *testing.B, classes []searchClass, perClass int, do func(path string) (int, map[string]any)) []classResult {
	var results []classResult
	for _, c := range classes {
		b.Run(c.name, func(b *testing.B) {
			path := c.path
			if c.cursorAt > 0 {
				status, body := do(fmt.Sprintf("%s&offset=%d", c.path, c.cursorAt-50))
				meta, _ := body["meta"].(map[string]any)
				cur, ok := meta["nextCursor"].(string)
				if status != 200 || !ok {
					b.Fatalf("%s: no cursor at %d: %d %v", c.path, c.cursorAt, status, body)
				}
				path += "&cursor=" + url.QueryEscape(cur)
			}
			lat := make([]time.Duration, 0, perClass*b.N)
			var total any
			for i := 0; i < b.N; i++ {
				for j := 0; j < perClass; j++ {
					start := time.Now()
					status, body := do(path)
					lat = append(lat, time.Since(start))
					if status != 200 {
						b.Fatalf("%s: %d %v", path, status, body)
					}
					total = body["meta"].(map[string]any)["total"]
				}
			}
			slices.Sort(lat)
			res := classResult{name: c.name, p50: ms(lat[len(lat)/2]), p99: ms(lat[len(lat)*99/100])}
			results = append(results, res)
			b.ReportMetric(res.p50, "p50-ms")
			b.ReportMetric(res.p99, "p99-ms")
			b.ReportMetric(total.(float64), "total")
		})
	}
	return results
}

// BenchmarkContacts200k measures list and search latency (p50/p99 over many
// requests) per class of query on a 200,000-contact workspace beside another
// of the same size, over HTTP, on both databases.
func BenchmarkContacts200k(b *testing.B) {
	const size = 200_000
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) {
			tb := setup(b, d.Open)
			seedContacts(b, tb, size)
			measureClasses(b, searchClasses(size), 200, func(path string) (int, map[string]any) {
				r := tb.do("GET", path, tb.tokA, nil)
				return r.status, r.json
			})
		})
	}
}

// BenchmarkContactsBesideLarge measures the search classes in a workspace
// of 5,000 contacts that shares its database with one of 400,000: what a
// small workspace's searches cost beside a large neighbour's rows (on
// SQLite the search index is one for the whole database).
func BenchmarkContactsBesideLarge(b *testing.B) {
	const small, large = 5_000, 400_000
	var classes []searchClass
	for _, c := range searchClasses(small) {
		if strings.Contains(c.path, "/search") && c.cursorAt == 0 {
			classes = append(classes, c)
		}
	}
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) {
			tb := setup(b, d.Open)
			seedWorkspaces(b, tb, small, large)
			measureClasses(b, classes, 200, func(path string) (int, map[string]any) {
				r := tb.do("GET", path, tb.tokA, nil)
				return r.status, r.json
			})
		})
	}
}
