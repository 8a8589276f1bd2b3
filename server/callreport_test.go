package server_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

func TestCallReport(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		outcome := storetest.OutcomeNamed(t, tb.db, tb.wsA, "Interested", sb.OutcomeConnected)
		ny, err := sb.LoadZone("America/New_York")
		require.NoError(t, err)
		// Local midnight of 2026-03-08 in New York is 05:00 UTC; the
		// clocks go forward at 02:00 that night.
		midnight := time.Date(2026, 3, 8, 0, 0, 0, 0, ny)
		answered := func(at time.Time, d int) storetest.CallFixture {
			a := at.Add(time.Second)
			return storetest.CallFixture{CreatedAt: at, Status: sb.CallCompleted, AnsweredAt: &a, Duration: &d}
		}
		f := answered(midnight.Add(-time.Second), 30) // March 7 in New York, March 8 in UTC
		f.OutcomeID = outcome
		tb.callAt(tb.wsA, "ada", f)
		tb.callAt(tb.wsA, "ada", answered(midnight, 90))
		tb.callAt(tb.wsA, "grace", storetest.CallFixture{CreatedAt: midnight.Add(3 * time.Hour), Status: sb.CallNoAnswer})
		tb.callAt(tb.wsA, "grace", answered(midnight.Add(23*time.Hour-time.Second), 45)) // the 23-hour day's last second
		tb.callAt(tb.wsA, "ada", answered(midnight.Add(23*time.Hour), 15))               // March 9
		tb.callAt(tb.wsB, "alan", answered(midnight, 1000))                              // another workspace

		q := func(from, to time.Time, extra string) string {
			return "/v1/reports/calls?from=" + url.QueryEscape(from.Format(time.RFC3339)) + "&to=" + url.QueryEscape(to.Format(time.RFC3339)) + extra
		}
		row := func(key string, calls, ans, talk int, rate, avg float64) map[string]any {
			return map[string]any{"key": key, "calls": float64(calls), "answered": float64(ans), "answerRate": rate,
				"talkSeconds": float64(talk), "averageTalkSeconds": avg}
		}
		from, to := midnight.Add(-24*time.Hour), midnight.Add(47*time.Hour)

		r := tb.do("GET", q(from, to, "&groupBy=day&timeZone=America/New_York"), tb.tokAdm, nil)
		require.Equal(t, http.StatusOK, r.status, "%s", r.body)
		require.Equal(t, []map[string]any{
			row("2026-03-07", 1, 1, 30, 1, 30),
			row("2026-03-08", 3, 2, 135, 2.0/3, 67.5),
			row("2026-03-09", 1, 1, 15, 1, 15),
		}, r.list())
		require.Equal(t, map[string]any{"from": from.UTC().Format(time.RFC3339), "to": to.UTC().Format(time.RFC3339),
			"groupBy": "day", "timeZone": "America/New_York"}, r.meta())

		// The workspace's zone (UTC by default) when none is given.
		r = tb.do("GET", q(from, to, "&groupBy=day"), tb.tokAdm, nil)
		require.Equal(t, http.StatusOK, r.status, "%s", r.body)
		require.Equal(t, "UTC", r.meta()["timeZone"])
		require.Equal(t, []map[string]any{row("2026-03-08", 3, 2, 120, 2.0/3, 60), row("2026-03-09", 2, 2, 60, 1, 30)}, r.list())

		r = tb.do("GET", q(from, to, "&groupBy=agent"), tb.tokAdm, nil)
		require.Equal(t, []map[string]any{row("ada", 3, 3, 135, 1, 45), row("grace", 2, 1, 45, 0.5, 45)}, r.list())
		r = tb.do("GET", q(from, to, "&groupBy=outcome"), tb.tokAdm, nil)
		require.Equal(t, []map[string]any{row(outcome, 1, 1, 30, 1, 30), row("none", 4, 3, 150, 0.75, 50)}, r.list())
		// One agent's outcomes, as a team lead's page reads them per agent.
		r = tb.do("GET", q(from, to, "&groupBy=outcome&agent=ada"), tb.tokAdm, nil)
		require.Equal(t, http.StatusOK, r.status, "%s", r.body)
		require.Equal(t, []map[string]any{row(outcome, 1, 1, 30, 1, 30), row("none", 2, 2, 105, 1, 52.5)}, r.list())
		require.Equal(t, "ada", r.meta()["agent"])
		r = tb.do("GET", q(from, to, "&groupBy=day&timeZone=America/New_York&agent=grace"), tb.tokAdm, nil)
		require.Equal(t, []map[string]any{row("2026-03-08", 2, 1, 45, 0.5, 45)}, r.list())
		r = tb.do("GET", q(from, to, "&groupBy=agent&agent=alan"), tb.tokAdm, nil)
		require.Equal(t, []map[string]any{}, r.list(), "another workspace's agent: none of its calls")
		r = tb.do("GET", q(midnight.Add(3*time.Hour), midnight.Add(4*time.Hour), "&groupBy=agent"), tb.tokAdm, nil)
		require.Equal(t, []map[string]any{row("grace", 1, 0, 0, 0, 0)}, r.list(), "no answered call: averages 0")
		r = tb.do("GET", q(to, to.Add(time.Hour), "&groupBy=agent"), tb.tokAdm, nil)
		require.Equal(t, []map[string]any{}, r.list())

		requireError(t, tb.do("GET", q(from, to, "&groupBy=agent"), tb.tokA, nil), http.StatusForbidden, sb.EForbidden)
		for path, field := range map[string]string{
			q(to, from, "&groupBy=agent"):                                   "from",
			q(from, from, "&groupBy=agent"):                                 "from",
			q(from, from.Add(366*24*time.Hour+time.Second), "&groupBy=day"): "to",
			q(from, to, "&groupBy=day&timeZone=Mars/Olympus"):               "timeZone",
			q(from, to, "&groupBy=day&timeZone=Local"):                      "timeZone",
			q(from, to, "&groupBy=week"):                                    "groupBy",
			q(from, to, ""):                                                 "groupBy",
			q(from, to, "&groupBy=agent&agent="):                            "agent",
			"/v1/reports/calls?from=yesterday&to=today&groupBy=agent":       "from",
		} {
			requireError(t, tb.do("GET", path, tb.tokAdm, nil), http.StatusBadRequest, sb.EInvalid, field)
		}
		r = tb.do("GET", q(from, from.Add(366*24*time.Hour), "&groupBy=day"), tb.tokAdm, nil)
		require.Equal(t, http.StatusOK, r.status, "366 days exactly: %s", r.body)
	})
}
