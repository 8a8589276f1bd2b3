package events

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestWorkspaceShare: a workspace holds at most its share of the workers;
// past it its jobs wait, and another workspace's do not; a finished
// attempt gives its worker back.
func TestWorkspaceShare(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFairness(2, time.Minute, 10*time.Second)
	now := time.Unix(1_000_000, 0)
	var dones []func(bool)
	for i := range 2 {
		done, wait := f.admit(ctx, "ws_a", "ep_a"+string(rune('0'+i)), now)
		require.NotNil(t, done)
		require.Zero(t, wait)
		dones = append(dones, done)
	}
	done, wait := f.admit(ctx, "ws_a", "ep_a9", now)
	require.Nil(t, done, "past its share")
	require.GreaterOrEqual(t, wait, time.Second)
	doneB, _ := f.admit(ctx, "ws_b", "ep_b", now)
	require.NotNil(t, doneB, "another workspace is not held back")
	// A job past the share waits a moment in the worker for one of its
	// workspace's attempts to end, rather than going back to the queue.
	go func() {
		time.Sleep(20 * time.Millisecond)
		dones[0](false)
	}()
	done, wait = f.admit(ctx, "ws_a", "ep_a9", now)
	require.NotNil(t, done, "a worker given back is taken by the waiting job")
	require.Zero(t, wait)
}

// TestCircuit: an endpoint that gave no answer takes no worker until its
// cooldown has passed; then one probe runs while the others wait; a probe
// without an answer opens it twice as long, one answered closes it.
func TestCircuit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := newFairness(100, time.Minute, 10*time.Second)
	at := time.Now()
	done, _ := f.admit(ctx, "ws", "ep", at)
	done(true) // no answer: open for a minute from time.Now()
	require.Greater(t, f.blocked("ep", at.Add(30*time.Second)), 20*time.Second)
	_, wait := f.admit(ctx, "ws", "ep", at.Add(30*time.Second))
	require.Greater(t, wait, 20*time.Second)
	require.Zero(t, f.blocked("other", at), "other endpoints are not held back")

	half := at.Add(2 * time.Minute)
	probe, wait := f.admit(ctx, "ws", "ep", half)
	require.NotNil(t, probe, "half-open: one probe")
	require.Zero(t, wait)
	_, wait = f.admit(ctx, "ws", "ep", half)
	require.GreaterOrEqual(t, wait, 10*time.Second, "the others wait for the probe")
	probe(true) // no answer again: open for two minutes
	f.mu.Lock()
	c := f.circuits["ep"]
	f.mu.Unlock()
	require.Equal(t, 2*time.Minute, c.cooldown)

	probe, _ = f.admit(ctx, "ws", "ep", time.Now().Add(3*time.Minute))
	require.NotNil(t, probe)
	probe(false) // an answer, whatever its status: closed
	require.Zero(t, f.blocked("ep", time.Now()))
	f.mu.Lock()
	require.Empty(t, f.circuits)
	require.Empty(t, f.busy)
	f.mu.Unlock()
}
