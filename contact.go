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
	CreatedAt   time.Time
	UpdatedAt   time.Time
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

// ContactService is the contacts store. Every method is scoped to a
// workspace: no method can read or change another workspace's rows.
type ContactService interface {
	// CreateContact sets c.ID, CreatedAt and UpdatedAt.
	// Errors: EContactExists (details carry the existing id under field "id").
	CreateContact(ctx context.Context, c *Contact) error
	// FindContact errors: ENotFound.
	FindContact(ctx context.Context, workspaceID, id string) (*Contact, error)
	// UpdateContact applies the patch and returns the whole contact.
	// Errors: ENotFound, EContactExists.
	UpdateContact(ctx context.Context, workspaceID, id string, p ContactPatch) (*Contact, error)
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
