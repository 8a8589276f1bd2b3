package store

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/dbfault"
	"github.com/switchboard-oss/switchboard/store/driver"
)

// contactRow is a row of contacts. Phone is a pointer because "no phone" is
// NULL in the database: NULLs never collide in the unique (workspace_id,
// phone) index, "" would.
type contactRow struct {
	ID          string
	WorkspaceID string
	FirstName   string
	LastName    string
	Phone       *string
	Email       string
	Company     string
	Notes       string
	TimeZone    *string `gorm:"column:time_zone"` // NULL when unknown
	Search      string
	// SearchIdx is the indexed search text of a database that has one
	// (driver.Searcher's SearchIndexText).
	SearchIdx string `gorm:"column:search_idx"`
	// Seq is the row's number in its workspace's range, where the
	// database numbers them so (driver.ContactSeqs); written on insert
	// only.
	Seq       *int64 `gorm:"column:seq"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (contactRow) TableName() string { return "contacts" }

// contactColumns are the columns a contact is read with (never the search
// text, nor SQLite's seq).
const contactColumns = driver.ContactColumns

func newContactRow(c *switchboard.Contact) contactRow {
	r := contactRow{
		ID:          c.ID,
		WorkspaceID: c.WorkspaceID,
		FirstName:   c.FirstName,
		LastName:    c.LastName,
		Phone:       nullable(c.Phone),
		Email:       c.Email,
		Company:     c.Company,
		Notes:       c.Notes,
		TimeZone:    nullable(c.TimeZone),
		CreatedAt:   c.CreatedAt,
		UpdatedAt:   c.UpdatedAt,
	}
	r.Search = r.searchText()
	return r
}

func (r *contactRow) toDomain() *switchboard.Contact {
	c := &switchboard.Contact{
		ID:          r.ID,
		WorkspaceID: r.WorkspaceID,
		FirstName:   r.FirstName,
		LastName:    r.LastName,
		Email:       r.Email,
		Company:     r.Company,
		Notes:       r.Notes,
		TimeZone:    deref(r.TimeZone),
		CreatedAt:   r.CreatedAt.UTC(),
		UpdatedAt:   r.UpdatedAt.UTC(),
	}
	if r.Phone != nil {
		c.Phone = *r.Phone
	}
	return c
}

// Markers that open each part of the search text (see the package doc).
const (
	markFull    = driver.MarkFull
	markLast    = driver.MarkLast
	markEmail   = driver.MarkEmail
	markCompany = driver.MarkCompany
	markDigits  = driver.MarkDigits
	markEnd     = driver.MarkEnd
)

func (r *contactRow) searchText() string {
	phone := ""
	if r.Phone != nil {
		phone = *r.Phone
	}
	return markFull + fold(r.FirstName+" "+r.LastName) +
		markLast + fold(r.LastName) +
		markEmail + fold(r.Email) +
		markCompany + fold(r.Company) +
		markDigits + digits(phone) + markEnd
}

// fold is how both stored text and queries are compared: lower case, control
// characters (which include the markers) turned into spaces, runs of spaces
// collapsed and trimmed.
func fold(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return unicode.ToLower(r)
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// digits keeps only the ASCII digits of s.
func digits(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// addContactCount moves the workspace's contact counter by delta inside the
// caller's transaction. Callers do it last, so the workspace row stays locked
// (PostgreSQL) for as short a time as possible.
func (db *DB) addContactCount(tx *gorm.DB, workspaceID string, delta int64) error {
	if delta == 0 {
		return nil
	}
	return db.drv.AddContactCount(tx, workspaceID, delta)
}

// existingContactID returns the id of the workspace's contact holding phone.
func existingContactID(tx *gorm.DB, workspaceID, phone string) (string, error) {
	var id string
	err := tx.Model(&contactRow{}).Select("id").Where("workspace_id = ? AND phone = ?", workspaceID, phone).Take(&id).Error
	return id, err
}

// CreateContact implements switchboard.ContactStore. The phone's
// uniqueness is the database's: the insert says ON CONFLICT DO NOTHING and a
// row that was not inserted means the phone is taken.
func (db *DB) CreateContact(ctx context.Context, c *switchboard.Contact) error {
	if c.WorkspaceID == "" {
		return switchboard.FieldErrorf(switchboard.EInvalid, "workspaceId", "A workspace id is required.")
	}
	row := newContactRow(c)
	err := db.transact(ctx, func(tx *gorm.DB) error {
		// Stamped in the transaction: on SQLite, whose writes take turns,
		// contacts are then stamped in the order they are stored, which
		// is the order its search reads its index in (migration 0074).
		row.ID = newID()
		row.CreatedAt = db.contactClock()
		row.UpdatedAt = row.CreatedAt
		if err := ensureWorkspace(tx, row.WorkspaceID); err != nil {
			return err
		}
		// A session: insertOrTake runs two statements on it.
		ins, err := db.forInsert(tx, &row)
		if err != nil {
			return err
		}
		ins = ins.Session(&gorm.Session{})
		created, err := insertOrTake(ins, &row, onKey("workspace_id", "phone"),
			"workspace_id = ? AND phone = ?", row.WorkspaceID, row.Phone)
		if err != nil {
			return err
		}
		if !created {
			return contactExists(row.ID)
		}
		return db.emitCounted(tx, row.WorkspaceID, switchboard.EventContactCreated, row.toDomain(), 1)
	})
	if err != nil {
		return err
	}
	*c = *row.toDomain()
	db.contactsChanged(c.WorkspaceID, 1)
	db.logger.DebugContext(ctx, "contact created", "workspace", c.WorkspaceID, "contact", c.ID)
	return nil
}

// isContactID reports whether id can name a contact: the store makes every
// id a UUID, and PostgreSQL keeps them in a uuid column, where any other
// text would be an error rather than "not found".
func isContactID(id string) bool {
	_, err := uuid.Parse(id)
	return err == nil && len(id) == 36
}

// FindContact implements switchboard.ContactStore.
func (db *DB) FindContact(ctx context.Context, workspaceID, id string) (*switchboard.Contact, error) {
	if !isContactID(id) {
		return nil, notFound("Contact")
	}
	var row contactRow
	err := db.r.WithContext(ctx).Select(contactColumns).Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error
	if err != nil {
		return nil, translate(err, "Contact")
	}
	return row.toDomain(), nil
}

// UpdateContact implements switchboard.ContactStore. The row is locked
// while update runs, so the rules update applies (Contact.Validate) judge
// the contact as it is written, never a version a concurrent update has
// since changed.
func (db *DB) UpdateContact(ctx context.Context, workspaceID, id string, update func(*switchboard.Contact) error) (*switchboard.Contact, error) {
	if !isContactID(id) {
		return nil, notFound("Contact")
	}
	var row contactRow
	err := db.transact(ctx, func(tx *gorm.DB) error {
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error
		if err != nil {
			return translate(err, "Contact")
		}
		c := row.toDomain()
		if err := update(c); err != nil {
			return err
		}
		// Identity and creation time stay the stored ones whatever update did.
		c.ID, c.WorkspaceID, c.CreatedAt = row.ID, row.WorkspaceID, row.CreatedAt
		c.UpdatedAt = now()
		row = newContactRow(c)
		// A map, not Updates(struct), which would skip the empty strings
		// that clear a field.
		set := map[string]any{
			"first_name": row.FirstName, "last_name": row.LastName, "phone": row.Phone, "email": row.Email,
			"company": row.Company, "notes": row.Notes, "time_zone": row.TimeZone, "search": row.Search, "updated_at": row.UpdatedAt,
		}
		if idx, ok := db.drv.SearchIndexText(row.Search); ok {
			set["search_idx"] = idx
		}
		if err := tx.Model(&contactRow{}).Where("workspace_id = ? AND id = ?", workspaceID, id).Updates(set).Error; err != nil {
			return err
		}
		return db.emit(tx, workspaceID, switchboard.EventContactUpdated, row.toDomain())
	})
	if dbfault.Duplicate(err) && row.Phone != nil {
		// The transaction is over (PostgreSQL aborts it on the violation):
		// look the holder up on its own.
		existing, lerr := existingContactID(db.w.WithContext(ctx), workspaceID, *row.Phone)
		if lerr != nil {
			return nil, errors.Join(err, lerr)
		}
		return nil, contactExists(existing)
	} else if err != nil {
		return nil, err
	}
	db.contactsChanged(workspaceID, 1)
	return row.toDomain(), nil
}

// DeleteContact implements switchboard.ContactStore.
func (db *DB) DeleteContact(ctx context.Context, workspaceID, id string) error {
	if !isContactID(id) {
		return notFound("Contact")
	}
	err := db.transact(ctx, func(tx *gorm.DB) error {
		var gone contactRow
		res := tx.Clauses(returningContact).Where("workspace_id = ? AND id = ?", workspaceID, id).Delete(&gone)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return notFound("Contact")
		}
		return db.emitCounted(tx, workspaceID, switchboard.EventContactDeleted, gone.toDomain(), -1)
	})
	if err == nil {
		db.contactsChanged(workspaceID, 1)
	}
	return err
}

// ListContacts implements switchboard.ContactStore. The total is the
// workspace's counter; one row past the page tells whether more follow.
// Deep offsets walk the (workspace_id, created_at DESC, id DESC) index.
func (db *DB) ListContacts(ctx context.Context, workspaceID string, page switchboard.Page) ([]*switchboard.Contact, switchboard.Meta, error) {
	page = clampPage(page)
	r := db.r.WithContext(ctx)
	var counts []struct{ Total, Version int64 }
	if err := scan(r.Raw("SELECT contact_count AS total, contacts_version AS version FROM workspaces WHERE id = ?", workspaceID), &counts); err != nil {
		return nil, switchboard.Meta{}, err
	}
	var total, version int64
	if len(counts) > 0 {
		total, version = counts[0].Total, counts[0].Version
	}
	var rows []contactRow
	if err := db.contactListPage(r, workspaceID, version, page, &rows); err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(c *contactRow) switchboard.PageKey {
		return switchboard.PageKey{Time: c.CreatedAt, ID: c.ID}
	})
	return contactsToDomain(rows), meta, nil
}

// contactListPage reads the rows of a list page, one more than its limit.
// An offset is read as the key at that position, from the (workspace_id,
// created_at, id) index alone, then as a page from that key: skipping rows
// through the table cost PostgreSQL a heap row each (the offset at half of
// 1,000,000 contacts: 100 ms), its index-only scan a fraction. An offset
// past the end reads no key and no rows.
func (db *DB) contactListPage(r *gorm.DB, workspaceID string, version int64, page switchboard.Page, rows *[]contactRow) error {
	q := r.Select(contactColumns).Where("workspace_id = ?", workspaceID)
	if page.After != nil || page.Offset == 0 {
		return db.contactKeys().page(q, page).Find(rows).Error
	}
	at, err := db.keyAtOffset(r, workspaceID, version, page.Offset)
	if err != nil || at == nil {
		return err
	}
	return db.contactKeys().startAt(q, at, page.Limit).Find(rows).Error
}

// contactOrder is the order of the contact list, and of searches within
// each rank bucket.
var contactOrder = keyset{timeCol: "created_at", idCol: "id"}

// contactKeys is contactOrder as the database's planner takes it best
// (keyset.rowOnly).
func (db *DB) contactKeys() keyset {
	ks := contactOrder
	_, ks.rowOnly = db.drv.(driver.RowValueKeys)
	return ks
}

func contactsToDomain(rows []contactRow) []*switchboard.Contact {
	out := make([]*switchboard.Contact, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out
}
