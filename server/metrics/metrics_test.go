package metrics_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/server/metrics"
	"github.com/switchboard-oss/switchboard/server/metrics/metricstest"
	"github.com/switchboard-oss/switchboard/telephony"
)

// serveMetrics serves m's handler over HTTP and returns its URL.
func serveMetrics(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	srv := httptest.NewServer(m.NewServer().Handler)
	t.Cleanup(srv.Close)
	return srv.URL + "/metrics"
}

func do(t *testing.T, method, url string, body io.Reader) int {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	require.NoError(t, err)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// Requests are timed under their route template, method and the status the
// client got, whatever produced it: the handler, an error, a panic, a
// middleware that refused early, or no route at all.
func TestMiddlewareLabelsByRouteAndStatus(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	e := echo.New()
	e.Pre(m.Middleware())
	e.Logger.SetOutput(io.Discard)
	e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{DisablePrintStack: true}))
	e.Use(middleware.BodyLimit("10B"))
	e.GET("/v1/things/:id", func(c echo.Context) error {
		if c.Param("id") == "missing" {
			return echo.NewHTTPError(http.StatusNotFound, "no such thing")
		}
		return c.NoContent(http.StatusOK)
	})
	e.POST("/v1/things", func(c echo.Context) error { return c.NoContent(http.StatusCreated) })
	e.GET("/boom", func(c echo.Context) error { panic("boom") })
	api := httptest.NewServer(e)
	t.Cleanup(api.Close)
	scrape := serveMetrics(t, m)

	require.Equal(t, 200, do(t, "GET", api.URL+"/v1/things/1", nil))
	require.Equal(t, 200, do(t, "GET", api.URL+"/v1/things/2", nil))
	require.Equal(t, 404, do(t, "GET", api.URL+"/v1/things/missing", nil))
	require.Equal(t, 201, do(t, "POST", api.URL+"/v1/things", strings.NewReader("short")))
	require.Equal(t, 413, do(t, "POST", api.URL+"/v1/things", strings.NewReader("far more than ten bytes")))
	require.Equal(t, 500, do(t, "GET", api.URL+"/boom", nil))
	require.Equal(t, 404, do(t, "GET", api.URL+"/no/such/route/42", nil))
	require.Equal(t, 405, do(t, "BREW", api.URL+"/v1/things", nil))

	s := metricstest.Get(t, scrape)
	const name = "switchboard_http_request_duration_seconds"
	for _, c := range []struct {
		route, method, status string
		want                  float64
	}{
		{"/v1/things/:id", "GET", "200", 2},
		{"/v1/things/:id", "GET", "404", 1},
		{"/v1/things", "POST", "201", 1},
		{"/v1/things", "POST", "413", 1},
		{"/boom", "GET", "500", 1},
		{"/v1/things", "OTHER", "405", 1},
		{metrics.RouteUnmatched, "GET", "404", 1},
	} {
		v, _ := s.Value(name, "route", c.route, "method", c.method, "status", c.status)
		require.Equal(t, c.want, v, "%s %s %s in %q", c.method, c.route, c.status, s.Series(name))
	}
	total, _ := s.Value(name)
	require.Equal(t, 8.0, total, "every request once: %q", s.Series(name))
	for _, series := range s.Series(name) {
		require.NotContains(t, series, "/42", "an unmatched path is not a label")
		require.NotContains(t, series, "BREW", "nor an invented method")
		require.NotContains(t, series, "things/1", "nor a raw path")
	}
}

