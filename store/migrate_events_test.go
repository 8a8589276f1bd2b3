package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestMigrationEventsByWorkspace: events recorded before migration 15 (whose
// delivery jobs were queued with them) are kept, listed, and never relayed
// again.
func TestMigrationEventsByWorkspace(t *testing.T) {
	t.Parallel()
	atMigration(t, 14, func(t *testing.T, db *store.DB, raw *sql.DB) {
		ctx := context.Background()
		ws := storetest.NewWorkspaceID()
		t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		_, err := raw.ExecContext(ctx, "INSERT INTO workspaces (id, contact_count, created_at) VALUES ($1, 0, $2)", ws, t0)
		require.NoError(t, err)
		_, err = raw.ExecContext(ctx, `INSERT INTO webhook_endpoints (id, workspace_id, url, events, enabled, secret, created_at, updated_at)
				VALUES ($1, $2, 'https://example.com/hooks', 'contact.created', $3, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc=', $4, $4)`,
			uuid.NewString(), ws, true, t0)
		require.NoError(t, err)
		id := uuid.Must(uuid.NewV7()).String()
		_, err = raw.ExecContext(ctx, "INSERT INTO events (id, workspace_id, type, data, created_at) VALUES ($1, $2, 'contact.created', '{}', $3)",
			id, ws, time.Now().UTC())
		require.NoError(t, err)

		require.NoError(t, db.Migrate(ctx))
		got, _, err := db.ListEvents(ctx, switchboard.EventFilter{WorkspaceID: ws, Page: switchboard.Page{Limit: 10}})
		require.NoError(t, err)
		require.Len(t, got, 1)
		require.Equal(t, id, got[0].ID)
		n, err := db.PendingEvents(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "an event from before the migration already had its jobs")
	})
}
