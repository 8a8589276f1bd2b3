package store_test

import (
	"context"
	"database/sql"
	"strconv"
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

// TestMigrationDeliveryAttemptsSettled: attempts recorded before migration
// 50 that read retrying although a later attempt of the same event to the
// same endpoint was made read failed after it, with no next attempt; the
// newest attempt of a delivery still waiting keeps its retry.
func TestMigrationDeliveryAttemptsSettled(t *testing.T) {
	t.Parallel()
	atMigration(t, 45, func(t *testing.T, db *store.DB, raw *sql.DB) {
		ctx := context.Background()
		ws := storetest.NewWorkspaceID()
		t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
		_, err := raw.ExecContext(ctx, "INSERT INTO workspaces (id, contact_count, created_at) VALUES ($1, 0, $2)", ws, t0)
		require.NoError(t, err)
		ep := uuid.NewString()
		_, err = raw.ExecContext(ctx, `INSERT INTO webhook_endpoints (id, workspace_id, url, events, enabled, secret, created_at, updated_at)
				VALUES ($1, $2, 'https://example.com/hooks', 'contact.created', $3, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0XmCpVoHeQc=', $4, $4)`,
			ep, ws, true, t0)
		require.NoError(t, err)
		insert := func(event string, n int, result string) {
			t.Helper()
			at := t0.Add(time.Duration(n) * time.Minute)
			var next *time.Time
			if result == switchboard.DeliveryRetrying {
				nx := at.Add(time.Minute)
				next = &nx
			}
			_, err := raw.ExecContext(ctx, `INSERT INTO webhook_deliveries (id, workspace_id, endpoint_id, event_id, event_type,
					attempt, result, status_code, error, duration_ms, attempted_at, next_attempt_at)
					VALUES ($1, $2, $3, $4, 'contact.created', $5, $6, 503, 'the receiver answered 503', 10, $7, $8)`,
				uuid.Must(uuid.NewV7()).String(), ws, ep, event, n, result, at, next)
			require.NoError(t, err)
		}
		insert("ev-done", 1, switchboard.DeliveryRetrying)
		insert("ev-done", 2, switchboard.DeliverySucceeded)
		insert("ev-waiting", 1, switchboard.DeliveryRetrying)
		insert("ev-waiting", 2, switchboard.DeliveryRetrying)

		require.NoError(t, db.Migrate(ctx))
		list, _, err := db.ListWebhookDeliveries(ctx, ws, ep, switchboard.Page{Limit: 10})
		require.NoError(t, err)
		got := map[string]string{}
		for _, d := range list {
			got[d.EventID+"/"+strconv.Itoa(d.Attempt)] = d.Result
			if d.Result != switchboard.DeliveryRetrying {
				require.Nil(t, d.NextAttemptAt)
			}
		}
		require.Equal(t, map[string]string{"ev-done/1": "failed", "ev-done/2": "succeeded",
			"ev-waiting/1": "failed", "ev-waiting/2": "retrying"}, got)
	})
}
