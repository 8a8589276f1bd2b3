package switchboard

import (
	"context"
	"time"
)

// OutcomeKind says what an outcome means for the rules: whether the
// customer was reached, and whether the number must never be called again.
type OutcomeKind string

const (
	OutcomeConnected    OutcomeKind = "connected"     // the customer was reached
	OutcomeNotConnected OutcomeKind = "not_connected" // voicemail, no answer, wrong number
	// OutcomeDoNotCall lists the call's number on the do-not-call list, in
	// the same transaction as the outcome: consent revoked on the phone is
	// honoured at once.
	OutcomeDoNotCall OutcomeKind = "do_not_call"
)

// Valid reports whether k is one of the kinds.
func (k OutcomeKind) Valid() bool {
	switch k {
	case OutcomeConnected, OutcomeNotConnected, OutcomeDoNotCall:
		return true
	}
	return false
}

// CallOutcome is what came of a call, as a workspace names it. Outcomes are
// never deleted, only archived, so that calls keep theirs.
type CallOutcome struct {
	ID          string
	WorkspaceID string
	Name        string
	Kind        OutcomeKind
	Archived    bool
	CreatedAt   time.Time
}

// OutcomeRef is a call's outcome as the call shows it.
type OutcomeRef struct {
	ID   string
	Name string
	Kind OutcomeKind
}

// DefaultOutcomes are the outcomes every workspace starts with, in order.
var DefaultOutcomes = []struct {
	Name string
	Kind OutcomeKind
}{
	{"Interested", OutcomeConnected},
	{"Not interested", OutcomeConnected},
	{"Call back later", OutcomeConnected},
	{"Left voicemail", OutcomeNotConnected},
	{"No answer", OutcomeNotConnected},
	{"Wrong number", OutcomeNotConnected},
	{"Do not call", OutcomeDoNotCall},
}

// Limits of after-call work, in characters (openapi.yaml's).
const (
	MaxOutcomeNameLength = 60
	MaxCallNotesLength   = 10000
	MaxCallTags          = 20
	MaxCallTagLength     = 40
)

// OutcomeStore keeps a workspace's call outcomes. A workspace's outcomes
// start as DefaultOutcomes: the store writes them the first time they are
// read or used.
type OutcomeStore interface {
	// ListOutcomes lists the workspace's outcomes in the order they were
	// made; archived ones only when includeArchived.
	ListOutcomes(ctx context.Context, workspaceID string, includeArchived bool, page Page) ([]*CallOutcome, Meta, error)
	// FindOutcome errors: ENotFound (also for another workspace's).
	FindOutcome(ctx context.Context, workspaceID, id string) (*CallOutcome, error)
	// CreateOutcome stores o after the workspace's others, setting ID and
	// CreatedAt. Errors: EInvalid, EOutcomeExists.
	CreateOutcome(ctx context.Context, o *CallOutcome) error
	// UpdateOutcome renames, archives or restores an outcome. Errors:
	// ENotFound, EInvalid, EOutcomeExists.
	UpdateOutcome(ctx context.Context, workspaceID, id string, patch OutcomePatch) (*CallOutcome, error)
	// UpdateCallWork writes an agent's after-call work on a call, in one
	// transaction: it reads the call of the workspace under its lock, runs
	// check on it (an error from check is returned and nothing is written),
	// checks the outcome (of the workspace and not archived, else EInvalid
	// naming outcomeId), writes what w names, lists the call's number on the
	// do-not-call list when the outcome changes to one of kind
	// OutcomeDoNotCall (source call, added by w.By; a listed number is left
	// as it is), and records EventCallOutcomeSet when the outcome changes to
	// a non-null one. It returns the call after. Errors: ENotFound, EInvalid
	// and check's.
	UpdateCallWork(ctx context.Context, workspaceID, callSID string, w CallWork, check func(*Call) error) (*Call, error)
}

// CallWork is a change of a call's after-call work; a nil field is left
// alone. The service has already cleaned it: Tags trimmed, lower-cased and
// without repeats, Notes within its rules.
type CallWork struct {
	OutcomeID *string // "" clears the outcome
	Notes     *string
	Tags      *[]string
	// By is the identity of the agent making the change: the do-not-call
	// entry an outcome lists is added by them.
	By string
}

// OutcomePatch changes what it names; a nil field is left alone.
type OutcomePatch struct {
	Name     *string
	Archived *bool
}
