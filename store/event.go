package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
)

// Events are an outbox: emit writes the event row (and, on PostgreSQL, a
// row of event_outbox) inside the transaction of the change the event
// reports. A change that rolls back takes them with it; one that commits
// has them, so a crash after the commit loses nothing. The relay
// (event_relay.go) turns recorded events into delivery jobs, one per
// subscribed endpoint, off the request's path.

// events is how the store records events; the zero enc records none.
type events struct {
	enc switchboard.EventEncoder
	// recorded holds a signal when a transaction that recorded events
	// ended (see EventsRecorded).
	recorded chan struct{}
}

// told signals the relay, unless a signal already waits.
func (e *events) told() {
	select {
	case e.recorded <- struct{}{}:
	default:
	}
}

// Option configures a store at Open.
type Option func(*DB)

// WithEvents makes every write that changes a contact, a do-not-call entry,
// a call or a recording record an event, with data encoded by enc. Without
// it (as in the administration commands) no events are recorded.
func WithEvents(enc switchboard.EventEncoder) Option {
	return func(db *DB) { db.events.enc = enc }
}

type eventRow struct {
	ID          string
	WorkspaceID string
	Type        string
	Data        string
	CreatedAt   time.Time
}

func (eventRow) TableName() string { return "events" }

func (r *eventRow) toDomain() *switchboard.Event {
	return &switchboard.Event{ID: r.ID, WorkspaceID: r.WorkspaceID, Type: switchboard.EventType(r.Type),
		Data: json.RawMessage(r.Data), CreatedAt: r.CreatedAt.UTC()}
}

// emit records an event of type t about v in workspaceID inside tx (on
// PostgreSQL with its outbox row, for the relay). A failure fails the
// caller's transaction: a change without its event would break the
// outbox's promise.
func (db *DB) emit(tx *gorm.DB, workspaceID string, t switchboard.EventType, v any) error {
	return db.emitAnd(tx, workspaceID, t, v, "")
}

// emitAnd is emit followed by the statement then (written with $1… for its
// own args), which runs even when no events are recorded. On PostgreSQL
// both go in one statement: a round trip is most of what an event costs
// there, and the write that counts a workspace's contacts follows every
// contact's event.
func (db *DB) emitAnd(tx *gorm.DB, workspaceID string, t switchboard.EventType, v any, then string, thenArgs ...any) error {
	// Every create, update and delete pays for these statements, so they
	// go to database/sql directly: GORM's statement building would cost
	// about as much as the database's work.
	if db.events.enc == nil {
		if then == "" {
			return nil
		}
		return db.execTx(tx, "writing", then, thenArgs...)
	}
	stx, err := sqlTx(tx, "recording an event")
	if err != nil {
		return err
	}
	ctx := tx.Statement.Context
	data, err := db.events.enc(v)
	if err != nil {
		return fmt.Errorf("store: encoding a %s event: %w", t, err)
	}
	id := newID()
	args := []any{id, workspaceID, string(t), string(data), idTime(id)}
	if db.dialect == Postgres {
		// The event, its outbox row and then, in one round trip.
		q := insertEventPG
		if then != "" {
			q = "WITH e AS (" + insertEvent + "), o AS (" + insertOutbox + ") " + shiftParams(then, len(args))
			args = append(args, thenArgs...)
		}
		_, err = stx.ExecContext(ctx, q, args...)
	} else {
		// SQLite's relay finds the event by its workspace's mark.
		_, err = stx.ExecContext(ctx, db.sql(insertEvent), args...)
		if err == nil && then != "" {
			err = db.execTx(tx, "writing", then, thenArgs...)
		}
	}
	if err != nil {
		return err
	}
	if f, ok := ctx.Value(emittedKey{}).(*bool); ok {
		*f = true
	}
	return nil
}

// shiftParams renumbers a statement's parameters $1…$9 to follow n others.
func shiftParams(q string, n int) string {
	for i := 9; i >= 1; i-- {
		q = strings.ReplaceAll(q, "$"+strconv.Itoa(i), "$"+strconv.Itoa(i+n))
	}
	return q
}

