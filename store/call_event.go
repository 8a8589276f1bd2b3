package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
)

// callEventRow is a row of call_events.
type callEventRow struct {
	ID             string  `gorm:"column:id;primaryKey"`
	CallSID        *string `gorm:"column:call_sid"`
	LegSID         string  `gorm:"column:leg_sid"`
	Source         string  `gorm:"column:source"`
	ProviderStatus string  `gorm:"column:provider_status"`
	Status         string  `gorm:"column:status"`
	Sequence       int     `gorm:"column:sequence"`
	Duration       *int    `gorm:"column:duration"`
	Applied        bool    `gorm:"column:applied"`
	CreatedAt      time.Time
}

func (callEventRow) TableName() string { return "call_events" }

func (r *callEventRow) toDomain() *switchboard.CallEvent {
	return &switchboard.CallEvent{
		ID: r.ID, CallSID: deref(r.CallSID), LegSID: r.LegSID, Source: r.Source, ProviderStatus: r.ProviderStatus,
		Status: switchboard.CallStatus(r.Status), Sequence: r.Sequence, Duration: r.Duration,
		Applied: r.Applied, CreatedAt: r.CreatedAt.UTC(),
	}
}

// RecordCallEvent implements switchboard.CallStore. The call is read
// under a row lock (PostgreSQL) or the single writer (SQLite), the decision
// is made on it, and the event and the call's update are written together:
// two callbacks for one call never interleave.
func (db *DB) RecordCallEvent(ctx context.Context, ev *switchboard.CallEvent) (*switchboard.Call, error) {
	if ev.Status != "" && ev.Status.Rank() < 0 {
		return nil, switchboard.FieldErrorf(switchboard.EInvalid, "status", "Unknown call status %q.", ev.Status)
	}
	t := now()
	var out callRow
	var call *switchboard.Call
	var applied bool
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := db.recordCallEvent(tx, ev, t, &out, &applied); err != nil {
			return err
		}
		var err error
		call, err = db.callOf(tx, &out)
		return err
	})
	if err != nil {
		return nil, err
	}
	ev.Applied, ev.CreatedAt = applied, t
	return call, nil
}

// recordCallEvent is RecordCallEvent's transaction: it sets out to the call
// after and applied to whether ev moved it.
func (db *DB) recordCallEvent(tx *gorm.DB, ev *switchboard.CallEvent, t time.Time, out *callRow, applied *bool) error {
	var row callRow
	if err := db.drv.Lock(tx).Where("call_sid = ?", ev.CallSID).Take(&row).Error; err != nil {
		return translate(err, "Call")
	}
	*out = row
	var upd map[string]any
	*applied, upd = decide(&row, ev, t)
	evRow := eventRowOf(ev, &ev.CallSID, *applied, t)
	res := tx.Clauses(eventConflict).Create(&evRow)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		*applied = false // the same event again: nothing changes
		return nil
	}
	ev.ID = evRow.ID
	if !*applied {
		return nil
	}
	var fresh callRow
	if err := moveCall(tx, ev, upd, &fresh); err != nil {
		return err
	}
	*out = fresh
	return db.emitCall(tx, out)
}

// HoldCallEvent implements switchboard.CallStore. It and
// CustomerLegCreated serialize on the leg (the driver's LockLeg), so an event is either
// held before the leg's SID is written, and adopted by that write, or finds
// the leg known.
func (db *DB) HoldCallEvent(ctx context.Context, ev *switchboard.CallEvent) (bool, error) {
	return db.holdUnless(ctx, ev, func(tx *gorm.DB) (bool, error) {
		var n int64
		err := tx.Model(&callRow{}).Where("call_sid = ? OR customer_call_sid = ?", ev.LegSID, ev.LegSID).Count(&n).Error
		return n > 0, err
	})
}

// HoldTransferEvent implements switchboard.CallStore. It and
// TakeTransferEvents serialize on the target leg (the driver's LockLeg), so
// an event is either held before the transfer names its leg, and taken by
// the process that wrote the transfer, or finds the leg named. The call is
// read by its key: a leg's transfer is known from the callback's URL.
func (db *DB) HoldTransferEvent(ctx context.Context, callSID string, ev *switchboard.CallEvent) (bool, error) {
	return db.holdUnless(ctx, ev, func(tx *gorm.DB) (bool, error) {
		var row callRow
		if err := tx.Select("transfer_call_sid").Where("call_sid = ?", callSID).Take(&row).Error; err != nil {
			return false, translate(err, "Call")
		}
		return row.TransferCallSID == ev.LegSID, nil
	})
}

