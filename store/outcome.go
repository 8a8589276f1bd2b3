package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/dbfault"
)

var _ switchboard.OutcomeStore = (*DB)(nil)

// outcomeRow is a row of call_outcomes. NameKey is the name lower-cased in
// Go, so that both databases compare names the same way whatever their
// collation.
type outcomeRow struct {
	ID          string
	WorkspaceID string
	Name        string
	NameKey     string
	Kind        string
	Archived    bool
	Position    int
	CreatedAt   time.Time
}

func (outcomeRow) TableName() string { return "call_outcomes" }

func (r *outcomeRow) toDomain() *switchboard.CallOutcome {
	return &switchboard.CallOutcome{ID: r.ID, WorkspaceID: r.WorkspaceID, Name: r.Name,
		Kind: switchboard.OutcomeKind(r.Kind), Archived: r.Archived, CreatedAt: r.CreatedAt.UTC()}
}

func outcomeKey(name string) string { return strings.ToLower(name) }

func outcomeExists(name string) error {
	return switchboard.FieldErrorf(switchboard.EOutcomeExists, "name", "An outcome named %q exists.", name)
}

// ensureOutcomes writes the workspace's default outcomes unless it has
// outcomes already. Two processes doing it at once both insert the seven
// at positions 0–6 with ON CONFLICT DO NOTHING: the unique (workspace_id,
// position) and (workspace_id, name_key) indexes keep one set, whoever
// commits first.
func (db *DB) ensureOutcomes(tx *gorm.DB, workspaceID string) error {
	var n int64
	if err := tx.Model(&outcomeRow{}).Where("workspace_id = ?", workspaceID).Limit(1).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	t := now()
	rows := make([]outcomeRow, len(switchboard.DefaultOutcomes))
	for i, d := range switchboard.DefaultOutcomes {
		rows[i] = outcomeRow{ID: newID(), WorkspaceID: workspaceID, Name: d.Name, NameKey: outcomeKey(d.Name),
			Kind: string(d.Kind), Position: i, CreatedAt: t}
	}
	return tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error
}

// hasOutcomes reports whether the workspace's outcomes were written, on
// the reader: the common case, so a read of them writes nothing.
func (db *DB) hasOutcomes(ctx context.Context, workspaceID string) (bool, error) {
	var ids []string
	err := db.r.WithContext(ctx).Model(&outcomeRow{}).Where("workspace_id = ?", workspaceID).Limit(1).Pluck("id", &ids).Error
	return len(ids) > 0, err
}

// ListOutcomes implements switchboard.OutcomeStore: position order; a
// cursor's key is the id of the last outcome of the previous page.
func (db *DB) ListOutcomes(ctx context.Context, workspaceID string, includeArchived bool, page switchboard.Page) ([]*switchboard.CallOutcome, switchboard.Meta, error) {
	page = clampPage(page)
	ok, err := db.hasOutcomes(ctx, workspaceID)
	if err != nil {
		return nil, switchboard.Meta{}, err
	}
	if !ok {
		if err := db.transact(ctx, func(tx *gorm.DB) error { return db.ensureOutcomes(tx, workspaceID) }); err != nil {
			return nil, switchboard.Meta{}, err
		}
	}
	r := db.r.WithContext(ctx)
	q := func() *gorm.DB {
		q := r.Model(&outcomeRow{}).Where("workspace_id = ?", workspaceID)
		if !includeArchived {
			q = q.Where("archived = ?", false)
		}
		return q
	}
	rows, meta, err := byPosition(q, page, "SELECT position FROM call_outcomes WHERE workspace_id = ? AND id = ?", []any{workspaceID},
		func(o *outcomeRow) switchboard.PageKey { return switchboard.PageKey{ID: o.ID} })
	if err != nil {
		return nil, switchboard.Meta{}, err
	}
	out := make([]*switchboard.CallOutcome, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// FindOutcome implements switchboard.OutcomeStore.
func (db *DB) FindOutcome(ctx context.Context, workspaceID, id string) (*switchboard.CallOutcome, error) {
	var row outcomeRow
	if err := db.r.WithContext(ctx).Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error; err != nil {
		return nil, translate(err, "Outcome")
	}
	return row.toDomain(), nil
}

func checkOutcome(o *switchboard.CallOutcome) error {
	switch {
	case o.WorkspaceID == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "workspaceId", "A workspace id is required.")
	case strings.TrimSpace(o.Name) == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "name", "A name is required.")
	case !o.Kind.Valid():
		return switchboard.FieldErrorf(switchboard.EInvalid, "kind", "Unknown outcome kind %q.", o.Kind)
	}
	return nil
}

