package pgdriver

import (
	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// PostgreSQL commits transactions in any order, so an event's id says
// nothing of whether the events before it have committed: each event also
// gets an event_outbox row, written with it, which the relay takes FOR
// UPDATE SKIP LOCKED (instances relay side by side without waiting for
// each other) and deletes.

func (Driver) InsertEvent(tx *gorm.DB, ev driver.Event, contactDelta int64) error {
	if contactDelta == 0 {
		return driver.Exec(tx, insertEventOnly, ev.ID, ev.WorkspaceID, ev.Type, ev.Data, ev.CreatedAt)
	}
	return driver.Exec(tx, insertEventCount, ev.ID, ev.WorkspaceID, ev.Type, ev.Data, ev.CreatedAt, contactDelta, ev.WorkspaceID)
}

func (Driver) AddContactCount(tx *gorm.DB, workspaceID string, delta int64) error {
	return driver.Exec(tx, addContactCount, delta, workspaceID)
}

func (Driver) Endpoints(tx *gorm.DB, workspaceID string) ([]driver.Endpoint, error) {
	return driver.EnabledEndpoints(tx, selectEndpoints, workspaceID)
}

// Pending takes up to limit outbox rows no other relay holds, and the
// endpoints of their workspaces.
func (Driver) Pending(tx *gorm.DB, limit int) ([]driver.PendingEvent, map[string][]driver.Endpoint, error) {
	batch, err := driver.ScanPending(driver.Query(tx, selectOutbox, limit))
	if err != nil || len(batch) == 0 {
		return nil, nil, err
	}
	var workspaces []string
	seen := map[string]bool{}
	for _, o := range batch {
		if !seen[o.WorkspaceID] {
			seen[o.WorkspaceID] = true
			workspaces = append(workspaces, o.WorkspaceID)
		}
	}
	endpoints, err := driver.ScanEndpoints(driver.Query(tx, selectBatchEndpoints, workspaces))
	return batch, endpoints, err
}

// MarkRelayed deletes the batch's outbox rows.
func (Driver) MarkRelayed(tx *gorm.DB, batch []driver.PendingEvent) error {
	ids := make([]string, len(batch))
	for i, o := range batch {
		ids[i] = o.EventID
	}
	return driver.Exec(tx, deleteOutbox, ids)
}

func (Driver) CountPending(tx *gorm.DB) (int, error) {
	var n int
	err := driver.QueryRow(tx, countOutbox).Scan(&n)
	return n, err
}
