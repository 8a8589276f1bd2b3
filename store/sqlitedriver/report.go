package sqlitedriver

import (
	"strconv"
	"strings"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// LocalDate is date() with the span's offset as a modifier ("-18000
// seconds"); the bounds bind as the same UTC text created_at is stored as,
// so they compare in time order.
func (Driver) LocalDate(col string, spans []driver.OffsetSpan) (string, []any) {
	mod := func(s driver.OffsetSpan) string { return strconv.Itoa(s.Offset) + " seconds" }
	if len(spans) == 1 {
		return "date(" + col + ", ?)", []any{mod(spans[0])}
	}
	var b strings.Builder
	args := make([]any, 0, 2*len(spans))
	b.WriteString("date(" + col + ", CASE")
	for i, s := range spans[:len(spans)-1] {
		b.WriteString(" WHEN " + col + " < ? THEN ?")
		args = append(args, spans[i+1].Start.UTC(), mod(s))
	}
	b.WriteString(" ELSE ? END)")
	args = append(args, mod(spans[len(spans)-1]))
	return b.String(), args
}

// DateKey: date() already answers YYYY-MM-DD.
func (Driver) DateKey(expr string) string { return expr }

// SettleCalls does nothing: the service never runs ANALYZE on SQLite, so
// its planner works without sqlite_stat1, and a benchmark that gathered
// statistics would measure plans the service never makes (with them, a
// single-workspace table once turned the lists' index ranges into
// skip-scans and sorts).
func (Driver) SettleCalls(*gorm.DB) error { return nil }