// insertOutcome puts o after the workspace's other outcomes: its position
// is read by the insert itself. Two creates at once on PostgreSQL may both
// read the same last position; the second's insert then does nothing on the
// unique (workspace_id, position) index, and it tries again with the
// position the first one committed.
const insertOutcome = `INSERT INTO call_outcomes (id, workspace_id, name, name_key, kind, position, created_at)
SELECT ?, ?, ?, ?, ?, COALESCE(MAX(position), -1) + 1, ? FROM call_outcomes WHERE workspace_id = ?
ON CONFLICT DO NOTHING`

// CreateOutcome implements switchboard.OutcomeStore.
func (db *DB) CreateOutcome(ctx context.Context, o *switchboard.CallOutcome) error {
	if err := checkOutcome(o); err != nil {
		return err
	}
	var row outcomeRow
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := db.ensureOutcomes(tx, o.WorkspaceID); err != nil {
			return err
		}
		key := outcomeKey(o.Name)
		for range 8 {
			var taken int64
			if err := tx.Model(&outcomeRow{}).Where("workspace_id = ? AND name_key = ?", o.WorkspaceID, key).Count(&taken).Error; err != nil {
				return err
			}
			if taken > 0 {
				return outcomeExists(o.Name)
			}
			id, t := newID(), now()
			res := tx.Exec(insertOutcome, id, o.WorkspaceID, o.Name, key, string(o.Kind), t, o.WorkspaceID)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 1 {
				return tx.Where("id = ?", id).Take(&row).Error
			}
		}
		return switchboard.Errorf(switchboard.EUnavailable, "Too many outcomes were created at once; retry shortly.")
	})
	if err != nil {
		return err
	}
	*o = *row.toDomain()
	return nil
}

// UpdateOutcome implements switchboard.OutcomeStore.
func (db *DB) UpdateOutcome(ctx context.Context, workspaceID, id string, patch switchboard.OutcomePatch) (*switchboard.CallOutcome, error) {
	if patch.Name != nil && strings.TrimSpace(*patch.Name) == "" {
		return nil, switchboard.FieldErrorf(switchboard.EInvalid, "name", "A name is required.")
	}
	var row outcomeRow
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := db.drv.Lock(tx).Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error; err != nil {
			return translate(err, "Outcome")
		}
		upd := map[string]any{}
		if n := patch.Name; n != nil && *n != row.Name {
			key := outcomeKey(*n)
			var taken int64
			if err := tx.Model(&outcomeRow{}).Where("workspace_id = ? AND name_key = ? AND id <> ?", workspaceID, key, id).Count(&taken).Error; err != nil {
				return err
			}
			if taken > 0 {
				return outcomeExists(*n)
			}
			upd["name"], upd["name_key"] = *n, key
		}
		if a := patch.Archived; a != nil && *a != row.Archived {
			upd["archived"] = *a
		}
		if len(upd) == 0 {
			return nil
		}
		if err := tx.Model(&outcomeRow{}).Where("id = ?", id).Updates(upd).Error; err != nil {
			if dbfault.Duplicate(err) && patch.Name != nil {
				return outcomeExists(*patch.Name) // a rename to the same name committed meanwhile
			}
			return err
		}
		return tx.Where("id = ?", id).Take(&row).Error
	})
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

// outcomeFor reads an outcome of the workspace inside tx; nil when there
// is none. It is not locked: an outcome archived while a call takes it
// stays on that call, as it would had the call come first.
func outcomeFor(tx *gorm.DB, workspaceID, id string) (*outcomeRow, error) {
	var row outcomeRow
	err := tx.Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &row, err
}
