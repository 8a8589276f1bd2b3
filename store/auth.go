package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// tokenRow is a row of api_tokens.
type tokenRow struct {
	ID          string
	WorkspaceID string
	Identity    string
	Role        string
	TokenHash   string
	CreatedAt   time.Time
	ExpiresAt   *time.Time
	RevokedAt   *time.Time
	LastUsedAt  *time.Time
}

func (tokenRow) TableName() string { return "api_tokens" }

func (r *tokenRow) toDomain() *switchboard.Token {
	return &switchboard.Token{
		ID:          r.ID,
		WorkspaceID: r.WorkspaceID,
		Identity:    r.Identity,
		Role:        switchboard.Role(r.Role),
		CreatedAt:   r.CreatedAt.UTC(),
		ExpiresAt:   utcPtr(r.ExpiresAt),
		RevokedAt:   utcPtr(r.RevokedAt),
		LastUsedAt:  utcPtr(r.LastUsedAt),
	}
}

// lastUsedEvery is how stale a token's last_used_at may get before a use
// writes it again: one write a minute per token, not one per request.
const lastUsedEvery = time.Minute

// TokenPrefix starts every bearer token, so a leaked one is recognisable
// (secret scanners, logs) and a typo'd one fails fast.
const TokenPrefix = "sb_"

// HashToken is the hex SHA-256 the store keeps in place of a plaintext token.
// A fast hash is enough: tokens are 256 random bits, not passwords.
func HashToken(plaintext string) string {
	sum := sha256.Sum256([]byte(plaintext))
	return hex.EncodeToString(sum[:])
}

// newID returns a time-ordered UUIDv7 string, so ids sort roughly by
// creation and the primary-key index is appended to rather than scattered.
func newID() string {
	return uuid.Must(uuid.NewV7()).String()
}

// ensureWorkspace creates the workspace row when it does not exist yet.
// Workspaces have no API of their own: they come into being with their first
// token (or first record), and every write that needs one calls this first.
func ensureWorkspace(tx *gorm.DB, workspaceID string) error {
	return tx.Exec("INSERT INTO workspaces (id, contact_count, created_at) VALUES (?, 0, ?) ON CONFLICT (id) DO NOTHING",
		workspaceID, now()).Error
}

// CreateToken implements switchboard.AuthStore. An empty role means agent.
func (db *DB) CreateToken(ctx context.Context, workspaceID, identity string, role switchboard.Role) (string, *switchboard.Token, error) {
	return db.createToken(ctx, workspaceID, identity, role, nil)
}

// CreateExpiringToken implements switchboard.AuthStore.
func (db *DB) CreateExpiringToken(ctx context.Context, workspaceID, identity string, role switchboard.Role, expiresAt time.Time) (string, *switchboard.Token, error) {
	at := expiresAt.UTC().Truncate(time.Microsecond)
	return db.createToken(ctx, workspaceID, identity, role, &at)
}

func (db *DB) createToken(ctx context.Context, workspaceID, identity string, role switchboard.Role, expiresAt *time.Time) (string, *switchboard.Token, error) {
	workspaceID, identity = strings.TrimSpace(workspaceID), strings.TrimSpace(identity)
	switch {
	case workspaceID == "":
		return "", nil, switchboard.FieldErrorf(switchboard.EInvalid, "workspaceId", "A workspace id is required.")
	case identity == "":
		return "", nil, switchboard.FieldErrorf(switchboard.EInvalid, "identity", "An identity is required.")
	}
	if role == "" {
		role = switchboard.RoleAgent
	}
	if role != switchboard.RoleAgent && role != switchboard.RoleAdmin {
		return "", nil, switchboard.FieldErrorf(switchboard.EInvalid, "role", "Role must be agent or admin.")
	}
	var secret [32]byte
	if _, err := rand.Read(secret[:]); err != nil {
		return "", nil, err
	}
	plaintext := TokenPrefix + hex.EncodeToString(secret[:])
	row := tokenRow{
		ID:          newID(),
		WorkspaceID: workspaceID,
		Identity:    identity,
		Role:        string(role),
		TokenHash:   HashToken(plaintext),
		CreatedAt:   now(),
		ExpiresAt:   expiresAt,
	}
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := ensureWorkspace(tx, workspaceID); err != nil {
			return err
		}
		return tx.Create(&row).Error
	})
	if err != nil {
		return "", nil, err
	}
	db.logger.DebugContext(ctx, "token created", "workspace", workspaceID, "identity", identity, "role", role, "token_id", row.ID)
	return plaintext, row.toDomain(), nil
}

// Authenticate implements switchboard.AuthStore.
func (db *DB) Authenticate(ctx context.Context, plaintext string) (*switchboard.Token, error) {
	if plaintext == "" {
		return nil, switchboard.Errorf(switchboard.EUnauthorized, "A bearer token is required.")
	}
	var row tokenRow
	err := db.r.WithContext(ctx).Where("token_hash = ? AND revoked_at IS NULL", HashToken(plaintext)).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, switchboard.Errorf(switchboard.EUnauthorized, "Unknown or revoked bearer token.")
	} else if err != nil {
		return nil, err
	}
	if t := now(); row.LastUsedAt == nil || t.Sub(*row.LastUsedAt) >= lastUsedEvery {
		// Best effort: a failed bookkeeping write must not refuse the
		// request it was written for.
		err := db.w.WithContext(ctx).Model(&tokenRow{}).Where("id = ?", row.ID).Update("last_used_at", t).Error
		if err != nil {
			db.logger.WarnContext(ctx, "recording a token's last use failed", "token_id", row.ID, "error", err)
		} else {
			row.LastUsedAt = &t
		}
	}
	return row.toDomain(), nil
}

// ListTokens implements switchboard.AuthStore.
func (db *DB) ListTokens(ctx context.Context, workspaceID string) ([]*switchboard.Token, error) {
	var rows []tokenRow
	if err := db.r.WithContext(ctx).Where("workspace_id = ?", workspaceID).Order("created_at, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]*switchboard.Token, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// RevokeToken implements switchboard.AuthStore. A plaintext is told from
// an id by its prefix.
func (db *DB) RevokeToken(ctx context.Context, idOrPlaintext string) (*switchboard.Token, error) {
	col, key := "id", strings.TrimSpace(idOrPlaintext)
	if strings.HasPrefix(key, TokenPrefix) {
		col, key = "token_hash", HashToken(key)
	}
	var row tokenRow
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := tx.Where(col+" = ? AND revoked_at IS NULL", key).Take(&row).Error; err != nil {
			return translate(err, "Token")
		}
		t := now()
		row.RevokedAt = &t
		return tx.Model(&tokenRow{}).Where("id = ?", row.ID).Update("revoked_at", t).Error
	})
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

// agentHoldsToken is the one definition of "the agent belongs to the
// workspace" (arguments: workspace id, identity), shared by
// IdentityInWorkspace and AgentWorkspaceSettings: a token that is not
// revoked. Expiry is not read here: an expired bearer token can mint no new
// voice token, and a voice token already minted lives at most its own TTL.
const agentHoldsToken = "EXISTS (SELECT 1 FROM api_tokens t WHERE t.workspace_id = ? AND t.identity = ? AND t.revoked_at IS NULL)"

// IdentityInWorkspace implements switchboard.AuthStore.
func (db *DB) IdentityInWorkspace(ctx context.Context, workspaceID, identity string) (bool, error) {
	var ok []bool
	err := scan(db.r.WithContext(ctx).Raw("SELECT "+agentHoldsToken, workspaceID, identity), &ok)
	return len(ok) > 0 && ok[0], err
}
