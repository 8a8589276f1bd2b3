// Package sqlitedriver is the store's SQLite database (embedded, pure Go
// through modernc.org/sqlite and its GORM dialector github.com/libtnb/sqlite,
// no cgo): its pools, each connection with a cache of compiled statements
// (stmtcache.go), its migrations
// (migrations/*.sql), and its SQL for what the two databases do
// differently (sql.go holds every statement). The store picks it for a
// "sqlite:<path>" URL.
//
// SQLite allows one writer at a time even in WAL mode, and a deferred
// transaction that reads and then writes fails with SQLITE_BUSY_SNAPSHOT
// without honouring busy_timeout. So, like River's SQLite driver, the store
// keeps two pools on the same file: a writer pool of exactly one connection
// whose transactions BEGIN IMMEDIATE, so writers queue in Go (database/sql
// hands the single connection out in turn) and never see "database is
// locked", and a reader pool of several read-only connections that WAL lets
// run beside the writer. That one writer is also why this driver needs no
// row locks, no lock per call leg and no migration lock: every write
// transaction already excludes the others. A third connection, the
// checkpointer (checkpoint.go), copies the WAL back into the database file,
// so that no commit of the writer's has to.
package sqlitedriver

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/libtnb/sqlite"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Driver is the SQLite driver.
type Driver struct{}

var (
	_ driver.Driver        = Driver{}
	_ driver.BoundedWalker = Driver{}
)

// New returns the SQLite driver.
func New() Driver { return Driver{} }

func (Driver) Name() string { return "sqlite" }

func (Driver) Accepts(databaseURL string) bool { return strings.HasPrefix(databaseURL, "sqlite:") }

func (Driver) Migrations() fs.FS {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		panic(err) // the directory is embedded
	}
	return sub
}

// LockMigrations has nothing to do: the writer's transactions BEGIN
// IMMEDIATE and so already exclude every other writer.
func (Driver) LockMigrations(*gorm.DB) error { return nil }

// Lock adds nothing: write transactions are immediate and there is one
// writer.
func (Driver) Lock(tx *gorm.DB) *gorm.DB { return tx }

// LockLeg has nothing to do: the single writer serializes the transactions.
func (Driver) LockLeg(*gorm.DB, string) error { return nil }

// LockNumber has nothing to do: the single writer serializes the
// transactions, so a count and the write after it see every other dial.
func (Driver) LockNumber(*gorm.DB, string, string) error { return nil }

// Jobs is River's SQLite driver on the writer pool: River's writes queue
// behind the store's on the one writer connection instead of failing with
// "database is locked".
func (Driver) Jobs(_ context.Context, p *driver.Pools, _ bool) (riverdriver.Driver[*sql.Tx], func(), error) {
	return riversqlite.New(p.Writer), func() {}, nil
}

// LockJobMigrations runs migrate as it is: the single writer already
// serializes River's migrations.
func (Driver) LockJobMigrations(_ context.Context, _ *driver.Pools, migrate func() error) error {
	return migrate()
}

// Open opens the writer and reader pools described in the package doc.
// ":memory:" gets a single pool: two pools would be two separate databases.
func (Driver) Open(databaseURL string, config func() *gorm.Config) (*driver.Pools, error) {
	p, _, err := open(databaseURL, config, checkpointEvery)
	return p, err
}

