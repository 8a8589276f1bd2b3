package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	gormlogger "gorm.io/gorm/logger"

	switchboard "github.com/switchboard-oss/switchboard"
)

// Dialect names the database behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is the store. Its methods implement the domain's store interfaces;
// it is safe for concurrent use.
type DB struct {
	dialect Dialect
	// w runs every write transaction. On SQLite it is the one-connection
	// writer pool; on PostgreSQL it is the same pool as r.
	w *gorm.DB
	// r runs reads that need no transaction of a writer.
	r      *gorm.DB
	sqlDBs []*sql.DB
	logger *slog.Logger
	events events // see WithEvents (event.go)
	// url is the database URL Open was given, for River's notification
	// pool on PostgreSQL (jobs.go).
	url string
	// walkRows overrides the const walkRows when > 0 (tests: see
	// export_test.go).
	walkRows int
	// broadAbove overrides looksBroad's threshold when > 0 (tests: see
	// export_test.go).
	broadAbove int
}

var (
	_ switchboard.AuthStore    = (*DB)(nil)
	_ switchboard.ContactStore = (*DB)(nil)
	_ switchboard.DNCStore     = (*DB)(nil)
)

// Open connects to databaseURL ("sqlite:<path>", "postgres://…" or
// "postgresql://…") and checks that the database answers. It does not
// migrate: call Migrate. A nil logger discards.
func Open(ctx context.Context, databaseURL string, logger *slog.Logger, opts ...Option) (*DB, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	db := &DB{logger: logger, url: databaseURL, events: events{recorded: make(chan struct{}, 1)}}
	for _, o := range opts {
		o(db)
	}
	var err error
	switch {
	case strings.HasPrefix(databaseURL, "sqlite:"):
		err = db.openSQLite(strings.TrimPrefix(databaseURL, "sqlite:"))
	case strings.HasPrefix(databaseURL, "postgres://"), strings.HasPrefix(databaseURL, "postgresql://"):
		err = db.openPostgres(databaseURL)
	default:
		return nil, fmt.Errorf("store: unsupported database URL %q: want sqlite:<path> or postgres://…", switchboard.RedactURL(databaseURL))
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, err
	}
	logger.Debug("store opened", "dialect", db.dialect)
	return db, nil
}

// Dialect reports which database is behind db.
func (db *DB) Dialect() Dialect { return db.dialect }

// Ping reports whether every pool answers (used by GET /healthz).
func (db *DB) Ping(ctx context.Context) error {
	for _, s := range db.sqlDBs {
		if err := s.PingContext(ctx); err != nil {
			return fmt.Errorf("store: ping: %w", err)
		}
	}
	return nil
}

// Close closes every pool.
func (db *DB) Close() error {
	var errs []error
	for _, s := range db.sqlDBs {
		errs = append(errs, s.Close())
	}
	db.sqlDBs = nil
	return errors.Join(errs...)
}

func gormConfig(logger *slog.Logger) *gorm.Config {
	return &gorm.Config{
		// Every store method that writes runs its own explicit transaction;
		// GORM's implicit one per statement would only add round trips.
		SkipDefaultTransaction: true,
		TranslateError:         true,
		Logger:                 &gormLog{logger: logger},
		NowFunc:                now,
	}
}

// now is the store's clock: UTC, truncated to the microsecond PostgreSQL
// keeps, so a value returned by a write equals the value read back later.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

func (db *DB) openPostgres(databaseURL string) error {
	db.dialect = Postgres
	g, err := gorm.Open(postgres.Open(databaseURL), gormConfig(db.logger))
	if err != nil {
		return fmt.Errorf("store: open postgres %s: %w", switchboard.RedactURL(databaseURL), err)
	}
	s, err := g.DB()
	if err != nil {
		return err
	}
	s.SetMaxOpenConns(max(8, 4*runtime.NumCPU()))
	s.SetMaxIdleConns(max(8, 4*runtime.NumCPU()))
	s.SetConnMaxIdleTime(5 * time.Minute)
	db.sqlDBs = append(db.sqlDBs, s)
	db.w, db.r = g, g
	return nil
}

