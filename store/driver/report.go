package driver

import (
	"time"

	"gorm.io/gorm"
)

// Reports is what a call report asks of the database that differs between
// the two: a call's local date, and refreshing the planner's statistics.
// SQLite has no time-zone database, so the zone's offsets are computed in
// Go (daylight saving included) and the database only adds them.
type Reports interface {
	// LocalDate is an expression of col (a created_at) giving the local
	// date it falls on when the zone's offset from UTC is each span's from
	// its Start, written with GORM's "?" placeholders, and its arguments.
	// The first span's Start is not compared: rows before it are out of
	// the report. Its value groups; DateKey makes it a key.
	LocalDate(col string, spans []OffsetSpan) (string, []any)
	// DateKey is an expression of a LocalDate value as YYYY-MM-DD text.
	DateKey(expr string) string
	// SettleCalls brings calls and call_tags after a bulk load to where
	// the service's background work would (PostgreSQL: statistics and the
	// visibility map an index-only scan reads; SQLite: nothing), outside
	// any transaction.
	SettleCalls(w *gorm.DB) error
}

// OffsetSpan is a stretch of time, from Start up to the next span's, over
// which a zone is Offset seconds east of UTC.
type OffsetSpan struct {
	Start  time.Time
	Offset int
}
