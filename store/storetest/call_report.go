package storetest

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// slowReport is the reference: the report computed in Go from the calls as
// the test wrote them, a day being the call's date in the zone as Go's own
// time-zone database gives it.
func slowReport(calls []listedCall, q switchboard.CallReportQuery) []switchboard.CallReportRow {
	byKey := map[string]*switchboard.CallReportRow{}
	for _, c := range calls {
		if c.created.Before(q.From) || !c.created.Before(q.To) || (q.Agent != "" && c.agent != q.Agent) {
			continue
		}
		var key string
		switch q.GroupBy {
		case switchboard.ReportByAgent:
			key = c.agent
		case switchboard.ReportByOutcome:
			key = c.outcome
			if key == "" {
				key = switchboard.ReportNoOutcome
			}
		case switchboard.ReportByDay:
			key = c.created.In(q.Zone).Format(time.DateOnly)
		}
		row := byKey[key]
		if row == nil {
			row = &switchboard.CallReportRow{Key: key}
			byKey[key] = row
		}
		row.Calls++
		if c.answered {
			row.Answered++
		}
		row.TalkSeconds += int64(c.duration)
	}
	out := []switchboard.CallReportRow{}
	for _, r := range byKey {
		out = append(out, *r)
	}
	switchboard.SortReportRows(out)
	return out
}

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := switchboard.LoadZone(name)
	require.NoError(t, err)
	return loc
}

func testCallReport(t *testing.T, db *store.DB, w *callWorkspace) {
	base := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	ranges := []struct{ from, to time.Time }{
		{base.Add(-time.Hour), base.Add(31 * 24 * time.Hour)},                                // everything
		{base.Add(3*24*time.Hour + 7*time.Hour), base.Add(19*24*time.Hour + 90*time.Minute)}, // cut mid-day
		{base.Add(40 * 24 * time.Hour), base.Add(41 * 24 * time.Hour)},                       // no calls
	}
	for _, rg := range ranges {
		for _, g := range []switchboard.CallReportGroup{switchboard.ReportByAgent, switchboard.ReportByOutcome, switchboard.ReportByDay} {
			for _, z := range []string{"UTC", "America/New_York", "Asia/Kolkata"} {
				q := switchboard.CallReportQuery{WorkspaceID: w.ws, From: rg.from, To: rg.to, GroupBy: g, Zone: zone(t, z)}
				got, err := db.ReportCalls(ctx(), q)
				require.NoError(t, err)
				want := slowReport(w.calls, q)
				if got == nil {
					got = []switchboard.CallReportRow{}
				}
				require.Equal(t, want, got, "%s by %s in %s", rg.from, g, z)
			}
			// One agent's calls, and an agent with none.
			for _, agent := range []string{w.calls[0].agent, "nobody"} {
				q := switchboard.CallReportQuery{WorkspaceID: w.ws, From: rg.from, To: rg.to, GroupBy: g, Zone: zone(t, "America/New_York"), Agent: agent}
				got, err := db.ReportCalls(ctx(), q)
				require.NoError(t, err)
				if got == nil {
					got = []switchboard.CallReportRow{}
				}
				require.Equal(t, slowReport(w.calls, q), got, "%s by %s for %s", rg.from, g, agent)
			}
		}
	}

	t.Run("DaylightSaving", func(t *testing.T) {
		// America/New_York springs forward on 2026-03-08 (a 23-hour day)
		// and falls back on 2026-11-01 (25 hours): calls a second either
		// side of each local midnight around them land on their own dates.
		ny := zone(t, "America/New_York")
		ws := NewWorkspaceID()
		var calls []listedCall
		for _, day := range []string{"2026-03-07", "2026-03-08", "2026-03-09", "2026-10-31", "2026-11-01", "2026-11-02"} {
			d, err := time.ParseInLocation(time.DateOnly, day, ny)
			require.NoError(t, err)
			for _, at := range []time.Time{d.Add(-time.Second), d, d.Add(90 * time.Minute), d.Add(-90 * time.Minute)} {
				c := browserCall(ws)
				_, err := db.BeginCall(ctx(), c, time.Minute)
				require.NoError(t, err)
				dur := 60
				answered := at.Add(time.Second)
				WriteCallFixture(t, db, c.CallSID, CallFixture{CreatedAt: at, Status: switchboard.CallCompleted, AnsweredAt: &answered, Duration: &dur})
				calls = append(calls, listedCall{sid: c.CallSID, agent: "ada", created: at, answered: true, duration: dur})
			}
		}
		for _, rg := range []struct{ from, to string }{
			{"2026-03-06T00:00:00-05:00", "2026-03-11T00:00:00-04:00"},
			{"2026-10-30T00:00:00-04:00", "2026-11-04T00:00:00-05:00"},
			{"2026-03-08T00:00:00-05:00", "2026-03-09T00:00:00-04:00"}, // the 23-hour day alone
			{"2026-11-01T00:00:00-04:00", "2026-11-02T00:00:00-05:00"}, // the 25-hour day alone
			{"2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z"},
		} {
			from, err := time.Parse(time.RFC3339, rg.from)
			require.NoError(t, err)
			to, err := time.Parse(time.RFC3339, rg.to)
			require.NoError(t, err)
			q := switchboard.CallReportQuery{WorkspaceID: ws, From: from, To: to, GroupBy: switchboard.ReportByDay, Zone: ny}
			got, err := db.ReportCalls(ctx(), q)
			require.NoError(t, err)
			require.Equal(t, slowReport(calls, q), got, "%s to %s", rg.from, rg.to)
		}
		// The 25-hour day holds four calls: at its midnight and 90 minutes
		// after, and a second and 90 minutes before the next midnight.
		from, _ := time.Parse(time.RFC3339, "2026-11-01T00:00:00-04:00")
		got, err := db.ReportCalls(ctx(), switchboard.CallReportQuery{WorkspaceID: ws, From: from, To: from.Add(25 * time.Hour),
			GroupBy: switchboard.ReportByDay, Zone: ny})
		require.NoError(t, err)
		require.Equal(t, []switchboard.CallReportRow{{Key: "2026-11-01", Calls: 4, Answered: 4, TalkSeconds: 240}}, got)
	})
}