// The provider's REST requests, made by the real twilio-go client, are
// counted by operation and status, and failures by reason.
func TestProviderRequestsByOperation(t *testing.T) {
	t.Parallel()
	const account, token = "AC0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/Calls.json"):
			w.WriteHeader(201)
			io.WriteString(w, `{"sid":"CA0123456789abcdef0123456789abcdef"}`)
		default:
			w.WriteHeader(503)
			io.WriteString(w, `{"code":20003,"message":"down","status":503}`)
		}
	}))
	t.Cleanup(fake.Close)
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close() // nothing listens there any more

	m := metrics.New(nil)
	client := func(base string) *telephony.Client {
		c, err := telephony.NewClient(telephony.Config{AccountSID: account, AuthToken: token, BaseURL: base,
			Transport: m.InstrumentProvider(nil, telephony.RequestOperation), Timeout: 5 * time.Second})
		require.NoError(t, err)
		return c
	}
	ctx := context.Background()
	sid, err := client(fake.URL).CreateCall(ctx, telephony.CallParams{To: "+15005550100", From: "+15005550006", URL: "https://x.test/a"})
	require.NoError(t, err)
	require.NotEmpty(t, sid)
	_, err = client(fake.URL).CreateCall(ctx, telephony.CallParams{To: "+15005550100", From: "+15005550006", URL: "https://x.test/a"})
	require.NoError(t, err)
	require.Error(t, client(fake.URL).HangUp(ctx, sid))
	require.Error(t, client(dead.URL).HangUp(ctx, sid))

	s := metricstest.Get(t, serveMetrics(t, m))
	val := func(name string, labels ...string) float64 {
		v, _ := s.Value(name, labels...)
		return v
	}
	const reqs, errs = "switchboard_provider_requests_total", "switchboard_provider_request_errors_total"
	require.Equal(t, 2.0, val(reqs, "operation", "Calls.create", "status", "201"), "%q", s.Series(reqs))
	require.Equal(t, 1.0, val(reqs, "operation", "Calls.update", "status", "503"))
	require.Equal(t, 1.0, val(reqs, "operation", "Calls.update", "status", "none"))
	require.Equal(t, 1.0, val(errs, "operation", "Calls.update", "reason", "5xx"), "%q", s.Series(errs))
	require.Equal(t, 1.0, val(errs, "operation", "Calls.update", "reason", "network"))
	_, ok := s.Value(errs, "operation", "Calls.create")
	require.False(t, ok, "a 201 is no error")
	require.Equal(t, 2.0, val("switchboard_provider_request_duration_seconds", "operation", "Calls.update"))
}

// Webhook deliveries are counted and timed by result; the result label stays
// bounded whatever the worker passes.
func TestWebhookDeliveries(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	scrape := serveMetrics(t, m)
	s := metricstest.Get(t, scrape)
	for _, r := range []string{"succeeded", "retrying", "failed"} {
		v, ok := s.Value("switchboard_webhook_deliveries_total", "result", r)
		require.True(t, ok, "%s exists at zero before the first delivery", r)
		require.Zero(t, v)
	}

	m.ObserveWebhookDelivery(metrics.WebhookSucceeded, 30*time.Millisecond)
	m.ObserveWebhookDelivery(metrics.WebhookSucceeded, 3*time.Second)
	m.ObserveWebhookDelivery(metrics.WebhookRetrying, 200*time.Millisecond)
	m.ObserveWebhookDelivery("Connection refused: 10.0.0.1", time.Second) // not a word
	for i := 0; i < 20; i++ {
		m.ObserveWebhookDelivery(fmt.Sprintf("r%d", i), time.Millisecond) // more words than allowed
	}

	s = metricstest.Get(t, scrape)
	const n, d = "switchboard_webhook_deliveries_total", "switchboard_webhook_delivery_duration_seconds"
	v, _ := s.Value(n, "result", "succeeded")
	require.Equal(t, 2.0, v)
	v, _ = s.Value(n, "result", "retrying")
	require.Equal(t, 1.0, v)
	h := s[d]
	require.NotNil(t, h)
	for _, m := range h.GetMetric() {
		if m.GetLabel()[0].GetValue() == "succeeded" {
			require.Equal(t, uint64(2), m.GetHistogram().GetSampleCount())
			require.InDelta(t, 3.03, m.GetHistogram().GetSampleSum(), 1e-9)
		}
	}
	require.LessOrEqual(t, len(s.Series(n)), 9, "eight results and other: %q", s.Series(n))
	other, _ := s.Value(n, "result", "other")
	require.Equal(t, 1.0+15, other, "the text, and the words past the cap (three results are known from the start)")
	total, _ := s.Value(n)
	require.Equal(t, 24.0, total, "nothing lost, only relabelled")
}

