package sqlitedriver

import (
	"context"
	"database/sql"
	"sync/atomic"
	"time"
)

// checkpointEvery is how often the checkpointer copies the WAL back into
// the database file. A fifth of a second keeps the WAL to a few megabytes
// under a steady load of calls, and an import's WAL to what it writes in
// that time; an idle pass (nothing new in the WAL) only reads the
// WAL-index header.
const checkpointEvery = 200 * time.Millisecond

// writerAutoCheckpoint is the writer's own automatic checkpoint, in WAL
// pages (8 KiB each): a backstop, reached only when the checkpointer falls
// behind (a write faster than it copies, or the checkpointer failing).
// SQLite's default of 1,000 pages made one commit in every second or so of
// steady calls copy and sync 8 MB before it returned, the webhook's tail
// (docs/performance.md, "Checkpoints off the writer").
const writerAutoCheckpoint = 4000

// checkpointer runs PASSIVE checkpoints on a connection of its own. A
// PASSIVE checkpoint waits for no one: the writer keeps appending to the
// WAL and readers keep reading while it copies the frames every reader is
// done with, so no request waits for the copy or its sync.
type checkpointer struct {
	db     *sql.DB
	cancel context.CancelFunc // stops a pass in progress at its next page
	stop   chan struct{}
	done   chan struct{}

	// What the last pass reported: the frames in the WAL and how many of
	// them are in the database file (equal: the WAL is all copied).
	passes, log, copied atomic.Int64
	failures            atomic.Int64
}

// startCheckpointer opens the checkpointer's connection with dsn and runs
// it every interval until stopped.
func startCheckpointer(dsn string, every time.Duration) *checkpointer {
	db := sql.OpenDB(connector{dsn: dsn})
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	ctx, cancel := context.WithCancel(context.Background())
	c := &checkpointer{db: db, cancel: cancel, stop: make(chan struct{}), done: make(chan struct{})}
	go c.run(ctx, every)
	return c
}

func (c *checkpointer) run(ctx context.Context, every time.Duration) {
	defer close(c.done)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-tick.C:
			c.pass(ctx)
		}
	}
}

// pass runs one PASSIVE checkpoint. A failure is counted and the next
// pass tries again; the writer's own checkpoint at writerAutoCheckpoint
// pages bounds the WAL meanwhile.
func (c *checkpointer) pass(ctx context.Context) {
	var busy, log, copied int64
	err := c.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &log, &copied)
	if err != nil {
		c.failures.Add(1)
		return
	}
	c.log.Store(log)
	c.copied.Store(copied)
	c.passes.Add(1)
}

// Stop ends the checkpointer, waits for a pass in progress and closes its
// connection. The writer's close, the last connection's, checkpoints what
// is left and removes the WAL, as SQLite always does.
func (c *checkpointer) Stop() error {
	c.cancel()
	close(c.stop)
	<-c.done
	return c.db.Close()
}
