package server_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// BenchmarkCallControl measures the call-control webhook over real HTTP,
// each request a new call: signature check, validation, the workspace, DNC
// and caller-ID reads, the call and pending-dial transaction and the TwiML.
// The customer leg's REST call runs after the answer against a fake Twilio
// that answers at once, so its database write is part of the load but its
// latency is not part of the measure.
//
//	paced200: an open loop at 200 requests/s (the target: p99 < 10 ms on 2
//	          cores; run with -cpu 2), 1000×b.N requests.
//	saturate: 32 clients back to back, for the ceiling.
//
// Metrics: p50-ms, p99-ms and req/s (achieved).
func BenchmarkCallControl(b *testing.B) {
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) {
			vb := setupVoice(b, d.Open, voiceOpts{fake: true})
			vb.addCallerID(simCallerID)
			foldTotals(b, vb.db)
			call := callControlCaller(vb.url, vb.wsA, vb.ada())
			// The program warms its pool's connections at start.
			require.NoError(b, vb.db.Warm(context.Background()))
			// Warm the pools and the caches.
			for range 50 {
				_, err := call()
				require.NoError(b, err)
			}
			vb.settle()
			b.Run("paced200", func(b *testing.B) { pacedCalls(b, 1000*b.N, 200, call, vb.settle) })
			b.Run("saturate", func(b *testing.B) { saturatedCalls(b, 2000*b.N, 32, call, vb.settle) })
		})
	}
}

// callControlCaller returns a client of the call-control webhook at base:
// each request a new call from the agent of workspace ws whose Twilio
// client identity is agent, signed as the fake Twilio signs, that fails
// unless the call is put in its conference. It returns the request's
// latency.
func callControlCaller(base, ws, agent string) func() (time.Duration, error) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}
	var seq atomic.Int64
	from := "client:" + agent
	full := base + "/v1/voice/callml"
	return func() (time.Duration, error) {
		sid := fmt.Sprintf("CA%032x", seq.Add(1)+time.Now().UnixNano()<<20)
		form := url.Values{"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {from},
			"Caller": {from}, "To": {"+15005550100"}, "workspaceId": {ws}, "CallStatus": {"ringing"}}
		req, _ := http.NewRequest("POST", full, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set(telephony.SignatureHeader, telephony.Sign(fakeToken, full, form))
		start := time.Now()
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return 0, fmt.Errorf("status %d: %s", res.StatusCode, body)
		}
		// A refusal (<Say>) is a shorter path: it must not pass for a call.
		if !strings.Contains(string(body), "<Conference") {
			return 0, fmt.Errorf("the call was refused: %s", body)
		}
		return time.Since(start), nil
	}
}

// pacedCalls makes n requests in an open loop at rate a second (each starts
// on its tick, whether or not the ones before it have been answered), waits
// for the work they left (settle), and reports their latencies.
func pacedCalls(b *testing.B, n, rate int, call func() (time.Duration, error), settle func()) {
	run := newLatencies(b, n)
	var wg sync.WaitGroup
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	for i := range n {
		<-tick.C
		wg.Add(1)
		go func() {
			defer wg.Done()
			run.record(i, call)
		}()
	}
	wg.Wait()
	run.finish(settle)
}

// saturatedCalls makes n requests from clients back to back, for the
// ceiling.
func saturatedCalls(b *testing.B, n, clients int, call func() (time.Duration, error), settle func()) {
	run := newLatencies(b, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1) - 1; i < int64(n); i = next.Add(1) - 1 {
				run.record(int(i), call)
			}
		}()
	}
	wg.Wait()
	run.finish(settle)
}

// latencies is one timed run of requests: each one's latency, and the
// first failure.
type latencies struct {
	b        *testing.B
	lat      []time.Duration
	failed   atomic.Int64
	firstErr atomic.Value
	start    time.Time
}

// newLatencies starts the run's timer.
func newLatencies(b *testing.B, n int) *latencies {
	b.ResetTimer()
	return &latencies{b: b, lat: make([]time.Duration, n), start: time.Now()}
}

