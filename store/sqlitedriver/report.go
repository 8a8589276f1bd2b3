package sqlitedriver

import "gorm.io/gorm"

// Epoch is unixepoch(): created_at is UTC text with its offset, read as
// whole seconds rounded down, as the totals' triggers read it.
func (Driver) Epoch(col string) string { return "unixepoch(" + col + ")" }

// DayKey: date() of the day's first second.
func (Driver) DayKey(expr string) string { return "date((" + expr + ") * 86400, 'unixepoch')" }

// SettleCalls does nothing: the service never runs ANALYZE on SQLite, so
// its planner works without sqlite_stat1, and a benchmark that gathered
// statistics would measure plans the service never makes (with them, a
// single-workspace table once turned the lists' index ranges into
// skip-scans and sorts).
func (Driver) SettleCalls(*gorm.DB) error { return nil }
