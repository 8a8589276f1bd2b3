// Package pgdriver is the store's PostgreSQL database (through pgx): its
// pool, its migrations (migrations/*.sql), and its SQL for what the two
// databases do differently (sql.go holds every statement). The store
// picks it for a "postgres://…" or "postgresql://…" URL.
//
// PostgreSQL runs writers side by side, so this driver takes the locks
// SQLite's single writer makes unneeded: FOR UPDATE on rows read to be
// written, an advisory lock per call leg, advisory locks around
// migrations; and it commits transactions in any order, so its relay finds
// waiting events through an outbox table taken FOR UPDATE SKIP LOCKED
// (events.go).
package pgdriver

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"runtime"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/driver"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Driver is the PostgreSQL driver.
type Driver struct{}

var (
	_ driver.Driver = Driver{}
	_ driver.Newest = Driver{}
)

// New returns the PostgreSQL driver.
func New() Driver { return Driver{} }

func (Driver) Name() string { return "postgres" }

func (Driver) Accepts(databaseURL string) bool {
	return strings.HasPrefix(databaseURL, "postgres://") || strings.HasPrefix(databaseURL, "postgresql://")
}

// Open opens one pool: readers and writers share it.
func (Driver) Open(databaseURL string, config func() *gorm.Config) (*driver.Pools, error) {
	g, err := gorm.Open(postgres.Open(databaseURL), config())
	if err != nil {
		return nil, fmt.Errorf("store: open postgres %s: %w", switchboard.RedactURL(databaseURL), err)
	}
	s, err := g.DB()
	if err != nil {
		return nil, err
	}
	s.SetMaxOpenConns(max(8, 4*runtime.NumCPU()))
	s.SetMaxIdleConns(max(8, 4*runtime.NumCPU()))
	s.SetConnMaxIdleTime(5 * time.Minute)
	return &driver.Pools{W: g, R: g, Writer: s, All: []*sql.DB{s}, URL: databaseURL}, nil
}

var _ driver.Warmer = Driver{}

// WarmConns bounds the connections Warm opens: the pool may hold 4 per CPU,
// which on a large machine would take most of a server's connection slots
// at every start; the requests a busy minute overlaps are fewer.
const WarmConns = 8

// Warm opens up to WarmConns of the pool's connections (it keeps them
// idle) and, on each, plans a read of every table of the schema, which
// loads the tables' and their indexes' descriptions into the backend's
// caches (the planner opens a table's indexes to choose among them). What a
// first execution loads besides (a trigger's compiled function, a foreign
// key's check) stays for the first write.
func (Driver) Warm(ctx context.Context, p *driver.Pools) error {
	var query string
	if err := p.Writer.QueryRowContext(ctx, warmQuery).Scan(&query); err != nil || query == "" {
		return err
	}
	n := min(WarmConns, p.Writer.Stats().MaxOpenConnections)
	conns := make([]*sql.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			_ = c.Close() // back to the pool, which keeps n idle
		}
	}()
	// Every connection is held until all are open, so that each is a
	// connection of its own.
	for range n {
		c, err := p.Writer.Conn(ctx)
		if err != nil {
			return err
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		if _, err := c.ExecContext(ctx, query); err != nil {
			return err
		}
	}
	return nil
}

func (Driver) Migrations() fs.FS {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		panic(err) // the directory is embedded
	}
	return sub
}

// LockMigrations takes a transaction-scoped advisory lock, so two processes
// never apply the same migration at once.
func (Driver) LockMigrations(tx *gorm.DB) error {
	return tx.Exec(lockMigrations, migrationLockKey).Error
}

// Lock adds FOR UPDATE, so a read-then-write transaction holds the row.
func (Driver) Lock(tx *gorm.DB) *gorm.DB {
	return tx.Clauses(clause.Locking{Strength: "UPDATE"})
}

// LockLeg serializes the transactions that hold an event for a leg and
// that write the leg's SID (a transaction-scoped advisory lock).
func (Driver) LockLeg(tx *gorm.DB, legSID string) error {
	return tx.Exec(lockLeg, legSID).Error
}

// LockNumber serializes the dials of one number (a transaction-scoped
// advisory lock on its workspace and number): every instance that counts
// the number's calls before writing one waits for the others' commits.
func (Driver) LockNumber(tx *gorm.DB, workspaceID, phone string) error {
	return tx.Exec(lockNumber, workspaceID+" "+phone).Error
}

// Jobs is River's database/sql driver on the pool; with notify, it also
// opens a small pgx pool for LISTEN/NOTIFY, so a queued job starts at once
// (without it River polls).
func (Driver) Jobs(ctx context.Context, p *driver.Pools, notify bool) (riverdriver.Driver[*sql.Tx], func(), error) {
	if !notify {
		return riverdatabasesql.New(p.Writer), func() {}, nil
	}
	lp, err := pgxpool.New(ctx, p.URL)
	if err != nil {
		return nil, nil, fmt.Errorf("store: job notification pool: %w", err)
	}
	return riverdatabasesql.NewWithPgxListener(p.Writer, lp), lp.Close, nil
}

// LockJobMigrations takes turns with other processes on an advisory lock.
// River's migrations cannot share one transaction (one adds an enum value a
// later statement uses), so the lock is a session's, held on a connection
// of its own while the migrator uses others.
func (Driver) LockJobMigrations(ctx context.Context, p *driver.Pools, migrate func() error) error {
	conn, err := p.Writer.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, lockJobMigrations, riverLockKey); err != nil {
		return err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), unlockJobMigrations, riverLockKey)
	return migrate()
}
