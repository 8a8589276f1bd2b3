package pgdriver

import (
	"strings"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// DaysCTE is a VALUES list whose first row is typed: PostgreSQL would
// otherwise read the parameters as text and refuse to compare them with a
// timestamptz. (AT TIME ZONE could bucket the calls here alone, but the same
// ranges on both databases keep one query and one meaning of a local day.)
func (Driver) DaysCTE(days []driver.DayRange) (string, []any) {
	var b strings.Builder
	args := make([]any, 0, 3*len(days))
	b.WriteString(daysCTEHead)
	for i, d := range days {
		if i == 0 {
			b.WriteString(daysFirstRow)
		} else {
			b.WriteString(daysRow)
		}
		args = append(args, d.Key, d.Start.UTC(), d.End.UTC())
	}
	b.WriteString(")")
	return b.String(), args
}

// SettleCalls vacuums as well as analyzes: a freshly loaded table's pages
// are not yet all-visible, and until autovacuum reaches them an index-only
// scan still reads the rows.
func (Driver) SettleCalls(w *gorm.DB) error { return w.Exec(settleCalls).Error }
