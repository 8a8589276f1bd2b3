package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

var _ switchboard.RecordingStore = (*DB)(nil)

// recordingRow is a row of recordings.
type recordingRow struct {
	RecordingSID string `gorm:"column:recording_sid;primaryKey"`
	CallSID      string `gorm:"column:call_sid"`
	WorkspaceID  string `gorm:"column:workspace_id"`
	LegSID       string `gorm:"column:leg_sid"`
	Status       string `gorm:"column:status"`
	StatusRank   int    `gorm:"column:status_rank"`
	Channels     string `gorm:"column:channels"`
	Duration     *int   `gorm:"column:duration"`
	MediaURL     string `gorm:"column:media_url"`
	StartedAt    time.Time
	CompletedAt  *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (recordingRow) TableName() string { return "recordings" }

func (r *recordingRow) toDomain() *switchboard.Recording {
	return &switchboard.Recording{
		RecordingSID: r.RecordingSID, CallSID: r.CallSID, WorkspaceID: r.WorkspaceID, LegSID: r.LegSID,
		Status: switchboard.RecordingStatus(r.Status), Channels: r.Channels, Duration: r.Duration,
		MediaURL: r.MediaURL, StartedAt: r.StartedAt.UTC(), CompletedAt: utcPtr(r.CompletedAt),
	}
}

func checkRecording(r *switchboard.Recording) error {
	switch {
	case r.RecordingSID == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "recordingSid", "A recording SID is required.")
	case r.CallSID == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "callSid", "A call SID is required.")
	case r.Status.Rank() < 0:
		return switchboard.FieldErrorf(switchboard.EInvalid, "status", "Unknown recording status %q.", r.Status)
	case r.Channels != "mono" && r.Channels != "dual":
		return switchboard.FieldErrorf(switchboard.EInvalid, "channels", "Channels is mono or dual.")
	}
	return nil
}

// CreateRecording implements switchboard.RecordingStore.
func (db *DB) CreateRecording(ctx context.Context, r *switchboard.Recording) error {
	if err := checkRecording(r); err != nil {
		return err
	}
	t := now()
	started := r.StartedAt.UTC()
	if started.IsZero() {
		started = t
	}
	row := recordingRow{
		RecordingSID: r.RecordingSID, CallSID: r.CallSID, WorkspaceID: r.WorkspaceID, LegSID: r.LegSID,
		Status: string(r.Status), StatusRank: r.Status.Rank(), Channels: r.Channels, Duration: r.Duration,
		MediaURL: r.MediaURL, StartedAt: started, CreatedAt: t, UpdatedAt: t,
	}
	if r.Status.Final() {
		row.CompletedAt = &t
	}
	err := db.transact(ctx, func(tx *gorm.DB) error {
		var call callRow
		if err := db.drv.Lock(tx).Where("call_sid = ?", r.CallSID).Take(&call).Error; err != nil {
			return translate(err, "Call")
		}
		created, err := insertOrTake(tx, &row, onKey("recording_sid"), "recording_sid = ?", r.RecordingSID)
		if err != nil || !created {
			return err
		}
		ev := &switchboard.CallEvent{CallSID: r.CallSID, LegSID: r.RecordingSID, Source: switchboard.EventRecording,
			ProviderStatus: string(r.Status)}
		return db.addControlEvent(tx, ev)
	})
	if err != nil {
		return err
	}
	*r = *row.toDomain()
	return nil
}

// FindRecording implements switchboard.RecordingStore.
func (db *DB) FindRecording(ctx context.Context, workspaceID, recordingSID string) (*switchboard.Recording, error) {
	var row recordingRow
	err := db.r.WithContext(ctx).Where("workspace_id = ? AND recording_sid = ?", workspaceID, recordingSID).Take(&row).Error
	if err != nil {
		return nil, translate(err, "Recording")
	}
	return row.toDomain(), nil
}

// ListRecordings implements switchboard.RecordingStore.
func (db *DB) ListRecordings(ctx context.Context, callSID string, page switchboard.Page) ([]*switchboard.Recording, switchboard.Meta, error) {
	page = clampPage(page)
	q := func() *gorm.DB { return db.r.WithContext(ctx).Model(&recordingRow{}).Where("call_sid = ?", callSID) }
	var total int64
	if err := q().Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []recordingRow
	if err := (keyset{timeCol: "started_at", idCol: "recording_sid"}).page(q(), page).Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(r *recordingRow) switchboard.PageKey {
		return switchboard.PageKey{Time: r.StartedAt, ID: r.RecordingSID}
	})
	out := make([]*switchboard.Recording, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// UpdateRecording implements switchboard.RecordingStore. The decision is
// made on the row as stored, under its lock, so a late or repeated status
// callback never moves a recording back.
func (db *DB) UpdateRecording(ctx context.Context, recordingSID string, u switchboard.RecordingUpdate) (*switchboard.Recording, bool, error) {
	if u.Status != "" && u.Status.Rank() < 0 {
		return nil, false, switchboard.FieldErrorf(switchboard.EInvalid, "status", "Unknown recording status %q.", u.Status)
	}
	var out recordingRow
	moved := false
	err := db.transact(ctx, func(tx *gorm.DB) error {
		moved = false
		var row recordingRow
		if err := db.drv.Lock(tx).Where("recording_sid = ?", recordingSID).Take(&row).Error; err != nil {
			return translate(err, "Recording")
		}
		out = row
		cur := switchboard.RecordingStatus(row.Status)
		if u.Status == "" {
			u.Status = cur
		}
		if cur.Final() || u.Status.Rank() < cur.Rank() {
			return nil
		}
		t := now()
		upd := map[string]any{"updated_at": t}
		if u.Status != cur {
			upd["status"], upd["status_rank"] = string(u.Status), u.Status.Rank()
			moved = true
		}
		if u.Status.Final() {
			upd["completed_at"] = t
		}
		if u.Duration != nil {
			upd["duration"] = *u.Duration
		}
		if u.MediaURL != "" {
			upd["media_url"] = u.MediaURL
		}
		if err := tx.Model(&recordingRow{}).Where("recording_sid = ?", recordingSID).Updates(upd).Error; err != nil {
			return err
		}
		if moved {
			ev := &switchboard.CallEvent{CallSID: row.CallSID, LegSID: recordingSID, Source: switchboard.EventRecording,
				ProviderStatus: string(u.Status)}
			if err := db.addControlEvent(tx, ev); err != nil {
				return err
			}
		}
		if err := tx.Where("recording_sid = ?", recordingSID).Take(&out).Error; err != nil {
			return err
		}
		return db.emitRecording(tx, moved, &out)
	})
	if err != nil {
		return nil, false, err
	}
	return out.toDomain(), moved, nil
}
