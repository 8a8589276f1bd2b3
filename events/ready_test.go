package events_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// Running, which /readyz reads: not before Start, then running, and not
// after Stop.
func TestRunning(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		svc := newService(t, openDB(t, d), events.Config{})
		require.ErrorIs(t, svc.Running(), events.ErrNotRunning, "before Start")
		require.NoError(t, svc.Start(context.Background()))
		require.NoError(t, svc.Running())
		require.NoError(t, svc.Stop(context.Background()))
		require.ErrorIs(t, svc.Running(), events.ErrNotRunning, "after Stop")
	})
}
