package sqlitedriver

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"
)

func openFile(t *testing.T, every time.Duration) (string, *checkpointer, func() error, *gorm.DB, *gorm.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ckpt.db")
	p, ckpt, err := open("sqlite:"+path, func() *gorm.Config { return &gorm.Config{SkipDefaultTransaction: true} }, every)
	require.NoError(t, err)
	closeAll := func() error {
		err := p.Stop()
		for _, s := range p.All {
			if cerr := s.Close(); err == nil {
				err = cerr
			}
		}
		return err
	}
	return path, ckpt, closeAll, p.W, p.R
}

// writePages commits n transactions of about one 8 KiB page of new data
// each.
func writePages(t *testing.T, w *gorm.DB, n int) {
	t.Helper()
	require.NoError(t, w.Exec("CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, body BLOB)").Error)
	for range n {
		require.NoError(t, w.Transaction(func(tx *gorm.DB) error {
			return tx.Exec("INSERT INTO filler (body) VALUES (randomblob(7000))").Error
		}))
	}
}

// The writer commits without copying the WAL back (its own automatic
// checkpoint is only a backstop far above SQLite's 1,000 pages), and the
// checkpointer copies what it wrote, on its own connection.
func TestCheckpointerCopiesTheWAL(t *testing.T) {
	_, ckpt, closeAll, w, r := openFile(t, 10*time.Millisecond)
	defer func() { require.NoError(t, closeAll()) }()

	var auto int
	require.NoError(t, w.Raw("PRAGMA wal_autocheckpoint").Scan(&auto).Error)
	require.Equal(t, writerAutoCheckpoint, auto, "the writer's own checkpoint is the backstop")
	require.Greater(t, writerAutoCheckpoint, 1500)

	// About 1,600 frames (each commit writes 4): past SQLite's default
	// threshold of 1,000, short of the backstop. A reader holds its
	// snapshot meanwhile, so that no pass copies the whole WAL and lets
	// the writer start it over before it holds them all: a checkpointer
	// faster than a slow writer (a loaded machine) did, and the WAL never
	// reached 1,500 frames.
	writePages(t, w, 1)
	reading := r.Begin()
	var n int
	require.NoError(t, reading.Raw("SELECT count(*) FROM filler").Scan(&n).Error)
	writePages(t, w, 400)
	require.NoError(t, reading.Rollback().Error)
	require.Eventually(t, func() bool {
		return ckpt.log.Load() >= 1500 && ckpt.copied.Load() == ckpt.log.Load()
	}, 20*time.Second, 10*time.Millisecond, "the checkpointer copied every frame the writer wrote (log %d, copied %d, failures %d)",
		ckpt.log.Load(), ckpt.copied.Load(), ckpt.failures.Load())
	require.Zero(t, ckpt.failures.Load())

	// Once the WAL is all copied the writer starts it over: a later
	// commit's frames are at its start, not after the 1,600. (A commit
	// that meets a pass in progress appends instead, so it takes as many
	// as it takes.)
	require.Eventually(t, func() bool {
		if err := w.Exec("INSERT INTO filler (body) VALUES (randomblob(7000))").Error; err != nil {
			return false
		}
		l := ckpt.log.Load()
		return l > 0 && l < 100 && ckpt.copied.Load() == l
	}, 20*time.Second, 20*time.Millisecond, "the WAL started over (log %d)", ckpt.log.Load())
}

// Stopped, the checkpointer runs no more passes; the pools then close and
// the last one removes the WAL file, as before there was a checkpointer.
func TestCheckpointerStops(t *testing.T) {
	path, ckpt, closeAll, w, r := openFile(t, time.Millisecond)
	writePages(t, w, 10)
	require.Eventually(t, func() bool { return ckpt.passes.Load() > 2 }, 10*time.Second, time.Millisecond)
	var n int
	require.NoError(t, r.Raw("SELECT count(*) FROM filler").Scan(&n).Error)
	require.Equal(t, 10, n)

	require.NoError(t, closeAll())
	passes := ckpt.passes.Load()
	select {
	case <-ckpt.done:
	default:
		t.Fatal("the checkpointer's loop still runs after Stop")
	}
	time.Sleep(20 * time.Millisecond)
	require.Equal(t, passes, ckpt.passes.Load())
	_, err := os.Stat(path + "-wal")
	require.True(t, os.IsNotExist(err), "the WAL is removed at close: %v", err)

	// The file holds every row without its WAL.
	p, err := Driver{}.Open("sqlite:"+path, func() *gorm.Config { return &gorm.Config{} })
	require.NoError(t, err)
	defer func() {
		require.NoError(t, p.Stop())
		for _, s := range p.All {
			require.NoError(t, s.Close())
		}
	}()
	require.NoError(t, p.R.Raw("SELECT count(*) FROM filler").Scan(&n).Error)
	require.Equal(t, 10, n)
}

// ":memory:" has no WAL and so no checkpointer.
func TestCheckpointerNotForMemory(t *testing.T) {
	p, ckpt, err := open("sqlite::memory:", func() *gorm.Config { return &gorm.Config{} }, time.Millisecond)
	require.NoError(t, err)
	require.Nil(t, ckpt)
	require.Nil(t, p.Stop)
	require.NoError(t, p.Writer.Close())
}