// holdUnless writes ev as held (no call yet: call_sid NULL; the same event
// kept once), under the driver's LockLeg on its leg, unless known says in
// the same transaction that the leg is known already. It reports whether
// it held the event.
func (db *DB) holdUnless(ctx context.Context, ev *switchboard.CallEvent, known func(tx *gorm.DB) (bool, error)) (bool, error) {
	t := now()
	held := false
	err := db.transact(ctx, func(tx *gorm.DB) error {
		held = false
		if err := db.drv.LockLeg(tx, ev.LegSID); err != nil {
			return err
		}
		if ok, err := known(tx); err != nil || ok {
			return err
		}
		held = true
		row := eventRowOf(ev, nil, false, t)
		res := tx.Clauses(eventConflict).Create(&row)
		if res.Error == nil && res.RowsAffected == 1 {
			ev.ID, ev.CreatedAt = row.ID, t
		}
		return res.Error
	})
	return held, err
}

// heldEvents reads the events held for legSID, in the order they apply.
func heldEvents(tx *gorm.DB, legSID string) ([]callEventRow, error) {
	held := make([]callEventRow, 0, 1) // usually none: GORM would give an empty slice room for 20
	err := tx.Where("leg_sid = ? AND call_sid IS NULL", legSID).Order("sequence, created_at, id").Find(&held).Error
	return held, err
}

// TakeTransferEvents implements switchboard.CallStore.
func (db *DB) TakeTransferEvents(ctx context.Context, callSID, legSID string) ([]*switchboard.CallEvent, error) {
	var out []*switchboard.CallEvent
	err := db.transact(ctx, func(tx *gorm.DB) error {
		out = nil
		if err := db.drv.LockLeg(tx, legSID); err != nil {
			return err
		}
		held, err := heldEvents(tx, legSID)
		if err != nil || len(held) == 0 {
			return err
		}
		ids := make([]string, len(held))
		for i := range held {
			ids[i] = held[i].ID
		}
		if err := tx.Model(&callEventRow{}).Where("id IN ?", ids).Update("call_sid", callSID).Error; err != nil {
			return err
		}
		for i := range held {
			ev := held[i].toDomain()
			ev.CallSID = callSID
			out = append(out, ev)
		}
		return nil
	})
	return out, err
}

// adoptHeldEvents applies, in order, the events held for legSID, now the
// customer leg of callSID, inside the caller's transaction. Each that moves
// the call is announced as it would have been on arrival (emitCall, which
// also settles a dial list's entry when the call ended): a busy callback
// that beat the REST create's answer still tells partners the call ended.
// It reports whether any moved the call.
func (db *DB) adoptHeldEvents(tx *gorm.DB, callSID, legSID string) (bool, error) {
	held, err := heldEvents(tx, legSID)
	if err != nil {
		return false, err
	}
	moved := false
	for i := range held {
		var row callRow
		if err := db.drv.Lock(tx).Where("call_sid = ?", callSID).Take(&row).Error; err != nil {
			return moved, err
		}
		ev := held[i].toDomain()
		ev.CallSID = callSID
		if ev.Source == switchboard.EventAMD {
			applied, err := adoptVerdict(tx, &row, ev)
			if err != nil {
				return moved, err
			}
			moved = moved || applied
			continue
		}
		applied, upd := decide(&row, ev, now())
		if err := tx.Model(&callEventRow{}).Where("id = ?", ev.ID).
			Updates(map[string]any{"call_sid": callSID, "applied": applied}).Error; err != nil {
			return moved, err
		}
		if !applied {
			continue
		}
		moved = true
		var fresh callRow
		if err := moveCall(tx, ev, upd, &fresh); err != nil {
			return moved, err
		}
		if err := db.emitCall(tx, &fresh); err != nil {
			return moved, err
		}
	}
	return moved, nil
}

// adoptVerdict applies a held answering-machine verdict (an EventAMD whose
// ProviderStatus is the verdict) to row as AMDStatus would have on arrival:
// the first verdict stays, and no partner event is sent for it. It reports
// whether the verdict was applied.
func adoptVerdict(tx *gorm.DB, row *callRow, ev *switchboard.CallEvent) (bool, error) {
	applied := deref(row.AnsweredBy) == ""
	if err := tx.Model(&callEventRow{}).Where("id = ?", ev.ID).
		Updates(map[string]any{"call_sid": ev.CallSID, "applied": applied}).Error; err != nil {
		return false, err
	}
	if !applied {
		return false, nil
	}
	return true, tx.Model(&callRow{}).Where("call_sid = ?", ev.CallSID).
		Updates(map[string]any{"answered_by": ev.ProviderStatus, "updated_at": now()}).Error
}

var eventConflict = clause.OnConflict{
	Columns:   []clause.Column{{Name: "leg_sid"}, {Name: "source"}, {Name: "provider_status"}, {Name: "sequence"}},
	DoNothing: true,
}

func eventRowOf(ev *switchboard.CallEvent, callSID *string, applied bool, t time.Time) callEventRow {
	return callEventRow{
		ID: newID(), CallSID: callSID, LegSID: ev.LegSID, Source: ev.Source,
		ProviderStatus: ev.ProviderStatus, Status: string(ev.Status), Sequence: ev.Sequence,
		Duration: ev.Duration, Applied: applied, CreatedAt: t,
	}
}

