package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestMigrationCallTotals: migration 65 totals the calls already there, and
// a report after it counts them.
func TestMigrationCallTotals(t *testing.T) {
	t.Parallel()
	atMigration(t, 61, func(t *testing.T, db *store.DB, _ *sql.DB) {
		ctx := context.Background()
		ws := storetest.NewWorkspaceID()
		outcome := storetest.OutcomeNamed(t, db, ws, "Interested", switchboard.OutcomeConnected)
		t0 := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
		for i := range 30 {
			sid := beginTestCall(t, db, ws, i)
			f := storetest.CallFixture{CreatedAt: t0.Add(time.Duration(i) * 7 * time.Hour), Status: switchboard.CallNoAnswer}
			if i%3 == 0 {
				at, d := f.CreatedAt.Add(time.Second), 10*i
				f.Status, f.AnsweredAt, f.Duration, f.OutcomeID = switchboard.CallCompleted, &at, &d, outcome
			}
			storetest.WriteCallFixture(t, db, sid, f)
		}

		require.NoError(t, db.Migrate(ctx))
		storetest.RequireCallTotals(t, db, ws)
		rows, err := db.ReportCalls(ctx, switchboard.CallReportQuery{WorkspaceID: ws, From: t0, To: t0.Add(30 * 24 * time.Hour),
			GroupBy: switchboard.ReportByOutcome, Zone: time.UTC})
		require.NoError(t, err)
		require.Equal(t, []switchboard.CallReportRow{
			{Key: outcome, Calls: 10, Answered: 10, TalkSeconds: 10 * (0 + 3 + 6 + 9 + 12 + 15 + 18 + 21 + 24 + 27)},
			{Key: switchboard.ReportNoOutcome, Calls: 20},
		}, rows)
	})
}

// beginTestCall begins the i-th call of ws, agent ada or grace in turn, as
// the call-control webhook does, and returns its SID.
func beginTestCall(t *testing.T, db *store.DB, ws string, i int) string {
	t.Helper()
	c := &switchboard.Call{CallSID: fmt.Sprintf("CA%s%02d", ws, i), WorkspaceID: ws, AgentIdentity: []string{"ada", "grace"}[i%2],
		To: "+15005550100", From: "+15005550006", Status: switchboard.CallInitiated, ConferenceName: fmt.Sprintf("sb-%s-%02d", ws, i)}
	_, err := db.BeginCall(context.Background(), c, time.Minute)
	require.NoError(t, err)
	return c.CallSID
}
