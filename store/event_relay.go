package store

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"strconv"
	"strings"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// The relay: events become delivery jobs here, off the path of the request
// that recorded them. Each run takes a batch of recorded events, queues one
// job per endpoint subscribed to each, and marks the batch relayed, in one
// transaction, so every event is relayed once: a crash before the commit
// leaves the batch for the next run.
//
// Which events wait differs by database. On PostgreSQL transactions commit
// in any order, so each event has a row in event_outbox, taken FOR UPDATE
// SKIP LOCKED (instances relay side by side without waiting for each other)
// and deleted. SQLite has one writer and an event's id is made inside its
// transaction, so ids follow the commits: a mark per workspace
// (event_relay) says how far its events were relayed, which costs the
// request no write of its own.

// emittedKey marks a transaction's context; emit sets the flag it holds.
type emittedKey struct{}

// EventsRecorded signals (coalesced: one signal may stand for many) when a
// transaction of this process that recorded events has ended, so the relay
// runs at once rather than at its next poll. Events recorded by other
// processes are found by polling.
func (db *DB) EventsRecorded() <-chan struct{} { return db.events.recorded }

// pendingEvent is a recorded event not yet relayed.
type pendingEvent struct {
	eventID, workspaceID, eventType string
}

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
		stx, err := sqlTx(tx, "relaying events")
		if err != nil {
			return err
		}
		var batch []pendingEvent
		var endpoints map[string][]*switchboard.WebhookEndpoint
		if db.dialect == Postgres {
			batch, err = queryPending(ctx, stx, "SELECT event_id, workspace_id, type FROM event_outbox ORDER BY event_id LIMIT $1 FOR UPDATE SKIP LOCKED", limit)
			if err == nil && len(batch) > 0 {
				endpoints, err = db.workspaceEndpoints(ctx, stx, batch)
			}
		} else {
			batch, endpoints, err = db.pastMarks(ctx, stx, limit)
		}
		if err != nil || len(batch) == 0 {
			return err
		}
		var jobs []switchboard.DeliveryJob
		for _, o := range batch {
			at := idTime(o.eventID)
			for _, ep := range endpoints[o.workspaceID] {
				if ep.Enabled && ep.Subscribed(switchboard.EventType(o.eventType)) && !ep.CreatedAt.After(at) {
					jobs = append(jobs, switchboard.DeliveryJob{EventID: o.eventID, EndpointID: ep.ID})
				}
			}
		}
		if len(jobs) > 0 {
			if err := q(ctx, stx, jobs); err != nil {
				return err
			}
		}
		if err := db.markRelayed(ctx, stx, batch); err != nil {
			return err
		}
		n = len(batch)
		return nil
	})
	return n, err
}

// PendingEvents counts the recorded events the relay has yet to turn into
// jobs (on SQLite, only those of workspaces with endpoints: the others are
// never read).
func (db *DB) PendingEvents(ctx context.Context) (int, error) {
	var n int
	err := db.r.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		stx, err := sqlTx(tx, "counting events")
		if err != nil {
			return err
		}
		if db.dialect == Postgres {
			return stx.QueryRowContext(ctx, "SELECT count(*) FROM event_outbox").Scan(&n)
		}
		batch, _, err := db.pastMarks(ctx, stx, math.MaxInt32)
		n = len(batch)
		return err
	})
	return n, err
}

// markRelayed deletes the batch's outbox rows (PostgreSQL) or moves the
// marks of its workspaces past it (SQLite).
func (db *DB) markRelayed(ctx context.Context, stx *sql.Tx, batch []pendingEvent) error {
	if db.dialect == Postgres {
		ids := make([]any, len(batch))
		for i, o := range batch {
			ids[i] = o.eventID
		}
		_, err := stx.ExecContext(ctx, "DELETE FROM event_outbox WHERE event_id IN ("+placeholders(db.dialect, 1, len(ids))+")", ids...)
		return err
	}
	last := map[string]string{}
	for _, o := range batch {
		last[o.workspaceID] = max(last[o.workspaceID], o.eventID)
	}
	for ws, id := range last {
		if _, err := stx.ExecContext(ctx, "INSERT INTO event_relay (workspace_id, last_event_id) VALUES (?, ?) "+
			"ON CONFLICT (workspace_id) DO UPDATE SET last_event_id = excluded.last_event_id", ws, id); err != nil {
			return err
		}
	}
	return nil
}

