package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// BenchmarkContacts1M is `make bench-1m`, not part of `make bench` or CI:
// it imports 1,000,000 contacts into one workspace of the real program on
// PostgreSQL (CSV uploads of 200,000 rows, each under the 50 MiB body
// limit), reports rows/s and the server's peak memory, then the latency of
// every class of searchClasses and of a whole walk of the list by cursor.
// It runs only with SWITCHBOARD_BENCH_1M=1 and TEST_DATABASE_URL set.
func BenchmarkContacts1M(b *testing.B) {
	if os.Getenv("SWITCHBOARD_BENCH_1M") == "" {
		b.Skip("set SWITCHBOARD_BENCH_1M=1 (make bench-1m)")
	}
	const size, chunk = 1_000_000, 200_000
	bin := filepath.Join(b.TempDir(), "switchboard")
	out, err := exec.Command("go", "build", "-o", bin, "../cmd/switchboard").CombinedOutput()
	require.NoError(b, err, "%s", out)
	srv := startProgram(b, bin, storetest.PostgresURL(b))

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
	b.ReportMetric(size/spent.Seconds(), "import-rows/s")
	b.ReportMetric(float64(srv.peakRSS())/(1<<20), "import-server-peak-MB")
	b.Logf("imported %d contacts in %v (%.0f rows/s), server peak %d MB", size, spent.Round(time.Millisecond),
		size/spent.Seconds(), srv.peakRSS()>>20)

	measureClasses(b, searchClasses(size), 100, func(path string) (int, map[string]any) {
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
		require.Equal(b, size, seen, "the walk served every contact once")
		slices.Sort(lat)
		b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
		b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
		b.ReportMetric(float64(len(lat)), "pages")
		b.Logf("walked %d contacts in %d pages of 200 in %v", seen, len(lat), time.Since(start).Round(time.Millisecond))
	})
	b.ReportMetric(float64(srv.peakRSS())/(1<<20), "server-peak-MB")
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
