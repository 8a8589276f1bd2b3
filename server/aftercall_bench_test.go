package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// BenchmarkCallPatch measures PATCH /v1/calls/{callSid} over real HTTP,
// with events recorded as the program records them: each request changes
// the call's outcome (so call.outcome_set is written), its notes and its
// tags (calls.tags and the call_tags rows), on one of 500 calls of the
// agent, in an open loop at 200 requests/s (1000×b.N requests; the
// target: p99 < 10 ms on 2 cores, run with -cpu 2). Metrics: p50-ms,
// p99-ms and req/s.
func BenchmarkCallPatch(b *testing.B) {
	for _, d := range storetest.Databases() {
		b.Run(d.Name, func(b *testing.B) {
			tb := setup(b, d.Open)
			foldTotals(b, tb.db)
			sids := make([]string, 500)
			for i := range sids {
				sids[i] = fmt.Sprintf("CA%032x", i+1)
				_, err := tb.db.BeginCall(b.Context(), &sb.Call{CallSID: sids[i], WorkspaceID: tb.wsA, AgentIdentity: "ada",
					To: "+15005550100", From: "+15005550006", Status: sb.CallInitiated, ConferenceName: "sb-" + sids[i]}, time.Minute)
				require.NoError(b, err)
			}
			outcomes := []string{tb.outcomeID(tb.tokA, "Interested"), tb.outcomeID(tb.tokA, "Call back later")}
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}
			var seq atomic.Int64
			patch := func() (time.Duration, error) {
				i := seq.Add(1)
				body, _ := json.Marshal(map[string]any{"outcomeId": outcomes[i%2],
					"notes": fmt.Sprintf("Call %d: wants a quote for 20 seats; call back Friday.", i),
					"tags":  []string{"renewal", fmt.Sprintf("batch-%d", i%7), "pricing"}})
				req, _ := http.NewRequest("PATCH", tb.url+"/v1/calls/"+sids[i%int64(len(sids))], bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+tb.tokA)
				start := time.Now()
				res, err := client.Do(req)
				if err != nil {
					return 0, err
				}
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					return 0, fmt.Errorf("status %d", res.StatusCode)
				}
				return time.Since(start), nil
			}
			for range 50 { // warm the pools and the caches
				_, err := patch()
				require.NoError(b, err)
			}

			pacedCalls(b, 1000*b.N, 200, patch, func() {})
		})
	}
}
