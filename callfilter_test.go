package switchboard_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

func TestReportOffsetSpans(t *testing.T) {
	ny, err := sb.LoadZone("America/New_York")
	require.NoError(t, err)
	kolkata, err := sb.LoadZone("Asia/Kolkata")
	require.NoError(t, err)
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		require.NoError(t, err)
		return v.UTC()
	}
	cases := []struct {
		name string
		q    sb.CallReportQuery
		want []sb.OffsetSpan
	}{
		{"no change", sb.CallReportQuery{From: at("2026-05-01T00:00:00Z"), To: at("2026-07-30T00:00:00Z"), Zone: ny},
			[]sb.OffsetSpan{{Start: at("2026-05-01T00:00:00Z"), Offset: -4 * 3600}}},
		{"spring forward", sb.CallReportQuery{From: at("2026-03-01T00:00:00Z"), To: at("2026-04-01T00:00:00Z"), Zone: ny},
			[]sb.OffsetSpan{{Start: at("2026-03-01T00:00:00Z"), Offset: -5 * 3600}, {Start: at("2026-03-08T07:00:00Z"), Offset: -4 * 3600}}},
		{"a year", sb.CallReportQuery{From: at("2026-01-01T05:00:00Z"), To: at("2027-01-01T05:00:00Z"), Zone: ny},
			[]sb.OffsetSpan{{Start: at("2026-01-01T05:00:00Z"), Offset: -5 * 3600}, {Start: at("2026-03-08T07:00:00Z"), Offset: -4 * 3600},
				{Start: at("2026-11-01T06:00:00Z"), Offset: -5 * 3600}}},
		{"ends at the change", sb.CallReportQuery{From: at("2026-11-01T00:00:00Z"), To: at("2026-11-01T06:00:00Z"), Zone: ny},
			[]sb.OffsetSpan{{Start: at("2026-11-01T00:00:00Z"), Offset: -4 * 3600}}},
		{"half-hour zone", sb.CallReportQuery{From: at("2026-01-01T00:00:00Z"), To: at("2026-12-01T00:00:00Z"), Zone: kolkata},
			[]sb.OffsetSpan{{Start: at("2026-01-01T00:00:00Z"), Offset: 5*3600 + 1800}}},
		{"no zone is UTC", sb.CallReportQuery{From: at("2026-01-01T00:00:00Z"), To: at("2026-12-01T00:00:00Z")},
			[]sb.OffsetSpan{{Start: at("2026-01-01T00:00:00Z"), Offset: 0}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.q.OffsetSpans()
			require.Equal(t, tc.want, got)
			// Every instant's offset is its span's, as time.Time.In says.
			for _, probe := range []time.Duration{0, time.Hour, 24 * time.Hour, 30 * 24 * time.Hour} {
				v := tc.q.From.Add(probe)
				if !v.Before(tc.q.To) {
					continue
				}
				i := len(got) - 1
				for i > 0 && v.Before(got[i].Start) {
					i--
				}
				loc := tc.q.Zone
				if loc == nil {
					loc = time.UTC
				}
				_, off := v.In(loc).Zone()
				require.Equal(t, off, got[i].Offset, "%s", v)
			}
		})
	}
}

func TestReportRowArithmetic(t *testing.T) {
	r := sb.CallReportRow{Calls: 8, Answered: 5, TalkSeconds: 601}
	require.Equal(t, 0.625, r.AnswerRate())
	require.Equal(t, 120.2, r.AverageTalkSeconds())
	require.Zero(t, sb.CallReportRow{Calls: 3}.AverageTalkSeconds(), "no answered call: 0, not NaN")
	require.Zero(t, sb.CallReportRow{}.AnswerRate())
}
