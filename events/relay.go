package events

import (
	"context"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// relayBatch is how many events one relay transaction turns into jobs.
const relayBatch = 500

// relay turns recorded events into delivery jobs through enqueue until ctx
// ends: at once when this process records events (Store.EventsRecorded),
// and every PollInterval for those recorded by other processes or left by
// a process that died before its relay ran.
func (s *Service) relay(ctx context.Context, done chan<- struct{}, enqueue sb.EnqueueFunc) {
	defer close(done)
	tick := time.NewTicker(s.cfg.PollInterval)
	defer tick.Stop()
	for {
		for {
			n, err := s.store.RelayEvents(ctx, relayBatch, enqueue)
			if err != nil {
				if ctx.Err() == nil {
					s.log.ErrorContext(ctx, "relaying events to delivery jobs", "error", err)
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
		case <-s.store.EventsRecorded():
		case <-tick.C:
		}
	}
}
