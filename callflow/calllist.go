package callflow

import (
	"context"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// Who reads which calls, and the reports' ranges.

// ListCalls lists the calls of a workspace that f selects, newest first.
// An agent reads only its own calls: f.Agent is set to identity, and an
// agent naming another agent is refused rather than shown an empty page,
// so that a client learns the rule. An admin reads the workspace's calls.
// Errors: EForbidden, EInvalid (naming the filter).
func (s *Service) ListCalls(ctx context.Context, workspaceID, identity string, role sb.Role, f sb.CallFilter, page sb.Page) ([]*sb.Call, sb.Meta, error) {
	f, err := s.CallScope(identity, role, f)
	if err != nil {
		return nil, sb.Meta{}, err
	}
	return s.deps.Calls.ListCalls(ctx, workspaceID, f, page)
}

// CallScope is the filter a list of calls runs with for a token of
// identity and role: the agent rule applied and the tag normalized. The
// HTTP layer binds its cursors to it. Errors: EForbidden, EInvalid.
func (s *Service) CallScope(identity string, role sb.Role, f sb.CallFilter) (sb.CallFilter, error) {
	if role != sb.RoleAdmin {
		if f.Agent != "" && f.Agent != identity {
			return f, sb.FieldErrorf(sb.EForbidden, "agent", "An agent's token lists only its own calls: leave agent out or name %q.", identity)
		}
		f.Agent = identity
	}
	if f.Status != "" && f.Status.Rank() < 0 {
		return f, sb.FieldErrorf(sb.EInvalid, "status", "Unknown call status %q.", sb.Truncate(string(f.Status), 20))
	}
	if f.Tag != "" {
		if f.Tag = sb.NormalizeTag(f.Tag); f.Tag == "" {
			return f, sb.FieldErrorf(sb.EInvalid, "tag", "A tag must hold more than spaces.")
		}
	}
	return f, nil
}

// ListContactCalls lists a contact's calls, whichever agent made them: a
// contact's history is the team's. Errors: ENotFound.
func (s *Service) ListContactCalls(ctx context.Context, workspaceID, contactID string, page sb.Page) ([]*sb.Call, sb.Meta, error) {
	return s.deps.Calls.ListContactCalls(ctx, workspaceID, contactID, page)
}

// CallReport is a report's rows and what they were computed over.
type CallReport struct {
	Rows     []sb.CallReportRow
	From, To time.Time
	GroupBy  sb.CallReportGroup
	TimeZone string
	// Agent is the agent the report was narrowed to ("" for every agent).
	Agent string
}

// ReportRequest is what a report is asked for: the calls created from From
// to To (excluded), at most sb.MaxReportSpan apart, grouped by GroupBy;
// TimeZone ("" for the workspace's) is the zone of the day keys, and Agent
// ("" for all) narrows it to one agent's calls.
type ReportRequest struct {
	From, To time.Time
	GroupBy  sb.CallReportGroup
	TimeZone string
	Agent    string
}

// ReportCalls computes a report. Errors: EInvalid naming from, to, groupBy
// or timeZone.
func (s *Service) ReportCalls(ctx context.Context, workspaceID string, req ReportRequest) (*CallReport, error) {
	from, to, groupBy, timeZone := req.From, req.To, req.GroupBy, req.TimeZone
	switch groupBy {
	case sb.ReportByAgent, sb.ReportByOutcome, sb.ReportByDay:
	default:
		return nil, sb.FieldErrorf(sb.EInvalid, "groupBy", "groupBy must be agent, outcome or day.")
	}
	if !from.Before(to) {
		return nil, sb.FieldErrorf(sb.EInvalid, "from", "from (%s) must be before to (%s).", from.Format(time.RFC3339), to.Format(time.RFC3339))
	}
	if to.Sub(from) > sb.MaxReportSpan {
		return nil, sb.FieldErrorf(sb.EInvalid, "to", "A report covers at most 366 days; to is %.1f days after from.", to.Sub(from).Hours()/24)
	}
	if timeZone == "" {
		settings, err := s.deps.Workspaces.WorkspaceSettings(ctx, workspaceID)
		if err != nil {
			return nil, err
		}
		timeZone = settings.TimeZone
	}
	loc, err := sb.LoadZone(timeZone)
	if err != nil {
		return nil, sb.FieldErrorf(sb.EInvalid, "timeZone", "%q is not an IANA time zone (e.g. America/New_York).", sb.Truncate(timeZone, 64))
	}
	rows, err := s.deps.Calls.ReportCalls(ctx, sb.CallReportQuery{WorkspaceID: workspaceID, From: from.UTC(), To: to.UTC(),
		GroupBy: groupBy, Zone: loc, Agent: req.Agent})
	if err != nil {
		return nil, err
	}
	return &CallReport{Rows: rows, From: from.UTC(), To: to.UTC(), GroupBy: groupBy, TimeZone: timeZone, Agent: req.Agent}, nil
}
