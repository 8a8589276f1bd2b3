package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"
	gormlogger "gorm.io/gorm/logger"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
	"github.com/switchboard-oss/switchboard/store/pgdriver"
	"github.com/switchboard-oss/switchboard/store/sqlitedriver"
)

// DB is the store. Its methods implement the domain's store interfaces;
// it is safe for concurrent use.
type DB struct {
	// drv is the database's driver: what the two databases do differently.
	drv driver.Driver
	// w runs every write transaction. On SQLite it is the one-connection
	// writer pool; on PostgreSQL it is the same pool as r.
	w *gorm.DB
	// r runs reads that need no transaction of a writer.
	r      *gorm.DB
	pools  *driver.Pools
	logger *slog.Logger
	events events // see WithEvents (event.go)
	tune   tuning
	// clock is when a dial list's entry is settled (WithClock); now by
	// default.
	clock func() time.Time
	// contactClock stamps new contacts; now but in tests that insert
	// contacts out of the contact order (export_test.go).
	contactClock func() time.Time
	// samples are the workspaces' samples of the contacts table, kept for
	// their searches (contact_search_sample.go).
	samples samples
	// listSkips are the workspaces' keys at every thousandth offset of
	// their lists (contact_list_offset.go).
	listSkips listSkips
	// keptClock tells the age of a kept sample or of a list's kept keys;
	// now but in tests.
	keptClock func() time.Time
	// merge is the search index's merge after an import (index_merge.go).
	merge indexMerge
}

// tuning holds the search's bounds and the fold's batch. Only tests change
// them (export_test.go), so that small workspaces reach the paths large
// ones take.
type tuning struct {
	// walkRows bounds the rows a walk reads before it gives way to the
	// index.
	walkRows int
	// walkOnAbove is the estimated matches past which a walk goes on
	// past walkRows.
	walkOnAbove int
	// broadAbove is the matches past which a search's sample calls it
	// broad.
	broadAbove int
	// foldBatch is the most logged changes one statement of
	// FoldCallTotals moves.
	foldBatch int
	// orderedRows bounds the candidates a read of an ordered index
	// (driver.OrderedIndex) goes through before it gives way to a walk;
	// 0: never read one.
	orderedRows int
	// rankReadCap is how many candidates a search its sample did not
	// call broad reads and ranks; past it the search is broad.
	rankReadCap int
	// earlyAbove is the matches past which a ranked search read from an
	// ordered index stops reading them (rankedInOrder); 0: never.
	earlyAbove int
	// probeRows is how many of the workspace's newest rows a ranked
	// search's probe reads (driver.Newest).
	probeRows int
	// rankManyAbove is the sample's estimate of a search's "starts with"
	// matches past which a search that probes counts none of them
	// (rankMany).
	rankManyAbove int
	// shortReadCap is how many matches a query too short for the trigram
	// index, or a search that reads its workspace's rows, counts and
	// ranks; past it the search is broad.
	shortReadCap int
	// sampleTTL is how long a workspace's sample is kept, and
	// sampleStale how old it may be and still serve while it is read
	// again.
	sampleTTL, sampleStale time.Duration
	// listSkipEvery is how far apart a list's kept keys are (0: none
	// kept).
	listSkipEvery int
	// importQuiet is how long after an import's last batch the search
	// index's merge waits before a step (index_merge.go).
	importQuiet time.Duration
	// scanRows is the most contacts a workspace may hold for its searches
	// to read its rows rather than an index shared with larger ones
	// (scansWorkspace), and scanShare the inverse of the most of the
	// index's rows it may hold.
	scanRows, scanShare int
}

// drivers are the databases the store runs on; Open picks the first that
// accepts the URL.
var drivers = []driver.Driver{pgdriver.New(), sqlitedriver.New()}

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
	db := &DB{logger: logger, events: events{recorded: make(chan struct{}, 1)},
		tune: tuning{walkRows: walkRows, walkOnAbove: walkOnAbove, broadAbove: rankCap, foldBatch: foldBatch, orderedRows: orderedRows, rankReadCap: rankReadCap, earlyAbove: searchCountCap, probeRows: probeRows, rankManyAbove: rankManyAbove, shortReadCap: searchCountCap, sampleTTL: sampleTTL, sampleStale: sampleStale, listSkipEvery: listSkipEvery, importQuiet: importQuiet, scanRows: scanRows, scanShare: scanShare}, clock: now, contactClock: now, keptClock: time.Now}
	for _, o := range opts {
		o(db)
	}
	for _, d := range drivers {
		if d.Accepts(databaseURL) {
			db.drv = d
			break
		}
	}
	if db.drv == nil {
		return nil, fmt.Errorf("store: unsupported database URL %q: want sqlite:<path> or postgres://…", switchboard.RedactURL(databaseURL))
	}
	p, err := db.drv.Open(databaseURL, func() *gorm.Config { return gormConfig(logger) })
	if err != nil {
		return nil, err
	}
	db.pools, db.w, db.r = p, p.W, p.R
	if err := errors.Join(answerFaults(db.w), answerFaults(db.r)); err != nil {
		db.Close()
		return nil, err
	}
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, err
	}
	logger.Debug("store opened", "database", db.drv.Name())
	return db, nil
}

// Warm opens the pools' connections ahead of the requests where the
// database's new connections are slow to first serve them (driver.Warmer:
// PostgreSQL); elsewhere it does nothing. The program warms its store once
// migrated; tests, which open many stores, do not.
func (db *DB) Warm(ctx context.Context) error {
	if w, ok := db.drv.(driver.Warmer); ok {
		return w.Warm(ctx, db.pools)
	}
	return nil
}

// Ping reports whether every pool answers (used by GET /healthz).
func (db *DB) Ping(ctx context.Context) error {
	if len(db.pools.All) == 0 {
		return errors.New("store: ping: the store is closed")
	}
	for _, s := range db.pools.All {
		if err := s.PingContext(ctx); err != nil {
			return fmt.Errorf("store: ping: %w", err)
		}
	}
	return nil
}

// Close closes every pool.
func (db *DB) Close() error {
	db.closeMerge()
	db.closeSamples()
	var errs []error
	if db.pools.Stop != nil && len(db.pools.All) > 0 {
		errs = append(errs, db.pools.Stop())
	}
	for _, s := range db.pools.All {
		errs = append(errs, s.Close())
	}
	db.pools.All = nil
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
