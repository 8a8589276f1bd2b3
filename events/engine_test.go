package events_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestDelivery: an event recorded with a change reaches the endpoint
// registered through the service, signed with its secret, the event's id
// as webhook-id; the attempt is listed and told to OnAttempt.
func TestDelivery(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		ctx := context.Background()
		db := openDB(t, d)
		var mu sync.Mutex
		var results []string
		svc := startService(t, db, events.Config{AllowPrivateNetworks: true, OnAttempt: func(result string, _ time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			results = append(results, result)
		}})
		rc := eventstest.NewReceiver(t)
		ws := storetest.NewWorkspaceID()
		ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: rc.URL(), Events: []sb.EventType{sb.EventContactCreated}}
		require.NoError(t, svc.CreateEndpoint(ctx, ep))
		c := &sb.Contact{WorkspaceID: ws, FirstName: "Ada"}
		require.NoError(t, db.CreateContact(ctx, c))

		got := rc.WaitFor(1)[0]
		eventstest.Verify(t, got, ep.Secret)
		require.Equal(t, "contact.created", got.Payload["type"])
		require.Equal(t, c.ID, eventstest.DataID(got))
		log, _, err := svc.ListEvents(ctx, sb.EventFilter{WorkspaceID: ws, Page: sb.Page{Limit: 10}})
		require.NoError(t, err)
		require.Len(t, log, 1)
		require.Equal(t, log[0].ID, got.ID, "webhook-id is the event id")
		ev, err := svc.GetEvent(ctx, ws, got.ID)
		require.NoError(t, err)
		require.Equal(t, sb.EventContactCreated, ev.Type)
		_, err = svc.GetEvent(ctx, storetest.NewWorkspaceID(), got.ID)
		require.Equal(t, sb.ENotFound, sb.ErrorCode(err))

		require.Eventually(t, func() bool {
			as, _, err := svc.ListDeliveries(ctx, ws, ep.ID, sb.Page{Limit: 10})
			return err == nil && len(as) == 1
		}, 5*time.Second, 20*time.Millisecond)
		as, _, err := svc.ListDeliveries(ctx, ws, ep.ID, sb.Page{Limit: 10})
		require.NoError(t, err)
		require.Equal(t, sb.DeliverySucceeded, as[0].Result)
		require.Equal(t, 200, as[0].StatusCode)
		require.Equal(t, 1, as[0].Attempt)
		require.Eventually(t, func() bool {
			mu.Lock()
			defer mu.Unlock()
			return len(results) == 1 && results[0] == sb.DeliverySucceeded
		}, 5*time.Second, 20*time.Millisecond)
		depth, err := svc.QueueDepth(ctx)
		require.NoError(t, err)
		require.GreaterOrEqual(t, depth, 0)
	})
}

// TestRedeliverNeedsTheEngine: redelivery answers ENotImplemented while the
// engine does not run, before Start and after Stop; while it runs, the
// event goes again to its endpoint with the same webhook-id.
func TestRedeliverNeedsTheEngine(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		ctx := context.Background()
		db := openDB(t, d)
		svc := newService(t, db, events.Config{AllowPrivateNetworks: true})
		rc := eventstest.NewReceiver(t)
		ws := storetest.NewWorkspaceID()
		ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: rc.URL(), Events: []sb.EventType{sb.EventContactCreated}}
		require.NoError(t, svc.CreateEndpoint(ctx, ep))
		require.NoError(t, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: "Ada"}))
		log, _, err := svc.ListEvents(ctx, sb.EventFilter{WorkspaceID: ws, Page: sb.Page{Limit: 10}})
		require.NoError(t, err)
		require.Len(t, log, 1)
		_, err = svc.Redeliver(ctx, ws, log[0].ID, "")
		require.Equal(t, sb.ENotImplemented, sb.ErrorCode(err), "before Start")

		require.NoError(t, svc.Start(ctx))
		require.Error(t, svc.Start(ctx), "a running engine is not started twice")
		first := rc.WaitFor(1)[0]
		ids, err := svc.Redeliver(ctx, ws, log[0].ID, "")
		require.NoError(t, err)
		require.Equal(t, []string{ep.ID}, ids)
		again := rc.WaitFor(2)[1]
		require.Equal(t, first.ID, again.ID)
		eventstest.Verify(t, again, ep.Secret)
		_, err = svc.Redeliver(ctx, ws, "nope", "")
		require.Equal(t, sb.ENotFound, sb.ErrorCode(err))
		_, err = svc.Redeliver(ctx, ws, log[0].ID, "nope")
		require.Equal(t, sb.ENotFound, sb.ErrorCode(err))

		stop, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		require.NoError(t, svc.Stop(stop))
		require.NoError(t, svc.Stop(stop), "stopping a stopped engine does nothing")
		_, err = svc.Redeliver(ctx, ws, log[0].ID, "")
		require.Equal(t, sb.ENotImplemented, sb.ErrorCode(err), "after Stop")
	})
}

