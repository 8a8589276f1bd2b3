package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/server/metrics/metricstest"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// The real program with METRICS_ADDR, on each database: API requests, an
// import and a call through the embedded simulator move the series that
// describe them, scraped over HTTP from the metrics listener.
func TestMetricsEndToEnd(t *testing.T) {
	t.Parallel()
	dbs := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "sb.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	}
	for name, dbURL := range dbs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			metricsEndToEnd(t, dbURL(t))
		})
	}
}

func metricsEndToEnd(t *testing.T, dbURL string) {
	// The simulator sends its webhooks to PUBLIC_BASE_URL, so the program
	// listens on a port known beforehand.
	port := freePort(t)
	base := "http://127.0.0.1:" + port
	getenv := testEnv(t, map[string]string{
		"DATABASE_URL": dbURL, "SWITCHBOARD_ADDR": "127.0.0.1:" + port, "PUBLIC_BASE_URL": base,
		"METRICS_ADDR": "127.0.0.1:0",
	})
	const ws = "ws_metrics"
	tok := newToken(t, getenv, ws, "ada", "admin")

	cfg, err := LoadConfig(getenv)
	require.NoError(t, err)
	m := NewMain(cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, m.Run(context.Background()))
	t.Cleanup(func() { _ = m.Close() })
	require.NotEmpty(t, m.MetricsAddr)
	require.NotEqual(t, m.Addr, m.MetricsAddr, "a listener of its own")
	scrapeURL := "http://" + m.MetricsAddr + "/metrics"

	api := func(method, path, body string) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+tok)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, b
	}

	before := metricstest.Get(t, scrapeURL)
	for _, fam := range []string{"go_goroutines", "process_cpu_seconds_total", "switchboard_calls", "switchboard_search_index_merging"} {
		require.True(t, before.Has(fam), "%s is served", fam)
	}
	merging, _ := before.Value("switchboard_search_index_merging")
	require.Zero(t, merging, "no import yet, nothing to merge")
	n, ok := before.Value("switchboard_import_rows_total", "kind", "contacts", "outcome", "imported")
	require.True(t, ok, "import rows exist at zero before the first import")
	require.Zero(t, n)

	// A partner's receiver subscribed to contact.created: the create below
	// is delivered to it once (the simulator mode allows a local URL).
	delivered := make(chan struct{}, 8)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
		delivered <- struct{}{}
	}))
	t.Cleanup(receiver.Close)
	code, body := api("POST", "/v1/webhook-endpoints", `{"url":"`+receiver.URL+`","events":["contact.created"]}`)
	require.Equal(t, 201, code, "%s", body)

	// API requests: one create, two reads of a contact that is not there
	// (two ids, one route), one list.
	code, body = api("POST", "/v1/contacts", `{"firstName":"Ada","phone":"+14155550101"}`)
	require.Equal(t, 201, code, "%s", body)
	code, _ = api("GET", "/v1/contacts/ct_nothere1", "")
	require.Equal(t, 404, code)
	code, _ = api("GET", "/v1/contacts/ct_nothere2", "")
	require.Equal(t, 404, code)
	code, _ = api("GET", "/v1/contacts", "")
	require.Equal(t, 200, code)

	// An import: two good rows, one the phone library refuses.
	req, err := http.NewRequest("POST", base+"/v1/contacts/import",
		strings.NewReader("first name,phone\nGrace,+14155550102\nAlan,+14155550103\nBad,12\n"))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "text/csv")
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, 200, res.StatusCode, "%s", body)
	var imp struct {
		Data struct{ Imported, Failed int } `json:"data"`
	}
	require.NoError(t, json.Unmarshal(body, &imp))
	require.Equal(t, 2, imp.Data.Imported)
	require.Equal(t, 1, imp.Data.Failed)

	// A do-not-call import: one number, one row without a phone.
	req, err = http.NewRequest("POST", base+"/v1/dnc/import", strings.NewReader("phone,reason\n+14155550199,asked\n,none\n"))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "text/csv")
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, 200, res.StatusCode, "%s", body)

	// A call through the embedded simulator: calls at any hour, the
	// simulated account's number as caller ID (a provider request), then
	// what Device.connect does. The called number fails.
	code, body = api("PATCH", "/v1/workspace", `{"callingHours":null}`)
	require.Equal(t, 200, code, "%s", body)
	code, body = api("POST", "/v1/caller-ids", `{"phoneNumber":"+15005550006","friendlyName":"Sim"}`)
	require.Equal(t, 201, code, "%s", body)
	identity, err := telephony.ClientIdentity(ws, "ada")
	require.NoError(t, err)
	res, err = http.Post(base+"/sim/connect", "application/json",
		strings.NewReader(`{"identity":"`+identity+`","to":"`+simulator.NumberFails+`"}`))
	require.NoError(t, err)
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	require.Equal(t, 201, res.StatusCode, "%s", body)
	var conn simulator.ConnectResponse
	require.NoError(t, json.Unmarshal(body, &conn))
	var call struct {
		Data struct{ Status string } `json:"data"`
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		code, body = api("GET", "/v1/calls/"+conn.CallSid, "")
		require.Equal(t, 200, code, "%s", body)
		require.NoError(t, json.Unmarshal(body, &call))
		if call.Data.Status == "failed" || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.Equal(t, "failed", call.Data.Status, "the customer's number fails")

	after := metricstest.Get(t, scrapeURL)
	const reqs = "switchboard_http_request_duration_seconds"
	count := func(route, method, status string) float64 {
		v, _ := after.Value(reqs, "route", route, "method", method, "status", status)
		return v
	}
	require.Equal(t, 1.0, count("/v1/contacts", "POST", "201"), "%q", after.Series(reqs))
	require.Equal(t, 2.0, count("/v1/contacts/:id", "GET", "404"), "both ids under the route template")
	require.Equal(t, 1.0, count("/v1/contacts", "GET", "200"))
	require.Equal(t, 1.0, count("/v1/contacts/import", "POST", "200"))
	require.Equal(t, 1.0, count("/sim/*", "POST", "201"), "the simulator's routes on the same listener too, by their route")
	require.GreaterOrEqual(t, count("/v1/voice/callml", "POST", "200"), 1.0, "the provider's webhooks")
	for _, s := range after.Series(reqs) {
		require.NotContains(t, s, "nothere", "never the raw path")
		require.NotContains(t, s, conn.CallSid, "never the raw path")
	}

	rows := func(outcome string) float64 {
		v, _ := after.Value("switchboard_import_rows_total", "kind", "contacts", "outcome", outcome)
		return v
	}
	require.Equal(t, 2.0, rows("imported"))
	require.Equal(t, 1.0, rows("failed"))
	require.Equal(t, 0.0, rows("updated"))
	dnc := func(outcome string) float64 {
		v, _ := after.Value("switchboard_import_rows_total", "kind", "dnc", "outcome", outcome)
		return v
	}
	require.Equal(t, 1.0, dnc("imported"), "%q", after.Series("switchboard_import_rows_total"))
	require.Equal(t, 1.0, dnc("skipped")+dnc("failed"), "the row without a phone")

	const prov = "switchboard_provider_requests_total"
	created, _ := after.Value(prov, "operation", "Calls.create", "status", "201")
	require.Equal(t, 1.0, created, "one customer leg: %q", after.Series(prov))
	listed, _ := after.Value(prov, "operation", "IncomingPhoneNumbers.list")
	require.GreaterOrEqual(t, listed, 1.0, "the caller ID checked against the account: %q", after.Series(prov))
	timed, _ := after.Value("switchboard_provider_request_duration_seconds", "operation", "Calls.create")
	require.Equal(t, 1.0, timed)
	for _, s := range after.Series(prov) {
		require.NotContains(t, s, "AC", "no account or call SID in a label")
	}

	failed, ok := after.Value("switchboard_calls", "status", "failed")
	require.True(t, ok)
	require.Equal(t, 1.0, failed, "%q", after.Series("switchboard_calls"))
	answered, ok := after.Value("switchboard_calls", "status", "answered")
	require.True(t, ok, "every status present")
	require.Zero(t, answered)

	// The delivery is counted once it is made; the queue depth is read.
	select {
	case <-delivered:
	case <-time.After(30 * time.Second):
		t.Fatal("the contact.created event was not delivered")
	}
	var succeeded float64
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if succeeded, _ = metricstest.Get(t, scrapeURL).Value("switchboard_webhook_deliveries_total", "result", "succeeded"); succeeded > 0 {
			break
		}
	}
	require.Equal(t, 1.0, succeeded, "one delivery, counted once")
	hooked := metricstest.Get(t, scrapeURL)
	retrying, _ := hooked.Value("switchboard_webhook_deliveries_total", "result", "retrying")
	require.Zero(t, retrying)
	_, ok = hooked.Value("switchboard_job_queue_depth")
	require.True(t, ok, "the job queue's depth is served")

	// The metrics listener serves /metrics only; the API's listener none.
	for _, u := range []string{"http://" + m.MetricsAddr + "/", base + "/metrics"} {
		res, err := http.Get(u)
		require.NoError(t, err)
		res.Body.Close()
		require.Equal(t, 404, res.StatusCode, u)
	}
}

