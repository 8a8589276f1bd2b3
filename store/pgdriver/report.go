package pgdriver

import (
	"strings"

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