const (
	insertEvent     = "INSERT INTO events (id, workspace_id, type, data, created_at) VALUES ($1, $2, $3, $4, $5)"
	insertOutbox    = "INSERT INTO event_outbox (event_id, workspace_id, type) VALUES ($1, $2, $3)"
	insertEventPG   = "WITH e AS (" + insertEvent + ") " + insertOutbox
	selectEndpoints = "SELECT id, events FROM webhook_endpoints WHERE workspace_id = $1 AND enabled = $2"
)

// sql adapts a statement written with PostgreSQL's $n placeholders to the
// dialect (SQLite reads "?").
func (db *DB) sql(q string) string {
	if db.dialect == Postgres {
		return q
	}
	for i := 9; i >= 1; i-- {
		q = strings.ReplaceAll(q, "$"+strconv.Itoa(i), "?")
	}
	return q
}

// subscribed returns the ids of the workspace's enabled endpoints that take
// events of type t. A workspace has few endpoints: reading them all and
// filtering here beats a LIKE on the list of types. Every write pays for
// it, so it goes to database/sql directly, as emit's insert does.
func (db *DB) subscribed(tx *gorm.DB, workspaceID string, t switchboard.EventType) ([]string, error) {
	stx, err := sqlTx(tx, "reading endpoints")
	if err != nil {
		return nil, err
	}
	rows, err := stx.QueryContext(tx.Statement.Context, db.sql(selectEndpoints), workspaceID, true)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var r endpointRow
		if err := rows.Scan(&r.ID, &r.Events); err != nil {
			return nil, err
		}
		if r.toDomain().Subscribed(t) {
			ids = append(ids, r.ID)
		}
	}
	return ids, rows.Err()
}

// enqueue queues one delivery of the event per endpoint in tx.
func enqueue(tx *gorm.DB, eventID string, endpointIDs []string, q switchboard.EnqueueFunc) error {
	if len(endpointIDs) == 0 {
		return nil
	}
	stx, err := sqlTx(tx, "queueing deliveries")
	if err != nil {
		return err
	}
	jobs := make([]switchboard.DeliveryJob, len(endpointIDs))
	for i, id := range endpointIDs {
		jobs[i] = switchboard.DeliveryJob{EventID: eventID, EndpointID: id}
	}
	return q(tx.Statement.Context, stx, jobs)
}

// RecordEvent records an event of its own, in a transaction of its own:
// for a change made of several transactions (an import's batches), whose
// event can only be written once the last of them committed.
func (db *DB) RecordEvent(ctx context.Context, workspaceID string, t switchboard.EventType, v any) error {
	return db.transact(ctx, func(tx *gorm.DB) error {
		return db.emit(tx, workspaceID, t, v)
	})
}

