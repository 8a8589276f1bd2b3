package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// On PostgreSQL an import that grew the contacts by a fifth or more ends
// with the table vacuumed as well as analyzed: its visibility map then
// lets a deep list offset be skipped from the index alone (an index-only
// scan), where without it each skipped row costs a heap read as before.
func TestFinishImportVacuums(t *testing.T) {
	t.Parallel()
	if !storetest.Wanted("postgres") {
		t.Skip("PostgreSQL only, and not among " + storetest.EnvDatabases)
	}
	db := storetest.OpenPostgres(t)
	ws := storetest.NewWorkspaceID()
	batch := make([]*switchboard.Contact, 2000)
	for i := range batch {
		batch[i] = &switchboard.Contact{FirstName: "Ada", LastName: "Lovelace", Notes: "a note long enough to fill a few pages of the table"}
	}
	_, err := db.ImportContacts(context.Background(), ws, batch, false)
	require.NoError(t, err)
	visible := func() int64 {
		n, err := db.Int64s("SELECT relallvisible::bigint FROM pg_class WHERE oid = 'contacts'::regclass")
		if err != nil || len(n) != 1 {
			return -1
		}
		return n[0]
	}
	// A vacuum marks a page all-visible only when no open transaction
	// may still not see its rows: a test of another package beside
	// this one can hold an older snapshot for a moment, so the import's
	// end is run until one vacuum got there. ANALYZE alone never does.
	require.Eventually(t, func() bool {
		db.FinishImport(context.Background(), len(batch))
		return visible() > 0
	}, 15*time.Second, 50*time.Millisecond, "the import's end vacuumed the table")

	// The offset pages list what the cursor pages do.
	var byOffset, byCursor []string
	for off := 0; ; off += 150 {
		page, meta, err := db.ListContacts(context.Background(), ws, switchboard.Page{Limit: 150, Offset: off})
		require.NoError(t, err)
		for _, c := range page {
			byOffset = append(byOffset, c.ID)
		}
		if !meta.HasMore {
			break
		}
	}
	p := switchboard.Page{Limit: 150}
	for {
		page, meta, err := db.ListContacts(context.Background(), ws, p)
		require.NoError(t, err)
		for _, c := range page {
			byCursor = append(byCursor, c.ID)
		}
		if !meta.HasMore {
			break
		}
		p.After = meta.Next
	}
	require.Equal(t, len(batch), len(byOffset))
	require.Equal(t, len(byCursor), len(byOffset))
	require.True(t, slices.Equal(byCursor, byOffset), "the offset pages list what the cursor pages do")
}
