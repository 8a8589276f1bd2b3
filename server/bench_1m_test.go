package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// BenchmarkContacts1M is `make bench-1m`, not part of `make bench` or CI:
// on each database it imports 1,000,000 contacts into one workspace of the
// real program (CSV uploads of 200,000 rows, each under the 50 MiB body
// limit), reports rows/s and the server's peak memory, then the latency of
// every class of searchClasses and of a whole walk of the list by cursor,
// all against the data built once. It runs only with SWITCHBOARD_BENCH_1M=1
// (PostgreSQL also needs TEST_DATABASE_URL). With SWITCHBOARD_BENCH_1M_DOC
// naming a Markdown file, it writes its table there, between the lines
// <!-- bench-1m --> and <!-- /bench-1m --> (make bench-1m: docs/performance.md).
func BenchmarkContacts1M(b *testing.B) {
	if os.Getenv("SWITCHBOARD_BENCH_1M") == "" {
		b.Skip("set SWITCHBOARD_BENCH_1M=1 (make bench-1m)")
	}
	bin := buildProgram(b)
	runs := map[string]run1M{}
	for _, name := range []string{"sqlite", "postgres"} {
		b.Run(name, func(b *testing.B) {
			metricsAddr := freeAddr(b)
			srv := startProgram(b, bin, programDatabaseURL(b, name), "METRICS_ADDR="+metricsAddr)
			srv.metricsURL = "http://" + metricsAddr + "/metrics"
			runs[name] = bench1M(b, srv)
		})
	}
	if doc := os.Getenv("SWITCHBOARD_BENCH_1M_DOC"); doc != "" {
		require.NoError(b, writeTable1M(doc, runs))
	}
}

// run1M is what bench1M measured on one database.
type run1M struct {
	importRate, importPeakMB float64
	classes                  []classResult
	walk                     time.Duration
	walkPage                 classResult
}

// bench1M imports the million contacts into srv, then measures every
// class and the whole cursor walk.
func bench1M(b *testing.B, srv *program) run1M {
	const size, chunk = 1_000_000, 200_000
	do := func(method, path string, body []byte, contentType string) (int, map[string]any) {
		req, _ := http.NewRequest(method, srv.url+path, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+srv.token)
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(b, err)
		defer res.Body.Close()
		var m map[string]any
		_ = json.NewDecoder(res.Body).Decode(&m)
		return res.StatusCode, m
	}

	var run run1M
	r := rand.New(rand.NewPCG(3, 4))
	var spent time.Duration
	for from := 0; from < size; from += chunk {
		csv := csvRows(r, from, from+chunk)
		start := time.Now()
		status, body := do("POST", "/v1/contacts/import", csv, "text/csv")
		spent += time.Since(start)
		require.Equal(b, 200, status, "%v", body)
		require.EqualValues(b, chunk, body["data"].(map[string]any)["imported"])
	}
	run.importRate, run.importPeakMB = size/spent.Seconds(), float64(srv.peakRSS())/(1<<20)
	b.ReportMetric(run.importRate, "import-rows/s")
	b.ReportMetric(run.importPeakMB, "import-server-peak-MB")
	b.Logf("imported %d contacts in %v (%.0f rows/s), server peak %d MB", size, spent.Round(time.Millisecond),
		size/spent.Seconds(), srv.peakRSS()>>20)
	// Measured once the search index has settled after the import (on
	// SQLite it is merged in the background), as a workspace is searched
	// most of its life.
	settled := time.Now()
	srv.waitIndexMerged(b)
	b.Logf("the search index settled %v after the import", time.Since(settled).Round(time.Millisecond))

	run.classes = measureClasses(b, searchClasses(size), 100, func(path string) (int, map[string]any) {
		return do("GET", path, nil, "")
	})

	b.Run("cursor-walk-whole-list", func(b *testing.B) {
		var lat []time.Duration
		seen := 0
		cursor := ""
		start := time.Now()
		for {
			path := "/v1/contacts?limit=200"
			if cursor != "" {
				path += "&cursor=" + url.QueryEscape(cursor)
			}
			t := time.Now()
			status, body := do("GET", path, nil, "")
			lat = append(lat, time.Since(t))
			require.Equal(b, 200, status, "%v", body)
			seen += len(body["data"].([]any))
			next, _ := body["meta"].(map[string]any)["nextCursor"].(string)
			if next == "" {
				break
			}
			cursor = next
		}
		run.walk = time.Since(start)
		require.Equal(b, size, seen, "the walk served every contact once")
		slices.Sort(lat)
		run.walkPage = classResult{name: "walk", p50: ms(lat[len(lat)/2]), p99: ms(lat[len(lat)*99/100])}
		b.ReportMetric(run.walkPage.p50, "p50-ms")
		b.ReportMetric(run.walkPage.p99, "p99-ms")
		b.ReportMetric(float64(len(lat)), "pages")
		b.Logf("walked %d contacts in %d pages of 200 in %v", seen, len(lat), run.walk.Round(time.Millisecond))
	})
	b.ReportMetric(float64(srv.peakRSS())/(1<<20), "server-peak-MB")
	return run
}

