package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// ImportContacts implements switchboard.ContactStore.
//
// The whole batch is one transaction: every row is written or none is.
// Inserts are set-based (PostgreSQL: one INSERT … SELECT FROM unnest(arrays),
// tried first without a conflict clause; SQLite: one statement fed by JSON)
// with ON CONFLICT (workspace_id, phone) DO NOTHING RETURNING id, so the
// unique index decides which rows are new, even against a concurrent writer. A row that was not returned hit an existing
// phone: it is skipped, or, when update is true, merged into the stored
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
	t := now()
	rows := make([]contactRow, len(batch))
	for i, c := range batch {
		rows[i] = newContactRow(c)
		rows[i].ID = newID()
		rows[i].WorkspaceID = workspaceID
		rows[i].CreatedAt, rows[i].UpdatedAt = t, t
	}
	var im importer
	if db.dialect == Postgres {
		im = pgImporter{}
	} else {
		im = sqliteImporter{}
	}
	inserted := 0
	err := db.transact(ctx, func(tx *gorm.DB) error {
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
				if pending, err = db.mergeExisting(ctx, tx, im, workspaceID, rows, pending, outcomes, t); err != nil {
					return err
				}
			}
			ids, err := im.insert(ctx, tx, workspaceID, t, pick(rows, pending))
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
	for i, c := range batch {
		if outcomes[i] != switchboard.ImportSkipped {
			*c = *rows[i].toDomain()
		}
	}
	db.logger.DebugContext(ctx, "contacts imported", "workspace", workspaceID, "rows", len(batch), "update", update)
	return outcomes, nil
}

// ImportWriters is how many import batches are worth writing at once.
// PostgreSQL writes them in parallel backends: up to four help even on two
// cores, more add little because the backends queue on the trigram index's
// pending list (README, Performance). SQLite has one writer,
// so a second batch would only queue behind the first.
func (db *DB) ImportWriters() int {
	if db.dialect == Postgres {
		return 4
	}
	return 1
}

// mergeExisting finds (and on PostgreSQL locks) the stored contacts holding
// the phones of the pending rows, merges each such row into its contact and
// writes the merges. It returns the rows left to insert.
func (db *DB) mergeExisting(ctx context.Context, tx *gorm.DB, im importer, workspaceID string, rows []contactRow, pending []int, outcomes []switchboard.ImportOutcome, t time.Time) ([]int, error) {
	var phones []string
	for _, i := range pending {
		if rows[i].Phone != nil {
			phones = append(phones, *rows[i].Phone)
		}
	}
	if len(phones) == 0 {
		return pending, nil
	}
	existing, err := im.existing(ctx, tx, workspaceID, phones)
	if err != nil {
		return nil, err
	}
	var merged []contactRow
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
		rows[i] = mergeRow(ex, rows[i], t)
		merged = append(merged, rows[i])
		outcomes[i] = switchboard.ImportUpdated
	}
	if len(merged) > 0 {
		if err := im.update(ctx, tx, workspaceID, t, merged); err != nil {
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

func pick(rows []contactRow, idx []int) []contactRow {
	out := make([]contactRow, len(idx))
	for j, i := range idx {
		out[j] = rows[i]
	}
	return out
}

// importer holds the set-based statements of one dialect. Each runs on the
// transaction's own connection (tx.Statement.ConnPool), bypassing GORM's
// statement builder, which would expand slice arguments into lists.
type importer interface {
	// insert adds rows, skipping phones already stored, and returns the ids
	// it inserted.
	insert(ctx context.Context, tx *gorm.DB, workspaceID string, t time.Time, rows []contactRow) (map[string]bool, error)
	// existing returns the workspace's stored contacts holding phones.
	existing(ctx context.Context, tx *gorm.DB, workspaceID string, phones []string) (map[string]contactRow, error)
	// update writes the name, email, company, notes, search text and
	// updated_at of rows.
	update(ctx context.Context, tx *gorm.DB, workspaceID string, t time.Time, rows []contactRow) error
}

// FinishImport is called once after the last batch of an import (the CSV
// import does; a caller of ImportContacts should too). On PostgreSQL it keeps
// the search and list plans good right after an import, without waiting up
// to a minute for autovacuum; on SQLite it has nothing to do. Both steps are
// best effort: a failure (a role that does not own the table, say) only
// leaves the work to autovacuum. Once per import, not per batch: per batch it
// cost a fifth of a 100k-row import's time, mostly in repeated ANALYZEs while
// the table was small.
//
// It merges the trigram index's pending list into the index proper. GIN's
// fast update parks new entries in a pending list that every search reads in
// full; an import fills it to its 4 MB limit, which slows every search
// until it is merged. The merge is work the next overflow would have done inside
// an import anyway.
//
// And it refreshes the table's statistics when the import grew the table by
// a fifth or more. Without them the planner, which then believes the
// workspace small, sorts the whole workspace for a deep list page instead
// of walking the (workspace_id, created_at, id) index.
func (db *DB) FinishImport(ctx context.Context, inserted int) {
	if db.dialect != Postgres {
		return
	}
	w := db.w.WithContext(ctx)
	if err := w.Exec("SELECT gin_clean_pending_list('contacts_search_trgm'::regclass)").Error; err != nil {
		db.logger.DebugContext(ctx, "gin_clean_pending_list failed", "err", err)
	}
	reltuples, err := contactTuples(w)
	if err != nil {
		db.logger.DebugContext(ctx, "read contacts statistics", "err", err)
		return
	}
	if inserted > 0 && (reltuples < 0 || float64(inserted)*5 >= reltuples) {
		if err := w.Exec("ANALYZE contacts").Error; err != nil {
			db.logger.DebugContext(ctx, "analyze contacts failed", "err", err)
		}
	}
}

// contactTuples is PostgreSQL's estimate of the contacts table's rows, from
// its last ANALYZE or VACUUM: -1 when it was never analyzed.
func contactTuples(r *gorm.DB) (float64, error) {
	var n float64
	err := r.Raw("SELECT reltuples FROM pg_class WHERE oid = 'contacts'::regclass").Row().Scan(&n)
	return n, err
}
