package storetest

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// Recorder is a switchboard.EnqueueFunc for tests: it keeps the jobs it is
// given, after checking that they came inside a live transaction of the
// database. Fail makes its next call fail, as a queue that refuses would.
type Recorder struct {
	mu   sync.Mutex
	jobs []switchboard.DeliveryJob
	fail bool
}

// Enqueue is the switchboard.EnqueueFunc.
func (r *Recorder) Enqueue(ctx context.Context, tx *sql.Tx, jobs []switchboard.DeliveryJob) error {
	var one int
	if err := tx.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		r.fail = false
		return errors.New("storetest: the queue refuses")
	}
	r.jobs = append(r.jobs, jobs...)
	return nil
}

// Fail makes the next Enqueue fail.
func (r *Recorder) Fail() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fail = true
}

// Jobs returns the jobs kept so far.
func (r *Recorder) Jobs() []switchboard.DeliveryJob {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.jobs)
}

// EventIDs returns the events of the jobs kept for endpointID, in order.
func (r *Recorder) EventIDs(endpointID string) []string {
	var out []string
	for _, j := range r.Jobs() {
		if j.EndpointID == endpointID {
			out = append(out, j.EventID)
		}
	}
	return out
}

// RelayAll relays in batches of limit until no event waits, and returns
// how many were relayed.
func RelayAll(t testing.TB, db *store.DB, limit int, q switchboard.EnqueueFunc) int {
	t.Helper()
	total := 0
	for {
		n, err := db.RelayEvents(ctx(), limit, q)
		require.NoError(t, err)
		total += n
		if n < limit {
			return total
		}
	}
}

func newEndpoint(t *testing.T, db *store.DB, ws string, types ...switchboard.EventType) *switchboard.WebhookEndpoint {
	t.Helper()
	e := &switchboard.WebhookEndpoint{WorkspaceID: ws, URL: "https://example.com/hook", Events: types, Secret: "whsec_test"}
	require.NoError(t, db.CreateWebhookEndpoint(ctx(), e))
	return e
}

func setEnabled(t *testing.T, db *store.DB, e *switchboard.WebhookEndpoint, on bool) {
	t.Helper()
	_, err := db.UpdateWebhookEndpoint(ctx(), e.WorkspaceID, e.ID, switchboard.WebhookEndpointPatch{Enabled: &on})
	require.NoError(t, err)
}

// oldestFirst lists events' ids oldest first (ListEvents is newest first).
func oldestFirst(evs []*switchboard.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[len(evs)-1-i] = e.ID
	}
	return out
}

func pending(t *testing.T, db *store.DB) int {
	t.Helper()
	n, err := db.PendingEvents(ctx())
	require.NoError(t, err)
	return n
}

