package switchboard

import (
	"context"
	"time"
)

// Dial lists: a progressive dialer's list of contacts, a snapshot taken
// when the list is made. Agents pull its entries one at a time (the next
// dialable one is leased to them), dial them, and the calls' ends move the
// entries on.

// DialListStatus is where a list stands: active lists hand out entries,
// paused ones do not (an admin's choice), done ones have nothing left.
type DialListStatus string

const (
	DialListActive DialListStatus = "active"
	DialListPaused DialListStatus = "paused"
	DialListDone   DialListStatus = "done"
)

// DialEntryStatus is where one contact of a list stands.
type DialEntryStatus string

const (
	// DialEntryPending waits for its time (NextAttemptAt) and an agent.
	DialEntryPending DialEntryStatus = "pending"
	// DialEntryLeased is an agent's: undialled until LeaseUntil, or in a
	// call (the call's end moves it).
	DialEntryLeased DialEntryStatus = "leased"
	// DialEntryDone was reached: a call was answered and its outcome is not
	// of kind not_connected.
	DialEntryDone DialEntryStatus = "done"
	// DialEntrySkipped is never dialled: the dial check refuses it for
	// good (the number is on the do-not-call list).
	DialEntrySkipped DialEntryStatus = "skipped"
	// DialEntryExhausted was dialled MaxAttempts times without being
	// reached.
	DialEntryExhausted DialEntryStatus = "exhausted"
)

// Valid reports whether s is a known entry status.
func (s DialEntryStatus) Valid() bool {
	switch s {
	case DialEntryPending, DialEntryLeased, DialEntryDone, DialEntrySkipped, DialEntryExhausted:
		return true
	}
	return false
}

// Open reports whether an entry in status s may still be dialled: pending
// and leased entries are the list's Remaining.
func (s DialEntryStatus) Open() bool { return s == DialEntryPending || s == DialEntryLeased }

// Bounds of a dial list.
const (
	// DialListLease is how long an entry handed out by next stays the
	// agent's while undialled.
	DialListLease = 10 * time.Minute
	// MaxDialListIDs bounds contactIds in a list's creation.
	MaxDialListIDs = 10000
	// MaxDialListSearch bounds the contacts a search may put in a list.
	MaxDialListSearch = 100000
	// DefaultDialAttempts and MaxDialAttempts bound MaxAttempts;
	// DefaultRetryMinutes is RetryMinutes when none is given, and
	// MaxRetryMinutes its bound (30 days).
	DefaultDialAttempts = 3
	MaxDialAttempts     = 10
	DefaultRetryMinutes = 60
	MaxRetryMinutes     = 43200
	// DialNextExamine bounds the entries one next examines: when the dial
	// check refuses that many in a row, next answers no entry (with what
	// it skipped) and the agent asks again.
	DialNextExamine = 25
)

// Results of an entry's last attempt (DialListEntry.LastOutcome).
const (
	DialAnswered     = "answered"
	DialNotConnected = "not_connected" // answered, but the outcome says nobody was reached
)