// record makes the i-th request.
func (l *latencies) record(i int, call func() (time.Duration, error)) {
	d, err := call()
	if err != nil && l.failed.Add(1) == 1 {
		l.firstErr.Store(err)
	}
	l.lat[i] = d
}

// finish stops the timer, waits for the work the requests left (settle),
// fails the run if any request failed, and reports the latencies.
func (l *latencies) finish(settle func()) {
	elapsed := time.Since(l.start)
	l.b.StopTimer()
	settle()
	require.Zero(l.b, l.failed.Load(), "every request answered as it should (first failure: %v)", l.firstErr.Load())
	report(l.b, l.lat, elapsed)
}

// foldTotals folds the calls' logged totals every second while the
// benchmark runs, where they wait for a fold (PostgreSQL): the program's
// engine does it every events.CallTotalsFoldInterval on one instance, so
// the measure includes the fold's work at ten times the program's rate.
func foldTotals(b *testing.B, db *store.DB) {
	if !db.FoldsCallTotals() {
		return
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if _, err := db.FoldCallTotals(context.Background()); err != nil {
					b.Errorf("fold: %v", err)
				}
			}
		}
	}()
	b.Cleanup(func() { close(done); <-stopped })
}

func report(b *testing.B, lat []time.Duration, elapsed time.Duration) {
	slices.Sort(lat)
	q := func(p float64) float64 {
		return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(q(0.50), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "req/s")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkCallControlProgram is BenchmarkCallControl against the program as
// it is deployed: built (`go build`) and run as its own process, on each
// database, with a fake Twilio in the benchmark's process
// (TWILIO_API_BASE_URL). In BenchmarkCallControl the server shares one Go
// heap, and so one collector, with the client and the fake Twilio, which
// allocate about as much as it does: the collector's pauses, which make the
// paced p99, come twice as often there as in the program alone. Both
// measure the same code; this one is the figure of a deployment, the other
// the one a profile can be taken of.
func BenchmarkCallControlProgram(b *testing.B) {
	bin := buildProgram(b)
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) {
			fake := telephonytest.NewTwilio(b)
			dbURL := programDatabaseURL(b, d.Name)
			srv := startProgram(b, bin, dbURL, "TWILIO_ACCOUNT_SID="+fakeAccount, "TWILIO_AUTH_TOKEN="+fakeToken,
				"TWILIO_API_BASE_URL="+fake.URL)
			// The workspace's verified caller ID, written beside the
			// program as an admin's verification would leave it.
			db, err := store.Open(context.Background(), dbURL, slog.New(slog.DiscardHandler))
			require.NoError(b, err)
			require.NoError(b, db.CreateCallerID(context.Background(),
				&sb.CallerID{WorkspaceID: "bench", PhoneNumber: simCallerID, Status: sb.CallerIDVerified}))
			// Calling hours of the whole day, so that the run does not
			// depend on the time it is run at (the in-process benchmark
			// has its clock): the time rules are still checked.
			_, err = db.UpdateWorkspaceSettings(context.Background(), "bench", sb.WorkspaceSettingsPatch{
				SetCallingHours: true, CallingHours: &sb.CallingHours{Start: 0, End: 24 * 60}})
			require.NoError(b, err)
			require.NoError(b, db.Close())

			agent, err := telephony.ClientIdentity("bench", "ada")
			require.NoError(b, err)
			webhook := callControlCaller(srv.url, "bench", agent)
			var made atomic.Int64
			call := func() (time.Duration, error) {
				made.Add(1)
				return webhook()
			}
			// The customer legs of the calls made so far have all been
			// asked of the fake Twilio: the program's work after each
			// answer is done or nearly.
			settle := func() {
				telephonytest.EventuallyWithin(b, 30*time.Second, "the program to dial every call", func() bool {
					return int64(len(fake.Creates())) >= made.Load()
				})
			}
			for range 50 {
				_, err := call()
				require.NoError(b, err)
			}
			settle()
			b.Run("paced200", func(b *testing.B) { pacedCalls(b, 1000*b.N, 200, call, settle) })
			b.Run("saturate", func(b *testing.B) { saturatedCalls(b, 2000*b.N, 32, call, settle) })
		})
	}
}
