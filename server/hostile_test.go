package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// hostileStrings are values a hostile client puts where text is expected.
var hostileStrings = []string{
	"", " ", "\x00", "a\x00b", "\x1b[2J", "\u0085", "\u202e", "\ufeff", "\xff\xfe", "'; DROP TABLE contacts; --",
	"%00", "../../etc/passwd", "<script>alert(1)</script>", "+1" + strings.Repeat("9", 300),
	strings.Repeat("x", 20000), "\U0001F600", "null", "0", "-1", "1e999", "\t\n\r",
	// Invalid UTF-8: overlong, a CESU-8 surrogate, and one behind a
	// slash, which a path carries escaped; a bidi isolate.
	"\xc0\xaf", "\xed\xa0\x80", "x/\xff", "\u2066",
}

// rawJSONText are string contents a JSON body carries as written, which
// json.Marshal would mend: lone surrogate escapes and invalid bytes.
var rawJSONText = []string{`\ud800`, `x\udfff`, "\xff", "\xc0\xaf", "\xed\xa0\x80"}

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
	switch rng.IntN(9) {
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
	case 5:
		return strings.Replace(b, `":"`, `":"`+rawJSONText[rng.IntN(len(rawJSONText))], 1)
	default:
		return b
	}
}

// hostileForm returns a provider webhook's form built from the operation's
// form schema (each property present or not), with real SIDs where the run
// has them and one hostile value.
func hostileForm(rng *rand.Rand, so specOp, leg string) url.Values {
	form := url.Values{}
	rb := so.op.RequestBody
	if rb == nil || rb.Value.Content.Get("application/x-www-form-urlencoded") == nil {
		return form
	}
	schema := rb.Value.Content.Get("application/x-www-form-urlencoded").Schema.Value
	var names []string
	for name, p := range schema.Properties {
		names = append(names, name)
		if rng.IntN(3) == 0 && !slices.Contains(schema.Required, name) {
			continue
		}
		v := fmt.Sprint(sample(p.Value))
		if len(p.Value.Enum) > 0 {
			v = fmt.Sprint(p.Value.Enum[rng.IntN(len(p.Value.Enum))])
		}
		if strings.HasSuffix(name, "Sid") && name != "AccountSid" && rng.IntN(2) == 0 {
			v = leg
		}
		form.Set(name, v)
	}
	if len(names) > 0 && rng.IntN(2) == 0 {
		slices.Sort(names) // the map's order is random; the run is not
		form.Set(names[rng.IntN(len(names))], hostileStrings[rng.IntN(len(hostileStrings))])
	}
	return form
}

// exampleBody is one of the operation's JSON request examples, else a
// sample of its schema.
func exampleBody(rng *rand.Rand, so specOp) string {
	rb := so.op.RequestBody
	if rb == nil || rb.Value.Content.Get("application/json") == nil {
		return "{}"
	}
	mt := rb.Value.Content.Get("application/json")
	if mt.Example != nil {
		return mustJSON(mt.Example)
	}
	if len(mt.Examples) > 0 {
		names := slices.Sorted(maps.Keys(mt.Examples))
		return mustJSON(mt.Examples[names[rng.IntN(len(names))]].Value.Value)
	}
	return mustJSON(sample(mt.Schema.Value))
}

// sidPool holds the run's live SIDs by kind (call, leg, conference,
// recording); workers add to it while the run goes on.
type sidPool struct {
	mu   sync.Mutex
	sids map[string][]string
}

func (p *sidPool) add(kind string, sids ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range sids {
		if s != "" {
			p.sids[kind] = append(p.sids[kind], s)
		}
	}
}

func (p *sidPool) pick(rng *rand.Rand, kind string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	list := p.sids[kind]
	if len(list) == 0 {
		return ""
	}
	// The newest calls are the likeliest to be live: half the picks are
	// among the last few.
	if rng.IntN(2) == 0 && len(list) > 4 {
		return list[len(list)-1-rng.IntN(4)]
	}
	return list[rng.IntN(len(list))]
}