// Without METRICS_ADDR nothing listens for metrics and nothing is recorded.
func TestMetricsOffByDefault(t *testing.T) {
	t.Parallel()
	cfg, err := LoadConfig(testEnv(t, nil))
	require.NoError(t, err)
	require.Empty(t, cfg.MetricsAddr)
	m := NewMain(cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, m.Run(context.Background()))
	t.Cleanup(func() { _ = m.Close() })
	require.Empty(t, m.MetricsAddr)
	require.Nil(t, m.metrics)
	require.Nil(t, m.metricsSrv)
	res, err := http.Get("http://" + m.Addr + "/metrics")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, 404, res.StatusCode)

	_, err = LoadConfig(testEnv(t, map[string]string{"METRICS_ADDR": "9090"}))
	require.ErrorContains(t, err, "METRICS_ADDR")
}

// Two instances in one process each serve their own registry.
func TestMetricsTwoInstances(t *testing.T) {
	t.Parallel()
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "sb.db")
	var addrs []string
	for i := 0; i < 2; i++ {
		cfg, err := LoadConfig(testEnv(t, map[string]string{"DATABASE_URL": dbURL, "METRICS_ADDR": "127.0.0.1:0"}))
		require.NoError(t, err)
		m := NewMain(cfg, slog.New(slog.DiscardHandler))
		require.NoError(t, m.Run(context.Background()))
		t.Cleanup(func() { _ = m.Close() })
		for j := 0; j <= i; j++ { // one request on the first, two on the second
			res, err := http.Get("http://" + m.Addr + "/healthz")
			require.NoError(t, err)
			res.Body.Close()
		}
		addrs = append(addrs, m.MetricsAddr)
	}
	for i, a := range addrs {
		v, _ := metricstest.Get(t, "http://"+a+"/metrics").Value("switchboard_http_request_duration_seconds", "route", "/healthz")
		require.Equal(t, float64(i+1), v, "instance %d counts its own requests", i)
	}
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	require.NoError(t, ln.Close())
	_, err = strconv.Atoi(port)
	require.NoError(t, err)
	return port
}

func newToken(t *testing.T, getenv func(string) string, ws, identity, role string) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"token", "create", "--workspace", ws, "--identity", identity, "--role", role}, getenv, &out, io.Discard))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	return lines[len(lines)-1]
}
