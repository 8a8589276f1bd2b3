package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestFoldCallTotalsInBatches: a log longer than one statement's batch is
// folded in several, each change once (PostgreSQL); the totals then equal
// the calls, and a report reads the same before and after the fold. On
// SQLite there is nothing to fold.
func TestFoldCallTotalsInBatches(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := d.Open(t, store.WithFoldBatch(7))
			ws := storetest.NewWorkspaceID()
			t0 := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
			for i := range 30 {
				sid := beginTestCall(t, db, ws, i)
				// Moved to its own hour and answered: an update logs
				// the call taken back and added again.
				at, d := t0.Add(time.Duration(i)*time.Hour+time.Second), 10*i
				storetest.WriteCallFixture(t, db, sid, storetest.CallFixture{CreatedAt: t0.Add(time.Duration(i) * time.Hour),
					Status: switchboard.CallCompleted, AnsweredAt: &at, Duration: &d})
			}
			q := switchboard.CallReportQuery{WorkspaceID: ws, From: t0, To: t0.Add(3 * 24 * time.Hour), GroupBy: switchboard.ReportByDay, Zone: time.UTC}
			before, err := db.ReportCalls(ctx, q)
			require.NoError(t, err)
			require.Len(t, before, 2)
			require.Equal(t, 30, before[0].Calls+before[1].Calls, "the unfolded calls are reported")

			moved, err := db.FoldCallTotals(ctx)
			require.NoError(t, err)
			if !db.FoldsCallTotals() {
				require.Zero(t, moved)
			} else {
				// An insert logs one change and each update two,
				// whatever else the store's own writes logged.
				require.GreaterOrEqual(t, moved, int64(30*3), "every change, over several batches of 7")
				again, err := db.FoldCallTotals(ctx)
				require.NoError(t, err)
				require.Zero(t, again, "nothing is left, nor moved twice")
			}
			storetest.RequireCallTotals(t, db, ws)
			after, err := db.ReportCalls(ctx, q)
			require.NoError(t, err)
			require.Equal(t, before, after, "the report reads the same folded")
		})
	}
}