// writeTable1M writes the runs' table into the Markdown file doc, between
// its bench-1m markers.
func writeTable1M(doc string, runs map[string]run1M) error {
	text, err := os.ReadFile(doc)
	if err != nil {
		return err
	}
	const open, close = "<!-- bench-1m -->\n", "<!-- /bench-1m -->"
	i, j := bytes.Index(text, []byte(open)), bytes.Index(text, []byte(close))
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %q ... %q section", doc, open, close)
	}
	cell := func(name string, f func(run1M) string) string {
		run, ok := runs[name]
		if !ok || run.classes == nil {
			return "not run"
		}
		return f(run)
	}
	latency := func(c classResult) string {
		if c.p99 > 25 {
			return fmt.Sprintf("**%.1f / %.1f**", c.p50, c.p99)
		}
		return fmt.Sprintf("%.1f / %.1f", c.p50, c.p99)
	}
	var t bytes.Buffer
	fmt.Fprintf(&t, "| 1,000,000 contacts (`make bench-1m`, %s) | SQLite | PostgreSQL |\n|---|---|---|\n", time.Now().UTC().Format("2006-01-02"))
	both := func(label string, f func(run1M) string) {
		fmt.Fprintf(&t, "| %s | %s | %s |\n", label, cell("sqlite", f), cell("postgres", f))
	}
	both("import, rows/s (server peak MB)", func(r run1M) string { return fmt.Sprintf("%.0f (%.0f)", r.importRate, r.importPeakMB) })
	both("whole list by cursor, 5,000 pages of 200: total; a page p50 / p99 ms", func(r run1M) string {
		return fmt.Sprintf("%.1f s; %s", r.walk.Seconds(), latency(r.walkPage))
	})
	for k, c := range searchClasses(1_000_000) {
		both("`"+c.name+"`, p50 / p99 ms", func(r run1M) string {
			if k >= len(r.classes) {
				return "not run"
			}
			return latency(r.classes[k])
		})
	}
	out := append(append(append([]byte{}, text[:i+len(open)]...), t.Bytes()...), text[j:]...)
	return os.WriteFile(doc, out, 0o644)
}

// csvRows is rows [from, to) of the benchmark's data set (fakeContact), as
// CSV with a header; r must have produced rows [0, from) already.
func csvRows(r *rand.Rand, from, to int) []byte {
	var b bytes.Buffer
	b.WriteString("First Name,Last Name,Phone,Email,Company,Notes\n")
	for i := from; i < to; i++ {
		f, l, p, e, c := fakeContact(i, r)
		fmt.Fprintf(&b, "%s,%s,%s,%s,%s,imported row %d\n", f, l, p, e, c, i)
	}
	return b.Bytes()
}