// The queue depth, the calls by status and the search index's merge are
// read when scraped; a reader
// that fails leaves its own series out and the scrape still answers.
func TestScrapeTimeReads(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	scrape := serveMetrics(t, m)
	s := metricstest.Get(t, scrape)
	require.False(t, s.Has("switchboard_job_queue_depth"), "absent until a reader is set")
	require.False(t, s.Has("switchboard_calls"))
	require.False(t, s.Has("switchboard_search_index_merging"))

	merging := true
	m.SetIndexMergingFunc(func() bool { return merging })
	depth := 7
	m.SetQueueDepthFunc(func(ctx context.Context) (int, error) {
		_, ok := ctx.Deadline()
		require.True(t, ok, "bounded by ScrapeTimeout")
		return depth, nil
	})
	m.SetCallsByStatusFunc(func(context.Context) (map[string]int64, error) {
		return map[string]int64{"answered": 3, "failed": 1, "ringing": 0}, nil
	})
	s = metricstest.Get(t, scrape)
	v, _ := s.Value("switchboard_job_queue_depth")
	require.Equal(t, 7.0, v)
	v, _ = s.Value("switchboard_calls", "status", "answered")
	require.Equal(t, 3.0, v)
	v, ok := s.Value("switchboard_calls", "status", "ringing")
	require.True(t, ok)
	require.Zero(t, v)

	v, _ = s.Value("switchboard_search_index_merging")
	require.Equal(t, 1.0, v)

	depth, merging = 12, false
	s = metricstest.Get(t, scrape)
	v, _ = s.Value("switchboard_job_queue_depth")
	require.Equal(t, 12.0, v, "read again at every scrape")
	v, ok = s.Value("switchboard_search_index_merging")
	require.True(t, ok)
	require.Zero(t, v)

	m.SetQueueDepthFunc(func(context.Context) (int, error) { return 0, errors.New("database down") })
	m.SetCallsByStatusFunc(func(context.Context) (map[string]int64, error) { return nil, errors.New("database down") })
	s = metricstest.Get(t, scrape) // fails the test unless 200
	require.False(t, s.Has("switchboard_job_queue_depth"))
	require.False(t, s.Has("switchboard_calls"))
	require.True(t, s.Has("go_goroutines"), "the rest is served")
}

// A nil *Metrics (METRICS_ADDR unset) records nothing and changes nothing.
func TestNilMetricsIsOff(t *testing.T) {
	t.Parallel()
	var m *metrics.Metrics
	m.AddImportRows(metrics.ImportContacts, 1, 2, 3, 4)
	m.ObserveWebhookDelivery("succeeded", time.Second)
	onAttempt := m.ObserveWebhookDelivery // how a delivery worker's hook is wired, metrics on or off
	onAttempt("succeeded", time.Second)
	m.SetQueueDepthFunc(nil)
	m.SetCallsByStatusFunc(nil)
	m.SetIndexMergingFunc(nil)
	require.Nil(t, m.InstrumentProvider(nil, telephony.RequestOperation), "the client keeps its default transport")
	next := func(c echo.Context) error { return echo.ErrTeapot }
	err := m.Middleware()(next)(nil)
	require.ErrorIs(t, err, echo.ErrTeapot, "the handler itself, unwrapped")
}

// Import rows by kind and outcome; a DNC import has no updates.
func TestImportRows(t *testing.T) {
	t.Parallel()
	m := metrics.New(nil)
	m.AddImportRows(metrics.ImportContacts, 5, 2, 1, 0)
	m.AddImportRows(metrics.ImportContacts, 1, 0, 0, 3)
	m.AddImportRows(metrics.ImportDNC, 4, 0, 1, 1)
	s := metricstest.Get(t, serveMetrics(t, m))
	for _, c := range []struct {
		kind, outcome string
		want          float64
	}{
		{"contacts", "imported", 6}, {"contacts", "updated", 2}, {"contacts", "skipped", 1}, {"contacts", "failed", 3},
		{"dnc", "imported", 4}, {"dnc", "skipped", 1}, {"dnc", "failed", 1},
	} {
		v, ok := s.Value("switchboard_import_rows_total", "kind", c.kind, "outcome", c.outcome)
		require.True(t, ok)
		require.Equal(t, c.want, v, "%s %s", c.kind, c.outcome)
	}
	_, ok := s.Value("switchboard_import_rows_total", "kind", "dnc", "outcome", "updated")
	require.False(t, ok)
}
