package driver

import (
	"time"

	"gorm.io/gorm"
)

// Reports is what a call report asks of the database that differs between
// the two: the local days a report groups by, as rows a query can join.
// SQLite has no time-zone database, so the days' bounds are computed in Go
// (DST included) and the database only buckets calls into them.
type Reports interface {
	// DaysCTE is the body of a common table expression days (day, lo, hi),
	// one row per range, written with GORM's "?" placeholders, and its
	// arguments.
	DaysCTE(days []DayRange) (string, []any)
	// SettleCalls refreshes what the planner knows of calls and call_tags
	// after a bulk load (and, on PostgreSQL, the visibility map an
	// index-only scan reads), outside any transaction.
	SettleCalls(w *gorm.DB) error
}

// DayRange is one day of a report: the instants from Start (included) to
// End (excluded), keyed by its local date.
type DayRange struct {
	Key        string
	Start, End time.Time
}
