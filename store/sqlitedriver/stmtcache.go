package sqlitedriver

import (
	"container/list"
	"context"
	"database/sql/driver"
	"errors"

	moderncsqlite "modernc.org/sqlite"
)

// Statements are prepared once per connection. The SQLite driver (as
// database/sql drives it: Exec and Query with the SQL text) compiles every
// statement anew and throws it away after one use, and parsing SQL was as
// much of a busy call-control webhook's CPU as running it
// (docs/performance.md). Each connection keeps its most recently used
// statements compiled, keyed by their text, and runs a statement it knows
// by binding new arguments to it.
//
// Why here, below database/sql, rather than GORM's PrepareStmt: GORM
// prepares a statement first seen in a transaction on that transaction, and
// database/sql re-prepares a transaction's statement in every later one, so
// the writer's transactions (every write) would have parsed twice instead of
// once. Here the cache belongs to the connection, whatever runs on it:
// GORM, the statements the store runs on the transaction's own connection,
// and River's queries on the writer.
//
// Statements built for one request (a search's) are as cacheable as the
// others but could be many, so the cache is bounded (least recently used
// out). A schema change needs nothing: SQLite recompiles a prepared
// statement whose schema changed the next time it runs.

// stmtCacheSize bounds the statements each connection keeps compiled.
const stmtCacheSize = 128

// sqliteDriver opens the connections; its name is registered with
// database/sql by the package modernc.org/sqlite, but the pools are opened
// through connector, which wraps each connection.
var sqliteDriver = &moderncsqlite.Driver{}

// connector opens connections to dsn with a statement cache each.
type connector struct{ dsn string }

func (c connector) Connect(context.Context) (driver.Conn, error) {
	conn, err := sqliteDriver.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(sqliteConn)
	if !ok {
		_ = conn.Close()
		return nil, errors.New("store: the SQLite driver's connection lacks an interface the statement cache needs")
	}
	return &cachingConn{sqliteConn: inner, byQuery: map[string]*list.Element{}, lru: list.New()}, nil
}

func (c connector) Driver() driver.Driver { return sqliteDriver }

// sqliteConn is what the SQLite driver's connection offers database/sql.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// cachingConn is a connection with its statement cache. database/sql uses a
// connection from one goroutine at a time (rows included), so the cache
// needs no lock.
type cachingConn struct {
	sqliteConn
	byQuery map[string]*list.Element // of *cachedStmt
	lru     *list.List               // most recently used first
}

type cachedStmt struct {
	query string
	stmt  driver.Stmt
	// busy is set while the statement runs or its rows are open: a
	// statement has one cursor, so a second use of the same text meanwhile
	// (a query nested in another's rows) compiles a statement of its own.
	busy bool
}

// take returns the connection's compiled statement for query, marked busy,
// compiling and caching it first if needed; nil when the cached one is in
// use.
func (c *cachingConn) take(ctx context.Context, query string) (*cachedStmt, error) {
	if e, ok := c.byQuery[query]; ok {
		s := e.Value.(*cachedStmt)
		if s.busy {
			return nil, nil
		}
		c.lru.MoveToFront(e)
		s.busy = true
		return s, nil
	}
	stmt, err := c.sqliteConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	s := &cachedStmt{query: query, stmt: stmt, busy: true}
	c.byQuery[query] = c.lru.PushFront(s)
	// Evict the least recently used statements not in use.
	for e := c.lru.Back(); c.lru.Len() > stmtCacheSize && e != nil; {
		prev := e.Prev()
		if old := e.Value.(*cachedStmt); !old.busy {
			c.lru.Remove(e)
			delete(c.byQuery, old.query)
			_ = old.stmt.Close()
		}
		e = prev
	}
	return s, nil
}

func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.take(ctx, query)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.sqliteConn.ExecContext(ctx, query, args)
	}
	defer func() { s.busy = false }()
	return s.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.take(ctx, query)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.sqliteConn.QueryContext(ctx, query, args)
	}
	rows, err := s.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		s.busy = false
		return nil, err
	}
	return &cachedRows{sqliteRows: rows.(sqliteRows), stmt: s}, nil
}

// Close finalizes the cached statements, then closes the connection.
func (c *cachingConn) Close() error {
	var errs []error
	for e := c.lru.Front(); e != nil; e = e.Next() {
		errs = append(errs, e.Value.(*cachedStmt).stmt.Close())
	}
	c.lru.Init()
	clear(c.byQuery)
	return errors.Join(append(errs, c.sqliteConn.Close())...)
}

// sqliteRows is what the SQLite driver's rows offer database/sql (column
// types included, which GORM reads to scan).
type sqliteRows interface {
	driver.Rows
	driver.RowsColumnTypeDatabaseTypeName
	driver.RowsColumnTypeLength
	driver.RowsColumnTypeNullable
	driver.RowsColumnTypePrecisionScale
	driver.RowsColumnTypeScanType
}

// cachedRows frees its statement for the next use when closed.
type cachedRows struct {
	sqliteRows
	stmt *cachedStmt
}

func (r *cachedRows) Close() error {
	err := r.sqliteRows.Close()
	r.stmt.busy = false
	return err
}
