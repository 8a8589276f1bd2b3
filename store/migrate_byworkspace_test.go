package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestMigrationContactsByWorkspace (SQLite): migration 0076 gives each
// workspace a range of seq of its own, in the order the workspaces were
// created, and moves the stored contacts there in the order they were
// inserted (the rows listed out of insertion order with them), rebuilding
// the search index over the new keys; a search then finds each
// workspace's contacts, and what the store inserts afterwards (a contact,
// an import, a new workspace's first contact) lands in its workspace's
// range, after the rows already there.
func TestMigrationContactsByWorkspace(t *testing.T) {
	if !storetest.Wanted("sqlite") {
		t.Skip("SQLite not wanted")
	}
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "ranges.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.MigrateTo(ctx, 75))

	t0 := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	// ws1 is the newer workspace: its range comes second.
	require.NoError(t, db.Exec("INSERT INTO workspaces (id, contact_count, created_at) VALUES ('ws1', 0, ?), ('ws2', 0, ?)",
		t0.Add(time.Hour), t0))
	// Contacts of the two workspaces inserted in turn, as two imports side
	// by side leave them; one of ws1's stamped before the one stored
	// before it, out of insertion order.
	var order = map[string][]string{}
	for i := range 40 {
		ws := []string{"ws1", "ws2"}[i%2]
		at := t0.Add(time.Duration(i) * time.Second)
		if i == 20 {
			at = t0.Add(-time.Minute)
		}
		c := &switchboard.Contact{WorkspaceID: ws, FirstName: "Ada", LastName: fmt.Sprintf("Lovelace%d", i),
			Phone: fmt.Sprintf("+1415555%04d", i), Company: "Analytical Engines"}
		id := fmt.Sprintf("00000000-0000-4000-8000-%012d", i)
		require.NoError(t, db.Exec(`INSERT INTO contacts (id, workspace_id, first_name, last_name, phone, company, search, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, ws, c.FirstName, c.LastName, c.Phone, c.Company, store.SearchText(c), at, at))
		order[ws] = append(order[ws], id)
	}
	require.NoError(t, db.Exec("UPDATE workspaces SET contact_count = 20"))
	outOfOrder, err := db.Int64s("SELECT count(*) FROM contacts_out_of_order")
	require.NoError(t, err)
	require.Equal(t, []int64{1}, outOfOrder)

	require.NoError(t, db.Migrate(ctx))

	const span = int64(1) << 40
	bases, err := db.Int64s("SELECT contact_seq_base FROM workspaces ORDER BY id")
	require.NoError(t, err)
	require.Equal(t, []int64{2 * span, span}, bases, "ranges in the order the workspaces were created")
	inOrder := func(ws string) []string {
		t.Helper()
		var ids []string
		require.NoError(t, db.Strings(&ids, "SELECT id FROM contacts WHERE workspace_id = ? ORDER BY seq", ws))
		return ids
	}
	require.Equal(t, order["ws1"], inOrder("ws1"), "insertion order kept")
	require.Equal(t, order["ws2"], inOrder("ws2"), "insertion order kept")
	requireInRange(t, db)
	var apart []string
	require.NoError(t, db.Strings(&apart, "SELECT c.id FROM contacts_out_of_order o JOIN contacts c ON c.seq = o.seq"))
	require.Equal(t, []string{order["ws1"][10]}, apart, "the row out of order moved with its contact")
	require.NoError(t, db.CheckIndex(ctx), "the search index is built over the new keys")

	search := func(ws, q string) int {
		t.Helper()
		out, _, err := db.SearchContacts(ctx, switchboard.ContactSearch{WorkspaceID: ws, Query: q, Page: switchboard.Page{Limit: 100}})
		require.NoError(t, err)
		for _, c := range out {
			require.Equal(t, ws, c.WorkspaceID)
		}
		return len(out)
	}
	require.Equal(t, 20, search("ws1", "lovelace"))
	require.Equal(t, 20, search("ws2", "analytical"))
	require.Equal(t, 1, search("ws2", "lovelace13"))
	require.Equal(t, 0, search("ws1", "lovelace13"), "ws2's")

	// Written after the migration: in range, after what is there.
	c := &switchboard.Contact{WorkspaceID: "ws1", FirstName: "Grace", LastName: "Hopper", Phone: "+14155550999"}
	require.NoError(t, db.CreateContact(ctx, c))
	var imported []*switchboard.Contact
	for i := range 3 {
		imported = append(imported, &switchboard.Contact{FirstName: "Grace", LastName: "Hopper", Phone: fmt.Sprintf("+1212555%04d", i)})
	}
	_, err = db.ImportContacts(ctx, "ws2", imported, false)
	require.NoError(t, err)
	fresh := &switchboard.Contact{WorkspaceID: "ws3", FirstName: "Grace", LastName: "Hopper", Phone: "+14155550998"}
	require.NoError(t, db.CreateContact(ctx, fresh))
	base3, err := db.Int64s("SELECT contact_seq_base FROM workspaces WHERE id = 'ws3'")
	require.NoError(t, err)
	require.Equal(t, []int64{3 * span}, base3, "a new workspace's range follows the last")
	requireInRange(t, db)
	require.Equal(t, c.ID, last(inOrder("ws1")))
	require.Equal(t, 3, len(inOrder("ws2"))-20)
	require.Equal(t, 1, search("ws1", "hopper"))
	require.Equal(t, 3, search("ws2", "hopper"))
	require.Equal(t, 1, search("ws3", "hopper"))
	require.NoError(t, db.CheckIndex(ctx))
}

// requireInRange fails unless every contact's seq lies in its workspace's
// range.
func requireInRange(t *testing.T, db *store.DB) {
	t.Helper()
	outside, err := db.Int64s(`SELECT count(*) FROM contacts c JOIN workspaces w ON w.id = c.workspace_id
		WHERE c.seq < w.contact_seq_base OR c.seq >= w.contact_seq_base + (1 << 40)`)
	require.NoError(t, err)
	require.Equal(t, []int64{0}, outside, "contacts outside their workspace's range of seq")
}

func last[T any](s []T) T { return s[len(s)-1] }

// TestSearchIndexReadsItsWorkspace (SQLite): both of the search index's
// reads, the indexed search and the read in insertion order, hand a search
// the candidates of its own workspace only, however the workspaces'
// contacts were inserted in turn.
func TestSearchIndexReadsItsWorkspace(t *testing.T) {
	if !storetest.Wanted("sqlite") {
		t.Skip("SQLite not wanted")
	}
	t.Parallel()
	ctx := context.Background()
	db := storetest.OpenSQLite(t)
	for i := range 6 {
		ws := []string{"ws1", "ws2"}[i%2]
		require.NoError(t, db.CreateContact(ctx, &switchboard.Contact{WorkspaceID: ws, FirstName: "Ada",
			LastName: "Lovelace", Phone: fmt.Sprintf("+1415555%04d", i)}))
	}
	for _, ws := range []string{"ws1", "ws2"} {
		own, err := db.Int64s("SELECT seq FROM contacts WHERE workspace_id = ? ORDER BY seq DESC", ws)
		require.NoError(t, err)
		require.Len(t, own, 3)
		from, ordered, err := db.IndexCandidates(ws, "lovelace")
		require.NoError(t, err)
		require.ElementsMatch(t, own, from, "the indexed search's candidates are the workspace's")
		require.Equal(t, own, ordered, "the read in order hands out the workspace's, highest first")
	}
}
