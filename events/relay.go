package events

import (
	"context"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// relayBatch is how many events one relay transaction turns into jobs.
const relayBatch = 500

// DefaultRelayGather is the relay's gathering window (Config.RelayGather):
// short beside a delivery's own round trip to a partner, and at 200 events
// a second it makes a relay of about ten.
const DefaultRelayGather = 50 * time.Millisecond

// relay turns recorded events into delivery jobs through enqueue until ctx
// ends: RelayGather after this process records events
// (Store.EventsRecorded), and every PollInterval for those recorded by
// other processes or left by a process that died before its relay ran.
//
// The gathering window makes one relay transaction of the events a busy
// process records close together: at 200 calls a second, relaying each at
// once was a transaction per event (four statements on PostgreSQL: take
// the outbox rows, read the endpoints, delete the rows, commit), as much
// work again as the call's own write of its event.
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
			if !s.gather(ctx) {
				return
			}
		case <-tick.C:
		}
	}
}

// gather waits RelayGather for more events to be recorded; false when ctx
// ended first. Events recorded in the window before a shutdown wait in the
// database, as those of a process that died do, for the next relay of any
// process (its poll, or its first pass when it starts).
func (s *Service) gather(ctx context.Context) bool {
	if s.cfg.RelayGather <= 0 {
		return true
	}
	t := time.NewTimer(s.cfg.RelayGather)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
