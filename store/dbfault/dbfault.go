// Package dbfault reads the errors of either database: Transient tells the
// database's passing trouble (a dropped connection, a serialization
// failure, a deadlock, a server shutting down or full) from the rest, and
// Duplicate a unique-key violation. The store retries a transaction once on
// a passing fault and answers one that persists with the domain's
// unavailable error (503 with Retry-After at the HTTP layer), never as an
// internal one.
package dbfault

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
	gosqlite "modernc.org/sqlite"
)

// SQLite result codes (https://www.sqlite.org/rescode.html): primary, and
// the extended ones of constraint failures.
const (
	sqliteBusy                 = 5
	sqliteLocked               = 6
	sqliteConstraintPrimaryKey = 1555
	sqliteConstraintUnique     = 2067
)

// Duplicate reports a unique-constraint violation. GORM translates both
// databases' (TranslateError) in the statements it runs; those the store
// runs on a transaction's own connection return the driver's error, so
// SQLite's and PostgreSQL's are recognised here too.
func Duplicate(err error) bool {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return true
	}
	var se *gosqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqliteConstraintUnique || se.Code() == sqliteConstraintPrimaryKey
	}
	var pe interface{ SQLState() string }
	return errors.As(err, &pe) && pe.SQLState() == "23505"
}

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
