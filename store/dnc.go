package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
)

// dncRow is a row of dnc_entries. Rows with a removed_at are history: the
// unique (workspace_id, phone) index covers only the listed ones.
type dncRow struct {
	ID            string
	WorkspaceID   string
	Phone         string
	Reason        string
	Source        string
	AddedBy       string
	CreatedAt     time.Time
	RemovedAt     *time.Time
	RemovedBy     *string
	RemovalReason *string
	CallSID       *string `gorm:"column:call_sid"` // set with source call
}

func (dncRow) TableName() string { return "dnc_entries" }

func (r *dncRow) toDomain() *switchboard.DNCEntry {
	e := &switchboard.DNCEntry{
		ID:          r.ID,
		WorkspaceID: r.WorkspaceID,
		Phone:       r.Phone,
		Reason:      r.Reason,
		Source:      switchboard.DNCSource(r.Source),
		AddedBy:     r.AddedBy,
		CreatedAt:   r.CreatedAt.UTC(),
		RemovedAt:   utcPtr(r.RemovedAt),
	}
	if r.RemovedBy != nil {
		e.RemovedBy = *r.RemovedBy
	}
	if r.RemovalReason != nil {
		e.RemovalReason = *r.RemovalReason
	}
	if r.CallSID != nil {
		e.CallSID = *r.CallSID
	}
	return e
}

// listed is the condition of the entries that still block calls.
const listed = "removed_at IS NULL"

func newDNCRow(e *switchboard.DNCEntry, t time.Time) dncRow {
	src := e.Source
	if src == "" {
		src = switchboard.DNCSourceAPI
	}
	r := dncRow{ID: newID(), WorkspaceID: e.WorkspaceID, Phone: e.Phone, Reason: e.Reason,
		Source: string(src), AddedBy: e.AddedBy, CreatedAt: t}
	if e.CallSID != "" {
		r.Source, r.CallSID = string(switchboard.DNCSourceCall), &e.CallSID
	}
	return r
}

// onListedConflict targets the partial unique index of the listed entries.
var onListedConflict = clause.OnConflict{
	Columns:     []clause.Column{{Name: "workspace_id"}, {Name: "phone"}},
	TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: listed}}},
	DoNothing:   true,
}

// AddDNC implements switchboard.DNCStore. Two requests listing the same
// number at once are settled by the unique index of listed entries: the
// loser's insert does nothing and it reads the winner's entry.
func (db *DB) AddDNC(ctx context.Context, e *switchboard.DNCEntry) (bool, error) {
	switch {
	case e.WorkspaceID == "":
		return false, switchboard.FieldErrorf(switchboard.EInvalid, "workspaceId", "A workspace id is required.")
	case e.Phone == "":
		return false, switchboard.FieldErrorf(switchboard.EInvalid, "phone", "A phone number is required.")
	}
	row := newDNCRow(e, now())
	created := false
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := ensureWorkspace(tx, row.WorkspaceID); err != nil {
			return err
		}
		if e.CallSID != "" {
			if err := checkDNCCall(tx, e); err != nil {
				return err
			}
		}
		var err error
		created, err = db.addDNC(tx, &row)
		return err
	})
	if err != nil {
		return false, err
	}
	*e = *row.toDomain()
	if created {
		db.logger.DebugContext(ctx, "dnc entry added", "workspace", e.WorkspaceID, "entry", e.ID, "source", e.Source)
	}
	return created, nil
}

// addDNC lists row's number inside tx unless it is listed already, in
// which case row becomes the listed entry; it reports whether it listed it.
func (db *DB) addDNC(tx *gorm.DB, row *dncRow) (bool, error) {
	created, err := insertOrTake(tx, row, onListedConflict, "workspace_id = ? AND phone = ? AND "+listed, row.WorkspaceID, row.Phone)
	if err != nil || !created {
		return created, err
	}
	return true, db.emit(tx, row.WorkspaceID, switchboard.EventDNCAdded, row.toDomain())
}

