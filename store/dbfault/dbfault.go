// Package dbfault tells database errors that are the database's passing
// trouble (a dropped connection, a serialization failure, a deadlock, a
// server shutting down or full) from the rest, for either dialect. The HTTP
// layer answers them 503 unavailable with Retry-After and retries a request
// once where that is safe; it never answers them 500.
package dbfault

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"strings"

	gosqlite "github.com/glebarez/go-sqlite"
	"github.com/jackc/pgx/v5/pgconn"
)

// SQLite primary result codes (https://www.sqlite.org/rescode.html).
const (
	sqliteBusy   = 5
	sqliteLocked = 6
)

// RolledBack reports a transaction the database itself aborted because of
// other transactions (serialization failure, deadlock): nothing of it was
// written, so running it again is safe.
func RolledBack(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "40001" || pe.Code == "40P01"
	}
	return false
}

// Transient reports any fault worth retrying later: RolledBack, a lost or
// refused connection, a server shutting down, too many connections, a busy
// SQLite file.
func Transient(err error) bool {
	if err == nil {
		return false
	}
	if RolledBack(err) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case strings.HasPrefix(pe.Code, "08"), // connection exception
			pe.Code == "57P01", pe.Code == "57P02", pe.Code == "57P03", // shutdown, crash, cannot connect now
			pe.Code == "53300": // too many connections
			return true
		}
		return false
	}
	var se *gosqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff
		return c == sqliteBusy || c == sqliteLocked
	}
	var ce *pgconn.ConnectError
	return errors.As(err, &ce) || pgconn.SafeToRetry(err) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		// pgconn's own words for a connection that died under it.
		strings.Contains(err.Error(), "conn closed")
}
