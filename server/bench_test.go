package server_test

// Benchmarks of the contacts API over real HTTP, on both databases. Run them
// with `make bench` (PostgreSQL needs TEST_DATABASE_URL); the README lists
// the figures measured on a 2-core machine.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/server/metrics/metricstest"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

var (
	firstNames = []string{"Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Dennis", "Radia",
		"Frances", "John", "Katherine", "Linus", "Guido", "Bjarne", "Hedy", "Annie", "Tim", "Vint"}
	lastNames = []string{"Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson", "Ritchie",
		"Perlman", "Allen", "McCarthy", "Johnson", "Torvalds", "Rossum", "Stroustrup", "Lamarr", "Easley", "Berners-Lee", "Cerf"}
	// Most company names share a word ("Inc"), as real ones do.
	companies = []string{"Analytical Engines Inc", "Navy Labs Inc", "Bletchley Park Inc", "Mathematisch Centrum",
		"CLU Systems Inc", "TeX Works Inc", "Apollo Guidance Inc", "Bell Labs Inc", "DEC Inc", "Acme Corp"}
	areaCodes = []string{"415", "212", "646", "312", "617", "206", "303", "512", "702", "305", "404", "213"}
)

// fakeContact returns the i-th contact of a deterministic data set: about
// one in 400 share a first+last name, phones are unique.
func fakeContact(i int, r *rand.Rand) (first, last, phone, email, company string) {
	first = firstNames[r.IntN(len(firstNames))]
	last = lastNames[r.IntN(len(lastNames))]
	if i%3 == 0 {
		last += strconv.Itoa(i % 997)
	}
	ac := areaCodes[i%len(areaCodes)]
	n := i / len(areaCodes) // unique per area code
	exchange := 200 + (n/10000)%700
	phone = fmt.Sprintf("(%s) %03d-%04d", ac, exchange, n%10000)
	email = strings.ToLower(fmt.Sprintf("%s.%s%d@example.com", first, strings.ReplaceAll(last, "-", ""), i))
	company = companies[r.IntN(len(companies))]
	return
}

func benchCSV(rows int) []byte {
	return csvRows(rand.New(rand.NewPCG(1, 2)), 0, rows)
}

// BenchmarkImport100k imports 100,000 CSV rows end to end over HTTP into
// the real program (`go build`, run as its own process), so that the figure
// includes everything — upload, spooling, parsing, normalization, the batched
// writes — and so that the server's peak memory (VmHWM) is its own.
func BenchmarkImport100k(b *testing.B) {
	const rows = 100_000
	csv := benchCSV(rows)
	bin := buildProgram(b)
	for _, name := range []string{"sqlite", "postgres"} {
		b.Run(name, func(b *testing.B) {
			var total time.Duration
			var peak int64
			var cpu float64
			for i := 0; i < b.N; i++ {
				dbURL := programDatabaseURL(b, name)
				srv := startProgram(b, bin, dbURL)
				start := time.Now()
				req, _ := http.NewRequest("POST", srv.url+"/v1/contacts/import", bytes.NewReader(csv))
				req.Header.Set("Content-Type", "text/csv")
				req.Header.Set("Authorization", "Bearer "+srv.token)
				res, err := http.DefaultClient.Do(req)
				require.NoError(b, err)
				body := new(bytes.Buffer)
				_, _ = body.ReadFrom(res.Body)
				res.Body.Close()
				elapsed := time.Since(start)
				require.Equal(b, 200, res.StatusCode, "%s", body)
				require.Contains(b, body.String(), fmt.Sprintf(`"imported":%d`, rows))
				total += elapsed
				peak = max(peak, srv.peakRSS())
				cpu += srv.cpuSeconds()
				srv.stop()
				// Each iteration starts from an empty database; the last
				// one's data would only weigh on the next one's caches.
				dropDatabase(b, dbURL)
			}
			b.ReportMetric(float64(rows*b.N)/total.Seconds(), "rows/s")
			b.ReportMetric(float64(peak)/(1<<20), "server-peak-MB")
			// The server's CPU time per 100,000 rows: on a machine shared
			// with other work it moves less than the rate does.
			b.ReportMetric(cpu/float64(b.N), "server-cpu-s")
		})
	}
}

// dropDatabase removes what an import iteration wrote: the SQLite file, or
// the PostgreSQL schema (storetest's cleanup drops it again harmlessly).
func dropDatabase(b *testing.B, dbURL string) {
	b.Helper()
	if path, ok := strings.CutPrefix(dbURL, "sqlite:"); ok {
		for _, suffix := range []string{"", "-wal", "-shm"} {
			_ = os.Remove(path + suffix)
		}
		return
	}
	u, err := url.Parse(dbURL)
	require.NoError(b, err)
	schema, _, _ := strings.Cut(u.Query().Get("search_path"), ",")
	conn, err := pgx.Connect(context.Background(), dbURL)
	require.NoError(b, err)
	defer conn.Close(context.Background())
	_, err = conn.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE")
	require.NoError(b, err)
}

