package webhook

import (
	"context"
	"time"
)

// relayBatch is how many events one relay transaction turns into jobs.
const relayBatch = 500

// relay turns recorded events into delivery jobs until ctx ends: at once
// when this process records events (store.EventsRecorded), and every
// PollInterval for those recorded by other processes or left by a process
// that died before its relay ran.
func (e *Engine) relay(ctx context.Context, done chan<- struct{}) {
	defer close(done)
	tick := time.NewTicker(e.cfg.PollInterval)
	defer tick.Stop()
	for {
		for {
			n, err := e.store.RelayEvents(ctx, relayBatch, e.Enqueue)
			if err != nil {
				if ctx.Err() == nil {
					e.log.ErrorContext(ctx, "relaying events to delivery jobs", "error", err)
				}
				break
			}
			if n < relayBatch {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-e.store.EventsRecorded():
		case <-tick.C:
		}
	}
}
