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

// The totals are written by the calls' triggers, in each write's
// transaction: SQLite's writer holds the whole database until its commit,
// so rows of their own would add no lock another write does not wait on
// already.
func (Driver) CallTotalsQuarter() string                   { return "call_totals_quarter" }
func (Driver) CallTotalsDaily() string                     { return "call_totals_daily" }
func (Driver) FoldsCallTotals() bool                       { return false }
func (Driver) FoldCallTotals(*gorm.DB, int) (int64, error) { return 0, nil }
