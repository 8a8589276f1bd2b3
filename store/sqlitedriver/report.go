package sqlitedriver

import (
	"strings"

	"gorm.io/gorm"

	"github.com/switchboard-oss/switchboard/store/driver"
)

// DaysCTE is a plain VALUES list: the bounds bind as the same UTC text the
// calls' created_at is stored as, so they compare in time order.
func (Driver) DaysCTE(days []driver.DayRange) (string, []any) {
	var b strings.Builder
	args := make([]any, 0, 3*len(days))
	b.WriteString(daysCTEHead)
	for i, d := range days {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(daysRow)
		args = append(args, d.Key, d.Start.UTC(), d.End.UTC())
	}
	b.WriteString(")")
	return b.String(), args
}

// SettleCalls gathers the statistics SQLite's planner reads (sqlite_stat1).
func (Driver) SettleCalls(w *gorm.DB) error { return w.Exec(settleCalls).Error }
