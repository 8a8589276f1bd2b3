package store

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
)

// contactRef is calls.contact_id. A call being inserted carries the
// workspace and number it dials instead of an id, and the insert finds the
// contact itself, by a sub-select on the unique (workspace_id, phone)
// index: the call-control webhook pays no round trip for it, and the
// RETURNING of that insert (returnContact) hands the id back.
type contactRef struct {
	ID           string
	ws, phone    string
	matchOnWrite bool
}

// contactByPhone is the contact_id of a call to phone in ws.
func contactByPhone(ws, phone string) contactRef {
	return contactRef{ws: ws, phone: phone, matchOnWrite: phone != ""}
}

// GormDataType keeps GORM from reading the struct as a relation.
func (contactRef) GormDataType() string { return "string" }

// GormValue is what an insert writes: the sub-select, or the id.
func (c contactRef) GormValue(context.Context, *gorm.DB) clause.Expr {
	if c.matchOnWrite {
		return clause.Expr{SQL: "(SELECT CAST(id AS TEXT) FROM contacts WHERE workspace_id = ? AND phone = ?)",
			Vars: []any{c.ws, c.phone}}
	}
	if c.ID == "" {
		return clause.Expr{SQL: "NULL"}
	}
	return clause.Expr{SQL: "?", Vars: []any{c.ID}}
}

// Value is the id, for a statement built without GORM's expressions.
func (c contactRef) Value() (driver.Value, error) {
	if c.ID == "" {
		return nil, nil
	}
	return c.ID, nil
}

// Scan reads the id; NULL is "".
func (c *contactRef) Scan(v any) error {
	*c = contactRef{}
	switch v := v.(type) {
	case nil:
	case string:
		c.ID = v
	case []byte:
		c.ID = string(v)
	default:
		return fmt.Errorf("store: contact_id of type %T", v)
	}
	return nil
}

// insertCall inserts row unless a call with its SID exists, in which case
// row becomes the stored call (insertOrTake's rule). The insert returns the
// contact_id its sub-select found, so the call is known whole without
// another round trip.
func insertCall(tx *gorm.DB, row *callRow) (bool, error) {
	return insertOrTake(tx.Clauses(returnContact), row, onKey("call_sid"), "call_sid = ?", row.CallSID)
}

// returnContact makes a call's insert return the contact_id it found.
var returnContact = clause.Returning{Columns: []clause.Column{{Name: "contact_id"}}}

// decodeTags reads calls.tags; never nil.
func decodeTags(s string) []string {
	tags := []string{}
	if s != "" {
		_ = json.Unmarshal([]byte(s), &tags) // written only by encodeTags
	}
	if tags == nil {
		tags = []string{}
	}
	return tags
}

func encodeTags(tags []string) string {
	if len(tags) == 0 {
		return "[]"
	}
	b, _ := json.Marshal(tags) // strings always encode
	return string(b)
}

// outcomeRefRow is the part of a call_outcomes row a call shows.
type outcomeRefRow struct {
	ID   string
	Name string
	Kind string
}

