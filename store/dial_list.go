package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

var _ switchboard.DialListStore = (*DB)(nil)

// Dial lists (migration 0061 says how the rows read). The queue is the
// partial index dial_list_entries_due: an entry is there while it may be
// handed out, keyed by when it became dialable; the driver claims its first
// row (driver.DialLists). Instants the queue compares are Unix
// microseconds, on the callers' clock (the call flow's) for claims and
// leases, and on the store's clock (WithClock) for a call's end.

// WithClock sets the clock a dial list's entry is settled on when its call
// ends (its next attempt is then plus the list's retry delay); tests pin it
// to the call flow's.
func WithClock(now func() time.Time) Option {
	return func(db *DB) { db.clock = now }
}

type dialListRow struct {
	ID           string `gorm:"column:id;primaryKey"`
	WorkspaceID  string `gorm:"column:workspace_id"`
	Name         string `gorm:"column:name"`
	CallerID     string `gorm:"column:caller_id"`
	MaxAttempts  int    `gorm:"column:max_attempts"`
	RetryMinutes int    `gorm:"column:retry_minutes"`
	Status       string `gorm:"column:status"`
	Size         int    `gorm:"column:size"`
	Remaining    int    `gorm:"column:remaining"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

func (dialListRow) TableName() string { return "dial_lists" }

func (r *dialListRow) toDomain() *switchboard.DialList {
	return &switchboard.DialList{ID: r.ID, WorkspaceID: r.WorkspaceID, Name: r.Name, CallerID: r.CallerID,
		MaxAttempts: r.MaxAttempts, RetryMinutes: r.RetryMinutes, Status: switchboard.DialListStatus(r.Status),
		Size: r.Size, Remaining: r.Remaining, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

type dialEntryRow struct {
	ListID      string  `gorm:"column:list_id;primaryKey"`
	ContactID   string  `gorm:"column:contact_id;primaryKey"`
	Position    int     `gorm:"column:position"`
	Phone       string  `gorm:"column:phone"`
	Status      string  `gorm:"column:status"`
	Attempts    int     `gorm:"column:attempts"`
	DueAt       *int64  `gorm:"column:due_at"`
	LeaseUntil  *int64  `gorm:"column:lease_until"`
	LeasedBy    string  `gorm:"column:leased_by"`
	CallSID     *string `gorm:"column:call_sid"`
	LastOutcome string  `gorm:"column:last_outcome"`
	LastEndedAt *int64  `gorm:"column:last_ended_at"`
	SkipReason  string  `gorm:"column:skip_reason"`
}

func (dialEntryRow) TableName() string { return "dial_list_entries" }

func (r *dialEntryRow) toDomain() *switchboard.DialListEntry {
	e := &switchboard.DialListEntry{ListID: r.ListID, ContactID: r.ContactID, Phone: r.Phone, Position: r.Position,
		Status: switchboard.DialEntryStatus(r.Status), Attempts: r.Attempts, LastOutcome: r.LastOutcome,
		LastCallSID: deref(r.CallSID), SkipReason: r.SkipReason, LeasedBy: r.LeasedBy}
	switch e.Status {
	case switchboard.DialEntryPending:
		// Entries made with the list are due from the start (0).
		if r.DueAt != nil && *r.DueAt > 0 {
			e.NextAttemptAt = fromMicros(*r.DueAt)
		}
	case switchboard.DialEntryLeased:
		if r.LeaseUntil != nil {
			e.LeaseUntil = fromMicros(*r.LeaseUntil)
		}
	}
	return e
}

func micros(t time.Time) int64 { return t.UnixMicro() }

func fromMicros(us int64) *time.Time {
	t := time.UnixMicro(us).UTC()
	return &t
}

// CreateDialList implements switchboard.DialListStore.
func (db *DB) CreateDialList(ctx context.Context, l *switchboard.DialList, n switchboard.NewDialList) error {
	var ids []string
	if n.Search == nil {
		seen := make(map[string]bool, len(n.ContactIDs))
		for _, id := range n.ContactIDs {
			if _, err := uuid.Parse(id); err != nil {
				return switchboard.FieldErrorf(switchboard.ENotFound, "contactIds", "Contact %s not found.", switchboard.Truncate(id, 64))
			}
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	var out dialListRow
	err := db.transact(ctx, func(tx *gorm.DB) error {
		t := now()
		out = dialListRow{ID: newID(), WorkspaceID: l.WorkspaceID, Name: l.Name, CallerID: l.CallerID,
			MaxAttempts: l.MaxAttempts, RetryMinutes: l.RetryMinutes, Status: string(switchboard.DialListActive),
			CreatedAt: t, UpdatedAt: t}
		if err := tx.Create(&out).Error; err != nil {
			return err
		}
		var size int64
		var err error
		if n.Search != nil {
			size, err = db.insertSearchEntries(tx, out.ID, *n.Search)
		} else {
			size, err = db.insertIDEntries(tx, out.ID, l.WorkspaceID, ids)
		}
		if err != nil {
			return err
		}
		if size == 0 {
			field := "contactIds"
			if n.Search != nil {
				field = "search"
			}
			return switchboard.FieldErrorf(switchboard.EInvalid, field, "None of these contacts has a phone number to call.")
		}
		out.Size, out.Remaining = int(size), int(size)
		return tx.Model(&dialListRow{}).Where("id = ?", out.ID).Updates(map[string]any{"size": size, "remaining": size}).Error
	})
	if err != nil {
		return err
	}
	*l = *out.toDomain()
	return nil
}

// insertIDEntries writes the entries of the contacts ids names (known to
// be UUIDs, each once), in order; ENotFound when one is not the
// workspace's.
func (db *DB) insertIDEntries(tx *gorm.DB, listID, workspaceID string, ids []string) (int64, error) {
	doc, err := json.Marshal(ids)
	if err != nil {
		return 0, err
	}
	n, err := db.drv.InsertDialEntriesByID(tx, listID, workspaceID, string(doc), 0)
	if err != nil || n == int64(len(ids)) {
		return n, err
	}
	// Some were left out: contacts without a phone, or no contacts of the
	// workspace at all (which refuses the list).
	var found int64
	for i := 0; i < len(ids); i += 500 {
		var c int64
		if err := tx.Table("contacts").Where("workspace_id = ? AND id IN ?", workspaceID, ids[i:min(i+500, len(ids))]).Count(&c).Error; err != nil {
			return 0, err
		}
		found += c
	}
	if found < int64(len(ids)) {
		return 0, switchboard.FieldErrorf(switchboard.ENotFound, "contactIds", "%d of the contacts are not the workspace's.", int64(len(ids))-found)
	}
	return n, nil
}

// insertSearchEntries writes the entries of the search's matches that have
// a phone, newest first, refusing more than MaxDialListSearch: one
// statement over the search's own conditions (contact_search.go).
func (db *DB) insertSearchEntries(tx *gorm.DB, listID string, s switchboard.ContactSearch) (int64, error) {
	q := db.compileSearch(s)
	body, args := db.searchSQL(q, false, driver.Plain("c.phone IS NOT NULL"), nil)
	stmt := "INSERT INTO dial_list_entries (list_id, contact_id, position, phone, status, attempts, due_at) " +
		"SELECT ?, c.id, row_number() OVER (ORDER BY c.created_at DESC, c.id DESC), c.phone, 'pending', 0, 0 FROM " +
		body + " ORDER BY c.created_at DESC, c.id DESC LIMIT ?"
	res := tx.Exec(stmt, append(append([]any{listID}, args...), switchboard.MaxDialListSearch+1)...)
	if res.Error != nil {
		return 0, res.Error
	}
	if res.RowsAffected > switchboard.MaxDialListSearch {
		return 0, switchboard.FieldErrorf(switchboard.EInvalid, "search",
			"The search matches more than %d contacts with a phone number; narrow it.", switchboard.MaxDialListSearch)
	}
	return res.RowsAffected, nil
}

// FindDialList implements switchboard.DialListStore.
func (db *DB) FindDialList(ctx context.Context, workspaceID, id string) (*switchboard.DialList, error) {
	row, err := findDialList(db.r.WithContext(ctx), workspaceID, id)
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

func findDialList(q *gorm.DB, workspaceID, id string) (*dialListRow, error) {
	var row dialListRow
	if err := q.Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error; err != nil {
		return nil, translate(err, "Dial list")
	}
	return &row, nil
}

var dialListOrder = keyset{timeCol: "created_at", idCol: "id"}

// ListDialLists implements switchboard.DialListStore.
func (db *DB) ListDialLists(ctx context.Context, workspaceID string, page switchboard.Page) ([]*switchboard.DialList, switchboard.Meta, error) {
	page = clampPage(page)
	r := db.r.WithContext(ctx)
	var total int64
	if err := r.Model(&dialListRow{}).Where("workspace_id = ?", workspaceID).Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []dialListRow
	if err := dialListOrder.page(r.Where("workspace_id = ?", workspaceID), page).Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(l *dialListRow) switchboard.PageKey {
		return switchboard.PageKey{Time: l.CreatedAt, ID: l.ID}
	})
	out := make([]*switchboard.DialList, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// UpdateDialList implements switchboard.DialListStore.
func (db *DB) UpdateDialList(ctx context.Context, workspaceID, id string, p switchboard.DialListPatch) (*switchboard.DialList, error) {
	var out *dialListRow
	err := db.transact(ctx, func(tx *gorm.DB) error {
		var err error
		if out, err = findDialList(db.drv.Lock(tx), workspaceID, id); err != nil {
			return err
		}
		upd := map[string]any{}
		if p.Name != nil && *p.Name != out.Name {
			upd["name"], out.Name = *p.Name, *p.Name
		}
		if p.Status != nil && string(*p.Status) != out.Status {
			if out.Status == string(switchboard.DialListDone) {
				return switchboard.FieldErrorf(switchboard.EDialListInactive, "status", "The list is done: nothing is left to dial.")
			}
			upd["status"], out.Status = string(*p.Status), string(*p.Status)
		}
		if len(upd) == 0 {
			return nil
		}
		out.UpdatedAt = now()
		upd["updated_at"] = out.UpdatedAt
		return tx.Model(&dialListRow{}).Where("id = ?", id).Updates(upd).Error
	})
	if err != nil {
		return nil, err
	}
	return out.toDomain(), nil
}

// ListDialEntries implements switchboard.DialListStore: in position order;
// a cursor's key is the contact id of the previous page's last entry.
func (db *DB) ListDialEntries(ctx context.Context, workspaceID, listID string, status switchboard.DialEntryStatus, page switchboard.Page) ([]*switchboard.DialListEntry, switchboard.Meta, error) {
	page = clampPage(page)
	r := db.r.WithContext(ctx)
	if _, err := findDialList(r, workspaceID, listID); err != nil {
		return nil, switchboard.Meta{}, err
	}
	q := func() *gorm.DB {
		q := r.Model(&dialEntryRow{}).Where("list_id = ?", listID)
		if status != "" {
			q = q.Where("status = ?", string(status))
		}
		return q
	}
	rows, meta, err := byPosition(q, page, "SELECT position FROM dial_list_entries WHERE list_id = ? AND contact_id = ?", []any{listID},
		func(e *dialEntryRow) switchboard.PageKey { return switchboard.PageKey{ID: e.ContactID} })
	if err != nil {
		return nil, switchboard.Meta{}, err
	}
	out := make([]*switchboard.DialListEntry, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// errListInactive is the refusal of a paused or done list.
func errListInactive(status string) error {
	return switchboard.Errorf(switchboard.EDialListInactive, "The dial list is %s: it hands out no entries.", status)
}

// ClaimDialEntry implements switchboard.DialListStore.
func (db *DB) ClaimDialEntry(ctx context.Context, workspaceID, listID, identity string, at, until time.Time, release *switchboard.DialRelease) (*switchboard.DialListEntry, error) {
	var out *switchboard.DialListEntry
	var inactive string
	err := db.transact(ctx, func(tx *gorm.DB) error {
		out, inactive = nil, ""
		list, err := findDialList(tx, workspaceID, listID)
		if err != nil {
			return err
		}
		if release != nil {
			if err := db.releaseEntry(tx, list, identity, *release); err != nil {
				return err
			}
		}
		if list.Status != string(switchboard.DialListActive) {
			inactive = list.Status // the release above stands
			return nil
		}
		id, err := db.drv.ClaimDialEntry(tx, listID, identity, micros(at), micros(until))
		if err != nil || id == "" {
			return err
		}
		var row dialEntryRow
		if err := tx.Where("list_id = ? AND contact_id = ?", listID, id).Take(&row).Error; err != nil {
			return err
		}
		out = row.toDomain()
		return nil
	})
	if err != nil {
		return nil, err
	}
	if inactive != "" {
		return nil, errListInactive(inactive)
	}
	return out, nil
}

// ReleaseDialEntry implements switchboard.DialListStore.
func (db *DB) ReleaseDialEntry(ctx context.Context, workspaceID, listID, identity string, r switchboard.DialRelease) error {
	return db.transact(ctx, func(tx *gorm.DB) error {
		list, err := findDialList(tx, workspaceID, listID)
		if err != nil {
			return err
		}
		return db.releaseEntry(tx, list, identity, r)
	})
}

// releaseEntry gives back an entry still leased, undialled, to identity:
// skipped for good, or pending from r.Due.
func (db *DB) releaseEntry(tx *gorm.DB, list *dialListRow, identity string, r switchboard.DialRelease) error {
	upd := map[string]any{"leased_by": "", "lease_until": nil}
	if r.Skip != "" {
		upd["status"], upd["skip_reason"], upd["due_at"] = string(switchboard.DialEntrySkipped), r.Skip, nil
	} else {
		upd["status"], upd["due_at"] = string(switchboard.DialEntryPending), micros(r.Due)
	}
	res := tx.Model(&dialEntryRow{}).
		Where("list_id = ? AND contact_id = ? AND status = ? AND leased_by = ? AND due_at IS NOT NULL",
			list.ID, r.ContactID, string(switchboard.DialEntryLeased), identity).Updates(upd)
	if res.Error != nil || res.RowsAffected == 0 || r.Skip == "" {
		return res.Error
	}
	return db.moveRemaining(tx, list.ID, -1)
}

// LeasedDialEntry implements switchboard.DialListStore.
func (db *DB) LeasedDialEntry(ctx context.Context, workspaceID, listID, contactID, identity string, at time.Time) (*switchboard.DialListEntry, error) {
	r := db.r.WithContext(ctx)
	list, err := findDialList(r, workspaceID, listID)
	if err != nil {
		return nil, err
	}
	if list.Status != string(switchboard.DialListActive) {
		return nil, errListInactive(list.Status)
	}
	var rows []dialEntryRow
	if err := r.Where("list_id = ? AND contact_id = ?", listID, contactID).Limit(1).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 || !leasedTo(&rows[0], identity, at) {
		return nil, notLeased()
	}
	return rows[0].toDomain(), nil
}

func notLeased() error {
	return switchboard.FieldErrorf(switchboard.EEntryNotLeased, "contactId",
		"This contact of the dial list is not leased to you: take it with next first (a lease lasts 10 minutes until dialled).")
}

// leasedTo: leased to identity, undialled, and the lease still runs at at.
func leasedTo(e *dialEntryRow, identity string, at time.Time) bool {
	return e.Status == string(switchboard.DialEntryLeased) && e.LeasedBy == identity && e.DueAt != nil && *e.DueAt > micros(at)
}

// dialEntry counts the attempt of the call row dials on the entry l names,
// inside the call's transaction: only while it is leased to l.Identity,
// undialled, in an active list of the call's workspace. The entry keeps
// its lease until the call ends (out of the queue: due_at NULL).
func (db *DB) dialEntry(tx *gorm.DB, row *callRow, l *switchboard.DialLease) error {
	list, err := findDialList(tx, row.WorkspaceID, l.ListID)
	if err != nil {
		return err
	}
	if list.Status != string(switchboard.DialListActive) {
		return errListInactive(list.Status)
	}
	res := tx.Model(&dialEntryRow{}).
		Where("list_id = ? AND contact_id = ? AND status = ? AND leased_by = ? AND due_at IS NOT NULL AND due_at > ?",
			l.ListID, l.ContactID, string(switchboard.DialEntryLeased), l.Identity, micros(l.Now)).
		Updates(map[string]any{"attempts": gorm.Expr("attempts + 1"), "call_sid": row.CallSID, "due_at": nil, "lease_until": nil})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return notLeased()
	}
	row.DialListID = &l.ListID
	return nil
}

// settleDialEntry moves the entry the call row dialled once the call has
// ended, inside the transaction that ended it or changed its outcome:
// answered, and not of an outcome of kind not_connected, it is done;
// otherwise it is pending again from the end plus the list's retry delay,
// or exhausted after the list's attempts. A later outcome settles it again
// (done ⇄ pending or exhausted), unless the entry was handed out again
// since. Calls of no list, and calls not ended, change nothing.
func (db *DB) settleDialEntry(tx *gorm.DB, row *callRow) error {
	if row.DialListID == nil || row.StatusRank < switchboard.CallCompleted.Rank() {
		return nil
	}
	var rows []dialEntryRow
	if err := db.drv.Lock(tx).Where("list_id = ? AND call_sid = ?", *row.DialListID, row.CallSID).Limit(1).Find(&rows).Error; err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil
	}
	e := rows[0]
	first := e.Status == string(switchboard.DialEntryLeased)
	if e.Status == string(switchboard.DialEntrySkipped) || (first && e.DueAt != nil) {
		return nil // skipped, or handed out again since this call
	}
	var list dialListRow
	if err := tx.Where("id = ?", e.ListID).Take(&list).Error; err != nil {
		return err
	}
	notConnected := false
	if row.OutcomeID != nil {
		var kinds []string
		if err := tx.Table("call_outcomes").Where("id = ?", *row.OutcomeID).Limit(1).Pluck("kind", &kinds).Error; err != nil {
			return err
		}
		notConnected = len(kinds) == 1 && kinds[0] == string(switchboard.OutcomeNotConnected)
	}
	ended := e.LastEndedAt
	if first || ended == nil {
		t := micros(db.clock())
		ended = &t
	}
	last := row.Status
	status, due := switchboard.DialEntryDone, (*int64)(nil)
	switch {
	case row.AnsweredAt != nil && !notConnected:
		last = switchboard.DialAnswered
	case e.Attempts >= list.MaxAttempts:
		status = switchboard.DialEntryExhausted
	default:
		status = switchboard.DialEntryPending
		d := *ended + int64(list.RetryMinutes)*int64(time.Minute/time.Microsecond)
		due = &d
	}
	if row.AnsweredAt != nil && notConnected {
		last = switchboard.DialNotConnected
	}
	if !first && e.Status == string(status) && e.LastOutcome == last && equalPtr(e.DueAt, due) {
		return nil
	}
	upd := map[string]any{"status": string(status), "due_at": due, "last_outcome": last, "last_ended_at": *ended,
		"leased_by": "", "lease_until": nil}
	if err := tx.Model(&dialEntryRow{}).Where("list_id = ? AND contact_id = ?", e.ListID, e.ContactID).Updates(upd).Error; err != nil {
		return err
	}
	was, is := switchboard.DialEntryStatus(e.Status).Open(), status.Open()
	switch {
	case was && !is:
		return db.moveRemaining(tx, e.ListID, -1)
	case !was && is:
		return db.moveRemaining(tx, e.ListID, 1)
	}
	return nil
}

func equalPtr(a, b *int64) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// moveRemaining moves the list's count of open entries by delta under its
// row lock: the write that takes it to 0 makes the list done (and records
// dial_list.done); an entry opened again (a later outcome) makes a done
// list active again.
func (db *DB) moveRemaining(tx *gorm.DB, listID string, delta int) error {
	t := now()
	if err := tx.Model(&dialListRow{}).Where("id = ?", listID).
		Updates(map[string]any{"remaining": gorm.Expr("remaining + ?", delta), "updated_at": t}).Error; err != nil {
		return err
	}
	var list dialListRow
	if err := tx.Where("id = ?", listID).Take(&list).Error; err != nil {
		return err
	}
	status := list.Status
	switch {
	case list.Remaining == 0 && status != string(switchboard.DialListDone):
		status = string(switchboard.DialListDone)
	case list.Remaining > 0 && status == string(switchboard.DialListDone):
		status = string(switchboard.DialListActive)
	default:
		return nil
	}
	if err := tx.Model(&dialListRow{}).Where("id = ?", listID).Update("status", status).Error; err != nil {
		return err
	}
	list.Status = status
	if status != string(switchboard.DialListDone) {
		return nil
	}
	return db.emit(tx, list.WorkspaceID, switchboard.EventDialListDone, list.toDomain())
}
