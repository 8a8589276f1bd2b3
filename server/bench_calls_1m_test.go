package server_test

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// BenchmarkCalls1M is `make bench-calls-1m`, not part of `make bench` or
// CI: on each database, 1,000,000 calls over 200,000 contacts in one
// workspace (12 agents, a year of calls, a spread of statuses, outcomes and
// tags), loaded in bulk, then the latency over HTTP, as an admin, of a
// contact's history page, of the admin list under each class of filter
// (first page and a page by cursor), of the dial check (POST
// /v1/dial-checks) and of 90-day reports. It runs only
// with SWITCHBOARD_BENCH_CALLS_1M=1 (PostgreSQL also needs
// TEST_DATABASE_URL); SWITCHBOARD_BENCH_CALLS set to a number loads that
// many calls instead, for a quick look, and SWITCHBOARD_BENCH_DB (sqlite or
// postgres) runs one database only.
func BenchmarkCalls1M(b *testing.B) {
	if os.Getenv("SWITCHBOARD_BENCH_CALLS_1M") == "" {
		b.Skip("set SWITCHBOARD_BENCH_CALLS_1M=1 (make bench-calls-1m)")
	}
	n := 1_000_000
	if v := os.Getenv("SWITCHBOARD_BENCH_CALLS"); v != "" {
		var err error
		n, err = strconv.Atoi(v)
		require.NoError(b, err)
	}
	end := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	for _, d := range storetest.Databases() {
		if only := os.Getenv("SWITCHBOARD_BENCH_DB"); only != "" && only != d.Name {
			continue
		}
		b.Run(d.Name, func(b *testing.B) {
			tb := setup(b, d.Open)
			start := time.Now()
			seed := storetest.SeedCalls(b, tb.db, tb.wsA, storetest.CallSeed{Calls: n, Contacts: n / 5, Agents: 12,
				End: end, Span: 365 * 24 * time.Hour, Seed: 5})
			b.Logf("%s: loaded %d calls over %d contacts in %v", d.Name, n, n/5, time.Since(start).Round(time.Second))
			get := func(path string) (int, map[string]any) {
				r := tb.do("GET", path, tb.tokAdm, nil)
				return r.status, r.json
			}
			r := rand.New(rand.NewPCG(9, 9))
			b.Run("contact-history", func(b *testing.B) {
				measurePaths(b, 300, get, func(int) string {
					return "/v1/contacts/" + seed.Contacts[r.IntN(len(seed.Contacts))] + "/calls?limit=50"
				})
			})
			week := func(i int) string {
				from := end.Add(-time.Duration(1+i%50) * 7 * 24 * time.Hour)
				return "createdAfter=" + url.QueryEscape(from.Format(time.RFC3339)) +
					"&createdBefore=" + url.QueryEscape(from.Add(7*24*time.Hour).Format(time.RFC3339))
			}
			classes := []struct {
				name string
				q    func(i int) string
			}{
				{"all", func(int) string { return "" }},
				{"status-busy", func(int) string { return "status=busy" }},
				{"status-ringing-rare", func(int) string { return "status=ringing" }},
				{"outcome", func(i int) string { return "outcomeId=" + seed.Outcomes[i%len(seed.Outcomes)] }},
				{"tag-common", func(int) string { return "tag=follow-up" }},
				{"tag-rare", func(int) string { return "tag=vip" }},
				{"agent", func(i int) string { return "agent=" + seed.Agents[i%len(seed.Agents)] }},
				{"contact", func(i int) string { return "contactId=" + seed.Contacts[(i*7919)%len(seed.Contacts)] }},
				{"week", week},
				{"agent+status+week", func(i int) string {
					return "agent=" + seed.Agents[i%len(seed.Agents)] + "&status=completed&" + week(i)
				}},
				{"outcome+tag", func(i int) string {
					return "outcomeId=" + seed.Outcomes[i%len(seed.Outcomes)] + "&tag=pricing"
				}},
				{"status+outcome+agent", func(i int) string {
					return "status=no-answer&outcomeId=" + seed.Outcomes[i%len(seed.Outcomes)] + "&agent=" + seed.Agents[i%len(seed.Agents)]
				}},
			}
			for _, c := range classes {
				b.Run("list-"+c.name, func(b *testing.B) {
					measurePaths(b, 100, get, func(i int) string { return "/v1/calls?limit=50&" + c.q(i) })
				})
				// The page after the first, by cursor.
				b.Run("list-"+c.name+"-next", func(b *testing.B) {
					first := map[int]string{}
					measurePaths(b, 100, get, func(i int) string {
						path := "/v1/calls?limit=50&" + c.q(i%10)
						if cur, ok := first[i%10]; ok {
							return path + "&cursor=" + url.QueryEscape(cur)
						}
						_, body := get(path)
						cur, _ := body["meta"].(map[string]any)["nextCursor"].(string)
						if cur == "" {
							return path
						}
						first[i%10] = cur
						return path + "&cursor=" + url.QueryEscape(cur)
					})
				})
			}
			// The dial check with an attempt limit over the longest window the
			// setting takes (30 days), so that each check counts a number's
			// calls in the index calls_to_number: numbers of contacts (the ones
			// called, and the contact's zone read too), any number of the area
			// code, and Florida numbers (the state's hours and its cap of 3
			// calls in 24 hours).
			res := tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"attemptLimit": map[string]any{"max": 10, "windowHours": 720}})
			require.Equal(b, 200, res.status, "body: %s", res.body)
			check := func(to string) (int, map[string]any) {
				r := tb.do("POST", "/v1/dial-checks", tb.tokAdm, map[string]any{"to": to})
				return r.status, r.json
			}
			for _, c := range []struct {
				name string
				to   func(i int) string
			}{
				{"contact", func(int) string { return storetest.SeedPhone(r.IntN(n / 5)) }},
				{"any", func(int) string { return fmt.Sprintf("+1415%07d", 2_000_000+r.IntN(8_000_000)) }},
				{"florida", func(int) string { return fmt.Sprintf("+1305%07d", 2_000_000+r.IntN(1_000_000)) }},
			} {
				b.Run("dial-check-"+c.name, func(b *testing.B) { measurePaths(b, 1000, check, c.to) })
			}
			// 90-day reports between New York midnights, as a team lead in
			// that zone picks them: the whole days come from the totals, the
			// hours before the first and after the last UTC midnight from
			// the calls. "outcome-agent" is one agent's outcomes (the team
			// lead's page asks it per agent); "day-agent" one agent's days,
			// read from the calls alone.
			ny, err := time.LoadLocation("America/New_York")
			require.NoError(b, err)
			reports := func(suffix string) {
				for _, g := range []struct{ name, query string }{
					{"agent", "groupBy=agent"}, {"day", "groupBy=day"}, {"outcome", "groupBy=outcome"},
					{"outcome-agent", "groupBy=outcome&agent=" + seed.Agents[0]}, {"day-agent", "groupBy=day&agent=" + seed.Agents[1]},
				} {
					b.Run("report-90d-"+g.name+suffix, func(b *testing.B) {
						measurePaths(b, 30, get, func(i int) string {
							to := time.Date(end.Year(), end.Month(), end.Day(), 0, 0, 0, 0, ny).AddDate(0, 0, -(i % 200))
							return fmt.Sprintf("/v1/reports/calls?%s&timeZone=America/New_York&from=%s&to=%s", g.query,
								url.QueryEscape(to.AddDate(0, 0, -90).Format(time.RFC3339)), url.QueryEscape(to.Format(time.RFC3339)))
						})
					})
				}
			}
			reports("")
			// Where the totals wait for a fold (PostgreSQL), the reports
			// again as they find the log at its longest: a minute of calls
			// at 600 a second folded but not yet vacuumed (autovacuum's
			// interval; a report scans the dead rows too), then a fold
			// interval's calls (10 s) not yet folded.
			if tb.db.FoldsCallTotals() {
				begin := func(from, to int) {
					for i := from; i < to; i++ {
						sid := fmt.Sprintf("CAunfolded%022d", i)
						_, err := tb.db.BeginCall(b.Context(), &sb.Call{CallSID: sid, WorkspaceID: tb.wsA, AgentIdentity: seed.Agents[i%len(seed.Agents)],
							To: storetest.SeedPhone(i), From: "+15005550006", Status: sb.CallInitiated, ConferenceName: "sb-" + sid}, time.Minute)
						require.NoError(b, err)
					}
				}
				begin(0, 36_000)
				_, err := tb.db.FoldCallTotals(b.Context())
				require.NoError(b, err)
				begin(36_000, 42_000)
				reports("-unfolded")
			}
		})
	}
}

// measurePaths requests per paths (path(i) for the i-th) b.N times over and
// reports the p50 and p99 latencies; every answer must be a 200.
func measurePaths(b *testing.B, per int, get func(string) (int, map[string]any), path func(i int) string) {
	lat := make([]time.Duration, 0, per*b.N)
	for range b.N {
		for i := range per {
			p := path(i)
			start := time.Now()
			status, body := get(p)
			lat = append(lat, time.Since(start))
			if status != 200 {
				b.Fatalf("%s: %d %v", p, status, body)
			}
		}
	}
	slices.Sort(lat)
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
}