// callOf is the call of row, with its outcome read from call_outcomes on q
// (a transaction, or the reader pool). A call without an outcome costs no
// query.
func (db *DB) callOf(q *gorm.DB, row *callRow) (*switchboard.Call, error) {
	out, err := db.callsOf(q, []callRow{*row})
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// callsOf is callOf for many rows, with one query for all their outcomes.
func (db *DB) callsOf(q *gorm.DB, rows []callRow) ([]*switchboard.Call, error) {
	out := make([]*switchboard.Call, len(rows))
	var ids []string
	seen := map[string]bool{}
	for i := range rows {
		out[i] = rows[i].toDomain()
		if id := rows[i].OutcomeID; id != nil && !seen[*id] {
			seen[*id] = true
			ids = append(ids, *id)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	var refs []outcomeRefRow
	if err := q.Table("call_outcomes").Select("id, name, kind").Where("id IN ?", ids).Find(&refs).Error; err != nil {
		return nil, err
	}
	byID := make(map[string]*switchboard.OutcomeRef, len(refs))
	for _, r := range refs {
		byID[r.ID] = &switchboard.OutcomeRef{ID: r.ID, Name: r.Name, Kind: switchboard.OutcomeKind(r.Kind)}
	}
	for i := range rows {
		if id := rows[i].OutcomeID; id != nil {
			if ref := byID[*id]; ref != nil {
				o := *ref
				out[i].Outcome = &o
			}
		}
	}
	return out, nil
}

// UpdateCallWork implements switchboard.OutcomeStore.
func (db *DB) UpdateCallWork(ctx context.Context, workspaceID, callSID string, w switchboard.CallWork, check func(*switchboard.Call) error) (*switchboard.Call, error) {
	var out *switchboard.Call
	err := db.transact(ctx, func(tx *gorm.DB) error {
		var row callRow
		if err := db.drv.Lock(tx).Where("workspace_id = ? AND call_sid = ?", workspaceID, callSID).Take(&row).Error; err != nil {
			return translate(err, "Call")
		}
		if check != nil {
			if err := check(row.toDomain()); err != nil {
				return err
			}
		}
		t := now()
		upd := map[string]any{}
		var set *outcomeRow // the outcome the call takes, when it changes to one
		if w.OutcomeID != nil {
			id := *w.OutcomeID
			switch {
			case id == "" && row.OutcomeID != nil:
				upd["outcome_id"] = nil
			case id != "" && (row.OutcomeID == nil || *row.OutcomeID != id):
				o, err := outcomeFor(tx, workspaceID, id)
				if err != nil {
					return err
				}
				if o == nil || o.Archived {
					return switchboard.FieldErrorf(switchboard.EInvalid, "outcomeId", "No outcome %q may be set in this workspace: it is unknown or archived.", id)
				}
				upd["outcome_id"], set = id, o
			}
		}
		if w.Notes != nil && *w.Notes != row.Notes {
			upd["notes"] = *w.Notes
		}
		if w.Tags != nil {
			if tags := encodeTags(*w.Tags); tags != row.Tags {
				upd["tags"] = tags
				if err := writeCallTags(tx, &row, *w.Tags); err != nil {
					return err
				}
			}
		}
		if len(upd) > 0 {
			upd["updated_at"] = t
			if err := tx.Model(&callRow{}).Where("call_sid = ?", callSID).Updates(upd).Error; err != nil {
				return err
			}
			// The row as written, without reading it again: the lock held
			// since the read keeps every other column as it was.
			if v, ok := upd["outcome_id"]; ok {
				row.OutcomeID, _ = v.(*string)
				if id, ok := v.(string); ok {
					row.OutcomeID = &id
				}
			}
			if w.Notes != nil {
				row.Notes = *w.Notes
			}
			if v, ok := upd["tags"]; ok {
				row.Tags = v.(string)
			}
		}
		if _, ok := upd["outcome_id"]; ok {
			// An outcome of kind not_connected counts as unanswered.
			if err := db.settleDialEntry(tx, &row); err != nil {
				return err
			}
		}
		if set == nil {
			var err error
			out, err = db.callOf(tx, &row)
			return err
		}
		out = row.toDomain()
		out.Outcome = &switchboard.OutcomeRef{ID: set.ID, Name: set.Name, Kind: switchboard.OutcomeKind(set.Kind)}
		if switchboard.OutcomeKind(set.Kind) == switchboard.OutcomeDoNotCall && row.ToNumber != "" {
			e := &switchboard.DNCEntry{WorkspaceID: workspaceID, Phone: row.ToNumber, Reason: set.Name,
				AddedBy: w.By, CallSID: callSID}
			if err := ensureWorkspace(tx, workspaceID); err != nil {
				return err
			}
			dnc := newDNCRow(e, t)
			if _, err := db.addDNC(tx, &dnc); err != nil {
				return err
			}
		}
		return db.emit(tx, workspaceID, switchboard.EventCallOutcomeSet, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// callTagRow is a row of call_tags: the call's tags one a row, for the
// tag filter, kept in step with calls.tags in the same transaction.
type callTagRow struct {
	CallSID     string `gorm:"column:call_sid"`
	WorkspaceID string
	Tag         string
	CreatedAt   time.Time
}

func (callTagRow) TableName() string { return "call_tags" }

// writeCallTags replaces the call's call_tags rows with tags.
func writeCallTags(tx *gorm.DB, call *callRow, tags []string) error {
	if err := tx.Where("call_sid = ?", call.CallSID).Delete(&callTagRow{}).Error; err != nil {
		return err
	}
	if len(tags) == 0 {
		return nil
	}
	rows := make([]callTagRow, len(tags))
	for i, tag := range tags {
		rows[i] = callTagRow{CallSID: call.CallSID, WorkspaceID: call.WorkspaceID, Tag: tag, CreatedAt: call.CreatedAt}
	}
	return tx.Create(&rows).Error
}

// CallTagIndex lists the call_tags rows of a call, sorted: what the tag
// filter finds the call by, which the conformance suite holds to the
// call's tags.
func (db *DB) CallTagIndex(ctx context.Context, callSID string) ([]string, error) {
	tags := []string{}
	err := db.r.WithContext(ctx).Model(&callTagRow{}).Where("call_sid = ?", callSID).Order("tag").Pluck("tag", &tags).Error
	return tags, err
}
