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

// importInBatches imports n contacts into ws, batch a transaction, so that
// SQLite's FTS5 index gets a segment for each; the names, emails,
// companies and phones vary with the contact's number from first.
func importInBatches(t *testing.T, db *store.DB, ws string, first, n, batch int) {
	t.Helper()
	for i := first; i < first+n; i += batch {
		var cs []*switchboard.Contact
		for j := i; j < min(i+batch, first+n); j++ {
			cs = append(cs, &switchboard.Contact{FirstName: []string{"Ada", "Grace", "Hedy", "Alan"}[j%4],
				LastName: fmt.Sprintf("Lovelace%d", j%97), Email: fmt.Sprintf("c%d@labs%d.example", j, j%7),
				Company: []string{"Bell Labs Inc", "Acme", "Initech Inc"}[j%3], Phone: fmt.Sprintf("+1415555%04d", j)})
		}
		_, err := db.ImportContacts(context.Background(), ws, cs, false)
		require.NoError(t, err)
	}
}

// searchPages reads the first two pages of each query, as ids and totals.
func searchPages(t *testing.T, db *store.DB, ws string) []string {
	t.Helper()
	var out []string
	for _, q := range []string{"ada", "lovelace1", "labs3", "415 555 01", "inc", "hedy l", "zzqx", "c12"} {
		page := switchboard.Page{Limit: 50}
		for range 2 {
			cs, meta, err := db.SearchContacts(context.Background(), switchboard.ContactSearch{WorkspaceID: ws, Query: q, Page: page})
			require.NoError(t, err, q)
			line := fmt.Sprintf("%s total %d+%v:", q, meta.Total, meta.TotalIsLowerBound)
			for _, c := range cs {
				line += " " + c.ID
			}
			out = append(out, line)
			if meta.Next == nil {
				break
			}
			page.After = meta.Next
		}
	}
	return out
}

// After an import that grew the table by a fifth or more, SQLite's search
// index is merged into one segment in the background; its searches answer
// exactly as before, and FTS5's own check finds the index whole. A smaller
// import leaves the index in its pieces.
func TestIndexMergedAfterImport(t *testing.T) {
	t.Parallel()
	if !storetest.Wanted("sqlite") {
		t.Skip("SQLite only: the search index PostgreSQL keeps is not in segments")
	}
	ctx := context.Background()
	db := storetest.OpenSQLite(t, store.WithImportQuiet(0))
	ws := storetest.NewWorkspaceID()
	importInBatches(t, db, ws, 0, 3000, 100)
	before, err := db.IndexSegments(ctx)
	require.NoError(t, err)
	require.Greater(t, before, 1, "thirty batches leave the index in pieces")
	pages := searchPages(t, db, ws)

	db.FinishImport(ctx, 3000)
	waitCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, db.WaitIndexMerge(waitCtx))
	after, err := db.IndexSegments(ctx)
	require.NoError(t, err)
	t.Logf("segments: %d after the import, %d merged", before, after)
	require.Equal(t, 1, after, "the index is merged into one segment")
	require.NoError(t, db.CheckIndex(ctx))
	require.Equal(t, pages, searchPages(t, db, ws), "the searches answer as before the merge")

	// 200 rows into 3,000: under a fifth, not worth rewriting the index.
	importInBatches(t, db, ws, 3000, 200, 20)
	db.FinishImport(ctx, 200)
	require.NoError(t, db.WaitIndexMerge(waitCtx))
	small, err := db.IndexSegments(ctx)
	require.NoError(t, err)
	require.Greater(t, small, 1, "a small import leaves its segments to FTS5's own merging")
}

// A store closed while it merges its index stops between or within a step
// (which rolls back): the index opened again is whole, answers, and the
// next large import's merge finishes the work.
func TestIndexMergeStopsAtClose(t *testing.T) {
	t.Parallel()
	if !storetest.Wanted("sqlite") {
		t.Skip("SQLite only: the search index PostgreSQL keeps is not in segments")
	}
	ctx := context.Background()
	url := "sqlite:" + filepath.Join(t.TempDir(), "merge.db")
	open := func() *store.DB {
		db, err := store.Open(ctx, url, nil, store.WithImportQuiet(0))
		require.NoError(t, err)
		require.NoError(t, db.Migrate(ctx))
		return db
	}
	db := open()
	ws := storetest.NewWorkspaceID()
	importInBatches(t, db, ws, 0, 20000, 100)
	pages := searchPages(t, db, ws)
	before, err := db.IndexSegments(ctx)
	require.NoError(t, err)
	db.FinishImport(ctx, 20000)
	time.Sleep(20 * time.Millisecond) // a few steps in
	closed := make(chan error)
	go func() { closed <- db.Close() }()
	select {
	case err := <-closed:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("Close waits for the whole merge")
	}

	db = open()
	t.Cleanup(func() { _ = db.Close() })
	mid, err := db.IndexSegments(ctx)
	require.NoError(t, err)
	t.Logf("segments: %d after the import, %d when the store closed", before, mid)
	require.Greater(t, mid, 1, "the merge was stopped before it ended")
	require.NoError(t, db.CheckIndex(ctx))
	require.Equal(t, pages, searchPages(t, db, ws))

	importInBatches(t, db, ws, 20000, 5000, 500)
	db.FinishImport(ctx, 5000)
	waitCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	require.NoError(t, db.WaitIndexMerge(waitCtx))
	after, err := db.IndexSegments(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, after)
	require.NoError(t, db.CheckIndex(ctx))
}

// The merge waits while an import writes: it takes no step until no batch
// has been written for the quiet time (an hour here), so that the next
// file of a large upload has the writer to itself; Close ends the wait.
func TestIndexMergeWaitsForImports(t *testing.T) {
	t.Parallel()
	if !storetest.Wanted("sqlite") {
		t.Skip("SQLite only: the search index PostgreSQL keeps is not in segments")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "quiet.db"), nil, store.WithImportQuiet(time.Hour))
	require.NoError(t, err)
	require.NoError(t, db.Migrate(ctx))
	ws := storetest.NewWorkspaceID()
	importInBatches(t, db, ws, 0, 3000, 100)
	before, err := db.IndexSegments(ctx)
	require.NoError(t, err)
	db.FinishImport(ctx, 3000)
	waitCtx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	require.ErrorIs(t, db.WaitIndexMerge(waitCtx), context.DeadlineExceeded, "the merge waits for the import's quiet time")
	after, err := db.IndexSegments(ctx)
	require.NoError(t, err)
	require.Equal(t, before, after, "no step was taken")
	require.NoError(t, db.Close())
	require.NoError(t, db.WaitIndexMerge(ctx), "Close ended the wait")
}
