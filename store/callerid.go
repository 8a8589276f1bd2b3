package store

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/dbfault"
)

var _ switchboard.CallerIDStore = (*DB)(nil)

// callerIDRow is a row of caller_ids.
type callerIDRow struct {
	ID             string `gorm:"column:id;primaryKey"`
	WorkspaceID    string `gorm:"column:workspace_id"`
	PhoneNumber    string `gorm:"column:phone_number"`
	FriendlyName   string `gorm:"column:friendly_name"`
	Status         string `gorm:"column:status"`
	ValidationCode string `gorm:"column:validation_code"`
	IsDefault      bool   `gorm:"column:is_default"`
	CreatedAt      time.Time
}

func (callerIDRow) TableName() string { return "caller_ids" }

func (r *callerIDRow) toDomain() *switchboard.CallerID {
	return &switchboard.CallerID{
		ID: r.ID, WorkspaceID: r.WorkspaceID, PhoneNumber: r.PhoneNumber, FriendlyName: r.FriendlyName,
		Status: switchboard.CallerIDStatus(r.Status), ValidationCode: r.ValidationCode,
		IsDefault: r.IsDefault, CreatedAt: r.CreatedAt.UTC(),
	}
}

// CreateCallerID implements switchboard.CallerIDStore. A number belongs
// to one workspace: the unique index on phone_number holds it even against
// two workspaces registering the same number at once. The workspace row
// is locked first (PostgreSQL), so two caller IDs created at once cannot
// both become the default; the partial unique index on the default would
// refuse the second anyway.
func (db *DB) CreateCallerID(ctx context.Context, c *switchboard.CallerID) error {
	c.WorkspaceID, c.PhoneNumber = strings.TrimSpace(c.WorkspaceID), strings.TrimSpace(c.PhoneNumber)
	switch {
	case c.WorkspaceID == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "workspaceId", "A workspace id is required.")
	case c.PhoneNumber == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "phoneNumber", "A phone number is required.")
	case c.Status != switchboard.CallerIDVerified && c.Status != switchboard.CallerIDPending:
		return switchboard.FieldErrorf(switchboard.EInvalid, "status", "Status must be verified or pending.")
	}
	row := callerIDRow{
		ID: newID(), WorkspaceID: c.WorkspaceID, PhoneNumber: c.PhoneNumber, FriendlyName: c.FriendlyName,
		Status: string(c.Status), ValidationCode: c.ValidationCode, IsDefault: c.IsDefault, CreatedAt: now(),
	}
	if row.Status == string(switchboard.CallerIDVerified) {
		row.ValidationCode = ""
	}
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := ensureWorkspace(tx, row.WorkspaceID); err != nil {
			return err
		}
		var ws struct{ ID string }
		if err := db.drv.Lock(tx).Table("workspaces").Select("id").Where("id = ?", row.WorkspaceID).Take(&ws).Error; err != nil {
			return err
		}
		var holders []string
		if err := tx.Model(&callerIDRow{}).Where("phone_number = ?", row.PhoneNumber).Limit(1).
			Pluck("workspace_id", &holders).Error; err != nil {
			return err
		}
		if len(holders) > 0 {
			return callerIDHeld(holders[0], row.WorkspaceID)
		}
		if !row.IsDefault {
			var defaults int64
			if err := tx.Model(&callerIDRow{}).Where("workspace_id = ? AND is_default = ?", row.WorkspaceID, true).
				Count(&defaults).Error; err != nil {
				return err
			}
			row.IsDefault = defaults == 0
		} else if err := tx.Model(&callerIDRow{}).Where("workspace_id = ? AND is_default = ?", row.WorkspaceID, true).
			Update("is_default", false).Error; err != nil {
			return err
		}
		return tx.Create(&row).Error
	})
	if dbfault.Duplicate(err) {
		// Another transaction registered the number meanwhile (the unique
		// index on phone_number stopped this one): say whose it is now.
		holder, ferr := db.CallerIDWorkspace(ctx, row.PhoneNumber)
		if ferr != nil {
			return ferr
		}
		return callerIDHeld(holder, row.WorkspaceID)
	}
	if err != nil {
		return err
	}
	*c = *row.toDomain()
	return nil
}

// callerIDHeld is the error for a number that holder already registered:
// ECallerIDExists for the same workspace, ECallerIDTaken for another, which
// it does not name.
func callerIDHeld(holder, workspaceID string) error {
	if holder == workspaceID {
		return switchboard.FieldErrorf(switchboard.ECallerIDExists, "phoneNumber", "This number is already a caller ID of the workspace.")
	}
	return switchboard.FieldErrorf(switchboard.ECallerIDTaken, "phoneNumber", "This number is a caller ID of another workspace; a number belongs to one workspace only.")
}

// CallerIDWorkspace implements switchboard.CallerIDStore.
func (db *DB) CallerIDWorkspace(ctx context.Context, phone string) (string, error) {
	var holders []string
	if err := db.r.WithContext(ctx).Model(&callerIDRow{}).Where("phone_number = ?", phone).Limit(1).
		Pluck("workspace_id", &holders).Error; err != nil {
		return "", err
	}
	if len(holders) == 0 {
		return "", notFound("Caller ID")
	}
	return holders[0], nil
}

// ListCallerIDs implements switchboard.CallerIDStore.
func (db *DB) ListCallerIDs(ctx context.Context, workspaceID string, page switchboard.Page) ([]*switchboard.CallerID, switchboard.Meta, error) {
	page = clampPage(page)
	r := db.r.WithContext(ctx)
	var total int64
	if err := r.Model(&callerIDRow{}).Where("workspace_id = ?", workspaceID).Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []callerIDRow
	if err := (keyset{timeCol: "created_at", idCol: "id"}).page(r.Where("workspace_id = ?", workspaceID), page).Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(c *callerIDRow) switchboard.PageKey {
		return switchboard.PageKey{Time: c.CreatedAt, ID: c.ID}
	})
	out := make([]*switchboard.CallerID, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// FindCallerIDByPhone implements switchboard.CallerIDStore.
func (db *DB) FindCallerIDByPhone(ctx context.Context, workspaceID, phone string) (*switchboard.CallerID, error) {
	var row callerIDRow
	err := db.r.WithContext(ctx).Where("workspace_id = ? AND phone_number = ?", workspaceID, phone).Take(&row).Error
	if err != nil {
		return nil, translate(err, "Caller ID")
	}
	return row.toDomain(), nil
}

// DefaultCallerID implements switchboard.CallerIDStore.
func (db *DB) DefaultCallerID(ctx context.Context, workspaceID string) (*switchboard.CallerID, error) {
	var row callerIDRow
	err := db.r.WithContext(ctx).Where("workspace_id = ? AND is_default = ?", workspaceID, true).Take(&row).Error
	if err != nil {
		return nil, translate(err, "Default caller ID")
	}
	return row.toDomain(), nil
}

// MarkCallerIDVerified implements switchboard.CallerIDStore.
func (db *DB) MarkCallerIDVerified(ctx context.Context, workspaceID, id string) error {
	res := db.w.WithContext(ctx).Model(&callerIDRow{}).Where("workspace_id = ? AND id = ?", workspaceID, id).
		Updates(map[string]any{"status": string(switchboard.CallerIDVerified), "validation_code": ""})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return notFound("Caller ID")
	}
	return nil
}
