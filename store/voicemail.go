package store

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

var _ switchboard.VoicemailDropStore = (*DB)(nil)

// voicemailDropRow is a row of voicemail_drops. A deleted drop keeps its
// row (DeletedAt set) for the calls that played it.
type voicemailDropRow struct {
	ID          string
	WorkspaceID string
	Name        string
	AudioURL    string `gorm:"column:audio_url"`
	CreatedAt   time.Time
	DeletedAt   sql.NullTime `gorm:"column:deleted_at"`
}

func (voicemailDropRow) TableName() string { return "voicemail_drops" }

func (r *voicemailDropRow) toDomain() *switchboard.VoicemailDrop {
	return &switchboard.VoicemailDrop{ID: r.ID, WorkspaceID: r.WorkspaceID, Name: r.Name,
		AudioURL: r.AudioURL, CreatedAt: r.CreatedAt.UTC()}
}

// liveDrop selects the drops that are not deleted.
const liveDrop = "deleted_at IS NULL"

// CreateVoicemailDrop implements switchboard.VoicemailDropStore.
func (db *DB) CreateVoicemailDrop(ctx context.Context, d *switchboard.VoicemailDrop) error {
	switch {
	case d.WorkspaceID == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "workspaceId", "A workspace id is required.")
	case strings.TrimSpace(d.Name) == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "name", "A name is required.")
	case d.AudioURL == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "audioUrl", "An audio URL is required.")
	}
	row := voicemailDropRow{ID: newID(), WorkspaceID: d.WorkspaceID, Name: d.Name, AudioURL: d.AudioURL, CreatedAt: now()}
	if err := db.transact(ctx, func(tx *gorm.DB) error { return tx.Create(&row).Error }); err != nil {
		return err
	}
	*d = *row.toDomain()
	return nil
}

// ListVoicemailDrops implements switchboard.VoicemailDropStore.
func (db *DB) ListVoicemailDrops(ctx context.Context, workspaceID string, page switchboard.Page) ([]*switchboard.VoicemailDrop, switchboard.Meta, error) {
	page = clampPage(page)
	q := db.r.WithContext(ctx).Model(&voicemailDropRow{}).Where("workspace_id = ? AND "+liveDrop, workspaceID)
	var total int64
	if err := q.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []voicemailDropRow
	if err := (keyset{timeCol: "created_at", idCol: "id"}).page(q.Session(&gorm.Session{}), page).Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(r *voicemailDropRow) switchboard.PageKey {
		return switchboard.PageKey{Time: r.CreatedAt, ID: r.ID}
	})
	out := make([]*switchboard.VoicemailDrop, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// FindVoicemailDrop implements switchboard.VoicemailDropStore.
func (db *DB) FindVoicemailDrop(ctx context.Context, workspaceID, id string) (*switchboard.VoicemailDrop, error) {
	var row voicemailDropRow
	err := db.r.WithContext(ctx).Where("workspace_id = ? AND id = ? AND "+liveDrop, workspaceID, id).Take(&row).Error
	if err != nil {
		return nil, translate(err, "Voicemail drop")
	}
	return row.toDomain(), nil
}

// DeleteVoicemailDrop implements switchboard.VoicemailDropStore: the row is
// marked deleted, never removed.
func (db *DB) DeleteVoicemailDrop(ctx context.Context, workspaceID, id string) error {
	return db.transact(ctx, func(tx *gorm.DB) error {
		res := tx.Model(&voicemailDropRow{}).Where("workspace_id = ? AND id = ? AND "+liveDrop, workspaceID, id).
			Update("deleted_at", now())
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return notFound("Voicemail drop")
		}
		return nil
	})
}
