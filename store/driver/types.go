package driver

import (
	"database/sql"
	"time"

	"gorm.io/gorm"
)

// Contact is a row of contacts as the drivers write and read it in bulk.
// Phone is nil for no phone (NULL: NULLs never collide in the unique
// (workspace_id, phone) index). The store's own row type converts to it.
type Contact struct {
	ID          string
	WorkspaceID string
	FirstName   string
	LastName    string
	Phone       *string
	Email       string
	Company     string
	Notes       string
	TimeZone    *string // NULL when unknown
	Search      string
	SearchIdx   string
	// Seq is the row's number in its workspace's range (ContactSeqs), on
	// a single insert; a bulk insert numbers its rows itself.
	Seq       *int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// ContactColumns are the columns a contact is read with (never the search
// text, nor SQLite's seq), in ScanContact's order.
const ContactColumns = "id, workspace_id, first_name, last_name, phone, email, company, notes, time_zone, created_at, updated_at"

// ScanContact reads one row of ContactColumns.
func ScanContact(rows *sql.Rows) (Contact, error) {
	var r Contact
	err := rows.Scan(&r.ID, &r.WorkspaceID, &r.FirstName, &r.LastName, &r.Phone, &r.Email, &r.Company, &r.Notes,
		&r.TimeZone, &r.CreatedAt, &r.UpdatedAt)
	return r, err
}

// Event is a row of events.
type Event struct {
	ID, WorkspaceID, Type, Data string
	CreatedAt                   time.Time
}

// Endpoint is what the relay reads of a webhook endpoint. Events is its
// subscribed types, space-separated.
type Endpoint struct {
	ID, WorkspaceID, Events string
	Enabled                 bool
	CreatedAt               time.Time
}

// PendingEvent is a recorded event not yet relayed.
type PendingEvent struct {
	EventID, WorkspaceID, Type string
}

// ScanPending reads rows of event id, workspace id and type.
func ScanPending(rows *sql.Rows, err error) ([]PendingEvent, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PendingEvent
	for rows.Next() {
		var o PendingEvent
		if err := rows.Scan(&o.EventID, &o.WorkspaceID, &o.Type); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// ScanEndpoints groups rows of id, workspace_id, events, enabled and
// created_at by workspace.
func ScanEndpoints(rows *sql.Rows, err error) (map[string][]Endpoint, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]Endpoint{}
	for rows.Next() {
		var e Endpoint
		if err := rows.Scan(&e.ID, &e.WorkspaceID, &e.Events, &e.Enabled, &e.CreatedAt); err != nil {
			return nil, err
		}
		out[e.WorkspaceID] = append(out[e.WorkspaceID], e)
	}
	return out, rows.Err()
}

// EnabledEndpoints runs query, a driver's (id, events) read of a
// workspace's endpoints given the workspace and true for enabled, and reads
// its rows.
func EnabledEndpoints(tx *gorm.DB, query, workspaceID string) ([]Endpoint, error) {
	rows, err := Query(tx, query, workspaceID, true)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Endpoint
	for rows.Next() {
		e := Endpoint{WorkspaceID: workspaceID, Enabled: true}
		if err := rows.Scan(&e.ID, &e.Events); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// ScanIDs reads a RETURNING id result of about sizeHint rows.
func ScanIDs(rows *sql.Rows, sizeHint int) (map[string]bool, error) {
	defer rows.Close()
	ids := make(map[string]bool, sizeHint)
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids[id] = true
	}
	return ids, rows.Err()
}

// ScanContactsByPhone reads rows of ContactColumns, keyed by phone.
func ScanContactsByPhone(rows *sql.Rows, err error) (map[string]Contact, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]Contact{}
	for rows.Next() {
		r, err := ScanContact(rows)
		if err != nil {
			return nil, err
		}
		if r.Phone != nil {
			out[*r.Phone] = r
		}
	}
	return out, rows.Err()
}
