package pgdriver_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestDialListTwoInstances: two stores on one PostgreSQL database, each
// with its own pool, as two instances of the program, claim a dial list's
// entries from many goroutines at once: every entry is handed out exactly
// once (FOR UPDATE SKIP LOCKED). (SQLite has one process per file; its
// claims queue on the one writer, which the HTTP suite's concurrent next
// covers.)
func TestDialListTwoInstances(t *testing.T) {
	t.Parallel()
	url := storetest.PostgresURL(t)
	ctx := context.Background()
	open := func() *store.DB {
		db, err := store.Open(ctx, url, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		return db
	}
	a, b := open(), open()
	require.NoError(t, a.Migrate(ctx))
	ws := storetest.NewWorkspaceID()
	const n = 300
	ids := make([]string, n)
	for i := range ids {
		c := &switchboard.Contact{WorkspaceID: ws, FirstName: "C", Phone: fmt.Sprintf("+1500555%04d", 5000+i)}
		require.NoError(t, a.CreateContact(ctx, c))
		ids[i] = c.ID
	}
	l := &switchboard.DialList{WorkspaceID: ws, Name: "Two", MaxAttempts: 3, RetryMinutes: 60}
	require.NoError(t, a.CreateDialList(ctx, l, switchboard.NewDialList{ContactIDs: ids}))
	require.Equal(t, n, l.Size)

	now := time.Date(2026, 1, 14, 23, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	got := map[string]string{}
	var wg sync.WaitGroup
	for g := range 20 {
		db := a
		if g%2 == 1 {
			db = b
		}
		agent := fmt.Sprintf("agent%d", g)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				e, err := db.ClaimDialEntry(ctx, ws, l.ID, agent, now, now.Add(10*time.Minute), nil)
				if err != nil {
					t.Errorf("claim: %v", err)
					return
				}
				if e == nil {
					return
				}
				mu.Lock()
				if prev, ok := got[e.ContactID]; ok {
					t.Errorf("entry %s handed to %s and %s", e.ContactID, prev, agent)
				}
				got[e.ContactID] = agent
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	require.Len(t, got, n, "every entry handed out")
	// Leased until their leases end: nothing more to hand out now, all of
	// them after.
	e, err := b.ClaimDialEntry(ctx, ws, l.ID, "late", now.Add(5*time.Minute), now.Add(15*time.Minute), nil)
	require.NoError(t, err)
	require.Nil(t, e)
	e, err = b.ClaimDialEntry(ctx, ws, l.ID, "late", now.Add(11*time.Minute), now.Add(21*time.Minute), nil)
	require.NoError(t, err)
	require.NotNil(t, e)
	require.Equal(t, ids[0], e.ContactID, "the longest dialable first, then by position")
}
