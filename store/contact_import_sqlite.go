package store

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"
)

// sqliteImporter writes a whole batch with one statement whose rows arrive as
// a single JSON parameter, unpacked by json_each. Binding is the reason: the
// pure-Go driver matches each placeholder to its argument by a linear search,
// so a multi-row VALUES list with thousands of parameters costs quadratic
// time before SQLite sees it, while one JSON text costs one bind and is
// parsed by SQLite's own C (transpiled) code. Being inside the writer's
// immediate transaction, it has the database to itself.
type sqliteImporter struct{}

func (sqliteImporter) insert(ctx context.Context, tx *gorm.DB, workspaceID string, t time.Time, rows []contactRow) (map[string]bool, error) {
	data := make([][8]any, len(rows))
	for i, r := range rows {
		data[i] = [8]any{r.ID, r.FirstName, r.LastName, r.Phone, r.Email, r.Company, r.Notes, r.Search}
	}
	list, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	// "WHERE true" settles SQLite's parsing ambiguity between ON CONFLICT
	// and a join's ON after INSERT … SELECT.
	res, err := tx.Statement.ConnPool.QueryContext(ctx, `
		INSERT INTO contacts (id, workspace_id, first_name, last_name, phone, email, company, notes, search, created_at, updated_at)
		SELECT value->>0, ?, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7, ?, ?
		FROM json_each(?) WHERE true
		ON CONFLICT (workspace_id, phone) DO NOTHING
		RETURNING id`,
		workspaceID, t, t, string(list))
	if err != nil {
		return nil, err
	}
	return collectIDs(res, len(rows))
}

func (sqliteImporter) existing(ctx context.Context, tx *gorm.DB, workspaceID string, phones []string) (map[string]contactRow, error) {
	list, err := json.Marshal(phones)
	if err != nil {
		return nil, err
	}
	res, err := tx.Statement.ConnPool.QueryContext(ctx,
		"SELECT "+contactColumns+" FROM contacts WHERE workspace_id = ? AND phone IN (SELECT value FROM json_each(?))",
		workspaceID, string(list))
	if err != nil {
		return nil, err
	}
	return collectContacts(res)
}

func (sqliteImporter) update(ctx context.Context, tx *gorm.DB, workspaceID string, t time.Time, rows []contactRow) error {
	data := make([][7]string, len(rows))
	for i, r := range rows {
		data[i] = [7]string{r.ID, r.FirstName, r.LastName, r.Email, r.Company, r.Notes, r.Search}
	}
	list, err := json.Marshal(data)
	if err != nil {
		return err
	}
	// MATERIALIZED: unpack the JSON once. Left to itself SQLite flattens
	// the rows into the join and re-parses the whole document for every
	// contact it visits.
	_, err = tx.Statement.ConnPool.ExecContext(ctx, `
		WITH v AS MATERIALIZED (
			SELECT value->>0 AS id, value->>1 AS first_name, value->>2 AS last_name, value->>3 AS email,
				value->>4 AS company, value->>5 AS notes, value->>6 AS search FROM json_each(?))
		UPDATE contacts SET first_name = v.first_name, last_name = v.last_name, email = v.email,
			company = v.company, notes = v.notes, search = v.search, updated_at = ?
		FROM v
		WHERE contacts.workspace_id = ? AND contacts.id = v.id`,
		string(list), t, workspaceID)
	return err
}
