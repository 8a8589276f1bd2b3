package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// hostileStrings are values a hostile client puts where text is expected.
var hostileStrings = []string{
	"", " ", "\x00", "a\x00b", "\x1b[2J", "\u0085", "\u202e", "\ufeff", "\xff\xfe", "'; DROP TABLE contacts; --",
	"%00", "../../etc/passwd", "<script>alert(1)</script>", "+1" + strings.Repeat("9", 300),
	strings.Repeat("x", 20000), "\U0001F600", "null", "0", "-1", "1e999", "\t\n\r",
}

// hostileBody returns one of many malformed, oversized or hostile JSON
// bodies, built from the operation's own schema where it has one.
func hostileBody(rng *rand.Rand, so specOp) string {
	var obj map[string]any
	if rb := so.op.RequestBody; rb != nil && rb.Value.Content.Get("application/json") != nil {
		schema := rb.Value.Content.Get("application/json").Schema.Value
		obj, _ = sample(schema).(map[string]any)
		if fields := stringFields(schema, ""); len(fields) > 0 && obj != nil {
			f := fields[rng.IntN(len(fields))]
			var v any = hostileStrings[rng.IntN(len(hostileStrings))]
			switch rng.IntN(4) {
			case 0:
				v = rng.Float64() * 1e300
			case 1:
				v = []any{v, map[string]any{"x": v}}
			}
			setPath(obj, f, v)
		}
	}
	if obj == nil {
		obj = map[string]any{"x": 1}
	}
	b := mustJSON(obj)
	switch rng.IntN(8) {
	case 0:
		return b + " trailing"
	case 1:
		return b[:rng.IntN(len(b)+1)]
	case 2:
		return strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	case 3:
		return `{"a":` + strings.Repeat(`{"a":`, 200) + `1` + strings.Repeat("}", 201)
	case 4:
		return strings.Replace(b, `"`, "\x00", 1)
	default:
		return b
	}
}

// A bounded run of hostile requests against every operation on
// PostgreSQL, over real HTTP: garbage tokens and other tenants' tokens,
// hostile strings in every body and query, truncated and trailing JSON,
// deep nesting, the CSV fuzz seeds (and mutations) to both imports,
// unsigned webhooks. No answer is a 5xx, and the service is healthy after.
func TestHostileRequests(t *testing.T) {
	tb := setup(t, storetest.OpenPostgres)
	if testing.Short() {
		t.Skip("a few thousand requests")
	}
	ops := specOps(t)
	revoked, _, err := tb.db.CreateToken(context.Background(), tb.wsA, "gone", "")
	require.NoError(t, err)
	_, err = tb.db.RevokeToken(context.Background(), revoked)
	require.NoError(t, err)
	tokens := []string{"", "garbage", "sb_" + strings.Repeat("0", 64), revoked, tb.tokA, tb.tokB, tb.admA, tb.tokA + " x"}

	const requests, workers = 3000, 8
	var mu sync.Mutex
	fiveXX := map[string]int{}
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 42))
			for i := 0; i < requests/workers; i++ {
				so := ops[rng.IntN(len(ops))]
				path := so.path
				if rng.IntN(5) == 0 {
					path = strings.Replace(path, "CA0123456789abcdef0123456789abcdef", url.PathEscape(hostileStrings[rng.IntN(len(hostileStrings))]), 1)
				}
				q := url.Values{}
				for _, p := range so.op.Parameters {
					if p.Value.In == "query" && rng.IntN(2) == 0 {
						q.Set(p.Value.Name, hostileStrings[rng.IntN(len(hostileStrings))])
					}
				}
				if len(q) > 0 {
					path += "?" + q.Encode()
				}
				var body, ctype string
				switch {
				case strings.HasSuffix(so.path, "/import"):
					body, ctype = importSeeds[rng.IntN(len(importSeeds))], "text/csv"
					if rng.IntN(2) == 0 && len(body) > 0 {
						at := rng.IntN(len(body))
						body = body[:at] + hostileStrings[rng.IntN(len(hostileStrings))] + body[at:]
					}
				case so.scheme == "twilioSignature":
					body, ctype = "CallSid=CA1&CallStatus="+url.QueryEscape(hostileStrings[rng.IntN(len(hostileStrings))]), "application/x-www-form-urlencoded"
				case so.method != http.MethodGet && so.method != http.MethodDelete:
					body, ctype = hostileBody(rng, so), "application/json"
				}
				req, err := http.NewRequest(so.method, tb.url+path, strings.NewReader(body))
				if err != nil {
					continue // a path the client itself refuses to send
				}
				if ctype != "" {
					req.Header.Set("Content-Type", ctype)
				}
				if tok := tokens[rng.IntN(len(tokens))]; tok != "" {
					req.Header.Set("Authorization", "Bearer "+tok)
				}
				res, err := tb.client.Do(req)
				if err != nil {
					continue // e.g. a header value the client will not send
				}
				_ = res.Body.Close()
				mu.Lock()
				statuses[res.StatusCode]++
				if res.StatusCode >= 500 && (res.StatusCode != http.StatusNotImplemented || !strings.EqualFold(so.op.OperationID, "getVoiceToken")) {
					fiveXX[fmt.Sprintf("%s %s → %d", so.method, so.op.OperationID, res.StatusCode)]++
				}
				mu.Unlock()
			}
		}(w)
	}
	wg.Wait()
	t.Logf("statuses: %v", statuses)
	total := 0
	for _, n := range statuses {
		total += n
	}
	require.Greater(t, total, requests*95/100, "nearly every request was sent")
	require.Empty(t, fiveXX, "no 5xx (501 is the voice token, which this test server has no credentials for)")
	require.Equal(t, 200, tb.do("GET", "/healthz", "", nil).status)
	r := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Still", "phone": "+14155550199"})
	require.Equal(t, 201, r.status, "the service still works: %s", r.body)
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
