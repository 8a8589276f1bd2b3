package store_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/dbfault"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// lockedBuffer is a log sink safe for the store's goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestTransactionRetriedAfterSerializationFailure: a store transaction
// that PostgreSQL aborts with a serialization failure (40001) is run once
// more, and succeeds with what the other transaction committed.
//
// The store's connections run at REPEATABLE READ here (a runtime parameter
// in the URL), so that a concurrent update is a serialization failure:
// another transaction updates a contact and holds it; the store's update of
// the same contact takes its snapshot and waits for the row; the other
// commits, and the store's SELECT … FOR UPDATE fails with 40001. Its retry
// takes a new snapshot that holds the other's change, and applies its own
// on top. Without the retry the update would fail.
func TestTransactionRetriedAfterSerializationFailure(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	u := storetest.PostgresURL(t)
	app := "sb_serial_" + storetest.NewWorkspaceID()
	var logs lockedBuffer
	db, err := store.Open(ctx, u+"&default_transaction_isolation=repeatable%20read&application_name="+app,
		slog.New(slog.NewTextHandler(&logs, nil)))
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(ctx))

	ws := storetest.NewWorkspaceID()
	c := &switchboard.Contact{WorkspaceID: ws, FirstName: "Ada", Phone: "+14155550100"}
	require.NoError(t, db.CreateContact(ctx, c))

	other, err := pgx.Connect(ctx, u)
	require.NoError(t, err)
	t.Cleanup(func() { _ = other.Close(context.Background()) })
	tx, err := other.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = tx.Rollback(context.Background()) }()
	tag, err := tx.Exec(ctx, "UPDATE contacts SET notes = 'outside' WHERE id = $1", c.ID)
	require.NoError(t, err)
	require.EqualValues(t, 1, tag.RowsAffected())

	type result struct {
		c   *switchboard.Contact
		err error
	}
	done := make(chan result, 1)
	go func() {
		name := "Augusta"
		got, err := db.UpdateContact(ctx, ws, c.ID, func(c *switchboard.Contact) error {
			c.FirstName = name
			return nil
		})
		done <- result{got, err}
	}()

	// The store's transaction has its snapshot and waits for the row.
	watch, err := pgx.Connect(ctx, u)
	require.NoError(t, err)
	t.Cleanup(func() { _ = watch.Close(context.Background()) })
	require.Eventually(t, func() bool {
		var waiting int
		err := watch.QueryRow(ctx, "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'", app).Scan(&waiting)
		return err == nil && waiting == 1
	}, 10*time.Second, 10*time.Millisecond, "the store's update waits for the other transaction's row")
	require.NoError(t, tx.Commit(ctx))

	var r result
	select {
	case r = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the update did not finish")
	}
	require.NoError(t, r.err, "the aborted transaction was run again; log:\n%s", logs.String())
	require.Equal(t, "Augusta", r.c.FirstName)
	require.Equal(t, "outside", r.c.Notes, "the retry read what the other transaction committed")
	stored, err := db.FindContact(ctx, ws, c.ID)
	require.NoError(t, err)
	require.Equal(t, "Augusta", stored.FirstName)
	require.Equal(t, "outside", stored.Notes)
	require.Equal(t, 1, strings.Count(logs.String(), "retrying a transaction after a database fault"))
	require.Contains(t, logs.String(), "40001", "after a serialization failure")
}

// TestDeadlockIsTransient: the error PostgreSQL raises to break a real
// deadlock is one dbfault.Transient and dbfault.RolledBack recognise, so a
// store transaction it aborts is retried (transact) and, failing again, is
// answered 503. Two transactions lock two rows in opposite orders.
func TestDeadlockIsTransient(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	u := storetest.PostgresURL(t)
	db, err := store.Open(ctx, u, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(ctx))
	ws := storetest.NewWorkspaceID()
	a := &switchboard.Contact{WorkspaceID: ws, FirstName: "A"}
	b := &switchboard.Contact{WorkspaceID: ws, FirstName: "B"}
	require.NoError(t, db.CreateContact(ctx, a))
	require.NoError(t, db.CreateContact(ctx, b))

	conns := make([]*pgx.Conn, 2)
	txs := make([]pgx.Tx, 2)
	for i := range conns {
		conns[i], err = pgx.Connect(ctx, u)
		require.NoError(t, err)
		t.Cleanup(func() { _ = conns[i].Close(context.Background()) })
		txs[i], err = conns[i].Begin(ctx)
		require.NoError(t, err)
	}
	const lock = "UPDATE contacts SET notes = 'x' WHERE id = $1"
	_, err = txs[0].Exec(ctx, lock, a.ID)
	require.NoError(t, err)
	_, err = txs[1].Exec(ctx, lock, b.ID)
	require.NoError(t, err)
	errs := make(chan error, 2)
	go func() { _, err := txs[0].Exec(ctx, lock, b.ID); errs <- err }()
	_, err = txs[1].Exec(ctx, lock, a.ID)
	if err == nil {
		// The other one was chosen: this one got its row and goes on.
		require.NoError(t, txs[1].Commit(ctx))
		err = <-errs
	} else {
		require.NoError(t, txs[1].Rollback(ctx))
		require.NoError(t, <-errs)
	}
	require.ErrorContains(t, err, "40P01")
	require.True(t, dbfault.RolledBack(err), "%v", err)
	require.True(t, dbfault.Transient(err), "%v", err)

	// And what must not be retried is not: a unique violation.
	plain, err := pgx.Connect(ctx, u)
	require.NoError(t, err)
	t.Cleanup(func() { _ = plain.Close(context.Background()) })
	_, err = plain.Exec(ctx, "INSERT INTO workspaces (id, contact_count, created_at) VALUES ($1, 0, now())", ws)
	require.ErrorContains(t, err, "23505")
	require.False(t, dbfault.Transient(err))
}
