package switchboard_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

func TestReportDays(t *testing.T) {
	ny, err := sb.LoadZone("America/New_York")
	require.NoError(t, err)
	lengths := func(q sb.CallReportQuery) map[string]time.Duration {
		days := q.Days()
		out := map[string]time.Duration{}
		for i, d := range days {
			if i > 0 {
				require.Equal(t, days[i-1].End, d.Start, "days are contiguous")
			}
			out[d.Key] = d.End.Sub(d.Start)
		}
		require.True(t, q.From.Equal(days[0].Start))
		require.True(t, q.To.Equal(days[len(days)-1].End))
		return out
	}

	from := time.Date(2026, 3, 7, 0, 0, 0, 0, ny)
	got := lengths(sb.CallReportQuery{From: from, To: time.Date(2026, 3, 10, 0, 0, 0, 0, ny), Zone: ny})
	require.Equal(t, map[string]time.Duration{"2026-03-07": 24 * time.Hour, "2026-03-08": 23 * time.Hour, "2026-03-09": 24 * time.Hour}, got)
	got = lengths(sb.CallReportQuery{From: time.Date(2026, 11, 1, 0, 0, 0, 0, ny), To: time.Date(2026, 11, 2, 0, 0, 0, 0, ny), Zone: ny})
	require.Equal(t, map[string]time.Duration{"2026-11-01": 25 * time.Hour}, got)

	// Clipped at both ends, in the zone's dates.
	got = lengths(sb.CallReportQuery{From: time.Date(2026, 5, 1, 22, 0, 0, 0, time.UTC), To: time.Date(2026, 5, 2, 4, 30, 0, 0, time.UTC), Zone: ny})
	// 18:00 EDT on May 1 to 00:30 EDT on May 2.
	require.Equal(t, map[string]time.Duration{"2026-05-01": 6 * time.Hour, "2026-05-02": 30 * time.Minute}, got)

	// The longest range touches at most 368 dates.
	start := time.Date(2026, 1, 1, 23, 59, 0, 0, ny)
	days := sb.CallReportQuery{From: start, To: start.Add(sb.MaxReportSpan), Zone: ny}.Days()
	require.LessOrEqual(t, len(days), 368)
	require.GreaterOrEqual(t, len(days), 367)
}

func TestReportRowArithmetic(t *testing.T) {
	r := sb.CallReportRow{Calls: 8, Answered: 5, TalkSeconds: 601}
	require.Equal(t, 0.625, r.AnswerRate())
	require.Equal(t, 120.2, r.AverageTalkSeconds())
	require.Zero(t, sb.CallReportRow{Calls: 3}.AverageTalkSeconds(), "no answered call: 0, not NaN")
	require.Zero(t, sb.CallReportRow{}.AnswerRate())
}
