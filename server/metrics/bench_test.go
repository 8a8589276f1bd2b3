package metrics_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/server/metrics"
)

// BenchmarkHealthz is the cheapest request the real application serves
// (GET /healthz: no token, no database beyond a ping that returns at once),
// through every middleware, in process, without and with the metrics: the
// difference is what timing a request costs. Run with -benchmem:
//
//	go test ./server/metrics -run '^$' -bench Healthz -benchmem -count 6
func BenchmarkHealthz(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := "metrics=off"
		var m *metrics.Metrics
		if on {
			name, m = "metrics=on", metrics.New(nil)
		}
		b.Run(name, func(b *testing.B) {
			srv, err := server.New(server.Config{Metrics: m, RateLimit: 0},
				server.Deps{Ping: func(context.Context) error { return nil }}, slog.New(slog.DiscardHandler))
			if err != nil {
				b.Fatal(err)
			}
			h := srv.Handler()
			req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("status %d", w.Code)
				}
			}
		})
	}
}

// BenchmarkMiddleware is the middleware alone: a bare Echo route that writes
// a 204, without and with it.
func BenchmarkMiddleware(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := "metrics=off"
		if on {
			name = "metrics=on"
		}
		b.Run(name, func(b *testing.B) {
			e := echo.New()
			if on {
				e.Pre(metrics.New(nil).Middleware())
			}
			e.GET("/v1/things/:id", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
			req := httptest.NewRequest(http.MethodGet, "/v1/things/42", nil)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				w := httptest.NewRecorder()
				e.ServeHTTP(w, req)
			}
		})
	}
}
