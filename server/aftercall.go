package server

import (
	"context"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// After-call work: a call's outcome, notes and tags, and the workspace's
// call outcomes. Who may do what is the spec's security (admins change
// outcomes) and the call flow's rules (only a call's agent wraps it up).

func (s *strict) ListCallOutcomes(ctx context.Context, req api.ListCallOutcomesRequestObject) (api.ListCallOutcomesResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	archived := req.Params.IncludeArchived != nil && *req.Params.IncludeArchived
	sc := scope("call-outcomes", ws, map[bool]string{true: "archived", false: "active"}[archived])
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Voice.ListOutcomes(ctx, ws, archived, page)
	if err != nil {
		return nil, err
	}
	out := api.ListCallOutcomes200JSONResponse{Data: make([]api.CallOutcome, len(items)), Meta: s.listMeta(sc, meta)}
	for i, o := range items {
		out.Data[i] = toAPIOutcome(o)
	}
	return out, nil
}

func (s *strict) CreateCallOutcome(ctx context.Context, req api.CreateCallOutcomeRequestObject) (api.CreateCallOutcomeResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	o, err := s.deps.Voice.CreateOutcome(ctx, ws, req.Body.Name, sb.OutcomeKind(req.Body.Kind))
	if err != nil {
		return nil, err
	}
	return api.CreateCallOutcome201JSONResponse{Data: toAPIOutcome(o)}, nil
}

func (s *strict) GetCallOutcome(ctx context.Context, req api.GetCallOutcomeRequestObject) (api.GetCallOutcomeResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	o, err := s.deps.Voice.FindOutcome(ctx, ws, req.Id)
	if err != nil {
		return nil, err
	}
	return api.GetCallOutcome200JSONResponse{Data: toAPIOutcome(o)}, nil
}

func (s *strict) UpdateCallOutcome(ctx context.Context, req api.UpdateCallOutcomeRequestObject) (api.UpdateCallOutcomeResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	o, err := s.deps.Voice.UpdateOutcome(ctx, ws, req.Id, sb.OutcomePatch{Name: req.Body.Name, Archived: req.Body.Archived})
	if err != nil {
		return nil, err
	}
	return api.UpdateCallOutcome200JSONResponse{Data: toAPIOutcome(o)}, nil
}

func (s *strict) UpdateCall(ctx context.Context, req api.UpdateCallRequestObject) (api.UpdateCallResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	b := req.Body
	p := callflow.CallWorkPatch{OutcomeID: cleared(b.OutcomeId, ""), Notes: cleared(b.Notes, "")}
	p.Tags = cleared(b.Tags, []string{})
	c, err := s.deps.Voice.UpdateCallWork(ctx, ws, tokenFrom(ctx).Identity, req.CallSid, p)
	if err != nil {
		return nil, err
	}
	return api.UpdateCall200JSONResponse{Data: toAPICall(c)}, nil
}

// cleared maps a nullable field of a PATCH: absent is nil, null is zero
// (what clears it), a value is itself.
func cleared[T any](v nullable.Nullable[T], zero T) *T {
	switch {
	case !v.IsSpecified():
		return nil
	case v.IsNull():
		return &zero
	}
	x := v.MustGet()
	return &x
}

func toAPIOutcome(o *sb.CallOutcome) api.CallOutcome {
	return api.CallOutcome{Id: o.ID, Name: o.Name, Kind: api.CallOutcomeKind(o.Kind), Archived: o.Archived,
		CreatedAt: o.CreatedAt}
}
