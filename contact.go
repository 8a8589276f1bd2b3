package switchboard

import (
	"context"
	"net/mail"
	"strings"
	"time"
)

// Contact is a person a workspace's agents may call. Phone is E.164 or empty.
type Contact struct {
	ID          string
	WorkspaceID string
	FirstName   string
	LastName    string
	Phone       string
	Email       string
	Company     string
	Notes       string
	// TimeZone is the contact's own IANA zone, "" when unknown: the dial
	// check's time rules hold there as well as in the number's zones.
	TimeZone  string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Longest text of a contact's fields, in characters (openapi.yaml's
// maxLength of Contact, ContactCreate and ContactPatch).
const (
	MaxNameLength  = 200 // firstName, lastName and company
	MaxEmailLength = 320
	MaxNotesLength = 10000
)

// Validate holds every rule a stored contact satisfies, whichever way it
// arrives (POST, PATCH on the merged result, a CSV row): text fields valid
// UTF-8, without control characters (notes may span lines) and within
// their lengths, the names and company without bidirectional controls
// (CheckDisplayName); Phone empty or E.164 (EInvalidPhone); Email empty or a
// bare address; and a first name, a last name or a phone. Errors are
// EInvalid naming the field, or "body" for the name-or-phone rule, which
// no one field breaks. The store's constraints are a backstop behind it.
func (c *Contact) Validate() error {
	texts := [...]struct {
		field, v string
		max      int
		name     bool // shown to agents as a name: CheckDisplayName
	}{
		{"firstName", c.FirstName, MaxNameLength, true},
		{"lastName", c.LastName, MaxNameLength, true},
		{"email", c.Email, MaxEmailLength, false},
		{"company", c.Company, MaxNameLength, true},
		{"notes", c.Notes, MaxNotesLength, false},
	}
	for _, t := range texts {
		var err error
		if t.name {
			err = CheckDisplayName(t.field, t.v, t.max)
		} else {
			err = CheckText(t.field, t.v, t.max, Multiline(t.field))
		}
		if err != nil {
			return err
		}
	}
	if c.Phone != "" && !IsE164(c.Phone) {
		return FieldErrorf(EInvalidPhone, "phone", "%q is not an E.164 phone number", Truncate(c.Phone, 64))
	}
	if c.Email != "" && !IsEmailAddress(c.Email) {
		return FieldErrorf(EInvalid, "email", "%q is not an email address", Truncate(c.Email, 64))
	}
	if c.TimeZone != "" {
		if _, err := LoadZone(c.TimeZone); err != nil {
			return FieldErrorf(EInvalid, "timeZone", "%q is not an IANA time zone (e.g. America/Chicago)", Truncate(c.TimeZone, 64))
		}
	}
	if !c.hasNameOrPhone() {
		return noNameOrPhone("body")
	}
	return nil
}

func (c *Contact) hasNameOrPhone() bool {
	return c.FirstName != "" || c.LastName != "" || c.Phone != ""
}

// noNameOrPhone is the name-or-phone rule's error, naming fields.
func noNameOrPhone(fields ...string) *Error {
	const msg = "a contact needs a firstName, a lastName or a phone"
	e := &Error{Code: EInvalid, Message: msg}
	for _, f := range fields {
		e.Details = append(e.Details, FieldError{Field: f, Message: msg})
	}
	return e
}

// IsEmailAddress reports whether s is a bare e-mail address with a dotted
// domain ("ada@example.com", not "Ada <ada@example.com>" nor "ada@localhost"):
// the rule for a contact's email however it arrives, by POST, PATCH or CSV.
func IsEmailAddress(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".")
}

// MergeFrom applies o over c as a duplicate updates a contact (an import with
// onDuplicate=update, against a stored contact or an earlier row of the same
// file): o's non-empty names, email, company and notes replace c's, its empty
// ones leave c's alone, so a CSV without an email column never wipes stored
// emails. Identity, phone and timestamps are untouched.
func (c *Contact) MergeFrom(o *Contact) {
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&c.FirstName, o.FirstName)
	set(&c.LastName, o.LastName)
	set(&c.Email, o.Email)
	set(&c.Company, o.Company)
	set(&c.Notes, o.Notes)
	set(&c.TimeZone, o.TimeZone)
}