// DialList is a list of contacts to call, made by an admin.
type DialList struct {
	ID           string
	WorkspaceID  string
	Name         string
	CallerID     string // E.164, or "" for the workspace's default caller ID
	MaxAttempts  int
	RetryMinutes int
	Status       DialListStatus
	// Size is the number of entries; Remaining those still pending or
	// leased.
	Size, Remaining int
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// DialListEntry is one contact of a list, with the phone it had when the
// list was made (what is dialled).
type DialListEntry struct {
	ListID    string
	ContactID string
	Phone     string
	Position  int // 1-based, the list's order
	Status    DialEntryStatus
	Attempts  int
	// LastOutcome is how the last attempt ended: DialAnswered,
	// DialNotConnected, or the call's final status (busy, no-answer,
	// failed); "" before any ended. LastCallSID is the last attempt's call.
	LastOutcome string
	LastCallSID string
	// NextAttemptAt is when a pending entry may be dialled; nil otherwise.
	NextAttemptAt *time.Time
	// SkipReason is the dial check's reason code of a skipped entry.
	SkipReason string
	// LeasedBy and LeaseUntil: the agent holding a leased entry, and until
	// when while it is undialled (nil once its call was made).
	LeasedBy   string
	LeaseUntil *time.Time
}

// NewDialList is what an admin asks for: exactly one of ContactIDs and
// Search names the contacts.
type NewDialList struct {
	Name         string
	CallerID     string
	MaxAttempts  int
	RetryMinutes int
	ContactIDs   []string
	Search       *ContactSearch
}

// DialListPatch changes a list; nil fields are left alone. Status may be
// active or paused only.
type DialListPatch struct {
	Name   *string
	Status *DialListStatus
}

// DialSkip is an entry the dial check refused on the way to the next one:
// Reason is its first reason's code; NextAllowedAt when the entry stays
// pending (nil: skipped for good).
type DialSkip struct {
	ContactID     string
	Reason        string
	NextAllowedAt *time.Time
}

// DialNext is the answer of next: the entry leased (nil when none is
// dialable now) and what was skipped to find it.
type DialNext struct {
	Entry   *DialListEntry
	Skipped []DialSkip
}

// DialRelease gives back an entry a next claimed but the dial check
// refused: Skip (a reason code) skips it for good; otherwise it is pending
// again from Due.
type DialRelease struct {
	ContactID string
	Skip      string
	Due       time.Time
}

// DialLease names the leased entry a call dials (Call.DialLease): the
// store counts the attempt with the call's write, only while the entry is
// still leased, undialled, to Identity at Now.
type DialLease struct {
	ListID, ContactID, Identity string
	Now                         time.Time
}

// DialListStore keeps dial lists and their entries. Every method is scoped
// to a workspace.
type DialListStore interface {
	// CreateDialList stores l (setting ID, Status, Size, Remaining and the
	// times) with one entry per contact of n.ContactIDs (in that order,
	// repeats once) or of n.Search (newest first, at most
	// MaxDialListSearch), in one transaction. Contacts without a phone are
	// left out. Errors: ENotFound naming contactIds when one is not the
	// workspace's; EInvalid when the search matches more than the bound
	// or no contact with a phone.
	CreateDialList(ctx context.Context, l *DialList, n NewDialList) error
	// FindDialList errors: ENotFound.
	FindDialList(ctx context.Context, workspaceID, id string) (*DialList, error)
	// ListDialLists lists newest first.
	ListDialLists(ctx context.Context, workspaceID string, page Page) ([]*DialList, Meta, error)
	// UpdateDialList errors: ENotFound; EDialListInactive for a status
	// change of a done list.
	UpdateDialList(ctx context.Context, workspaceID, id string, p DialListPatch) (*DialList, error)
	// ListDialEntries lists a list's entries in its order, those in
	// status only when it is not "". Errors: ENotFound.
	ListDialEntries(ctx context.Context, workspaceID, listID string, status DialEntryStatus, page Page) ([]*DialListEntry, Meta, error)
	// ClaimDialEntry gives back release (when not nil: an entry the caller
	// claimed and the dial check refused) and leases the list's next
	// dialable entry at now to identity until `until`, in one transaction:
	// a pending entry whose NextAttemptAt has come, or a leased one whose
	// lease ended undialled, first by when it became dialable, then by
	// position. nil when none is. Two claims at once never get the same
	// entry. Errors: ENotFound, EDialListInactive.
	ClaimDialEntry(ctx context.Context, workspaceID, listID, identity string, now, until time.Time, release *DialRelease) (*DialListEntry, error)
	// ReleaseDialEntry gives back one claimed entry (see ClaimDialEntry).
	ReleaseDialEntry(ctx context.Context, workspaceID, listID, identity string, r DialRelease) error
	// LeasedDialEntry is the entry contactID of the list as leased to
	// identity, undialled, at now. Errors: ENotFound (the list),
	// EDialListInactive, EEntryNotLeased.
	LeasedDialEntry(ctx context.Context, workspaceID, listID, contactID, identity string, now time.Time) (*DialListEntry, error)
}