// pastMarks (SQLite) reads up to limit events recorded after their
// workspace's mark, in the workspaces that have endpoints (enabled or not:
// a disabled endpoint's mark moves on too, so that enabling it again does
// not deliver what happened while it was off), with those endpoints. A
// workspace with no mark yet starts at its oldest endpoint's creation.
func (db *DB) pastMarks(ctx context.Context, stx *sql.Tx, limit int) ([]pendingEvent, map[string][]*switchboard.WebhookEndpoint, error) {
	endpoints, err := scanEndpoints(stx.QueryContext(ctx, "SELECT id, workspace_id, events, enabled, created_at FROM webhook_endpoints ORDER BY workspace_id"))
	if err != nil {
		return nil, nil, err
	}
	var batch []pendingEvent
	for ws, eps := range endpoints {
		if len(batch) >= limit {
			break
		}
		from := idBefore(eps[0].CreatedAt)
		for _, ep := range eps[1:] {
			from = min(from, idBefore(ep.CreatedAt))
		}
		var mark string
		switch err := stx.QueryRowContext(ctx, "SELECT last_event_id FROM event_relay WHERE workspace_id = ?", ws).Scan(&mark); {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return nil, nil, err
		default:
			from = max(from, mark)
		}
		rows, err := stx.QueryContext(ctx, "SELECT id, workspace_id, type FROM events WHERE workspace_id = ? AND id > ? ORDER BY id LIMIT ?",
			ws, from, limit-len(batch))
		if err != nil {
			return nil, nil, err
		}
		more, err := scanPending(rows)
		if err != nil {
			return nil, nil, err
		}
		batch = append(batch, more...)
	}
	return batch, endpoints, nil
}

func queryPending(ctx context.Context, stx *sql.Tx, q string, limit int) ([]pendingEvent, error) {
	rows, err := stx.QueryContext(ctx, q, limit)
	if err != nil {
		return nil, err
	}
	return scanPending(rows)
}

func scanPending(rows *sql.Rows) ([]pendingEvent, error) {
	defer rows.Close()
	var out []pendingEvent
	for rows.Next() {
		var o pendingEvent
		if err := rows.Scan(&o.eventID, &o.workspaceID, &o.eventType); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// workspaceEndpoints reads the endpoints of the batch's workspaces.
func (db *DB) workspaceEndpoints(ctx context.Context, stx *sql.Tx, batch []pendingEvent) (map[string][]*switchboard.WebhookEndpoint, error) {
	var workspaces []any
	seen := map[string]bool{}
	for _, o := range batch {
		if !seen[o.workspaceID] {
			seen[o.workspaceID] = true
			workspaces = append(workspaces, o.workspaceID)
		}
	}
	return scanEndpoints(stx.QueryContext(ctx, "SELECT id, workspace_id, events, enabled, created_at FROM webhook_endpoints WHERE workspace_id IN ("+
		placeholders(db.dialect, 1, len(workspaces))+")", workspaces...))
}

// scanEndpoints groups rows of id, workspace_id, events, enabled and
// created_at by workspace.
func scanEndpoints(rows *sql.Rows, err error) (map[string][]*switchboard.WebhookEndpoint, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]*switchboard.WebhookEndpoint{}
	for rows.Next() {
		var r endpointRow
		if err := rows.Scan(&r.ID, &r.WorkspaceID, &r.Events, &r.Enabled, &r.CreatedAt); err != nil {
			return nil, err
		}
		out[r.WorkspaceID] = append(out[r.WorkspaceID], r.toDomain())
	}
	return out, rows.Err()
}

// placeholders lists n parameters from the first-th: "$2, $3" on
// PostgreSQL, "?, ?" on SQLite.
func placeholders(d Dialect, first, n int) string {
	p := make([]string, n)
	for i := range p {
		if d == Postgres {
			p[i] = "$" + strconv.Itoa(first+i)
		} else {
			p[i] = "?"
		}
	}
	return strings.Join(p, ", ")
}
