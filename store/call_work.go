package store

import (
	"context"
	"database/sql/driver"
	"encoding/json"
	"fmt"

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
