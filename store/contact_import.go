package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// ImportContacts implements switchboard.ContactStore.
//
// The whole batch is one transaction: every row is written or none is.
// Inserts are set-based, one statement per batch (the driver's import.go),
// with ON CONFLICT (workspace_id, phone) DO NOTHING RETURNING id, so the
// unique index decides which rows are new, even against a concurrent
// writer. A row that was not returned hit an existing phone: it is skipped, or, when update is true, merged into the stored
// contact. A merge overwrites the stored fields with the imported row's
// non-empty ones and keeps the rest, because a CSV without an email column
// must not wipe the emails already stored.
//
// On success the batch's contacts are filled in: inserted ones get their ID
// and timestamps, updated ones become the merged stored contact, skipped
// ones are left as they came.
func (db *DB) ImportContacts(ctx context.Context, workspaceID string, batch []*switchboard.Contact, update bool) ([]switchboard.ImportOutcome, error) {
	if workspaceID == "" {
		return nil, switchboard.FieldErrorf(switchboard.EInvalid, "workspaceId", "A workspace id is required.")
	}
	outcomes := make([]switchboard.ImportOutcome, len(batch))
	if len(batch) == 0 {
		return outcomes, nil
	}
	rows := make([]contactRow, len(batch))
	for i, c := range batch {
		rows[i] = newContactRow(c)
		rows[i].WorkspaceID = workspaceID
	}
	inserted := 0
	db.merge.importing()
	err := db.transact(ctx, func(tx *gorm.DB) error {
		// Stamped in the transaction: on SQLite, whose writes take turns,
		// two imports' batches are then stamped in the order they are
		// stored, which is the order its search reads its index in
		// (migration 0074); stamped before, a batch that waited for
		// another's commit would be stored out of that order whole.
		t := db.contactClock()
		for i := range rows {
			rows[i].ID = newID()
			rows[i].CreatedAt, rows[i].UpdatedAt = t, t
		}
		if err := ensureWorkspace(tx, workspaceID); err != nil {
			return err
		}
		pending := make([]int, len(rows))
		for i := range pending {
			pending[i] = i
		}
		inserted = 0
		// A conflicting row in update mode is looked up and merged; one whose
		// holder appeared between that look-up and the insert (a concurrent
		// CreateContact on PostgreSQL) goes round once more.
		for attempt := 0; len(pending) > 0; attempt++ {
			if attempt == 3 {
				return fmt.Errorf("store: import: %d rows kept conflicting", len(pending))
			}
			if update {
				var err error
				if pending, err = db.mergeExisting(tx, workspaceID, rows, pending, outcomes, t); err != nil {
					return err
				}
			}
			ids, err := db.drv.InsertContacts(tx, workspaceID, t, pick(rows, pending))
			if err != nil {
				return err
			}
			var conflicted []int
			for _, i := range pending {
				switch {
				case ids[rows[i].ID]:
					outcomes[i] = switchboard.ImportInserted
					inserted++
				case update:
					conflicted = append(conflicted, i)
				default:
					outcomes[i] = switchboard.ImportSkipped
				}
			}
			pending = conflicted
		}
		return db.addContactCount(tx, workspaceID, int64(inserted))
	})
	if err != nil {
		return nil, err
	}
	db.contactsChanged(workspaceID, len(batch))
	for i, c := range batch {
		if outcomes[i] != switchboard.ImportSkipped {
			*c = *rows[i].toDomain()
		}
	}
	db.logger.DebugContext(ctx, "contacts imported", "workspace", workspaceID, "rows", len(batch), "update", update)
	return outcomes, nil
}

// ImportWriters is how many import batches are worth writing at once: as
// many as the database writes side by side (one on SQLite).
func (db *DB) ImportWriters() int { return db.drv.ImportWriters() }

// mergeExisting finds (and holds) the stored contacts holding the phones of
// the pending rows, merges each such row into its contact and writes the
// merges. It returns the rows left to insert.
func (db *DB) mergeExisting(tx *gorm.DB, workspaceID string, rows []contactRow, pending []int, outcomes []switchboard.ImportOutcome, t time.Time) ([]int, error) {
	var phones []string
	for _, i := range pending {
		if rows[i].Phone != nil {
			phones = append(phones, *rows[i].Phone)
		}
	}
	if len(phones) == 0 {
		return pending, nil
	}
	existing, err := db.drv.ExistingContacts(tx, workspaceID, phones)
	if err != nil {
		return nil, err
	}
	var merged []driver.Contact
	var rest []int
	for _, i := range pending {
		if rows[i].Phone == nil {
			rest = append(rest, i)
			continue
		}
		ex, ok := existing[*rows[i].Phone]
		if !ok {
			rest = append(rest, i)
			continue
		}
		rows[i] = mergeRow(contactRow(ex), rows[i], t)
		merged = append(merged, driver.Contact(rows[i]))
		outcomes[i] = switchboard.ImportUpdated
	}
	if len(merged) > 0 {
		if err := db.drv.UpdateContacts(tx, workspaceID, t, merged); err != nil {
			return nil, err
		}
	}
	return rest, nil
}

// mergeRow overwrites the stored contact's fields with the imported row's
// non-empty ones.
func mergeRow(stored, imported contactRow, t time.Time) contactRow {
	merged := stored.toDomain()
	merged.MergeFrom(imported.toDomain())
	merged.UpdatedAt = t
	return newContactRow(merged) // recomputes the search text
}

func pick(rows []contactRow, idx []int) []driver.Contact {
	out := make([]driver.Contact, len(idx))
	for j, i := range idx {
		out[j] = driver.Contact(rows[i])
	}
	return out
}

// FinishImport is called once after the last batch of an import (the CSV
// import does; a caller of ImportContacts should too): the driver brings
// what an import leaves behind up to date (on PostgreSQL, the trigram
// index's pending list, the table's statistics and its visibility map;
// see its import.go), and after a large import SQLite's search index is
// merged in the background (index_merge.go).
func (db *DB) FinishImport(ctx context.Context, inserted int) {
	db.drv.FinishImport(db.w.WithContext(ctx), inserted, db.logger)
	db.mergeAfterImport(ctx, inserted)
}