// openSQLite opens the writer and reader pools described in the package doc.
// ":memory:" gets a single pool: two pools would be two separate databases.
func (db *DB) openSQLite(path string) error {
	db.dialect = SQLite
	if path == "" {
		return errors.New("store: empty sqlite path")
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
	}
	// Page caches are per connection and live outside Go's heap; the OS
	// page cache is behind them anyway. A small cache each imports as fast
	// as a large one did and keeps the server's memory down (README,
	// Performance).
	writerCache, readerCache := "_pragma=cache_size(-8000)", "_pragma=cache_size(-8000)"
	// 8 KiB pages for a new database file (an existing one keeps its size
	// until VACUUM). Against the default 4 KiB they import faster and serve
	// deep list pages faster; 16 KiB imported faster still but slowed the
	// searches that rank many matches, which read a page per match (README,
	// Performance).
	pageSize := "_pragma=page_size(8192)"
	memory := path == ":memory:"
	if !memory {
		if err := checkSQLitePath(path); err != nil {
			return err
		}
	}
	writerDSN := path + "?" + strings.Join(append(common, pageSize, writerCache, "_txlock=immediate", "_pragma=journal_mode(WAL)"), "&")
	if memory {
		writerDSN = path + "?" + strings.Join(append(common, pageSize, writerCache, "_txlock=immediate"), "&")
	}
	w, ws, err := openSQLitePool(writerDSN, db.logger)
	if err != nil {
		return err
	}
	db.sqlDBs = append(db.sqlDBs, ws)
	// One writer connection: SQLite serializes writers anyway, and letting
	// database/sql queue them is what keeps "database is locked" away.
	ws.SetMaxOpenConns(1)
	ws.SetMaxIdleConns(1)
	ws.SetConnMaxLifetime(0)
	ws.SetConnMaxIdleTime(0)
	db.w, db.r = w, w
	if memory {
		return nil
	}
	// The writer must have switched the file to WAL before readers open it.
	if err := ws.Ping(); err != nil {
		return fmt.Errorf("store: cannot open the SQLite database %s (may this user create and write it and its directory?): %w", path, err)
	}
	// Readers map the file (up to 1 GiB): a search that visits a thousand
	// rows otherwise spends a third of its time copying pages in with read
	// calls. The mapped pages are the OS page cache's, shared by every
	// reader and reclaimable (they do count in the process's resident
	// size while mapped); the writer keeps plain reads, so imports do not
	// grow the mapping.
	readerDSN := path + "?" + strings.Join(append(common, readerCache, "_pragma=mmap_size(1073741824)", "_pragma=query_only(1)"), "&")
	r, rs, err := openSQLitePool(readerDSN, db.logger)
	if err != nil {
		return err
	}
	db.sqlDBs = append(db.sqlDBs, rs)
	n := max(4, runtime.NumCPU())
	rs.SetMaxOpenConns(n)
	rs.SetMaxIdleConns(n)
	rs.SetConnMaxIdleTime(0)
	db.r = r
	return nil
}

func openSQLitePool(dsn string, logger *slog.Logger) (*gorm.DB, *sql.DB, error) {
	g, err := gorm.Open(sqlite.Open(dsn), gormConfig(logger))
	if err != nil {
		path, _, _ := strings.Cut(dsn, "?")
		return nil, nil, fmt.Errorf("store: cannot open the SQLite database %s (may this user create and write it and its directory?): %w", path, err)
	}
	s, err := g.DB()
	if err != nil {
		return nil, nil, err
	}
	return g, s, nil
}

// checkSQLitePath says why a database file cannot be opened where SQLite
// would only say "unable to open database file: out of memory (14)".
func checkSQLitePath(path string) error {
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

// gormLog routes GORM's own logging to slog: statement errors at debug (the
// store returns them to its caller, which decides whether they matter) and
// slow statements at warn.
type gormLog struct {
	logger *slog.Logger
}

const slowQuery = 200 * time.Millisecond

func (l *gormLog) LogMode(gormlogger.LogLevel) gormlogger.Interface { return l }

func (l *gormLog) Info(ctx context.Context, msg string, args ...any) {
	l.logger.DebugContext(ctx, fmt.Sprintf(msg, args...))
}

func (l *gormLog) Warn(ctx context.Context, msg string, args ...any) {
	l.logger.WarnContext(ctx, fmt.Sprintf(msg, args...))
}

func (l *gormLog) Error(ctx context.Context, msg string, args ...any) {
	l.logger.WarnContext(ctx, fmt.Sprintf(msg, args...))
}

func (l *gormLog) Trace(ctx context.Context, begin time.Time, fc func() (string, int64), err error) {
	elapsed := time.Since(begin)
	switch {
	case elapsed > slowQuery:
		q, rows := fc()
		l.logger.WarnContext(ctx, "slow sql", "elapsed", elapsed, "sql", q, "rows", rows, "err", err)
	case err != nil && !errors.Is(err, gorm.ErrRecordNotFound) && l.logger.Enabled(ctx, slog.LevelDebug):
		q, _ := fc()
		l.logger.DebugContext(ctx, "sql error", "elapsed", elapsed, "sql", q, "err", err)
	}
}
