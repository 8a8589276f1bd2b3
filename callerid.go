package switchboard

import (
	"context"
	"time"
)

// CallerIDStatus says whether a caller ID may be used.
type CallerIDStatus string

const (
	CallerIDVerified CallerIDStatus = "verified"
	CallerIDPending  CallerIDStatus = "pending"
)

// CallerID is a number a workspace may show to the customers it calls.
type CallerID struct {
	ID             string
	WorkspaceID    string
	PhoneNumber    string // E.164
	FriendlyName   string
	Status         CallerIDStatus
	ValidationCode string // the code to key in while pending, "" otherwise
	IsDefault      bool
	CreatedAt      time.Time
}

// CallerIDStore keeps the workspaces' caller IDs. A workspace has at most
// one default.
type CallerIDStore interface {
	// CreateCallerID stores c. The workspace's first caller ID, or one with
	// IsDefault, becomes its default (the previous default is cleared in the
	// same transaction). A number belongs to at most one workspace.
	// Errors: EInvalid, ECallerIDExists (this workspace has it),
	// ECallerIDTaken (another workspace has it).
	CreateCallerID(ctx context.Context, c *CallerID) error
	// CallerIDWorkspace returns the workspace that holds phone as a caller
	// ID. Errors: ENotFound.
	CallerIDWorkspace(ctx context.Context, phone string) (string, error)
	// ListCallerIDs lists newest first.
	ListCallerIDs(ctx context.Context, workspaceID string, page Page) ([]*CallerID, Meta, error)
	// FindCallerIDByPhone errors: ENotFound.
	FindCallerIDByPhone(ctx context.Context, workspaceID, phone string) (*CallerID, error)
	// DefaultCallerID errors: ENotFound when the workspace has none.
	DefaultCallerID(ctx context.Context, workspaceID string) (*CallerID, error)
	// MarkCallerIDVerified verifies a pending caller ID and clears its code.
	// Errors: ENotFound.
	MarkCallerIDVerified(ctx context.Context, workspaceID, id string) error
}
