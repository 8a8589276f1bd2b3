package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// Events are an outbox: emit writes the event row (and whatever the
// driver's relay finds it by) inside the transaction of the change the event
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

// emit records an event of type t about v in workspaceID inside tx (with
// whatever the driver's relay needs to find it). A failure fails the
// caller's transaction: a change without its event would break the
// outbox's promise.
func (db *DB) emit(tx *gorm.DB, workspaceID string, t switchboard.EventType, v any) error {
	return db.emitCounted(tx, workspaceID, t, v, 0)
}

// emitCounted is emit for a contact's create or delete, which also moves
// the workspace's contact counter by delta, even when no events are
// recorded. The driver may write both in one statement: a round trip is
// most of what an event costs on PostgreSQL.
func (db *DB) emitCounted(tx *gorm.DB, workspaceID string, t switchboard.EventType, v any, delta int64) error {
	if db.events.enc == nil {
		return db.addContactCount(tx, workspaceID, delta)
	}
	data, err := db.events.enc(v)
	if err != nil {
		return fmt.Errorf("store: encoding a %s event: %w", t, err)
	}
	id := newID()
	ev := driver.Event{ID: id, WorkspaceID: workspaceID, Type: string(t), Data: string(data), CreatedAt: driver.IDTime(id)}
	if err := db.drv.InsertEvent(tx, ev, delta); err != nil {
		return err
	}
	if f, ok := tx.Statement.Context.Value(emittedKey{}).(*bool); ok {
		*f = true
	}
	return nil
}

// subscribed returns the ids of the workspace's enabled endpoints that take
// events of type t. A workspace has few endpoints: reading them all and
// filtering here beats a LIKE on the list of types.
func (db *DB) subscribed(tx *gorm.DB, workspaceID string, t switchboard.EventType) ([]string, error) {
	eps, err := db.drv.Endpoints(tx, workspaceID)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, ep := range eps {
		if endpointOf(ep).Subscribed(t) {
			ids = append(ids, ep.ID)
		}
	}
	return ids, nil
}

// enqueue queues one delivery of the event per endpoint in tx.
func enqueue(tx *gorm.DB, eventID string, endpointIDs []string, q switchboard.EnqueueFunc) error {
	if len(endpointIDs) == 0 {
		return nil
	}
	stx, err := jobTx(tx)
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
	// Newest first by id, which orders them by time (driver.IDTime); the key
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
			res := tx.Where("workspace_id = ? AND id < ?", ws, driver.IDBefore(before)).Delete(&eventRow{})
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
	{Name: "email"}, {Name: "company"}, {Name: "notes"}, {Name: "time_zone"}, {Name: "created_at"}, {Name: "updated_at"},
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

// emitCall records the event the call's status announces. Every write
// that moves a call's status comes here, so a call that ended also moves
// its dial list's entry here (settleDialEntry).
func (db *DB) emitCall(tx *gorm.DB, row *callRow) error {
	if err := db.settleDialEntry(tx, row); err != nil {
		return err
	}
	if db.events.enc == nil {
		return nil
	}
	c, err := db.callOf(tx, row)
	if err != nil {
		return err
	}
	return db.emit(tx, c.WorkspaceID, switchboard.CallEventType(c.Status), c)
}

// emitCallSID is emitCall for a call written by an update.
func (db *DB) emitCallSID(tx *gorm.DB, callSID string) error {
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
