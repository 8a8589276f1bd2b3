package eventstest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/events"
)

// NewService is the events service over st for a test, its engine not
// started. A zero PollInterval becomes 100 ms, so that a test waits little
// for events another process recorded.
func NewService(t testing.TB, st events.Store, cfg events.Config) *events.Service {
	t.Helper()
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 100 * time.Millisecond
	}
	svc, err := events.New(cfg, events.Deps{Store: st})
	require.NoError(t, err)
	return svc
}

// Start runs svc's engine until the test ends, as the program does, and
// returns svc.
func Start(t testing.TB, svc *events.Service) *events.Service {
	t.Helper()
	require.NoError(t, svc.Start(context.Background()))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = svc.Stop(ctx)
	})
	return svc
}