// testRelay's tests share a store and run one after the other, each from
// a relay with nothing left (drain), since a relay takes the events of
// every workspace.
func testRelay(t *testing.T, open Opener) {
	db := withEvents(t, open)
	drain := func(t *testing.T) {
		t.Helper()
		var discard Recorder
		RelayAll(t, db, 500, discard.Enqueue)
	}

	t.Run("EachEventOnceInOrder", func(t *testing.T) {
		drain(t)
		ws := NewWorkspaceID()
		ep := newEndpoint(t, db, ws, switchboard.EventContactCreated)
		for i := range 5 {
			newContact(t, db, ws, i)
		}
		require.Equal(t, 5, pending(t, db))
		var rec Recorder
		require.Equal(t, 5, RelayAll(t, db, 2, rec.Enqueue))
		require.Equal(t, oldestFirst(events(t, db, ws)), rec.EventIDs(ep.ID), "each event once, in the order of the commits")
		require.Zero(t, pending(t, db))
		n, err := db.RelayEvents(ctx(), 10, rec.Enqueue)
		require.NoError(t, err)
		require.Zero(t, n, "nothing is relayed twice")
		require.Len(t, rec.Jobs(), 5)
	})

	t.Run("Subscriptions", func(t *testing.T) {
		drain(t)
		ws, other := NewWorkspaceID(), NewWorkspaceID()
		contacts := newEndpoint(t, db, ws, switchboard.EventContactCreated)
		dnc := newEndpoint(t, db, ws, switchboard.EventDNCAdded, switchboard.EventContactCreated)
		elsewhere := newEndpoint(t, db, other, switchboard.EventDNCAdded)
		all := newEndpoint(t, db, ws, switchboard.EventAll)
		stored, err := db.FindWebhookEndpoint(ctx(), ws, all.ID)
		require.NoError(t, err)
		require.Equal(t, []switchboard.EventType{switchboard.EventAll}, stored.Events, "the wildcard is kept, not a list of today's types")
		c := newContact(t, db, ws, 1)
		_, err = db.AddDNC(ctx(), &switchboard.DNCEntry{WorkspaceID: ws, Phone: "+12125550100", Reason: "asked"})
		require.NoError(t, err)
		_, err = db.UpdateContact(ctx(), ws, c.ID, func(c *switchboard.Contact) error { c.Notes = "x"; return nil })
		require.NoError(t, err) // contact.updated: only the wildcard takes it
		_, err = db.AddDNC(ctx(), &switchboard.DNCEntry{WorkspaceID: other, Phone: "+12125550100", Reason: "asked"})
		require.NoError(t, err)
		var rec Recorder
		require.Equal(t, 4, RelayAll(t, db, 100, rec.Enqueue))
		evs := oldestFirst(events(t, db, ws))
		require.Equal(t, evs[:1], rec.EventIDs(contacts.ID))
		require.Equal(t, evs[:2], rec.EventIDs(dnc.ID))
		require.Equal(t, oldestFirst(events(t, db, other)), rec.EventIDs(elsewhere.ID))
		require.Equal(t, evs, rec.EventIDs(all.ID), "the wildcard takes every type, and only its workspace's")
		require.Len(t, evs, 3)
		require.Zero(t, pending(t, db))
	})

	t.Run("EndpointCreatedAfterAnEvent", func(t *testing.T) {
		drain(t)
		ws := NewWorkspaceID()
		newContact(t, db, ws, 1)
		ep := newEndpoint(t, db, ws, switchboard.EventContactCreated)
		newContact(t, db, ws, 2)
		var rec Recorder
		RelayAll(t, db, 100, rec.Enqueue)
		evs := oldestFirst(events(t, db, ws))
		require.Equal(t, evs[1:], rec.EventIDs(ep.ID), "an endpoint gets only the events after its creation")
		require.Zero(t, pending(t, db))
	})

	t.Run("DisabledEndpoint", func(t *testing.T) {
		drain(t)
		ws := NewWorkspaceID()
		ep := newEndpoint(t, db, ws, switchboard.EventContactCreated)
		setEnabled(t, db, ep, false)
		newContact(t, db, ws, 1)
		var rec Recorder
		RelayAll(t, db, 100, rec.Enqueue)
		require.Empty(t, rec.Jobs(), "a disabled endpoint gets nothing")
		require.Zero(t, pending(t, db))
		setEnabled(t, db, ep, true)
		RelayAll(t, db, 100, rec.Enqueue)
		require.Empty(t, rec.Jobs(), "enabling it again does not deliver the past")
		newContact(t, db, ws, 2)
		RelayAll(t, db, 100, rec.Enqueue)
		require.Equal(t, oldestFirst(events(t, db, ws))[1:], rec.EventIDs(ep.ID))
	})

	t.Run("AFailedQueueLeavesTheBatch", func(t *testing.T) {
		drain(t)
		ws := NewWorkspaceID()
		ep := newEndpoint(t, db, ws, switchboard.EventContactCreated)
		newContact(t, db, ws, 1)
		newContact(t, db, ws, 2)
		var rec Recorder
		rec.Fail()
		_, err := db.RelayEvents(ctx(), 100, rec.Enqueue)
		require.Error(t, err)
		require.Equal(t, 2, pending(t, db), "the batch waits for the next run")
		require.Equal(t, 2, RelayAll(t, db, 100, rec.Enqueue))
		require.Equal(t, oldestFirst(events(t, db, ws)), rec.EventIDs(ep.ID))
	})

	t.Run("Redeliver", func(t *testing.T) {
		drain(t)
		ws := NewWorkspaceID()
		a := newEndpoint(t, db, ws, switchboard.EventContactCreated)
		b := newEndpoint(t, db, ws, switchboard.EventContactCreated)
		off := newEndpoint(t, db, ws, switchboard.EventContactCreated)
		setEnabled(t, db, off, false)
		newEndpoint(t, db, ws, switchboard.EventDNCAdded)
		newContact(t, db, ws, 1)
		ev := events(t, db, ws)[0]
		var rec Recorder

		got, err := db.Redeliver(ctx(), ws, ev.ID, "", rec.Enqueue)
		require.NoError(t, err)
		require.ElementsMatch(t, []string{a.ID, b.ID}, got, "every enabled, subscribed endpoint")
		got, err = db.Redeliver(ctx(), ws, ev.ID, b.ID, rec.Enqueue)
		require.NoError(t, err)
		require.Equal(t, []string{b.ID}, got)
		got, err = db.Redeliver(ctx(), ws, ev.ID, off.ID, rec.Enqueue)
		require.NoError(t, err)
		require.Empty(t, got, "a disabled endpoint gets nothing")
		require.NotNil(t, got)
		require.Len(t, rec.Jobs(), 3)
		for _, j := range rec.Jobs() {
			require.Equal(t, ev.ID, j.EventID)
		}

		_, err = db.Redeliver(ctx(), ws, "0190a0b0-0000-7000-8000-000000000000", "", rec.Enqueue)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		_, err = db.Redeliver(ctx(), NewWorkspaceID(), ev.ID, "", rec.Enqueue)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "another workspace's event")
		_, err = db.Redeliver(ctx(), ws, ev.ID, "nope", rec.Enqueue)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		_, err = db.Redeliver(ctx(), ws, ev.ID, "", nil)
		require.Equal(t, switchboard.ENotImplemented, switchboard.ErrorCode(err))
	})

	t.Run("JobQueue", func(t *testing.T) {
		drain(t)
		driver, release, err := db.JobDriver(ctx(), false)
		require.NoError(t, err)
		t.Cleanup(release)
		depth, err := db.JobQueueDepth(ctx())
		require.NoError(t, err)
		require.Zero(t, depth)

		// River's own insert, in the relay's transaction: the jobs exist
		// once it commits.
		client, err := river.NewClient(driver, &river.Config{})
		require.NoError(t, err)
		queue := func(ctx context.Context, tx *sql.Tx, jobs []switchboard.DeliveryJob) error {
			params := make([]river.InsertManyParams, len(jobs))
			for i, j := range jobs {
				params[i] = river.InsertManyParams{Args: testJob{EventID: j.EventID, EndpointID: j.EndpointID}}
			}
			_, err := client.InsertManyTx(ctx, tx, params)
			return err
		}
		ws := NewWorkspaceID()
		newEndpoint(t, db, ws, switchboard.EventContactCreated)
		newEndpoint(t, db, ws, switchboard.EventContactCreated)
		for i := range 3 {
			newContact(t, db, ws, i)
		}
		require.Equal(t, 3, RelayAll(t, db, 100, queue))
		depth, err = db.JobQueueDepth(ctx())
		require.NoError(t, err)
		require.Equal(t, 6, depth, "one job per event and endpoint")
	})

	t.Run("PruneEvents", func(t *testing.T) {
		ws := NewWorkspaceID()
		for i := range 3 {
			newContact(t, db, ws, 10+i)
		}
		n, err := db.PruneEvents(ctx(), time.Now().Add(-time.Hour))
		require.NoError(t, err)
		require.Zero(t, n, "nothing is an hour old")
		require.Len(t, events(t, db, ws), 3)
		before, _, err := db.ListEvents(ctx(), switchboard.EventFilter{WorkspaceID: ws, Page: switchboard.Page{Limit: 1}})
		require.NoError(t, err)
		require.NotEmpty(t, before)
		n, err = db.PruneEvents(ctx(), time.Now().Add(time.Hour))
		require.NoError(t, err)
		require.GreaterOrEqual(t, n, int64(3), "this workspace's and the earlier tests'")
		require.Empty(t, events(t, db, ws))
	})
}

// testJob is the suite's job: River needs a kind to insert.
type testJob struct {
	EventID    string `json:"event_id"`
	EndpointID string `json:"endpoint_id"`
}

func (testJob) Kind() string { return "storetest_delivery" }
