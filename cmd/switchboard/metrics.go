package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/server/metrics"
	"github.com/switchboard-oss/switchboard/store"
)

// newMetrics returns the program's metrics when METRICS_ADDR is set, and nil
// (metrics off, nothing recorded) when it is not. Calls by status are read
// from the database at each scrape.
func newMetrics(cfg Config, db *store.DB, logger *slog.Logger) *metrics.Metrics {
	if cfg.MetricsAddr == "" {
		return nil
	}
	m := metrics.New(logger)
	m.SetCallsByStatusFunc(func(ctx context.Context) (map[string]int64, error) {
		counts, err := db.CountCallsByStatus(ctx)
		out := make(map[string]int64, len(counts))
		for s, n := range counts {
			out[string(s)] = n
		}
		return out, err
	})
	m.SetIndexMergingFunc(db.IndexMerging)
	return m
}

// serveMetrics serves the metrics on METRICS_ADDR, a listener of its own:
// the API's may face the internet, the metrics are for the operator.
func (m *Main) serveMetrics() error {
	if m.metrics == nil {
		return nil
	}
	ln, err := net.Listen("tcp", m.Config.MetricsAddr)
	if err != nil {
		return fmt.Errorf("METRICS_ADDR: listening on %s: %w", m.Config.MetricsAddr, err)
	}
	m.MetricsAddr = ln.Addr().String()
	ctx, stop := context.WithCancel(context.Background())
	l := &metricsListener{stop: stop, done: make(chan error, 1)}
	m.metricsSrv = l
	go func() {
		err := server.ServeUntil(ctx, m.metrics.NewServer(), ln, metricsGrace)
		if err != nil && ctx.Err() == nil {
			m.Logger.Error("metrics listener stopped", "error", err.Error())
		}
		l.done <- err
	}()
	m.Logger.Info("metrics listening", "addr", m.MetricsAddr, "path", "/metrics")
	return nil
}

// metricsGrace is how long a scrape in flight may finish at shutdown.
const metricsGrace = 5 * time.Second

// metricsListener is the metrics server running: stop shuts it down, done
// says how it ended.
type metricsListener struct {
	stop context.CancelFunc
	done chan error
}

// stopMetrics stops serving metrics: a scrape in flight may finish.
func (m *Main) stopMetrics() error {
	if m.metricsSrv == nil {
		return nil
	}
	m.metricsSrv.stop()
	err := <-m.metricsSrv.done
	m.metricsSrv = nil
	if err != nil {
		return fmt.Errorf("metrics listener: %w", err)
	}
	return nil
}
