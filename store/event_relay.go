package store

import (
	"context"
	"errors"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// The relay: events become delivery jobs here, off the path of the request
// that recorded them. Each run takes a batch of recorded events, queues one
// job per endpoint subscribed to each, and marks the batch relayed, in one
// transaction, so every event is relayed once: a crash before the commit
// leaves the batch for the next run. How the driver finds what waits, and
// marks it, is its own (an outbox taken FOR UPDATE SKIP LOCKED on
// PostgreSQL, a mark per workspace on SQLite: see their events.go).

// emittedKey marks a transaction's context; emit sets the flag it holds.
type emittedKey struct{}

// EventsRecorded signals (coalesced: one signal may stand for many) when a
// transaction of this process that recorded events has ended, so the relay
// runs at once rather than at its next poll. Events recorded by other
// processes are found by polling.
func (db *DB) EventsRecorded() <-chan struct{} { return db.events.recorded }

// RelayEvents turns up to limit recorded events into delivery jobs and
// reports how many events it relayed (fewer than limit: none remain, or
// other instances hold the rest). An endpoint gets an event when it is
// enabled, subscribed to the event's type, and was created before the
// event was. q queues the jobs in the relay's own transaction.
func (db *DB) RelayEvents(ctx context.Context, limit int, q switchboard.EnqueueFunc) (int, error) {
	if q == nil {
		return 0, errors.New("store: relaying events with no job queue")
	}
	var n int
	err := db.transact(ctx, func(tx *gorm.DB) error {
		n = 0
		batch, endpoints, err := db.drv.Pending(tx, limit)
		if err != nil || len(batch) == 0 {
			return err
		}
		byWorkspace := make(map[string][]*switchboard.WebhookEndpoint, len(endpoints))
		for ws, eps := range endpoints {
			for _, ep := range eps {
				byWorkspace[ws] = append(byWorkspace[ws], endpointOf(ep))
			}
		}
		var jobs []switchboard.DeliveryJob
		for _, o := range batch {
			at := driver.IDTime(o.EventID)
			for _, ep := range byWorkspace[o.WorkspaceID] {
				if ep.Enabled && ep.Subscribed(switchboard.EventType(o.Type)) && !ep.CreatedAt.After(at) {
					jobs = append(jobs, switchboard.DeliveryJob{EventID: o.EventID, EndpointID: ep.ID})
				}
			}
		}
		if len(jobs) > 0 {
			stx, err := jobTx(tx)
			if err != nil {
				return err
			}
			if err := q(ctx, stx, jobs); err != nil {
				return err
			}
		}
		if err := db.drv.MarkRelayed(tx, batch); err != nil {
			return err
		}
		n = len(batch)
		return nil
	})
	return n, err
}

// PendingEvents counts the recorded events the relay has yet to turn into
// jobs (on SQLite, only those of workspaces with endpoints: the others are
// never read). One read transaction: the driver may read in several
// statements.
func (db *DB) PendingEvents(ctx context.Context) (int, error) {
	var n int
	err := db.r.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		n, err = db.drv.CountPending(tx)
		return err
	})
	return n, unavailable(err)
}

// endpointOf is what the relay read of an endpoint, as the domain's.
func endpointOf(ep driver.Endpoint) *switchboard.WebhookEndpoint {
	row := endpointRow{ID: ep.ID, WorkspaceID: ep.WorkspaceID, Events: ep.Events, Enabled: ep.Enabled, CreatedAt: ep.CreatedAt}
	return row.toDomain()
}
