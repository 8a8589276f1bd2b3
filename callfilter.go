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

// CallCountScan is how many calls a list's count reads when its filters
// combine in a way no one index answers (an outcome and a tag, an agent's
// calls in one status): it tests the newest CallCountScan calls of the most
// selective filter's index against the others. When more calls lie past
// them, the total is what it found, never less than the calls the page
// reaches, and a lower bound (Meta.TotalIsLowerBound): a rare combination
// would otherwise read tens of thousands of calls to count a page's.
const CallCountScan = 2000

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
	// Agent, when not "", narrows the report to that agent's calls.
	Agent string
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

// OffsetSpan is a stretch of a report's range over which its zone keeps one
// offset from UTC, from Start up to the next span's Start.
type OffsetSpan struct {
	Start  time.Time // UTC; the range's From for the first span
	Offset int       // seconds east of UTC
}

// OffsetSpans splits the query's range where its Zone's offset from UTC
// changes: a call's local date is its UTC time plus the offset of the span
// it falls in, which is what time.Time.In gives. A zone changes offset a
// few times a year at most, so a report's range holds a handful of spans.
func (q CallReportQuery) OffsetSpans() []OffsetSpan {
	loc := q.Zone
	if loc == nil {
		loc = time.UTC
	}
	var out []OffsetSpan
	for t := q.From; t.Before(q.To); {
		l := t.In(loc)
		_, off := l.Zone()
		// A change of abbreviation alone keeps the offset: one span.
		if len(out) == 0 || out[len(out)-1].Offset != off {
			out = append(out, OffsetSpan{Start: t.UTC(), Offset: off})
		}
		_, end := l.ZoneBounds()
		if end.IsZero() || !end.After(t) {
			break
		}
		t = end
	}
	return out
}
