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
}

// AuthService issues and checks bearer tokens.
type AuthService interface {
	// CreateToken creates the workspace when it does not exist yet and a new
	// token for identity in it, returning the plaintext once.
	// Errors: EInvalid (empty workspace or identity, unknown role).
	CreateToken(ctx context.Context, workspaceID, identity string, role Role) (plaintext string, tok *Token, err error)
	// Authenticate finds the token whose hash matches plaintext.
	// Errors: EUnauthorized.
	Authenticate(ctx context.Context, plaintext string) (*Token, error)
	// IdentityInWorkspace reports whether identity holds any token of the
	// workspace (the call-control webhook refuses agents that do not).
	IdentityInWorkspace(ctx context.Context, workspaceID, identity string) (bool, error)
}
