package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
)

// dncRow is a row of dnc_entries.
type dncRow struct {
	ID          string
	WorkspaceID string
	Phone       string
	Reason      string
	CreatedAt   time.Time
}

func (dncRow) TableName() string { return "dnc_entries" }

func (r *dncRow) toDomain() *switchboard.DNCEntry {
	return &switchboard.DNCEntry{
		ID:          r.ID,
		WorkspaceID: r.WorkspaceID,
		Phone:       r.Phone,
		Reason:      r.Reason,
		CreatedAt:   r.CreatedAt.UTC(),
	}
}

// AddDNC implements switchboard.DNCService. Two requests listing the same
// number at once are settled by the unique (workspace_id, phone) index: the
// loser's insert does nothing and it reads the winner's entry.
func (db *DB) AddDNC(ctx context.Context, e *switchboard.DNCEntry) (bool, error) {
	switch {
	case e.WorkspaceID == "":
		return false, switchboard.FieldErrorf(switchboard.EInvalid, "workspaceId", "A workspace id is required.")
	case e.Phone == "":
		return false, switchboard.FieldErrorf(switchboard.EInvalid, "phone", "A phone number is required.")
	}
	row := dncRow{ID: newID(), WorkspaceID: e.WorkspaceID, Phone: e.Phone, Reason: e.Reason, CreatedAt: now()}
	created := false
	err := db.w.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := ensureWorkspace(tx, row.WorkspaceID); err != nil {
			return err
		}
		res := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "workspace_id"}, {Name: "phone"}},
			DoNothing: true,
		}).Create(&row)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 1 {
			created = true
			return nil
		}
		// A fresh value: Take adds the primary key of a non-empty one to
		// its conditions.
		var stored dncRow
		err := tx.Where("workspace_id = ? AND phone = ?", row.WorkspaceID, row.Phone).Take(&stored).Error
		row = stored
		return err
	})
	if err != nil {
		return false, err
	}
	*e = *row.toDomain()
	if created {
		db.logger.DebugContext(ctx, "dnc entry added", "workspace", e.WorkspaceID, "entry", e.ID)
	}
	return created, nil
}

// ListDNC implements switchboard.DNCService. A do-not-call list is short
// next to the contacts, so its total is an exact count.
func (db *DB) ListDNC(ctx context.Context, workspaceID string, page switchboard.Page) ([]*switchboard.DNCEntry, switchboard.Meta, error) {
	page = clampPage(page)
	r := db.r.WithContext(ctx)
	var total int64
	if err := r.Model(&dncRow{}).Where("workspace_id = ?", workspaceID).Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []dncRow
	if err := (keyset{"created_at", "id"}).page(r.Where("workspace_id = ?", workspaceID), page).Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(e *dncRow) switchboard.PageKey {
		return switchboard.PageKey{Time: e.CreatedAt, ID: e.ID}
	})
	out := make([]*switchboard.DNCEntry, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// FindDNCByPhone implements switchboard.DNCService.
func (db *DB) FindDNCByPhone(ctx context.Context, workspaceID, phone string) (*switchboard.DNCEntry, error) {
	var row dncRow
	err := db.r.WithContext(ctx).Where("workspace_id = ? AND phone = ?", workspaceID, phone).Take(&row).Error
	if err != nil {
		return nil, translate(err, "DNC entry")
	}
	return row.toDomain(), nil
}

// DeleteDNC implements switchboard.DNCService.
func (db *DB) DeleteDNC(ctx context.Context, workspaceID, id string) error {
	res := db.w.WithContext(ctx).Where("workspace_id = ? AND id = ?", workspaceID, id).Delete(&dncRow{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return notFound("DNC entry")
	}
	return nil
}
