package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// UpdateCall implements switchboard.CallStore. The call is read under its
// row lock (PostgreSQL) or the single writer (SQLite), so two changes of one
// call never interleave, and a change decides on the state it will write
// over. Only the control columns are written, and only those that changed.
func (db *DB) UpdateCall(ctx context.Context, callSID string, change switchboard.CallChange) (*switchboard.Call, error) {
	var out *switchboard.Call
	err := db.transact(ctx, func(tx *gorm.DB) error {
		var row callRow
		if err := db.drv.Lock(tx).Where("call_sid = ?", callSID).Take(&row).Error; err != nil {
			return translate(err, "Call")
		}
		before := row.toDomain()
		after := row.toDomain()
		events, err := change(after)
		if err != nil {
			return err
		}
		t := now()
		if upd := controlChanges(before, after); len(upd) > 0 {
			upd["updated_at"] = t
			if err := tx.Model(&callRow{}).Where("call_sid = ?", callSID).Updates(upd).Error; err != nil {
				return err
			}
		}
		for _, ev := range events {
			ev.CallSID = callSID
			if err := db.addControlEvent(tx, ev); err != nil {
				return err
			}
		}
		var fresh callRow
		if err := tx.Where("call_sid = ?", callSID).Take(&fresh).Error; err != nil {
			return err
		}
		if out, err = db.callOf(tx, &fresh); err != nil {
			return err
		}
		return db.emitTransfer(tx, before, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// controlChanges lists the control columns that differ between before and
// after; the rest of after is ignored.
func controlChanges(before, after *switchboard.Call) map[string]any {
	upd := map[string]any{}
	if after.ConferenceSID != before.ConferenceSID {
		upd["conference_sid"] = after.ConferenceSID
	}
	if after.OnHold != before.OnHold {
		upd["on_hold"] = after.OnHold
	}
	if after.Muted != before.Muted {
		upd["muted"] = after.Muted
	}
	if after.AnsweredBy != before.AnsweredBy {
		upd["answered_by"] = nullable(string(after.AnsweredBy))
	}
	if after.VoicemailDropID != before.VoicemailDropID {
		upd["voicemail_drop_id"] = nullable(after.VoicemailDropID)
	}
	var b, a switchboard.Transfer
	if before.Transfer != nil {
		b = *before.Transfer
	}
	if after.Transfer != nil {
		a = *after.Transfer
	}
	if a != b {
		upd["transfer_type"], upd["transfer_target"] = a.Type, a.Target
		upd["transfer_status"], upd["transfer_call_sid"] = a.Status, a.TargetCallSID
	}
	return upd
}

// addControlEvent stores a call-control event inside tx. Its Sequence is
// the next number for its leg, source and step, so that the same step
// taken twice (hold, unhold, hold) is kept twice under the key that keeps a
// repeated provider callback once.
func (db *DB) addControlEvent(tx *gorm.DB, ev *switchboard.CallEvent) error {
	var next int
	err := scan(tx.Model(&callEventRow{}).
		Where("leg_sid = ? AND source = ? AND provider_status = ?", ev.LegSID, ev.Source, ev.ProviderStatus).
		Select("COALESCE(MAX(sequence), -1) + 1"), &next)
	if err != nil {
		return err
	}
	t := now()
	ev.Sequence, ev.Applied, ev.CreatedAt = next, true, t
	row := eventRowOf(ev, &ev.CallSID, true, t)
	if err := tx.Create(&row).Error; err != nil {
		return err
	}
	ev.ID = row.ID
	return nil
}

// HangUpCall implements switchboard.CallStore. It decides on the call as
// stored, not as the caller read it: a customer who answered between that
// read and this write makes the call completed, not failed.
func (db *DB) HangUpCall(ctx context.Context, callSID, reason string) (*switchboard.Call, bool, error) {
	var out *switchboard.Call
	changed := false
	err := db.transact(ctx, func(tx *gorm.DB) error {
		changed = false
		var row callRow
		if err := db.drv.Lock(tx).Where("call_sid = ?", callSID).Take(&row).Error; err != nil {
			return translate(err, "Call")
		}
		if row.StatusRank < switchboard.CallCompleted.Rank() {
			t := now()
			status, step := switchboard.CallFailed, "canceled"
			upd := map[string]any{"status_rank": switchboard.CallCompleted.Rank(), "ended_at": t, "updated_at": t}
			if row.AnsweredAt != nil {
				status, step = switchboard.CallCompleted, "completed"
				upd["duration"] = int(t.Sub(*row.AnsweredAt).Round(time.Second) / time.Second)
			} else {
				upd["failure_reason"] = reason
			}
			upd["status"] = string(status)
			if err := tx.Model(&callRow{}).Where("call_sid = ?", callSID).Updates(upd).Error; err != nil {
				return err
			}
			ev := &switchboard.CallEvent{CallSID: callSID, LegSID: callSID, Source: switchboard.EventHangup,
				ProviderStatus: step, Status: status}
			if err := db.addControlEvent(tx, ev); err != nil {
				return err
			}
			changed = true
		}
		if err := tx.Where("call_sid = ?", callSID).Delete(&pendingDialRow{}).Error; err != nil {
			return err
		}
		var fresh callRow
		if err := tx.Where("call_sid = ?", callSID).Take(&fresh).Error; err != nil {
			return err
		}
		if changed {
			if err := db.emitCall(tx, &fresh); err != nil {
				return err
			}
		}
		var err error
		out, err = db.callOf(tx, &fresh)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return out, changed, nil
}
