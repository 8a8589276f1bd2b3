package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// The production recipe of docs/production.md, on each database: two
// instances behind a round-robin balancer, one shared `switchboard sim`
// whose webhooks go to the balancer, the instances pointed at it as at
// Twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_API_BASE_URL). The
// call's webhooks land on both instances, and call control answers on
// either: with a simulator per instance, the one that did not place the
// call answered call_not_active.
func TestSharedSimulator(t *testing.T) {
	t.Parallel()
	dbs := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "sb.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	}
	for name, dbURL := range dbs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			sharedSimulator(t, dbURL(t))
		})
	}
}

// roundRobin is the tests' balancer: each request to the next backend, and
// a count of the provider's webhooks each one served.
type roundRobin struct {
	mu       sync.Mutex
	backends []*httputil.ReverseProxy
	next     int
	webhooks []atomic.Int64
}

func (rr *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rr.mu.Lock()
	if len(rr.backends) == 0 {
		rr.mu.Unlock()
		http.Error(w, "no backend yet", http.StatusBadGateway)
		return
	}
	i := rr.next % len(rr.backends)
	rr.next++
	b := rr.backends[i]
	rr.mu.Unlock()
	if strings.HasPrefix(r.URL.Path, "/v1/voice/") {
		rr.webhooks[i].Add(1)
	}
	b.ServeHTTP(w, r)
}

func sharedSimulator(t *testing.T, dbURL string) {
	const (
		account   = "AC0123456789abcdef0123456789abcdef"
		authToken = "0123456789abcdef0123456789abcdef"
	)
	rr := &roundRobin{webhooks: make([]atomic.Int64, 2)}
	balancer := httptest.NewServer(rr)
	t.Cleanup(balancer.Close)

	// One `switchboard sim`, its webhooks to the balancer.
	simPort := freePort(t)
	simURL := "http://127.0.0.1:" + simPort
	simCfg, err := LoadConfig(testEnv(t, map[string]string{
		"SWITCHBOARD_ADDR": "127.0.0.1:" + simPort, "PUBLIC_BASE_URL": balancer.URL,
		"TWILIO_ACCOUNT_SID": account, "TWILIO_AUTH_TOKEN": authToken, "SHUTDOWN_GRACE": "2s",
	}))
	require.NoError(t, err)
	simCtx, stopSim := context.WithCancel(context.Background())
	simDone := make(chan error, 1)
	go func() { simDone <- runSimulator(simCtx, simCfg, slog.New(slog.DiscardHandler), io.Discard) }()
	t.Cleanup(func() { stopSim(); <-simDone })

	// Two instances on one database, pointed at the simulator as at Twilio.
	getenv := testEnv(t, map[string]string{
		"DATABASE_URL": dbURL, "PUBLIC_BASE_URL": balancer.URL,
		"TWILIO_ACCOUNT_SID": account, "TWILIO_AUTH_TOKEN": authToken, "TWILIO_API_BASE_URL": simURL,
		"TWILIO_API_KEY": "SK00000000000000000000000000000000", "TWILIO_API_SECRET": "placeholder",
		"TWILIO_TWIML_APP_SID": "AP00000000000000000000000000000000",
	})
	cfg, err := LoadConfig(getenv)
	require.NoError(t, err)
	var instances []string
	for i := 0; i < 2; i++ {
		m := NewMain(cfg, slog.New(slog.DiscardHandler))
		m.CheckPublicURL = true // as serve does: no simulator here, so nothing to check
		require.NoError(t, m.Run(context.Background()))
		t.Cleanup(func() { _ = m.Close() })
		require.Nil(t, m.voice.sim, "no embedded simulator beside a Twilio account")
		u, err := url.Parse("http://" + m.Addr)
		require.NoError(t, err)
		rr.mu.Lock()
		rr.backends = append(rr.backends, httputil.NewSingleHostReverseProxy(u))
		rr.mu.Unlock()
		instances = append(instances, "http://"+m.Addr)
	}
	a, b := instances[0], instances[1]

	const ws = "ws_shared"
	admin := newToken(t, getenv, ws, "root", "admin")
	agent := newToken(t, getenv, ws, "ada", "agent")
	api := func(base, method, path, token, body string) (int, map[string]any) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+token)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		var out map[string]any
		require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
		return res.StatusCode, out
	}
	code, out := api(a, "PATCH", "/v1/workspace", admin, `{"callingHours":null}`)
	require.Equal(t, 200, code, "%v", out)
	// A caller ID is verified against the simulator's account, through
	// the other instance.
	code, out = api(b, "POST", "/v1/caller-ids", admin, `{"phoneNumber":"+15005550006","friendlyName":"Sim"}`)
	require.Equal(t, 201, code, "%v", out)
	code, out = api(a, "GET", "/v1/voice/token", agent, "")
	require.Equal(t, 200, code, "voice tokens with the placeholder key: %v", out)

	// What Device.connect does, on the shared simulator.
	identity, err := telephony.ClientIdentity(ws, "ada")
	require.NoError(t, err)
	res, err := http.Post(simURL+"/sim/connect", "application/json",
		strings.NewReader(`{"identity":"`+identity+`","to":"`+simulator.NumberAnswers+`"}`))
	require.NoError(t, err)
	var conn simulator.ConnectResponse
	require.NoError(t, json.NewDecoder(res.Body).Decode(&conn))
	res.Body.Close()
	require.Equal(t, 201, res.StatusCode)
	call := "/v1/calls/" + conn.CallSid
	callStatus := func(base string) string {
		code, out := api(base, "GET", call, agent, "")
		require.Equal(t, 200, code, "%v", out)
		return out["data"].(map[string]any)["status"].(string)
	}
	waitFor := func(base, want string) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for callStatus(base) != want {
			require.True(t, time.Now().Before(deadline), "the call never became %s", want)
			time.Sleep(100 * time.Millisecond)
		}
	}
	waitFor(b, "answered")

	// Call control on both instances: each reaches the conference on the
	// shared simulator.
	for _, step := range []struct{ base, path, body string }{
		{a, "/hold", `{"action":"hold"}`},
		{b, "/hold", `{"action":"unhold"}`},
		{b, "/mute", `{"muted":true}`},
		{a, "/mute", `{"muted":false}`},
	} {
		code, out := api(step.base, "POST", call+step.path, agent, step.body)
		require.Equal(t, 200, code, "%s %s on %s: %v", step.path, step.body, step.base, out)
	}
	code, out = api(a, "GET", call, agent, "")
	require.Equal(t, 200, code)
	require.Equal(t, false, out["data"].(map[string]any)["onHold"])
	require.Equal(t, false, out["data"].(map[string]any)["muted"])

	// The browser hangs up; both instances see the call completed.
	res, err = http.Post(simURL+"/sim/calls/"+conn.CallSid+"/hangup", "application/json", strings.NewReader(`{}`))
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusAccepted, res.StatusCode)
	waitFor(a, "completed")
	require.Equal(t, "completed", callStatus(b))
	require.Positive(t, rr.webhooks[0].Load(), "the provider's webhooks reached the first instance")
	require.Positive(t, rr.webhooks[1].Load(), "and the second")
}
