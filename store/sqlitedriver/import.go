package sqlitedriver

import (
	"encoding/json"
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
	rs, err := driver.Query(tx, insertContacts, workspaceID, t, t, string(list))
	if err != nil {
		return nil, err
	}
	return driver.ScanIDs(rs, len(rows))
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

// FinishImport has nothing to do: the FTS5 index merges as it goes.
func (Driver) FinishImport(*gorm.DB, int, *slog.Logger) {}
