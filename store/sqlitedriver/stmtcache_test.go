package sqlitedriver

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// conn opens a pool of one connection with the statement cache on a new
// file, and returns it with its cache.
func conn(t *testing.T) (*sql.Conn, *cachingConn) {
	t.Helper()
	db := sql.OpenDB(connector{dsn: filepath.Join(t.TempDir(), "cache.db") + "?_time_format=sqlite"})
	t.Cleanup(func() { _ = db.Close() })
	db.SetMaxOpenConns(1)
	c, err := db.Conn(context.Background())
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	var cc *cachingConn
	require.NoError(t, c.Raw(func(dc any) error { cc = dc.(*cachingConn); return nil }))
	return c, cc
}

// A statement run again is the compiled one, with its new arguments.
func TestStmtCacheReuses(t *testing.T) {
	ctx := context.Background()
	c, cc := conn(t)
	const q = "SELECT ? + 1"
	var first *cachedStmt
	for i := range 3 {
		var n int
		require.NoError(t, c.QueryRowContext(ctx, q, i).Scan(&n))
		require.Equal(t, i+1, n)
		s := cc.byQuery[q].Value.(*cachedStmt)
		if first == nil {
			first = s
		}
		require.Same(t, first, s, "compiled once")
		require.False(t, s.busy, "free once its rows are closed")
	}
}

// The same text run while its rows are still open (a query nested in
// another's loop) gets a statement of its own: the rows go on unharmed.
func TestStmtCacheNested(t *testing.T) {
	ctx := context.Background()
	c, _ := conn(t)
	const q = "SELECT value FROM json_each(?)"
	outer, err := c.QueryContext(ctx, q, "[1,2,3]")
	require.NoError(t, err)
	var got []string
	for outer.Next() {
		var v int
		require.NoError(t, outer.Scan(&v))
		inner, err := c.QueryContext(ctx, q, fmt.Sprintf("[%d0,%d1]", v, v))
		require.NoError(t, err)
		for inner.Next() {
			var w int
			require.NoError(t, inner.Scan(&w))
			got = append(got, fmt.Sprint(v, ":", w))
		}
		require.NoError(t, inner.Close())
	}
	require.NoError(t, outer.Err())
	require.NoError(t, outer.Close())
	require.Equal(t, []string{"1:10", "1:11", "2:20", "2:21", "3:30", "3:31"}, got)
}

// Statements built per request cannot grow the cache past its bound; the
// most recently used stay.
func TestStmtCacheBounded(t *testing.T) {
	ctx := context.Background()
	c, cc := conn(t)
	for i := range stmtCacheSize + 50 {
		var n int
		require.NoError(t, c.QueryRowContext(ctx, fmt.Sprintf("SELECT %d", i)).Scan(&n))
		require.Equal(t, i, n)
	}
	require.Len(t, cc.byQuery, stmtCacheSize)
	require.Equal(t, stmtCacheSize, cc.lru.Len())
	require.Contains(t, cc.byQuery, fmt.Sprintf("SELECT %d", stmtCacheSize+49))
	require.NotContains(t, cc.byQuery, "SELECT 0")
}

// A compiled statement sees a schema changed after it was compiled (as
// migrations change it), inside and outside transactions.
func TestStmtCacheSchemaChange(t *testing.T) {
	ctx := context.Background()
	c, _ := conn(t)
	_, err := c.ExecContext(ctx, "CREATE TABLE t (a INTEGER)")
	require.NoError(t, err)
	const insert, read = "INSERT INTO t (a) VALUES (?)", "SELECT * FROM t"
	_, err = c.ExecContext(ctx, insert, 1)
	require.NoError(t, err)
	cols := func() []string {
		rows, err := c.QueryContext(ctx, read)
		require.NoError(t, err)
		defer rows.Close()
		cs, err := rows.Columns()
		require.NoError(t, err)
		return cs
	}
	require.Equal(t, []string{"a"}, cols())

	tx, err := c.BeginTx(ctx, nil)
	require.NoError(t, err)
	_, err = tx.ExecContext(ctx, "ALTER TABLE t ADD COLUMN b TEXT NOT NULL DEFAULT 'x'")
	require.NoError(t, err)
	_, err = tx.ExecContext(ctx, insert, 2)
	require.NoError(t, err)
	require.NoError(t, tx.Commit())

	require.Equal(t, []string{"a", "b"}, cols())
	var n int
	require.NoError(t, c.QueryRowContext(ctx, "SELECT count(*) FROM t WHERE b = 'x'").Scan(&n))
	require.Equal(t, 2, n)
}
