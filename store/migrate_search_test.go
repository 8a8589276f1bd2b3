package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// pgIndexExpr is migration 0014's backfill expression: the indexed search
// text the store writes must be exactly this function of the search text.
const pgIndexExpr = `replace(replace(replace(replace(search, E'\x01', 'q'), E'\x02', 'q'), E'\x03', 'q'), E'\x05', 'q')`

// TestMigrationSearchIdx (PostgreSQL): the migration backfills search_idx for
// stored contacts, and every write path (create, patch, import insert and
// merge) writes the same text the migration would, so a search finds
// contacts whichever way they were written.
func TestMigrationSearchIdx(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	u := storetest.PostgresURL(t)
	db, err := store.Open(ctx, u, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.MigrateTo(ctx, 13))

	raw, err := sql.Open("pgx", u)
	require.NoError(t, err)
	t.Cleanup(func() { _ = raw.Close() })
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	_, err = raw.ExecContext(ctx, "INSERT INTO workspaces (id, contact_count, created_at) VALUES ('ws', 1, $1)", t0)
	require.NoError(t, err)
	// A row as the release before wrote it (its search text as searchText
	// builds it).
	_, err = raw.ExecContext(ctx, `INSERT INTO contacts (id, workspace_id, first_name, last_name, phone, email, company, notes, search, created_at, updated_at)
		VALUES ('6f1c2a7e-0000-4000-8000-000000000001', 'ws', 'Ada', 'Lovelace', '+14155550100', 'ada@x.io', 'Engines', '',
			E'\x01ada lovelace\x02lovelace\x03ada@x.io\x04engines\x0514155550100\x06', $1, $1)`, t0)
	require.NoError(t, err)

	require.NoError(t, db.Migrate(ctx))

	c := &switchboard.Contact{WorkspaceID: "ws", FirstName: "Grace", LastName: "Hopper", Phone: "+14155550101", Email: "grace@navy.mil"}
	require.NoError(t, db.CreateContact(ctx, c))
	name := "Amazing Grace"
	_, err = db.UpdateContact(ctx, "ws", c.ID, func(c *switchboard.Contact) error { return c.Apply(switchboard.ContactPatch{FirstName: &name}) })
	require.NoError(t, err)
	_, err = db.ImportContacts(ctx, "ws", []*switchboard.Contact{
		{FirstName: "Alan", LastName: "Turing", Phone: "+14155550102"},
		{FirstName: "Hedy", LastName: "Lamarr", Phone: "+14155550100", Company: "Films"}, // merged into Ada
	}, true)
	require.NoError(t, err)

	var n, off int
	require.NoError(t, raw.QueryRowContext(ctx, "SELECT count(*), count(*) FILTER (WHERE search_idx IS DISTINCT FROM "+pgIndexExpr+") FROM contacts").Scan(&n, &off))
	require.Equal(t, 3, n)
	require.Zero(t, off, "rows whose indexed text is not the migration's expression of their search text")

	for q, want := range map[string]string{"lamar": "Hedy", "amazing": "Amazing Grace", "turi": "Alan", "films": "Hedy", "555 0101": "Amazing Grace"} {
		got, _, err := db.SearchContacts(ctx, switchboard.ContactSearch{WorkspaceID: "ws", Query: q, Page: switchboard.Page{Limit: 10}})
		require.NoError(t, err)
		require.Len(t, got, 1, q)
		require.Equal(t, want, got[0].FirstName, q)
	}
}
