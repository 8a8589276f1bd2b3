package events_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestRecordDeliveryOnce: the store writes an attempt's id once, so the
// engine may write it again when it did not hear whether a commit went
// through: the second write changes nothing, the endpoint's failure record
// included.
func TestRecordDeliveryOnce(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		ctx := context.Background()
		db := openDB(t, d)
		svc := newService(t, db, events.Config{})
		ws := storetest.NewWorkspaceID()
		ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: "https://crm.example.com/hooks", Events: []sb.EventType{sb.EventContactCreated}}
		require.NoError(t, svc.CreateEndpoint(ctx, ep))
		at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		a := &sb.WebhookDelivery{ID: "0195500b-f000-7000-8000-000000000001", WorkspaceID: ws, EndpointID: ep.ID,
			EventID: "0195500b-f000-7000-8000-0000000000e1", EventType: sb.EventContactCreated, Attempt: 1,
			Result: sb.DeliveryRetrying, Error: "delivery failed: connection refused", AttemptedAt: at}
		for range 2 {
			disabled, err := db.RecordDelivery(ctx, a)
			require.NoError(t, err)
			require.False(t, disabled)
		}
		as, _, err := svc.ListDeliveries(ctx, ws, ep.ID, sb.Page{Limit: 10})
		require.NoError(t, err)
		require.Len(t, as, 1)
		require.Equal(t, a.ID, as[0].ID)
		got, err := svc.GetEndpoint(ctx, ws, ep.ID)
		require.NoError(t, err)
		require.Equal(t, at, got.FailingSince.UTC())
	})
}