// decide says whether ev moves the call row, and how: to a higher-ranked
// status only, and never on a customer-leg callback older (by
// SequenceNumber) than the last one applied.
func decide(row *callRow, ev *switchboard.CallEvent, t time.Time) (bool, map[string]any) {
	fromCustomer := row.CustomerCallSID != nil && *row.CustomerCallSID == ev.LegSID
	rank := ev.Status.Rank()
	if ev.Status == "" || rank <= row.StatusRank || (fromCustomer && ev.Sequence >= 0 && ev.Sequence <= row.LastSeq) {
		return false, nil
	}
	upd := map[string]any{"status": string(ev.Status), "status_rank": rank, "updated_at": t}
	if fromCustomer && ev.Sequence >= 0 {
		upd["last_seq"] = ev.Sequence
	}
	answeredAt := row.AnsweredAt
	if rank == switchboard.CallAnswered.Rank() && answeredAt == nil {
		upd["answered_at"], answeredAt = t, &t
	}
	if ev.Status.Final() {
		upd["ended_at"] = t
		switch {
		case ev.Duration != nil && answeredAt != nil:
			upd["duration"] = *ev.Duration
		case answeredAt != nil:
			upd["duration"] = int(t.Sub(*answeredAt).Round(time.Second) / time.Second)
		}
	}
	return true, upd
}

// moveCall writes decide's update and sets fresh to the call it wrote
// (returned by the update: no read after it); a call that ends loses its
// pending dial.
func moveCall(tx *gorm.DB, ev *switchboard.CallEvent, upd map[string]any, fresh *callRow) error {
	*fresh = callRow{} // no primary key: the condition is the one below
	res := tx.Model(fresh).Clauses(clause.Returning{}).Where("call_sid = ?", ev.CallSID).Updates(upd)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return fmt.Errorf("store: moving call %s: %d rows written", ev.CallSID, res.RowsAffected)
	}
	if ev.Status.Final() {
		return tx.Where("call_sid = ?", ev.CallSID).Delete(&pendingDialRow{}).Error
	}
	return nil
}

// ListCallEvents implements switchboard.CallStore.
func (db *DB) ListCallEvents(ctx context.Context, callSID string) ([]*switchboard.CallEvent, error) {
	var rows []callEventRow
	if err := db.r.WithContext(ctx).Where("call_sid = ?", callSID).Order("created_at, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]*switchboard.CallEvent, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// ClaimPendingDials implements switchboard.CallStore. Each row is claimed
// by a conditional update, so two processes sweeping at once never take the
// same row.
func (db *DB) ClaimPendingDials(ctx context.Context, claim time.Duration, limit int) ([]*switchboard.PendingDial, error) {
	if limit <= 0 {
		limit = 100
	}
	var out []*switchboard.PendingDial
	err := db.transact(ctx, func(tx *gorm.DB) error {
		out = nil
		t := now()
		var rows []pendingDialRow
		if err := tx.Where("claimed_until < ?", t).Order("created_at, call_sid").Limit(limit).Find(&rows).Error; err != nil {
			return err
		}
		for i := range rows {
			r := &rows[i]
			res := tx.Model(&pendingDialRow{}).Where("call_sid = ? AND claimed_until < ?", r.CallSID, t).
				Updates(map[string]any{"claimed_until": t.Add(claim), "attempts": gorm.Expr("attempts + 1")})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 1 {
				r.ClaimedUntil, r.Attempts = t.Add(claim), r.Attempts+1
				out = append(out, r.toDomain())
			}
		}
		return nil
	})
	return out, err
}

// DeletePendingDial implements switchboard.CallStore.
func (db *DB) DeletePendingDial(ctx context.Context, callSID string) error {
	return db.w.WithContext(ctx).Where("call_sid = ?", callSID).Delete(&pendingDialRow{}).Error
}

// NoteCreate implements switchboard.CallStore: one conditional update by
// primary key that returns the count it left, a statement of its own (no
// transaction around it: it is one already). It runs before every create
// of a customer leg, and a transaction of an update and a read took four
// round trips to the database where this takes one.
func (db *DB) NoteCreate(ctx context.Context, callSID string, attempts int) (int, error) {
	var counts []int
	if err := scan(db.w.WithContext(ctx).Raw("UPDATE pending_dials SET creates = creates + 1"+
		" WHERE call_sid = ? AND attempts = ? RETURNING creates", callSID, attempts), &counts); err != nil {
		return 0, err
	}
	if len(counts) != 1 {
		return 0, switchboard.Errorf(switchboard.ENotFound, "the pending dial of %s is no longer this claim's", callSID)
	}
	return counts[0], nil
}