// ListEvents implements switchboard.EventStore.
func (db *DB) ListEvents(ctx context.Context, f switchboard.EventFilter) ([]*switchboard.Event, switchboard.Meta, error) {
	page := clampPage(f.Page)
	q := func() *gorm.DB {
		q := db.r.WithContext(ctx).Model(&eventRow{}).Where("workspace_id = ?", f.WorkspaceID)
		if f.Type != "" {
			q = q.Where("type = ?", string(f.Type))
		}
		return q
	}
	var total int64
	if err := q().Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []eventRow
	// Newest first by id, which orders them by time (idTime); the key
	// (workspace_id, id) serves the order.
	list := q().Order("id DESC").Limit(page.Limit + 1)
	if page.After != nil {
		list = list.Where("id < ?", page.After.ID)
	} else {
		list = list.Offset(page.Offset)
	}
	if err := list.Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(r *eventRow) switchboard.PageKey {
		return switchboard.PageKey{Time: r.CreatedAt, ID: r.ID}
	})
	out := make([]*switchboard.Event, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// FindEvent implements switchboard.EventStore.
func (db *DB) FindEvent(ctx context.Context, workspaceID, id string) (*switchboard.Event, error) {
	var row eventRow
	err := db.r.WithContext(ctx).Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error
	if err != nil {
		return nil, translate(err, "Event")
	}
	return row.toDomain(), nil
}

// Redeliver implements switchboard.EventStore.
func (db *DB) Redeliver(ctx context.Context, workspaceID, eventID, endpointID string, q switchboard.EnqueueFunc) ([]string, error) {
	if q == nil {
		return nil, switchboard.Errorf(switchboard.ENotImplemented, "This service delivers no webhooks.")
	}
	var ids []string
	err := db.transact(ctx, func(tx *gorm.DB) error {
		ids = nil
		var ev eventRow
		if err := tx.Where("workspace_id = ? AND id = ?", workspaceID, eventID).Take(&ev).Error; err != nil {
			return translate(err, "Event")
		}
		if endpointID != "" {
			var ep endpointRow
			if err := tx.Select("id, enabled").Where("workspace_id = ? AND id = ?", workspaceID, endpointID).Take(&ep).Error; err != nil {
				return translate(err, "Webhook endpoint")
			}
			if ep.Enabled { // a disabled endpoint gets nothing
				ids = []string{endpointID}
			}
		} else {
			var err error
			if ids, err = db.subscribed(tx, workspaceID, switchboard.EventType(ev.Type)); err != nil {
				return err
			}
		}
		return enqueue(tx, ev.ID, ids, q)
	})
	if err != nil {
		return nil, err
	}
	if ids == nil {
		ids = []string{}
	}
	return ids, nil
}

// PruneEvents deletes the events and delivery attempts older than before,
// and reports how many events went.
func (db *DB) PruneEvents(ctx context.Context, before time.Time) (int64, error) {
	// Workspace by workspace: the key (workspace_id, id) finds each one's
	// old events, and the writer is never held for a scan of them all.
	var workspaces []string
	if err := db.r.WithContext(ctx).Table("workspaces").Order("id").Pluck("id", &workspaces).Error; err != nil {
		return 0, err
	}
	var n int64
	for _, ws := range workspaces {
		err := db.transact(ctx, func(tx *gorm.DB) error {
			res := tx.Where("workspace_id = ? AND id < ?", ws, idBefore(before)).Delete(&eventRow{})
			n += res.RowsAffected
			return res.Error
		})
		if err != nil {
			return n, err
		}
	}
	err := db.transact(ctx, func(tx *gorm.DB) error {
		return tx.Where("attempted_at < ?", before.UTC()).Delete(&deliveryRow{}).Error
	})
	return n, err
}

// returningContact makes a DELETE of contacts return the deleted row, for
// the contact.deleted event (PostgreSQL and SQLite 3.35+ both have
// RETURNING).
var returningContact = clause.Returning{Columns: []clause.Column{
	{Name: "id"}, {Name: "workspace_id"}, {Name: "first_name"}, {Name: "last_name"}, {Name: "phone"},
	{Name: "email"}, {Name: "company"}, {Name: "notes"}, {Name: "created_at"}, {Name: "updated_at"},
}}

// emitDNCRemoved records dnc.removed with the entry as the history shows it.
func (db *DB) emitDNCRemoved(tx *gorm.DB, workspaceID, id string) error {
	if db.events.enc == nil {
		return nil
	}
	var row dncRow
	if err := tx.Where("id = ?", id).Take(&row).Error; err != nil {
		return err
	}
	return db.emit(tx, workspaceID, switchboard.EventDNCRemoved, row.toDomain())
}

// emitCall records the event the call's status announces.
func (db *DB) emitCall(tx *gorm.DB, row *callRow) error {
	c := row.toDomain()
	return db.emit(tx, c.WorkspaceID, switchboard.CallEventType(c.Status), c)
}

// emitCallSID is emitCall for a call written by an update.
func (db *DB) emitCallSID(tx *gorm.DB, callSID string) error {
	if db.events.enc == nil {
		return nil
	}
	var row callRow
	if err := tx.Where("call_sid = ?", callSID).Take(&row).Error; err != nil {
		return err
	}
	return db.emitCall(tx, &row)
}

// emitTransfer records call.transfer.updated when a change started a
// transfer or moved it.
func (db *DB) emitTransfer(tx *gorm.DB, before, after *switchboard.Call) error {
	if after.Transfer == nil || (before.Transfer != nil && *before.Transfer == *after.Transfer) {
		return nil
	}
	return db.emit(tx, after.WorkspaceID, switchboard.EventCallTransferUpdated, after)
}

// emitRecording records recording.completed when a recording reached it.
func (db *DB) emitRecording(tx *gorm.DB, moved bool, row *recordingRow) error {
	r := row.toDomain()
	if !moved || r.Status != switchboard.RecordingCompleted {
		return nil
	}
	return db.emit(tx, r.WorkspaceID, switchboard.EventRecordingCompleted, r)
}
