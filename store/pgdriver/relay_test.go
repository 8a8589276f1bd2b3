package pgdriver_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestTwoRelaysAtOnce: PostgreSQL's relays take their batches FOR UPDATE
// SKIP LOCKED, so instances relay side by side; each event is relayed
// exactly once, whoever takes it. (SQLite has one process per file, and
// its relays queue on the one writer: a test of the suite's is enough.)
func TestTwoRelaysAtOnce(t *testing.T) {
	t.Parallel()
	db := storetest.OpenPostgres(t, store.WithEvents(storetest.EncodeEvent))
	const workspaces, perWorkspace = 4, 60
	var endpoints []string
	var wg sync.WaitGroup
	for w := range workspaces {
		ws := storetest.NewWorkspaceID()
		ep := &switchboard.WebhookEndpoint{WorkspaceID: ws, URL: "https://example.com/hook",
			Events: []switchboard.EventType{switchboard.EventDNCAdded}, Secret: "whsec_test"}
		require.NoError(t, db.CreateWebhookEndpoint(t.Context(), ep))
		endpoints = append(endpoints, ep.ID)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWorkspace {
				_, err := db.AddDNC(t.Context(), &switchboard.DNCEntry{WorkspaceID: ws, Phone: fmt.Sprintf("+1212%d55%04d", 2+w, i), Reason: "asked"})
				assert.NoError(t, err)
			}
		}()
	}

	// Two relays run while the events are written and after, in small
	// batches, so that they meet on the same rows.
	var recs [2]storetest.Recorder
	written := make(chan struct{})
	relayed := make([]int, len(recs))
	var relays sync.WaitGroup
	for i := range recs {
		relays.Add(1)
		go func() {
			defer relays.Done()
			for done := false; ; {
				n, err := db.RelayEvents(t.Context(), 7, recs[i].Enqueue)
				if !assert.NoError(t, err) {
					return
				}
				relayed[i] += n
				if done && n == 0 {
					return
				}
				select {
				case <-written:
					done = true
				default:
				}
			}
		}()
	}
	wg.Wait()
	close(written)
	relays.Wait()

	require.Equal(t, workspaces*perWorkspace, relayed[0]+relayed[1])
	seen := map[string]int{}
	for i := range recs {
		for _, j := range recs[i].Jobs() {
			seen[j.EventID]++
		}
	}
	require.Len(t, seen, workspaces*perWorkspace, "every event relayed")
	for id, n := range seen {
		require.Equal(t, 1, n, "event %s relayed once", id)
	}
	pending, err := db.PendingEvents(t.Context())
	require.NoError(t, err)
	require.Zero(t, pending)
	t.Logf("relays took %d and %d events", relayed[0], relayed[1])
}
