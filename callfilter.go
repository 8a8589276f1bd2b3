package switchboard

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// CallFilter narrows a workspace's calls; a zero field selects every call.
// All set fields must hold.
type CallFilter struct {
	// Agent is the agent identity whose calls are listed.
	Agent     string
	Status    CallStatus
	ContactID string
	OutcomeID string
	// Tag is compared with the stored tags, which are lower-case: set it
	// through NormalizeTag.
	Tag string
	// CreatedAfter is included, CreatedBefore excluded.
	CreatedAfter  *time.Time
	CreatedBefore *time.Time
}

// CallCountCap is how far a list of calls counts exactly: past it, the
// total is CallCountCap and a lower bound (Meta.TotalIsLowerBound). An
// exact count of a busy workspace's calls would cost more than the page.
const CallCountCap = 1000

// NormalizeTag is a tag as it is stored and compared: trimmed, lower-case.
func NormalizeTag(tag string) string { return strings.ToLower(strings.TrimSpace(tag)) }

// CallReportGroup is what a row of a call report stands for.
type CallReportGroup string

const (
	ReportByAgent   CallReportGroup = "agent"   // the agent's identity
	ReportByOutcome CallReportGroup = "outcome" // the outcome's id, or ReportNoOutcome
	ReportByDay     CallReportGroup = "day"     // the local date, YYYY-MM-DD
)

// ReportNoOutcome is the key of the calls without an outcome.
const ReportNoOutcome = "none"

// MaxReportSpan is the longest range a report covers.
const MaxReportSpan = 366 * 24 * time.Hour

// CallReportQuery asks for a report over the calls of a workspace created
// from From (included) to To (excluded).
type CallReportQuery struct {
	WorkspaceID string
	From, To    time.Time
	GroupBy     CallReportGroup
	// Zone is the zone whose calendar days ReportByDay counts.
	Zone *time.Location
}

// CallReportRow is one key's figures. TalkSeconds sums the calls'
// durations.
type CallReportRow struct {
	Key         string
	Calls       int
	Answered    int
	TalkSeconds int64
}

// AnswerRate is answered / calls (0 for no calls).
func (r CallReportRow) AnswerRate() float64 {
	if r.Calls == 0 {
		return 0
	}
	return float64(r.Answered) / float64(r.Calls)
}

// AverageTalkSeconds is talk seconds / answered calls, 0 when none was
// answered.
func (r CallReportRow) AverageTalkSeconds() float64 {
	if r.Answered == 0 {
		return 0
	}
	return float64(r.TalkSeconds) / float64(r.Answered)
}

// SortReportRows orders rows by key, byte by byte, so that both databases
// (whose collations differ) answer in the same order.
func SortReportRows(rows []CallReportRow) {
	slices.SortFunc(rows, func(a, b CallReportRow) int { return cmp.Compare(a.Key, b.Key) })
}

// DayRange is one local calendar day of a report, clipped to its range:
// the instants from Start (included) to End (excluded).
type DayRange struct {
	Key        string // YYYY-MM-DD in the report's zone
	Start, End time.Time
}

// Days splits the query's range into the local calendar days of its Zone,
// the first and last clipped to the range. A day starts at its local
// midnight as time.Date resolves it, so a day on which the clocks change is
// 23 or 25 hours long, and the days cover the range exactly, without gap or
// overlap. A range of MaxReportSpan touches at most 368 dates.
func (q CallReportQuery) Days() []DayRange {
	loc := q.Zone
	if loc == nil {
		loc = time.UTC
	}
	var out []DayRange
	l := q.From.In(loc)
	day := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
	for start := q.From; start.Before(q.To); {
		next := time.Date(day.Year(), day.Month(), day.Day()+1, 0, 0, 0, 0, loc)
		end := next
		if end.After(q.To) {
			end = q.To
		}
		out = append(out, DayRange{Key: day.Format(time.DateOnly), Start: start.UTC(), End: end.UTC()})
		start, day = end, next
	}
	return out
}
