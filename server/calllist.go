package server

import (
	"context"
	"time"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// callFilter maps the list's query to the domain's filter; the call flow
// applies the token's rule (CallScope) before anything is read.
func callFilter(p api.ListCallsParams) sb.CallFilter {
	f := sb.CallFilter{CreatedAfter: p.CreatedAfter, CreatedBefore: p.CreatedBefore}
	if p.Status != nil {
		f.Status = sb.CallStatus(*p.Status)
	}
	for _, v := range []struct {
		dst *string
		src *string
	}{{&f.ContactID, p.ContactId}, {&f.OutcomeID, p.OutcomeId}, {&f.Tag, p.Tag}, {&f.Agent, p.Agent}} {
		if v.src != nil {
			*v.dst = *v.src
		}
	}
	return f
}

// callsScope binds a list's cursors to its workspace and the filter it ran
// with, the agent included (an agent's own list names it), so a cursor
// never carries a position into another list.
func callsScope(ws string, f sb.CallFilter) cursorScope {
	ts := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339Nano)
	}
	return scope("calls", ws, f.Agent, string(f.Status), f.ContactID, f.OutcomeID, f.Tag, ts(f.CreatedAfter), ts(f.CreatedBefore))
}

func (s *strict) ListContactCalls(ctx context.Context, req api.ListContactCallsRequestObject) (api.ListContactCallsResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	sc := scope("contact-calls", ws, req.Id)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Voice.ListContactCalls(ctx, ws, req.Id, page)
	if err != nil {
		return nil, err
	}
	out := api.ListContactCalls200JSONResponse{Data: make([]api.Call, len(items)), Meta: s.listMeta(sc, meta)}
	for i, c := range items {
		out.Data[i] = toAPICall(c)
	}
	return out, nil
}

func (s *strict) ReportCalls(ctx context.Context, req api.ReportCallsRequestObject) (api.ReportCallsResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	p := req.Params
	zone := ""
	if p.TimeZone != nil {
		zone = *p.TimeZone
	}
	agent := ""
	if p.Agent != nil {
		agent = *p.Agent
	}
	rep, err := s.deps.Voice.ReportCalls(ctx, ws, callflow.ReportRequest{From: p.From, To: p.To,
		GroupBy: sb.CallReportGroup(p.GroupBy), TimeZone: zone, Agent: agent})
	if err != nil {
		return nil, err
	}
	out := api.ReportCalls200JSONResponse{Data: make([]api.CallReportRow, len(rep.Rows)),
		Meta: api.CallReportMeta{From: rep.From, To: rep.To, GroupBy: api.CallReportGroupBy(rep.GroupBy), TimeZone: rep.TimeZone}}
	if rep.Agent != "" {
		out.Meta.Agent = &rep.Agent
	}
	for i, r := range rep.Rows {
		out.Data[i] = api.CallReportRow{Key: r.Key, Calls: r.Calls, Answered: r.Answered, AnswerRate: r.AnswerRate(),
			TalkSeconds: int(r.TalkSeconds), AverageTalkSeconds: r.AverageTalkSeconds()}
	}
	return out, nil
}
