package store

import (
	"context"

	switchboard "github.com/switchboard-oss/switchboard"
)

// callStatuses are every status a call may have, so that a count of zero is
// reported as such rather than left out.
var callStatuses = []switchboard.CallStatus{
	switchboard.CallInitiated, switchboard.CallRinging, switchboard.CallAnswered,
	switchboard.CallCompleted, switchboard.CallNoAnswer, switchboard.CallBusy, switchboard.CallFailed,
}

// CountCallsByStatus counts the calls of every workspace in each status,
// every status present (0 when none). It is what the operator's metrics
// read at each scrape: one grouped count, on the read pool, never waiting
// on the SQLite writer.
func (db *DB) CountCallsByStatus(ctx context.Context) (map[switchboard.CallStatus]int64, error) {
	var rows []struct {
		Status string
		N      int64
	}
	if err := scan(db.r.WithContext(ctx).Model(&callRow{}).Select("status, count(*) AS n").Group("status"), &rows); err != nil {
		return nil, err
	}
	out := make(map[switchboard.CallStatus]int64, len(callStatuses))
	for _, s := range callStatuses {
		out[s] = 0
	}
	for _, r := range rows {
		out[switchboard.CallStatus(r.Status)] = r.N
	}
	return out, nil
}
