package pgdriver

import (
	"strings"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// LocalDate adds the span's offset to the UTC wall time and takes its date:
// one expression over one scan of the report's range, rather than a range
// of the index per day. (AT TIME ZONE would read PostgreSQL's own zone
// database; the offsets come from Go's so both databases agree.)
func (Driver) LocalDate(col string, spans []driver.OffsetSpan) (string, []any) {
	var b strings.Builder
	args := make([]any, 0, 2*len(spans))
	b.WriteString("CAST((" + col + " AT TIME ZONE 'UTC') + ")
	if len(spans) == 1 {
		b.WriteString("CAST(? AS integer)")
		args = append(args, spans[0].Offset)
	} else {
		b.WriteString("CASE")
		for i, s := range spans[:len(spans)-1] {
			b.WriteString(" WHEN " + col + " < CAST(? AS timestamptz) THEN CAST(? AS integer)")
			args = append(args, spans[i+1].Start.UTC(), s.Offset)
		}
		b.WriteString(" ELSE CAST(? AS integer) END")
		args = append(args, spans[len(spans)-1].Offset)
	}
	b.WriteString(" * interval '1 second' AS date)")
	return b.String(), args
}

// DateKey formats a date without depending on the session's DateStyle.
func (Driver) DateKey(expr string) string { return "to_char(" + expr + ", 'YYYY-MM-DD')" }

// SettleCalls vacuums as well as analyzes: a freshly loaded table's pages
// are not yet all-visible, and until autovacuum reaches them an index-only
// scan still reads the rows.
func (Driver) SettleCalls(w *gorm.DB) error { return w.Exec(settleCalls).Error }
