package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// pgImporter sends each batch as one array per column: a single statement
// and round trip, no temporary table, values in pgx's binary array format.
type pgImporter struct{}

// pgInsertContacts is the batch insert; onConflict is its conflict clause.
const pgInsertContacts = `
	INSERT INTO contacts (id, workspace_id, first_name, last_name, phone, email, company, notes, search, search_idx, created_at, updated_at)
	SELECT u.id::uuid, $1, u.first_name, u.last_name, u.phone, u.email, u.company, u.notes, u.search, u.search_idx, $2, $2
	FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
		AS u (id, first_name, last_name, phone, email, company, notes, search, search_idx)
	%s RETURNING id`

// insert writes the batch and returns the ids it inserted. Most batches of
// an import are new contacts, so it first tries a plain INSERT: ON
// CONFLICT's speculative insertion is a measurable share of PostgreSQL's
// time in a large import (README, Performance). A batch that meets a stored phone fails at that row, is rolled back
// to a savepoint (the transaction lives on) and goes again with ON CONFLICT
// DO NOTHING, which skips the stored ones.
func (pgImporter) insert(ctx context.Context, tx *gorm.DB, workspaceID string, t time.Time, rows []contactRow) (map[string]bool, error) {
	n := len(rows)
	ids, first, last, email, company, notes, search, searchIdx := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	phones := make([]*string, n)
	for i, r := range rows {
		ids[i], first[i], last[i], phones[i], email[i], company[i], notes[i], search[i] = r.ID, r.FirstName, r.LastName, r.Phone, r.Email, r.Company, r.Notes, r.Search
		searchIdx[i] = searchIndexText(r.Search)
	}
	args := []any{workspaceID, t, ids, first, last, phones, email, company, notes, search, searchIdx}
	run := func(conflict string) (map[string]bool, error) {
		res, err := tx.Statement.ConnPool.QueryContext(ctx, fmt.Sprintf(pgInsertContacts, conflict), args...)
		if err != nil {
			return nil, err
		}
		return collectIDs(res, n)
	}
	if err := tx.Exec("SAVEPOINT import_batch").Error; err != nil {
		return nil, err
	}
	inserted, err := run("")
	if err == nil {
		return inserted, tx.Exec("RELEASE SAVEPOINT import_batch").Error
	}
	if !isDuplicate(err) {
		return nil, err
	}
	if err := tx.Exec("ROLLBACK TO SAVEPOINT import_batch").Error; err != nil {
		return nil, err
	}
	return run("ON CONFLICT (workspace_id, phone) DO NOTHING")
}

func (pgImporter) existing(ctx context.Context, tx *gorm.DB, workspaceID string, phones []string) (map[string]contactRow, error) {
	res, err := tx.Statement.ConnPool.QueryContext(ctx,
		"SELECT "+contactColumns+" FROM contacts WHERE workspace_id = $1 AND phone = ANY($2::text[]) FOR UPDATE",
		workspaceID, phones)
	if err != nil {
		return nil, err
	}
	return collectContacts(res)
}

func (pgImporter) update(ctx context.Context, tx *gorm.DB, workspaceID string, t time.Time, rows []contactRow) error {
	n := len(rows)
	ids, first, last, email, company, notes, search, searchIdx := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	for i, r := range rows {
		ids[i], first[i], last[i], email[i], company[i], notes[i], search[i] = r.ID, r.FirstName, r.LastName, r.Email, r.Company, r.Notes, r.Search
		searchIdx[i] = searchIndexText(r.Search)
	}
	_, err := tx.Statement.ConnPool.ExecContext(ctx, `
		UPDATE contacts c SET first_name = u.first_name, last_name = u.last_name, email = u.email,
			company = u.company, notes = u.notes, search = u.search, search_idx = u.search_idx, updated_at = $2
		FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
			AS u (id, first_name, last_name, email, company, notes, search, search_idx)
		WHERE c.workspace_id = $1 AND c.id = u.id::uuid`,
		workspaceID, t, ids, first, last, email, company, notes, search, searchIdx)
	return err
}

// collectIDs reads a RETURNING id result.
func collectIDs(res *sql.Rows, sizeHint int) (map[string]bool, error) {
	defer res.Close()
	ids := make(map[string]bool, sizeHint)
	for res.Next() {
		var id string
		if err := res.Scan(&id); err != nil {
			return nil, err
		}
		ids[id] = true
	}
	return ids, res.Err()
}

// collectContacts reads rows of contactColumns, keyed by phone.
func collectContacts(res *sql.Rows) (map[string]contactRow, error) {
	defer res.Close()
	out := map[string]contactRow{}
	for res.Next() {
		var r contactRow
		if err := res.Scan(&r.ID, &r.WorkspaceID, &r.FirstName, &r.LastName, &r.Phone, &r.Email, &r.Company, &r.Notes, &r.CreatedAt, &r.UpdatedAt); err != nil {
			return nil, err
		}
		if r.Phone != nil {
			out[*r.Phone] = r
		}
	}
	return out, res.Err()
}
