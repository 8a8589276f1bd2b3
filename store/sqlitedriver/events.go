package sqlitedriver

import (
	"database/sql"
	"errors"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// SQLite has one writer and an event's id (a UUIDv7) is made inside its
// transaction, so ids follow the commits: a mark per workspace
// (event_relay) says how far its events were relayed, and a change writes
// nothing more than its event.

func (Driver) InsertEvent(tx *gorm.DB, ev driver.Event, contactDelta int64) error {
	if err := driver.Exec(tx, insertEvent, ev.ID, ev.WorkspaceID, ev.Type, ev.Data, ev.CreatedAt); err != nil {
		return err
	}
	if contactDelta == 0 {
		return nil
	}
	return driver.Exec(tx, addContactCount, contactDelta, ev.WorkspaceID)
}

func (Driver) AddContactCount(tx *gorm.DB, workspaceID string, delta int64) error {
	return driver.Exec(tx, addContactCount, delta, workspaceID)
}

func (Driver) Endpoints(tx *gorm.DB, workspaceID string) ([]driver.Endpoint, error) {
	return driver.EnabledEndpoints(tx, selectEndpoints, workspaceID)
}

// Pending reads up to limit events recorded after their workspace's mark,
// in the workspaces that have endpoints (enabled or not: a disabled
// endpoint's mark moves on too, so that enabling it again does not deliver
// what happened while it was off), with those endpoints. A workspace with
// no mark yet starts at its oldest endpoint's creation.
func (Driver) Pending(tx *gorm.DB, limit int) ([]driver.PendingEvent, map[string][]driver.Endpoint, error) {
	endpoints, err := driver.ScanEndpoints(driver.Query(tx, selectAllEndpoints))
	if err != nil {
		return nil, nil, err
	}
	var batch []driver.PendingEvent
	for ws, eps := range endpoints {
		if len(batch) >= limit {
			break
		}
		from := driver.IDBefore(eps[0].CreatedAt)
		for _, ep := range eps[1:] {
			from = min(from, driver.IDBefore(ep.CreatedAt))
		}
		var mark string
		switch err := driver.QueryRow(tx, selectMark, ws).Scan(&mark); {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return nil, nil, err
		default:
			from = max(from, mark)
		}
		more, err := driver.ScanPending(driver.Query(tx, selectPastMark, ws, from, limit-len(batch)))
		if err != nil {
			return nil, nil, err
		}
		batch = append(batch, more...)
	}
	return batch, endpoints, nil
}

// MarkRelayed moves the marks of the batch's workspaces past it.
func (Driver) MarkRelayed(tx *gorm.DB, batch []driver.PendingEvent) error {
	last := map[string]string{}
	for _, o := range batch {
		last[o.WorkspaceID] = max(last[o.WorkspaceID], o.EventID)
	}
	for ws, id := range last {
		if err := driver.Exec(tx, upsertMark, ws, id); err != nil {
			return err
		}
	}
	return nil
}

// CountPending counts what Pending would read at once (only in workspaces
// with endpoints: the others are never read).
func (d Driver) CountPending(tx *gorm.DB) (int, error) {
	batch, _, err := d.Pending(tx, 1<<31-1)
	return len(batch), err
}
