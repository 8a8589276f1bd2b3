package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestMigrationContactsOutOfOrder (SQLite): migration 0074 lists the stored
// contacts whose key is below that of a contact of their workspace stored
// before them, and from then on every contact inserted so, in whatever way
// it is inserted; a deleted contact leaves the list. A contact stored out of
// order in one workspace is not out of order in another.
func TestMigrationContactsOutOfOrder(t *testing.T) {
	if !storetest.Wanted("sqlite") {
		t.Skip("SQLite not wanted")
	}
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "ooo.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.MigrateTo(ctx, 70))

	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for _, ws := range []string{"ws1", "ws2"} {
		require.NoError(t, db.Exec("INSERT INTO workspaces (id, contact_count, created_at) VALUES (?, 0, ?)", ws, t0))
	}
	insert := func(seq int, id, ws string, at time.Time) {
		t.Helper()
		require.NoError(t, db.Exec(`INSERT INTO contacts (seq, id, workspace_id, search, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?)`,
			seq, id, ws, at, at))
	}
	// Before the migration: seq 3 is older than seq 2 of its workspace;
	// seq 4 shares seq 2's time with a lower id; seq 5, in the other
	// workspace, is older than both but the first of its own.
	insert(1, "a1", "ws1", t0)
	insert(2, "a5", "ws1", t0.Add(2*time.Second))
	insert(3, "a3", "ws1", t0.Add(time.Second))
	insert(4, "a4", "ws1", t0.Add(2*time.Second))
	insert(5, "b1", "ws2", t0.Add(-time.Hour))
	// Up to the migration before the workspaces' ranges of seq (0076),
	// where these tests' seqs are the table's.
	require.NoError(t, db.MigrateTo(ctx, 75))
	listed := func() []int64 {
		t.Helper()
		seqs, err := db.Int64s("SELECT seq FROM contacts_out_of_order ORDER BY seq")
		require.NoError(t, err)
		return seqs
	}
	require.Equal(t, []int64{3, 4}, listed())

	// After it: the trigger lists what the migration would have.
	insert(6, "a6", "ws1", t0.Add(3*time.Second)) // in order
	insert(7, "a2", "ws1", t0.Add(3*time.Second)) // same time, lower id
	insert(8, "b0", "ws2", t0.Add(-2*time.Hour))  // older than b1
	insert(9, "a9", "ws1", t0.Add(3*time.Second)) // same time, higher id: in order
	require.Equal(t, []int64{3, 4, 7, 8}, listed())

	require.NoError(t, db.Exec("DELETE FROM contacts WHERE seq IN (4, 8)"))
	require.Equal(t, []int64{3, 7}, listed())
	require.NoError(t, db.Exec("UPDATE contacts SET first_name = 'x', created_at = created_at WHERE seq = 6"))
	require.Equal(t, []int64{3, 7}, listed(), "an update that keeps the key")
	require.NoError(t, db.Exec("UPDATE contacts SET created_at = ? WHERE seq = 6", t0))
	require.Equal(t, []int64{3, 6, 7}, listed(), "an update of the key")

	// Moved to their workspaces' ranges (0076), the listed rows are the
	// same contacts; the store's own write, stamped now, is in order.
	listedIDs := func() []string {
		t.Helper()
		var ids []string
		require.NoError(t, db.Strings(&ids, "SELECT c.id FROM contacts_out_of_order o JOIN contacts c ON c.seq = o.seq ORDER BY c.id"))
		return ids
	}
	require.Equal(t, []string{"a2", "a3", "a6"}, listedIDs())
	require.NoError(t, db.Migrate(ctx))
	require.Equal(t, []string{"a2", "a3", "a6"}, listedIDs())
	c := &switchboard.Contact{WorkspaceID: "ws1", FirstName: "Ada"}
	require.NoError(t, db.CreateContact(ctx, c))
	require.Equal(t, []string{"a2", "a3", "a6"}, listedIDs())
}

// TestConcurrentImportsInOrder (SQLite): batches of two imports into one
// workspace, written side by side, are stamped in the order SQLite stores
// them, so none of their contacts is out of insertion order and the
// search's ordered read stays on.
func TestConcurrentImportsInOrder(t *testing.T) {
	if !storetest.Wanted("sqlite") {
		t.Skip("SQLite not wanted")
	}
	t.Parallel()
	ctx := context.Background()
	db := storetest.OpenSQLite(t)
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range 20 {
				batch := make([]*switchboard.Contact, 100)
				for i := range batch {
					batch[i] = &switchboard.Contact{FirstName: "Ada", Phone: fmt.Sprintf("+1415%d%02d%04d", 2+w, b, i)}
				}
				_, err := db.ImportContacts(ctx, "ws", batch, false)
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	n, err := db.Int64s("SELECT count(*) FROM contacts WHERE workspace_id = 'ws'")
	require.NoError(t, err)
	require.Equal(t, []int64{4000}, n)
	out, err := db.Int64s("SELECT count(*) FROM contacts_out_of_order")
	require.NoError(t, err)
	require.Equal(t, []int64{0}, out)
}
