package sqlitedriver

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// A whole batch is one statement whose rows arrive as a single JSON
// parameter, unpacked by json_each. Binding is the reason: the pure-Go
// driver matches each placeholder to its argument by a linear search, so a
// multi-row VALUES list with thousands of parameters costs quadratic time
// before SQLite sees it, while one JSON text costs one bind and is parsed by
// SQLite's own C (transpiled) code. Being inside the writer's immediate
// transaction, it has the database to itself.

// ImportWriters is 1: SQLite has one writer, so a second batch would only
// queue behind the first.
func (Driver) ImportWriters() int { return 1 }

func (Driver) InsertContacts(tx *gorm.DB, workspaceID string, t time.Time, rows []driver.Contact) (map[string]bool, error) {
	data := make([][9]any, len(rows))
	for i, r := range rows {
		data[i] = [9]any{r.ID, r.FirstName, r.LastName, r.Phone, r.Email, r.Company, r.Notes, r.Search, r.TimeZone}
	}
	list, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	last, err := Driver{}.LastContactSeq(tx, workspaceID)
	if err != nil {
		return nil, err
	}
	rs, err := driver.Query(tx, insertContacts, last, workspaceID, t, t, string(list))
	if err != nil {
		return nil, err
	}
	return driver.ScanIDs(rs, len(rows))
}

// LastContactSeq: the writer's transaction is the only one, so no other
// insert can take the numbers after it before the transaction ends.
func (Driver) LastContactSeq(tx *gorm.DB, workspaceID string) (int64, error) {
	var last sql.NullInt64
	if err := tx.Raw(lastContactSeq, workspaceID).Row().Scan(&last); err != nil {
		return 0, fmt.Errorf("sqlitedriver: the last contact of workspace %q: %w", workspaceID, err)
	}
	if !last.Valid {
		return 0, fmt.Errorf("sqlitedriver: workspace %q has no range of contact keys", workspaceID)
	}
	return last.Int64, nil
}

// ExistingContacts needs no lock: the writer's transaction excludes every
// other writer.
func (Driver) ExistingContacts(tx *gorm.DB, workspaceID string, phones []string) (map[string]driver.Contact, error) {
	list, err := json.Marshal(phones)
	if err != nil {
		return nil, err
	}
	return driver.ScanContactsByPhone(driver.Query(tx, selectContactsByPhone, workspaceID, string(list)))
}

func (Driver) UpdateContacts(tx *gorm.DB, workspaceID string, t time.Time, rows []driver.Contact) error {
	data := make([][8]any, len(rows))
	for i, r := range rows {
		data[i] = [8]any{r.ID, r.FirstName, r.LastName, r.Email, r.Company, r.Notes, r.Search, r.TimeZone}
	}
	list, err := json.Marshal(data)
	if err != nil {
		return err
	}
	return driver.Exec(tx, updateContacts, string(list), t, workspaceID)
}

// FinishImport has nothing to do at once: the FTS5 index's merge after a
// large import runs in the background (MergeAfterImport).
func (Driver) FinishImport(*gorm.DB, int, *slog.Logger) {}

// FTS5 writes each transaction's rows as a new segment of its index and
// merges segments as they pile up (automerge, migration 0004), but an
// import leaves many: 19 after 400,000 rows. Every search reads each
// segment side by side, and reading the index in rowid order (the ordered
// window) merges them row by row: at 200,000 contacts a workspace's
// `lovel` page took 8 ms before the index was merged into one segment and
// 4 after (docs/performance.md). A merge of the whole index rewrites it,
// so it runs only after an import that grew the table by a fifth or more,
// as PostgreSQL's vacuum does: each rewrite is then paid for by rows
// inserted since the last, at most five times over.

// MergeAfterImport: the workspaces' counts of contacts sum to the table's
// rows.
func (Driver) MergeAfterImport(r *gorm.DB, inserted int) (bool, error) {
	if inserted <= 0 {
		return false, nil
	}
	var rows int64
	if err := r.Raw(selectContactsCount).Row().Scan(&rows); err != nil {
		return false, err
	}
	return int64(inserted)*5 >= rows, nil
}

// mergePages is how many pages of the index one step writes: about 3 ms
// (a few steps that meet a long list take 20 to 90, whatever the pages),
// 500 steps for the index of 400,000 contacts.
const mergePages = 8

// MergeIndexStep runs FTS5's merge command with a negative page count,
// which puts every segment on one level and merges them down to one, a
// few pages a call. The command did something when it changed two or more
// rows (FTS5's documented test, with total_changes on the same
// connection: tx's).
func (Driver) MergeIndexStep(tx *gorm.DB) (bool, error) {
	var before, after int64
	if err := tx.Raw(selectTotalChanges).Row().Scan(&before); err != nil {
		return false, err
	}
	if err := tx.Exec(mergeIndex, -mergePages).Error; err != nil {
		return false, err
	}
	if err := tx.Raw(selectTotalChanges).Row().Scan(&after); err != nil {
		return false, err
	}
	return after-before >= 2, nil
}