// TestRetention: the engine's retention job, run at its start, deletes
// the events older than sb.EventRetention on the engine's clock.
func TestRetention(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		ctx := context.Background()
		db := openDB(t, d)
		ws := storetest.NewWorkspaceID()
		require.NoError(t, db.CreateContact(ctx, &sb.Contact{WorkspaceID: ws, FirstName: "Ada"}))
		later := time.Now().Add(sb.EventRetention + time.Hour)
		svc := startService(t, db, events.Config{Now: func() time.Time { return later }})
		require.Eventually(t, func() bool {
			log, _, err := svc.ListEvents(ctx, sb.EventFilter{WorkspaceID: ws, Page: sb.Page{Limit: 10}})
			return err == nil && len(log) == 0
		}, 15*time.Second, 50*time.Millisecond, "the event is pruned")
	})
}

// foldCounter is the store, with the changes each fold the engine ran
// moved added up.
type foldCounter struct {
	*store.DB
	moved, folds atomic.Int64
}

func (f *foldCounter) FoldCallTotals(ctx context.Context) (int64, error) {
	n, err := f.DB.FoldCallTotals(ctx)
	f.folds.Add(1)
	f.moved.Add(n)
	return n, err
}

// TestCallTotalsFold: where the calls' totals wait for a fold (PostgreSQL),
// the engine's periodic job, run at its start, folds the change a call's
// insert logged, once; where the triggers write them (SQLite), it never
// runs.
func TestCallTotalsFold(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		ctx := context.Background()
		db := &foldCounter{DB: d.Open(t)} // no event encoder: a call records no event here
		ws := storetest.NewWorkspaceID()
		_, err := db.BeginCall(ctx, &sb.Call{CallSID: "CA" + ws, WorkspaceID: ws, AgentIdentity: "ada", To: "+15005550100",
			From: "+15005550006", Status: sb.CallInitiated, ConferenceName: "sb-" + ws}, time.Minute)
		require.NoError(t, err)
		svc := eventstest.NewService(t, db, events.Config{Logger: testLogger()})
		eventstest.Start(t, svc)
		if !db.FoldsCallTotals() {
			// The retention job runs at the start too: once it has, a
			// fold would have had its turn.
			time.Sleep(time.Second)
			require.Zero(t, db.folds.Load(), "no fold where the triggers write the totals")
			return
		}
		require.Eventually(t, func() bool { return db.moved.Load() >= 1 }, 15*time.Second, 20*time.Millisecond,
			"the engine folds the call's change")
		require.Equal(t, int64(1), db.moved.Load(), "one change logged, moved once")
		rows, err := db.ReportCalls(ctx, sb.CallReportQuery{WorkspaceID: ws, From: time.Now().Add(-48 * time.Hour),
			To: time.Now().Add(48 * time.Hour), GroupBy: sb.ReportByAgent, Zone: time.UTC})
		require.NoError(t, err)
		require.Equal(t, []sb.CallReportRow{{Key: "ada", Calls: 1}}, rows, "the folded call is reported once")
	})
}
