package pgdriver

import "gorm.io/gorm"

// Epoch rounds extract(epoch) down to whole seconds, as the totals'
// triggers do; a timestamptz's epoch does not depend on the session's
// TimeZone.
func (Driver) Epoch(col string) string {
	return "CAST(floor(extract(epoch FROM " + col + ")) AS BIGINT)"
}

// DayKey formats the date without depending on the session's DateStyle.
func (Driver) DayKey(expr string) string {
	return "to_char(DATE '1970-01-01' + CAST(" + expr + " AS integer), 'YYYY-MM-DD')"
}

// SettleCalls vacuums as well as analyzes: a freshly loaded table's pages
// are not yet all-visible, and until autovacuum reaches them an index-only
// scan still reads the rows. Then a checkpoint writes out what the load
// dirtied, which the checkpointer would otherwise do during the first
// minutes measured (a separate statement: VACUUM runs outside any
// transaction, and several statements in one would make one).
func (Driver) SettleCalls(w *gorm.DB) error {
	for _, stmt := range []string{settleCalls, settleTotals, "CHECKPOINT"} {
		if err := w.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// The totals and the changes not yet folded into them (migration 0073):
// the report's range and workspace reach both branches, the totals'
// through their primary keys, the log's by a scan of what the last fold
// left.
func (Driver) CallTotalsQuarter() string {
	return "(SELECT workspace_id, bucket, calls, answered, talk_seconds FROM call_totals_quarter" +
		" UNION ALL SELECT workspace_id, bucket, calls, answered, talk_seconds FROM call_totals_log)"
}

func (Driver) CallTotalsDaily() string {
	return "(SELECT workspace_id, day, agent_identity, outcome_key, calls, answered, talk_seconds FROM call_totals_daily" +
		" UNION ALL SELECT workspace_id, bucket - bucket % 86400, agent_identity, outcome_key, calls, answered, talk_seconds FROM call_totals_log)"
}

func (Driver) FoldsCallTotals() bool { return true }

// FoldCallTotals runs foldCallTotals; its count is of the log's rows.
func (Driver) FoldCallTotals(w *gorm.DB, batch int) (int64, error) {
	var moved int64
	err := w.Raw(foldCallTotals, batch).Scan(&moved).Error
	return moved, err
}