// checkDNCCall holds a call outcome's entry to its call: a call of the
// entry's workspace whose customer number is the entry's phone, so that
// `source: call` never names a call that did not dial the number.
func checkDNCCall(tx *gorm.DB, e *switchboard.DNCEntry) error {
	var call callRow
	err := tx.Select("to_number").Where("workspace_id = ? AND call_sid = ?", e.WorkspaceID, e.CallSID).Take(&call).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return switchboard.FieldErrorf(switchboard.ENotFound, "callSid", "Call not found.")
	} else if err != nil {
		return err
	}
	if call.ToNumber != e.Phone {
		return switchboard.FieldErrorf(switchboard.EInvalid, "phone", "%s is not the customer number of call %s.", e.Phone, e.CallSID)
	}
	return nil
}

// ImportDNC implements switchboard.DNCStore.
func (db *DB) ImportDNC(ctx context.Context, workspaceID string, entries []*switchboard.DNCEntry) ([]bool, error) {
	created := make([]bool, len(entries))
	t := now()
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := ensureWorkspace(tx, workspaceID); err != nil {
			return err
		}
		for i, e := range entries {
			e.WorkspaceID = workspaceID
			row := newDNCRow(e, t)
			res := tx.Clauses(onListedConflict).Create(&row)
			if res.Error != nil {
				return res.Error
			}
			created[i] = res.RowsAffected == 1
			if created[i] {
				if err := db.emit(tx, workspaceID, switchboard.EventDNCAdded, row.toDomain()); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return created, nil
}

// ListDNC implements switchboard.DNCStore. A do-not-call list is short
// next to the contacts, so its total is an exact count.
func (db *DB) ListDNC(ctx context.Context, workspaceID string, page switchboard.Page) ([]*switchboard.DNCEntry, switchboard.Meta, error) {
	return db.listDNC(ctx, db.r.WithContext(ctx).Where("workspace_id = ? AND "+listed, workspaceID), page)
}

// ListDNCHistory implements switchboard.DNCStore.
func (db *DB) ListDNCHistory(ctx context.Context, workspaceID, phone string, page switchboard.Page) ([]*switchboard.DNCEntry, switchboard.Meta, error) {
	q := db.r.WithContext(ctx).Where("workspace_id = ?", workspaceID)
	if phone != "" {
		q = q.Where("phone = ?", phone)
	}
	return db.listDNC(ctx, q, page)
}

func (db *DB) listDNC(_ context.Context, q *gorm.DB, page switchboard.Page) ([]*switchboard.DNCEntry, switchboard.Meta, error) {
	page = clampPage(page)
	var total int64
	if err := q.Session(&gorm.Session{}).Model(&dncRow{}).Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []dncRow
	if err := (keyset{timeCol: "created_at", idCol: "id"}).page(q.Session(&gorm.Session{}), page).Find(&rows).Error; err != nil {
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

// FindDNCByPhone implements switchboard.DNCStore.
func (db *DB) FindDNCByPhone(ctx context.Context, workspaceID, phone string) (*switchboard.DNCEntry, error) {
	var row dncRow
	err := db.r.WithContext(ctx).Where("workspace_id = ? AND phone = ? AND "+listed, workspaceID, phone).Take(&row).Error
	if err != nil {
		return nil, translate(err, "DNC entry")
	}
	return row.toDomain(), nil
}

// DeleteDNC implements switchboard.DNCStore: the entry is marked removed,
// never deleted.
func (db *DB) DeleteDNC(ctx context.Context, workspaceID, id string, by switchboard.DNCRemoval) error {
	err := db.transact(ctx, func(tx *gorm.DB) error {
		res := tx.Model(&dncRow{}).
			Where("workspace_id = ? AND id = ? AND "+listed, workspaceID, id).
			Updates(map[string]any{"removed_at": now(), "removed_by": by.By, "removal_reason": by.Reason})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return notFound("DNC entry")
		}
		return db.emitDNCRemoved(tx, workspaceID, id)
	})
	if err != nil {
		return err
	}
	db.logger.DebugContext(ctx, "dnc entry removed", "workspace", workspaceID, "entry", id)
	return nil
}