// open is Open with the checkpointer's interval, and the checkpointer (nil
// for ":memory:", which has no WAL).
func open(databaseURL string, config func() *gorm.Config, every time.Duration) (*driver.Pools, *checkpointer, error) {
	path := strings.TrimPrefix(databaseURL, "sqlite:")
	if path == "" {
		return nil, nil, errors.New("store: empty sqlite path")
	}
	p := &driver.Pools{URL: databaseURL}
	failed := func(err error) (*driver.Pools, *checkpointer, error) {
		for _, s := range p.All {
			_ = s.Close()
		}
		return nil, nil, err
	}
	common := []string{
		// The writer waits for the WAL checkpointer or another process
		// rather than failing at once.
		"_pragma=busy_timeout(10000)",
		"_pragma=foreign_keys(1)",
		// NORMAL is durable across application crashes in WAL mode and
		// saves an fsync per commit; a power loss may lose the last commits.
		"_pragma=synchronous(NORMAL)",
		"_pragma=temp_store(memory)",
		// Times are written as text in one format, which sorts in time
		// order (the store writes UTC) and which the databases written
		// before this driver hold.
		"_time_format=sqlite",
	}
	// Page caches are per connection and live outside Go's heap; the OS
	// page cache is behind them anyway. A small cache each imports as fast
	// as a large one did and keeps the server's memory down
	// (docs/performance.md).
	writerCache, readerCache := "_pragma=cache_size(-8000)", "_pragma=cache_size(-8000)"
	// 8 KiB pages for a new database file (an existing one keeps its size
	// until VACUUM). Against the default 4 KiB they import faster and serve
	// deep list pages faster; 16 KiB imported faster still but slowed the
	// searches that rank many matches, which read a page per match
	// (docs/performance.md).
	pageSize := "_pragma=page_size(8192)"
	memory := path == ":memory:"
	if !memory {
		if err := checkPath(path); err != nil {
			return nil, nil, err
		}
	}
	// The writer leaves checkpoints to the checkpointer (checkpoint.go)
	// up to a backstop.
	writerDSN := path + "?" + strings.Join(append(common, pageSize, writerCache, "_txlock=immediate", "_pragma=journal_mode(WAL)",
		fmt.Sprintf("_pragma=wal_autocheckpoint(%d)", writerAutoCheckpoint)), "&")
	if memory {
		writerDSN = path + "?" + strings.Join(append(common, pageSize, writerCache, "_txlock=immediate"), "&")
	}
	w, ws, err := openPool(writerDSN, config)
	if err != nil {
		return nil, nil, err
	}
	p.All = append(p.All, ws)
	// One writer connection: SQLite serializes writers anyway, and letting
	// database/sql queue them is what keeps "database is locked" away.
	ws.SetMaxOpenConns(1)
	ws.SetMaxIdleConns(1)
	ws.SetConnMaxLifetime(0)
	ws.SetConnMaxIdleTime(0)
	p.W, p.R, p.Writer = w, w, ws
	if memory {
		return p, nil, nil
	}
	// The writer must have switched the file to WAL before readers open it.
	if err := ws.Ping(); err != nil {
		return failed(fmt.Errorf("store: cannot open the SQLite database %s (may this user create and write it and its directory?): %w", path, err))
	}
	// Readers map the file (up to 1 GiB): a search that visits a thousand
	// rows otherwise spends a third of its time copying pages in with read
	// calls. The mapped pages are the OS page cache's, shared by every
	// reader and reclaimable (they do count in the process's resident
	// size while mapped); the writer keeps plain reads, so imports do not
	// grow the mapping.
	readerDSN := path + "?" + strings.Join(append(common, readerCache, "_pragma=mmap_size(1073741824)", "_pragma=query_only(1)"), "&")
	r, rs, err := openPool(readerDSN, config)
	if err != nil {
		return failed(err)
	}
	p.All = append(p.All, rs)
	n := max(4, runtime.NumCPU())
	rs.SetMaxOpenConns(n)
	rs.SetMaxIdleConns(n)
	rs.SetConnMaxIdleTime(0)
	p.R = r
	ckpt := startCheckpointer(path+"?"+strings.Join(append(common, "_pragma=cache_size(-1000)"), "&"), every)
	p.Stop = ckpt.Stop
	return p, ckpt, nil
}

// openPool opens a pool whose connections cache their compiled statements
// (stmtcache.go).
func openPool(dsn string, config func() *gorm.Config) (*gorm.DB, *sql.DB, error) {
	s := sql.OpenDB(connector{dsn: dsn})
	g, err := gorm.Open(sqlite.New(sqlite.Config{Conn: s}), config())
	if err != nil {
		_ = s.Close()
		path, _, _ := strings.Cut(dsn, "?")
		return nil, nil, fmt.Errorf("store: cannot open the SQLite database %s (may this user create and write it and its directory?): %w", path, err)
	}
	return g, s, nil
}

// checkPath says why a database file cannot be opened where SQLite would
// only say "unable to open database file: out of memory (14)".
func checkPath(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("store: cannot open the SQLite database %s: the directory %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("store: cannot open the SQLite database %s: %w", path, err)
	case !fi.IsDir():
		return fmt.Errorf("store: cannot open the SQLite database %s: %s is not a directory", path, dir)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("store: cannot open the SQLite database %s: it is a directory", path)
	}
	return nil
}
