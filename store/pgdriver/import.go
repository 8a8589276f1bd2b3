package pgdriver

import (
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/dbfault"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// ImportWriters is 4: PostgreSQL writes batches in parallel backends; up to
// four help even on two cores, more add little because the backends queue
// on the trigram index's pending list (docs/performance.md).
func (Driver) ImportWriters() int { return 4 }

// InsertContacts writes the batch and returns the ids it inserted. Most
// batches of an import are new contacts, so it first tries a plain INSERT:
// ON CONFLICT's speculative insertion is a measurable share of
// PostgreSQL's time in a large import (docs/performance.md). A batch that
// meets a stored phone fails at that row, is rolled back to a savepoint
// (the transaction lives on) and goes again with ON CONFLICT DO NOTHING,
// which skips the stored ones.
func (Driver) InsertContacts(tx *gorm.DB, workspaceID string, t time.Time, rows []driver.Contact) (map[string]bool, error) {
	n := len(rows)
	ids, first, last, email, company, notes, search, searchIdx := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	phones, zones := make([]*string, n), make([]*string, n)
	for i, r := range rows {
		ids[i], first[i], last[i], phones[i], email[i], company[i], notes[i], search[i] = r.ID, r.FirstName, r.LastName, r.Phone, r.Email, r.Company, r.Notes, r.Search
		searchIdx[i], zones[i] = searchIndexText(r.Search), r.TimeZone
	}
	args := []any{workspaceID, t, ids, first, last, phones, email, company, notes, search, searchIdx, zones}
	run := func(q string) (map[string]bool, error) {
		rs, err := driver.Query(tx, q, args...)
		if err != nil {
			return nil, err
		}
		return driver.ScanIDs(rs, n)
	}
	if err := tx.SavePoint(importSavepoint).Error; err != nil {
		return nil, err
	}
	inserted, err := run(insertContacts)
	if err == nil {
		return inserted, driver.Exec(tx, releaseImport)
	}
	if !dbfault.Duplicate(err) {
		return nil, err
	}
	if err := tx.RollbackTo(importSavepoint).Error; err != nil {
		return nil, err
	}
	return run(insertContactsSkipped)
}

// ExistingContacts locks the rows it reads: a concurrent writer's merge
// waits for this one.
func (Driver) ExistingContacts(tx *gorm.DB, workspaceID string, phones []string) (map[string]driver.Contact, error) {
	return driver.ScanContactsByPhone(driver.Query(tx, selectContactsByPhone, workspaceID, phones))
}

func (Driver) UpdateContacts(tx *gorm.DB, workspaceID string, t time.Time, rows []driver.Contact) error {
	n := len(rows)
	ids, first, last, email, company, notes, search, searchIdx := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	zones := make([]*string, n)
	for i, r := range rows {
		ids[i], first[i], last[i], email[i], company[i], notes[i], search[i] = r.ID, r.FirstName, r.LastName, r.Email, r.Company, r.Notes, r.Search
		searchIdx[i], zones[i] = searchIndexText(r.Search), r.TimeZone
	}
	return driver.Exec(tx, updateContacts, workspaceID, t, ids, first, last, email, company, notes, search, searchIdx, zones)
}

// FinishImport keeps the search and list plans good right after an
// import, without waiting up to a minute for autovacuum. Both steps are
// best effort: a failure (a role that does not own the table, say) only
// leaves the work to autovacuum. Once per import, not per batch: per batch
// it cost a fifth of a 100k-row import's time, mostly in repeated ANALYZEs
// while the table was small.
//
// It merges the trigram index's pending list into the index proper. GIN's
// fast update parks new entries in a pending list that every search reads
// in full; an import fills it to its 4 MB limit, which slows every search
// until it is merged. The merge is work the next overflow would have done
// inside an import anyway.
//
// And it vacuums and analyzes the table when the import grew it by a fifth
// or more, as autovacuum would within a minute or so. Without the
// statistics the planner, which then believes the workspace small, sorts
// the whole workspace for a deep list page instead of walking the
// (workspace_id, created_at, id) index; without the vacuum's visibility
// map, the key of a deep list offset is not read from that index alone
// (ListContacts) but row by row from the table. An import of 100,000 rows
// measured as fast with the vacuum as without it.
func (Driver) FinishImport(w *gorm.DB, inserted int, logger *slog.Logger) {
	ctx := w.Statement.Context
	if err := w.Exec(cleanSearchPendingList).Error; err != nil {
		logger.DebugContext(ctx, "gin_clean_pending_list failed", "err", err)
	}
	reltuples, err := contactTuples(w)
	if err != nil {
		logger.DebugContext(ctx, "read contacts statistics", "err", err)
		return
	}
	if inserted > 0 && (reltuples < 0 || float64(inserted)*5 >= reltuples) {
		if err := w.Exec(vacuumContacts).Error; err != nil {
			logger.DebugContext(ctx, "vacuum analyze contacts failed", "err", err)
		}
	}
}

// contactTuples is PostgreSQL's estimate of the contacts table's rows, from
// its last ANALYZE or VACUUM: -1 when it was never analyzed.
func contactTuples(r *gorm.DB) (float64, error) {
	var n float64
	err := r.Raw(selectContactTuples).Row().Scan(&n)
	return n, err
}