type program struct {
	cmd   *exec.Cmd
	url   string
	token string
	// metricsURL is its /metrics when started with METRICS_ADDR.
	metricsURL string
}

// freeAddr is a local address no one listens on, for a program to listen
// on once it starts.
func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}

// waitIndexMerged waits until the program's metrics say it is not merging
// its search index (switchboard_search_index_merging 0).
func (p *program) waitIndexMerged(b *testing.B) {
	b.Helper()
	require.NotEmpty(b, p.metricsURL, "the program was started without METRICS_ADDR")
	telephonytest.EventuallyWithin(b, 10*time.Minute, "the search index's merge to end", func() bool {
		merging, ok := metricstest.Get(b, p.metricsURL).Value("switchboard_search_index_merging")
		return ok && merging == 0
	})
}

// programDatabaseURL is a new, empty database of the kind name ("sqlite",
// "postgres") for a program the benchmark starts.
func programDatabaseURL(b *testing.B, name string) string {
	if name == "sqlite" {
		return "sqlite:" + filepath.Join(b.TempDir(), "bench.db")
	}
	return storetest.PostgresURL(b)
}

// startProgram starts the program on dbURL with a token of agent ada of
// workspace "bench"; env adds to or overrides its environment.
func startProgram(b *testing.B, bin, dbURL string, env ...string) *program {
	b.Helper()
	addr := freeAddr(b)
	env = append(append(os.Environ(), "DATABASE_URL="+dbURL, "SWITCHBOARD_ADDR="+addr, "PUBLIC_BASE_URL=http://"+addr, "RATE_LIMIT=0", "LOG_LEVEL=warn"), env...)
	tok := exec.Command(bin, "token", "create", "--workspace", "bench", "--identity", "ada")
	tok.Env = env
	out, err := tok.Output()
	require.NoError(b, err)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	p := &program{cmd: exec.Command(bin, "serve"), url: "http://" + addr, token: lines[len(lines)-1]}
	p.cmd.Env = env
	require.NoError(b, p.cmd.Start())
	b.Cleanup(p.stop)
	telephonytest.EventuallyWithin(b, 20*time.Second, "the program to start", func() bool {
		res, err := http.Get(p.url + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == 200
	})
	return p
}

// peakRSS reads the process's high-water mark of resident memory.
func (p *program) peakRSS() int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return -1
}

// cpuSeconds reads the CPU time (user and system) the process has used.
func (p *program) cpuSeconds() float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	// The fields after the command's name, which is in parentheses:
	// utime and stime are the 12th and 13th, in clock ticks (100 a
	// second on Linux).
	_, rest, _ := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		return -1
	}
	u, _ := strconv.ParseFloat(f[11], 64)
	s, _ := strconv.ParseFloat(f[12], 64)
	return (u + s) / 100
}

func (p *program) stop() {
	if p.cmd.Process != nil && p.cmd.ProcessState == nil {
		_ = p.cmd.Process.Signal(os.Interrupt)
		_ = p.cmd.Wait()
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// seedContacts fills workspace A (and B, as a neighbour) through the store's
// batch import, which is what the CSV import uses.
func seedContacts(b *testing.B, tb *testBundle, n int) {
	seedWorkspaces(b, tb, n, n)
}

// seedWorkspaces is seedContacts with a and bn contacts in workspaces A
// and B.
func seedWorkspaces(b *testing.B, tb *testBundle, a, bn int) {
	b.Helper()
	ctx := context.Background()
	var wg sync.WaitGroup
	for ws, n := range map[string]int{tb.wsA: a, tb.wsB: bn} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(3, 4))
			const batch = 5000
			for i := 0; i < n; i += batch {
				cs := make([]*sb.Contact, 0, batch)
				for j := i; j < i+batch && j < n; j++ {
					f, l, p, e, c := fakeContact(j, r)
					digits := strings.NewReplacer("(", "", ")", "", " ", "", "-", "").Replace(p)
					cs = append(cs, &sb.Contact{WorkspaceID: ws, FirstName: f, LastName: l, Phone: "+1" + digits, Email: e, Company: c})
				}
				if _, err := tb.db.ImportContacts(ctx, ws, cs, false); err != nil {
					panic(err)
				}
			}
		}()
	}
	wg.Wait()
	tb.db.FinishImport(ctx, a+bn)
	// Measured once the search index has settled, as a workspace is
	// searched most of its life.
	require.NoError(b, tb.db.WaitIndexMerge(ctx))
}