// ContactPatch is a partial update: a nil field is left alone, a pointer to ""
// clears the field, any other value replaces it. Phone is already normalized.
type ContactPatch struct {
	FirstName *string
	LastName  *string
	Phone     *string
	Email     *string
	Company   *string
	Notes     *string
	TimeZone  *string
}

// IsEmpty reports whether the patch changes nothing.
func (p ContactPatch) IsEmpty() bool {
	return p.FirstName == nil && p.LastName == nil && p.Phone == nil &&
		p.Email == nil && p.Company == nil && p.Notes == nil && p.TimeZone == nil
}

// Apply applies p to c and validates the result (see Validate): a patch is
// judged by the contact it leaves, not by its fields alone. When the result
// has no name and no phone, the error names the fields p cleared, as those
// are what the caller must change. On error c holds the refused result, to
// be discarded.
func (c *Contact) Apply(p ContactPatch) error {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&c.FirstName, p.FirstName)
	set(&c.LastName, p.LastName)
	set(&c.Phone, p.Phone)
	set(&c.Email, p.Email)
	set(&c.Company, p.Company)
	set(&c.Notes, p.Notes)
	set(&c.TimeZone, p.TimeZone)
	if !c.hasNameOrPhone() {
		var cleared []string
		for _, f := range []struct {
			name string
			v    *string
		}{{"firstName", p.FirstName}, {"lastName", p.LastName}, {"phone", p.Phone}} {
			if f.v != nil {
				cleared = append(cleared, f.name)
			}
		}
		if len(cleared) == 0 {
			cleared = []string{"body"} // it had none before the patch
		}
		return noNameOrPhone(cleared...)
	}
	return c.Validate()
}

// ContactSearch is a search request. Query matches case-insensitively within
// first name, last name, full name, email, company and phone digits; the
// filters are exact but case-insensitive (Phone already normalized).
type ContactSearch struct {
	WorkspaceID   string
	Query         string
	Company       string
	Email         string
	Phone         string
	CreatedAfter  *time.Time
	CreatedBefore *time.Time
	Page          Page
}

// ImportOutcome says what happened to one row of an import batch.
type ImportOutcome int

const (
	ImportInserted ImportOutcome = iota + 1
	ImportUpdated
	ImportSkipped
)

// ContactStore is the contacts store. Every method is scoped to a
// workspace: no method can read or change another workspace's rows.
type ContactStore interface {
	// CreateContact sets c.ID, CreatedAt and UpdatedAt.
	// Errors: EContactExists (details carry the existing id under field "id").
	CreateContact(ctx context.Context, c *Contact) error
	// FindContact errors: ENotFound.
	FindContact(ctx context.Context, workspaceID, id string) (*Contact, error)
	// UpdateContact reads the contact under a lock, lets update change it
	// (its id, workspace and timestamps are kept), writes it back and
	// returns it, all in one transaction; an error from update is returned
	// as it is and nothing is written. Errors: ENotFound, EContactExists.
	UpdateContact(ctx context.Context, workspaceID, id string, update func(*Contact) error) (*Contact, error)
	// DeleteContact errors: ENotFound.
	DeleteContact(ctx context.Context, workspaceID, id string) error
	// ListContacts lists newest first (createdAt desc, id desc).
	ListContacts(ctx context.Context, workspaceID string, page Page) ([]*Contact, Meta, error)
	// SearchContacts lists matches, those whose name or email starts with
	// the query first, then newest first.
	SearchContacts(ctx context.Context, s ContactSearch) ([]*Contact, Meta, error)
	// ImportContacts writes one batch of already-normalized contacts of a
	// workspace in one transaction. Contacts whose phone is already stored
	// are updated when update is true and skipped otherwise. The batch holds
	// no two contacts with the same phone. It returns one outcome per input.
	ImportContacts(ctx context.Context, workspaceID string, batch []*Contact, update bool) ([]ImportOutcome, error)
}
