package storetest

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// figures are one totals row's sums.
type figures struct{ Calls, Answered, TalkSeconds int64 }

// RequireCallTotals checks the totals the calls' triggers keep (migration
// 0065) against the workspace's calls as they are now, summed in Go: per
// quarter hour, and per UTC day, agent and outcome, each summed over its
// shards. A totals row that later changes took back to nothing may stay, at
// zero. Where the triggers log changes for a fold (PostgreSQL, 0073), it
// folds them first: what a report reads before the fold, the totals and
// the log together, the callers check through reports.
func RequireCallTotals(t testing.TB, db *store.DB, ws string) {
	t.Helper()
	_, err := db.FoldCallTotals(ctx())
	require.NoError(t, err, "fold the call totals")
	var calls []struct {
		CreatedAt     time.Time
		AgentIdentity string
		OutcomeID     *string
		AnsweredAt    *time.Time
		Duration      *int64
	}
	// Scanned field by field: GORM leaves an unexported embedded struct.
	var quarter []struct {
		Bucket                       int64
		Calls, Answered, TalkSeconds int64
	}
	var daily []struct {
		Day                          int64
		AgentIdentity, OutcomeKey    string
		Calls, Answered, TalkSeconds int64
	}
	require.NoError(t, db.Fixture(ctx(), func(tx *gorm.DB) error {
		if err := tx.Table("calls").Select("created_at, agent_identity, outcome_id, answered_at, duration").
			Where("workspace_id = ?", ws).Scan(&calls).Error; err != nil {
			return err
		}
		if err := tx.Raw("SELECT bucket, sum(calls) AS calls, sum(answered) AS answered, sum(talk_seconds) AS talk_seconds"+
			" FROM call_totals_quarter WHERE workspace_id = ? GROUP BY bucket", ws).Scan(&quarter).Error; err != nil {
			return err
		}
		return tx.Raw("SELECT day, agent_identity, outcome_key, sum(calls) AS calls, sum(answered) AS answered, sum(talk_seconds) AS talk_seconds"+
			" FROM call_totals_daily WHERE workspace_id = ? GROUP BY day, agent_identity, outcome_key", ws).Scan(&daily).Error
	}))
	wantQ, wantD := map[string]figures{}, map[string]figures{}
	add := func(m map[string]figures, key string, answered bool, d int64) {
		f := m[key]
		f.Calls++
		if answered {
			f.Answered++
		}
		f.TalkSeconds += d
		m[key] = f
	}
	for _, c := range calls {
		sec := c.CreatedAt.Unix()
		var d int64
		if c.Duration != nil {
			d = *c.Duration
		}
		outcome := ""
		if c.OutcomeID != nil {
			outcome = *c.OutcomeID
		}
		add(wantQ, fmt.Sprint(sec/900*900), c.AnsweredAt != nil, d)
		add(wantD, fmt.Sprint(sec/86400*86400, "/", c.AgentIdentity, "/", outcome), c.AnsweredAt != nil, d)
	}
	gotQ, gotD := map[string]figures{}, map[string]figures{}
	for _, r := range quarter {
		f := figures{r.Calls, r.Answered, r.TalkSeconds}
		require.GreaterOrEqual(t, r.Calls, int64(0), "quarter %d", r.Bucket)
		if f != (figures{}) {
			gotQ[fmt.Sprint(r.Bucket)] = f
		}
	}
	for _, r := range daily {
		f := figures{r.Calls, r.Answered, r.TalkSeconds}
		require.GreaterOrEqual(t, r.Calls, int64(0), "day %d", r.Day)
		if f != (figures{}) {
			gotD[fmt.Sprint(r.Day, "/", r.AgentIdentity, "/", r.OutcomeKey)] = f
		}
	}
	require.Equal(t, wantQ, gotQ, "quarter-hour totals against the calls")
	require.Equal(t, wantD, gotD, "daily totals against the calls")
}

// testCallTotals changes calls in every way the totals count (outcome set,
// changed and cleared, answered, duration, created_at moved to another day
// and quarter hour) and checks the totals and the reports after each.
func testCallTotals(t *testing.T, open Opener) {
	db := open(t)
	base := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	w := newCallWorkspace(t, db, 40, base, 3)
	RequireCallTotals(t, db, w.ws)
	// The reports first: on PostgreSQL they read the changes still in the
	// log beside the totals; RequireCallTotals then folds them.
	check := func(what string) {
		t.Helper()
		for _, g := range []switchboard.CallReportGroup{switchboard.ReportByAgent, switchboard.ReportByOutcome, switchboard.ReportByDay} {
			q := switchboard.CallReportQuery{WorkspaceID: w.ws, From: base.Add(7 * time.Hour), To: base.Add(29*24*time.Hour + 5*time.Minute),
				GroupBy: g, Zone: zone(t, "America/New_York")}
			got, err := db.ReportCalls(ctx(), q)
			require.NoError(t, err)
			if got == nil {
				got = []switchboard.CallReportRow{}
			}
			require.Equal(t, slowReport(w.calls, q), got, "%s, by %s", what, g)
		}
		RequireCallTotals(t, db, w.ws)
	}
	set := func(i int, f CallFixture, apply func(c *listedCall)) {
		WriteCallFixture(t, db, w.calls[i].sid, f)
		apply(&w.calls[i])
	}
	outcome := func(i int, id string) { // "" clears it
		_, err := db.UpdateCallWork(ctx(), w.ws, w.calls[i].sid, switchboard.CallWork{OutcomeID: &id, By: "storetest"}, nil)
		require.NoError(t, err)
		w.calls[i].outcome = id
	}
	for i := range 5 {
		outcome(i, w.outcomes[i%2])
	}
	check("outcomes set")
	outcome(0, w.outcomes[1])
	outcome(1, "")
	check("an outcome changed, one cleared")
	for i := 5; i < 10; i++ {
		at, d := w.calls[i].created.Add(3*time.Second), 100+i
		set(i, CallFixture{AnsweredAt: &at, Duration: &d}, func(c *listedCall) { c.answered, c.duration = true, d })
	}
	check("calls answered, durations set")
	for i := 10; i < 15; i++ {
		moved := w.calls[i].created.Add(time.Duration(i) * 26 * time.Hour).Add(17 * time.Minute)
		set(i, CallFixture{CreatedAt: moved}, func(c *listedCall) { c.created = moved })
	}
	check("calls moved to other days and quarter hours")

	t.Run("Concurrent", func(t *testing.T) {
		// Calls begun at once from several goroutines, in the same
		// quarter hour and UTC day, all count once, with two folds
		// running beside them all along (two instances' periodic jobs).
		ws := NewWorkspaceID()
		var wg, folds sync.WaitGroup
		stop := make(chan struct{})
		for range 2 {
			folds.Add(1)
			go func() {
				defer folds.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					_, err := db.FoldCallTotals(ctx())
					assert.NoError(t, err)
				}
			}()
		}
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 10 {
					c := browserCall(ws)
					_, err := db.BeginCall(ctx(), c, time.Minute)
					assert.NoError(t, err)
				}
			}()
		}
		wg.Wait()
		close(stop)
		folds.Wait()
		RequireCallTotals(t, db, ws)
	})
}
