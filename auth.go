package switchboard

import (
	"context"
	"time"
)

// Role is what a bearer token may do inside its workspace.
type Role string

const (
	RoleAgent Role = "agent"
	RoleAdmin Role = "admin"
)

// Workspace owns every record. The API names it only by its id.
type Workspace struct {
	ID        string
	CreatedAt time.Time
}

// Token is a bearer token as the service knows it after authentication. The
// plaintext exists only once, when it is created; the store keeps a SHA-256.
type Token struct {
	ID          string
	WorkspaceID string
	Identity    string // the agent identity, unique within the workspace only
	Role        Role
	CreatedAt   time.Time
	// ExpiresAt is when the token stops working; nil: never.
	ExpiresAt *time.Time
	// RevokedAt is when it was revoked; nil while it is valid.
	RevokedAt *time.Time
	// LastUsedAt is when it last authenticated a request, to the minute:
	// the store writes it at most once a minute per token.
	LastUsedAt *time.Time
}

// Expired reports whether the token has expired at now.
func (t *Token) Expired(now time.Time) bool {
	return t.ExpiresAt != nil && !now.Before(*t.ExpiresAt)
}

// AuthStore issues and checks bearer tokens.
type AuthStore interface {
	// CreateToken creates the workspace when it does not exist yet and a new
	// token for identity in it, returning the plaintext once.
	// Errors: EInvalid (empty workspace or identity, unknown role).
	CreateToken(ctx context.Context, workspaceID, identity string, role Role) (plaintext string, tok *Token, err error)
	// CreateExpiringToken is CreateToken for a token that stops working at
	// expiresAt.
	CreateExpiringToken(ctx context.Context, workspaceID, identity string, role Role, expiresAt time.Time) (plaintext string, tok *Token, err error)
	// Authenticate finds the unrevoked token whose hash matches plaintext.
	// It does not check expiry (the caller holds the clock).
	// Errors: EUnauthorized.
	Authenticate(ctx context.Context, plaintext string) (*Token, error)
	// ListTokens lists a workspace's tokens, revoked and expired ones too,
	// oldest first.
	ListTokens(ctx context.Context, workspaceID string) ([]*Token, error)
	// RevokeToken revokes the token with this id or this plaintext.
	// Errors: ENotFound (unknown, or already revoked).
	RevokeToken(ctx context.Context, idOrPlaintext string) (*Token, error)
	// IdentityInWorkspace reports whether identity holds any token of the
	// workspace (the call-control webhook refuses agents that do not).
	IdentityInWorkspace(ctx context.Context, workspaceID, identity string) (bool, error)
}
