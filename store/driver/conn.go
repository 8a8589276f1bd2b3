package driver

import (
	"database/sql"

	"gorm.io/gorm"
)

// Exec runs q, written in the driver's own placeholders, on db's
// connection (a transaction's own, when db is one), through database/sql:
// GORM's statement building would read '?' and '@' in it and cost about
// as much as the database's work on the statements every write pays for.
func Exec(db *gorm.DB, q string, args ...any) error {
	_, err := db.Statement.ConnPool.ExecContext(db.Statement.Context, q, args...)
	return err
}

// Query is Exec for a statement that returns rows.
func Query(db *gorm.DB, q string, args ...any) (*sql.Rows, error) {
	return db.Statement.ConnPool.QueryContext(db.Statement.Context, q, args...)
}

// QueryRow is Exec for a statement that returns one row.
func QueryRow(db *gorm.DB, q string, args ...any) *sql.Row {
	return db.Statement.ConnPool.QueryRowContext(db.Statement.Context, q, args...)
}
