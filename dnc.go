package switchboard

import (
	"context"
	"time"
)

// DNCEntry puts a phone number on a workspace's do-not-call list.
type DNCEntry struct {
	ID          string
	WorkspaceID string
	Phone       string // E.164
	Reason      string
	CreatedAt   time.Time
}

// DNCService is the do-not-call store.
type DNCService interface {
	// AddDNC stores e, or, when its phone is already listed, fills e with the
	// stored entry and returns created=false.
	AddDNC(ctx context.Context, e *DNCEntry) (created bool, err error)
	// ListDNC lists newest first.
	ListDNC(ctx context.Context, workspaceID string, page Page) ([]*DNCEntry, Meta, error)
	// FindDNCByPhone errors: ENotFound when the number is not listed.
	FindDNCByPhone(ctx context.Context, workspaceID, phone string) (*DNCEntry, error)
	// DeleteDNC errors: ENotFound.
	DeleteDNC(ctx context.Context, workspaceID, id string) error
}