// A bounded run of hostile requests against every operation on
// PostgreSQL, over real HTTP, with the call flow on the embedded simulator
// and live calls to aim at (new ones placed as the run goes on): garbage
// tokens and other tenants' tokens, hostile strings in every body and
// query, truncated and trailing JSON, deep nesting, the CSV fuzz seeds (and
// mutations) to both imports, the operations' own examples aimed at live
// calls and recordings, hostile SIDs, unsigned webhooks and correctly
// signed ones carrying hostile forms. No answer is a 5xx, and the service
// (the call flow included) is healthy after.
func TestHostileRequests(t *testing.T) {
	if testing.Short() {
		t.Skip("a few thousand requests")
	}
	vb := setupVoice(t, storetest.OpenPostgres, voiceOpts{webhooks: true})
	vb.addCallerID(simCallerID)
	ctx := context.Background()

	// Live calls, their legs, conferences and a recording, so that call
	// control and the webhooks reach past their lookups.
	pool := &sidPool{sids: map[string][]string{}}
	learn := func(sid string) {
		if c, err := vb.db.FindCall(ctx, vb.wsA, sid); err == nil {
			pool.add("leg", c.CustomerCallSID)
			pool.add("conference", c.ConferenceName)
		}
	}
	for i := 0; i < 3; i++ {
		c := vb.answeredSimCall()
		pool.add("call", c["callSid"].(string))
		pool.add("leg", c["callSid"].(string))
		learn(c["callSid"].(string))
	}
	r := vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": pool.sids["call"][0]})
	require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
	pool.add("recording", r.data()["recordingSid"].(string))

	ops := specOps(t)
	revoked, _, err := vb.db.CreateToken(ctx, vb.wsA, "gone", "")
	require.NoError(t, err)
	_, err = vb.db.RevokeToken(ctx, revoked)
	require.NoError(t, err)
	tokens := []string{"", "garbage", "sb_" + strings.Repeat("0", 64), revoked, vb.tokA, vb.tokB, vb.admA, vb.tokA + " x"}
	authToken := vb.sim.AuthToken()

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
			pick := func(list []string) string { return list[rng.IntN(len(list))] }
			placed := ""
			for i := 0; i < requests/workers; i++ {
				if i%50 == 0 {
					// A new live call (Device.connect); the one placed
					// before has its customer leg and conference by now.
					if placed != "" {
						learn(placed)
					}
					placed = ""
					res, err := vb.client.Post(vb.url+"/sim/connect", "application/json", strings.NewReader(
						mustJSON(map[string]any{"identity": vb.ada(), "to": simulator.NumberAnswers, "workspaceId": vb.wsA})))
					if err == nil {
						var conn simulator.ConnectResponse
						if res.StatusCode == http.StatusCreated && json.NewDecoder(res.Body).Decode(&conn) == nil {
							placed = conn.CallSid
							pool.add("call", placed)
							pool.add("leg", placed)
						}
						_ = res.Body.Close()
					}
				}
				so := ops[rng.IntN(len(ops))]
				path := so.path
				switch rng.IntN(5) {
				case 0:
					path = strings.Replace(path, "CA0123456789abcdef0123456789abcdef", url.PathEscape(pick(hostileStrings)), 1)
				case 1, 2, 3:
					path = strings.Replace(path, "CA0123456789abcdef0123456789abcdef", pool.pick(rng, "call"), 1)
					path = strings.Replace(path, "RE0123456789abcdef0123456789abcdef", pool.pick(rng, "recording"), 1)
				}
				q := url.Values{}
				for _, p := range so.op.Parameters {
					if p.Value.In == "query" && rng.IntN(2) == 0 {
						q.Set(p.Value.Name, pick(hostileStrings))
					}
				}
				if so.scheme == "twilioSignature" {
					// The webhooks' own query parameters, mostly real.
					if strings.Contains(path, "conference-join") && rng.IntN(4) > 0 {
						q.Set("conference", pool.pick(rng, "conference"))
						q.Set("CallSid", pool.pick(rng, "leg"))
					}
					if strings.Contains(path, "transfer-status") && rng.IntN(4) > 0 {
						q.Set("call", pool.pick(rng, "call"))
					}
				}
				if len(q) > 0 {
					path += "?" + q.Encode()
				}
				var body, ctype string
				var form url.Values
				switch {
				case strings.HasSuffix(so.path, "/import"):
					body, ctype = pick(importSeeds), "text/csv"
					if rng.IntN(2) == 0 && len(body) > 0 {
						at := rng.IntN(len(body))
						body = body[:at] + pick(hostileStrings) + body[at:]
					}
				case so.scheme == "twilioSignature":
					if so.method != http.MethodGet {
						form = hostileForm(rng, so, pool.pick(rng, "leg"))
						body, ctype = form.Encode(), "application/x-www-form-urlencoded"
					}
				case so.method != http.MethodGet && so.method != http.MethodDelete:
					body, ctype = hostileBody(rng, so), "application/json"
					if rng.IntN(3) == 0 {
						// The operation's own example, so that the call flow
						// and the provider are reached.
						body = strings.ReplaceAll(exampleBody(rng, so), `"ws_acme"`, strconv.Quote(vb.wsA))
					}
					if rng.IntN(4) > 0 {
						body = strings.ReplaceAll(body, "CA0123456789abcdef0123456789abcdef", pool.pick(rng, "call"))
					}
				}
				req, err := http.NewRequest(so.method, vb.url+path, strings.NewReader(body))
				if err != nil {
					continue // a path the client itself refuses to send
				}
				if ctype != "" {
					req.Header.Set("Content-Type", ctype)
				}
				if so.scheme == "twilioSignature" {
					if rng.IntN(4) > 0 {
						req.Header.Set(telephony.SignatureHeader, telephony.Sign(authToken, vb.url+path, form))
					}
				} else if tok := pick(tokens); rng.IntN(2) == 0 {
					// Half the time ada, whose calls the live ones are.
					req.Header.Set("Authorization", "Bearer "+vb.tokA)
				} else if tok != "" {
					req.Header.Set("Authorization", "Bearer "+tok)
				}
				res, err := vb.client.Do(req)
				if err != nil {
					continue // e.g. a header value the client will not send
				}
				if so.op.OperationID == "StartRecording" && res.StatusCode == http.StatusCreated {
					var out struct {
						Data struct{ RecordingSid string }
					}
					if json.NewDecoder(res.Body).Decode(&out) == nil {
						pool.add("recording", out.Data.RecordingSid)
					}
				}
				_ = res.Body.Close()
				mu.Lock()
				statuses[res.StatusCode]++
				if res.StatusCode >= 500 {
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
	require.Empty(t, fiveXX, "no 5xx")
	vb.settle()
	// The webhook findings hold after the run: hostile creates left no more
	// endpoints than the cap, and no delivery history shows an address
	// (the run's deliveries dial loopback only: every other is refused).
	eps := vb.do("GET", "/v1/webhook-endpoints?limit=100", vb.admA, nil)
	require.Equal(t, http.StatusOK, eps.status, "body: %s", eps.body)
	require.LessOrEqual(t, len(eps.list()), events.MaxEndpoints)
	for _, ep := range eps.list() {
		h := vb.do("GET", "/v1/webhook-endpoints/"+ep["id"].(string)+"/deliveries?limit=200", vb.admA, nil)
		require.Equal(t, http.StatusOK, h.status, "body: %s", h.body)
		for _, d := range h.list() {
			require.Empty(t, addressLike.FindString(d["error"].(string)), "an address in %q", d["error"])
		}
	}
	require.Equal(t, 200, vb.do("GET", "/healthz", "", nil).status)
	r = vb.do("POST", "/v1/contacts", vb.tokA, map[string]any{"firstName": "Still", "phone": "+14155550199"})
	require.Equal(t, 201, r.status, "the service still works: %s", r.body)
	// And the call flow too: a new call is answered. The run reached the
	// workspace's settings with an admin's token and the operation's own
	// examples (a calling window in Chicago, three calls a day to one
	// number), and which of them landed last depends on the workers'
	// interleaving: the admin puts the rules back first, so that the answer
	// depends neither on that nor on the time of day.
	r = vb.do("PATCH", "/v1/workspace", vb.admA, map[string]any{"callingHours": nil, "attemptLimit": nil, "stateRules": true})
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	vb.answeredSimCall()
	// Nothing hostile reached a name an agent reads.
	for offset := 0; ; offset += 200 {
		page := vb.do("GET", fmt.Sprintf("/v1/contacts?limit=200&offset=%d", offset), vb.tokA, nil).list()
		for _, c := range page {
			for _, f := range []string{"firstName", "lastName", "company"} {
				_, bidi := sb.BidiControl(c[f].(string))
				require.False(t, bidi, "a bidi control stored in %s: %q", f, c[f])
			}
		}
		if len(page) < 200 {
			break
		}
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
