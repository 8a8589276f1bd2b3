package switchboard

import (
	"context"
	"time"
)

// DNCSource says how a number came onto the do-not-call list.
type DNCSource string

const (
	DNCSourceAPI    DNCSource = "api"
	DNCSourceImport DNCSource = "import"
	DNCSourceCall   DNCSource = "call" // a call outcome
)

// DNCEntry puts a phone number on a workspace's do-not-call list. A removed
// entry is kept as history: it no longer blocks calls, and listing the
// number again makes a new entry.
type DNCEntry struct {
	ID          string
	WorkspaceID string
	Phone       string // E.164
	Reason      string
	Source      DNCSource // empty means DNCSourceAPI
	AddedBy     string    // the identity of the token that listed it
	// CallSID names the call whose outcome listed the number; an entry
	// with one has DNCSourceCall.
	CallSID   string
	CreatedAt time.Time

	// Set once the entry is removed.
	RemovedAt     *time.Time
	RemovedBy     string
	RemovalReason string
}

// MaxDNCReasonLength is the longest reason, for listing a number or for
// removing it, in characters (openapi.yaml's maxLength of both).
const MaxDNCReasonLength = 1000

// Validate holds the rules of an entry to be listed: a phone, in E.164
// (EInvalidPhone); a reason within its length, without control characters
// but tab and line breaks; a known source. Errors name the field.
func (e *DNCEntry) Validate() error {
	switch {
	case e.Phone == "":
		return FieldErrorf(EInvalid, "phone", "a phone number is required")
	case !IsE164(e.Phone):
		return FieldErrorf(EInvalidPhone, "phone", "%q is not an E.164 phone number", Truncate(e.Phone, 64))
	}
	switch e.Source {
	case "", DNCSourceAPI, DNCSourceImport, DNCSourceCall:
	default:
		return FieldErrorf(EInvalid, "source", "unknown source %q", Truncate(string(e.Source), 16))
	}
	return CheckText("reason", e.Reason, MaxDNCReasonLength, Multiline("reason"))
}

// DNCRemoval is who removes an entry and why.
type DNCRemoval struct {
	By     string
	Reason string
}

// Validate holds the rule of a removal: its reason is text like a listing's.
func (r DNCRemoval) Validate() error {
	return CheckText("reason", r.Reason, MaxDNCReasonLength, Multiline("reason"))
}

// DNCStore is the do-not-call store.
type DNCStore interface {
	// AddDNC stores e, or, when its phone is already listed, fills e with the
	// stored entry and returns created=false. With a CallSID, the call must be
	// the workspace's and have dialled e.Phone, and the entry is stored with
	// DNCSourceCall. Errors: EInvalid, ENotFound (no such call).
	AddDNC(ctx context.Context, e *DNCEntry) (created bool, err error)
	// ImportDNC lists many numbers of one workspace in one transaction;
	// created[i] is false where entries[i]'s phone was already listed (the
	// entry is then left as it was given).
	ImportDNC(ctx context.Context, workspaceID string, entries []*DNCEntry) (created []bool, err error)
	// ListDNC lists the entries still listed, newest first.
	ListDNC(ctx context.Context, workspaceID string, page Page) ([]*DNCEntry, Meta, error)
	// ListDNCHistory lists every entry, removed ones too, newest first;
	// phone, when not empty, narrows it to one number.
	ListDNCHistory(ctx context.Context, workspaceID, phone string, page Page) ([]*DNCEntry, Meta, error)
	// FindDNCByPhone finds the listed entry. Errors: ENotFound when the
	// number is not listed.
	FindDNCByPhone(ctx context.Context, workspaceID, phone string) (*DNCEntry, error)
	// DeleteDNC removes a listed entry, keeping it as history.
	// Errors: ENotFound (unknown, or already removed).
	DeleteDNC(ctx context.Context, workspaceID, id string, by DNCRemoval) error
}
