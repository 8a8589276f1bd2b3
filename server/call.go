package server

import (
	"time"

	"context"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func (s *strict) ListCalls(ctx context.Context, req api.ListCallsRequestObject) (api.ListCallsResponseObject, error) {
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	tok := tokenFrom(ctx)
	f, err := s.deps.Voice.CallScope(tok.Identity, tok.Role, callFilter(req.Params))
	if err != nil {
		return nil, err
	}
	sc := callsScope(ws, f)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Voice.ListCalls(ctx, ws, tok.Identity, tok.Role, f, page)
	if err != nil {
		return nil, err
	}
	out := api.ListCalls200JSONResponse{Data: make([]api.Call, len(items)), Meta: s.listMeta(sc, meta)}
	for i, c := range items {
		out.Data[i] = toAPICall(c)
	}
	return out, nil
}

func (s *strict) CreateCall(ctx context.Context, req api.CreateCallRequestObject) (api.CreateCallResponseObject, error) {
	b := req.Body
	ws, err := workspaceOf(ctx, b.WorkspaceId)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.StartCall(ctx, ws, tokenFrom(ctx).Identity,
		callflow.CallRequest{To: clean(b.To), ContactID: clean(b.ContactId), From: clean(b.From), MachineDetection: b.MachineDetection, DialListID: clean(b.DialListId)})
	if err != nil {
		return nil, err
	}
	return api.CreateCall201JSONResponse{Data: toAPICall(c)}, nil
}

func (s *strict) GetCall(ctx context.Context, req api.GetCallRequestObject) (api.GetCallResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.CallFor(ctx, ws, tokenFrom(ctx).Identity, req.CallSid)
	if err != nil {
		return nil, err
	}
	return api.GetCall200JSONResponse{Data: toAPICall(c)}, nil
}

func toAPICall(c *sb.Call) api.Call {
	out := api.Call{
		CallSid:         c.CallSID,
		Status:          api.CallStatus(c.Status),
		Direction:       api.CallDirection(c.Direction),
		To:              c.To,
		From:            c.From,
		WorkspaceId:     c.WorkspaceID,
		AgentIdentity:   c.AgentIdentity,
		ConferenceName:  c.ConferenceName,
		CustomerCallSid: c.CustomerCallSID,
		OnHold:          c.OnHold,
		Muted:           c.Muted,
		Transfer:        nullable.NewNullNullable[api.Transfer](),
		CreatedAt:       c.CreatedAt.UTC(),
		AnsweredAt:      nullTime(c.AnsweredAt),
		EndedAt:         nullTime(c.EndedAt),
		Duration:        nullable.NewNullNullable[int](),
		FailureReason:   c.FailureReason,
		ContactId:       nullable.NewNullNullable[string](),
		Outcome:         nullable.NewNullNullable[api.CallOutcomeRef](),
		Notes:           c.Notes,
		Tags:            c.Tags,
	}
	if out.Tags == nil {
		out.Tags = []string{}
	}
	callMachine(&out, c)
	if c.ContactID != "" {
		out.ContactId = nullable.NewNullableWithValue(c.ContactID)
	}
	if c.DialListID != "" { // absent for every other call
		out.DialListId = &c.DialListID
	}
	if o := c.Outcome; o != nil {
		out.Outcome = nullable.NewNullableWithValue(api.CallOutcomeRef{Id: o.ID, Name: o.Name, Kind: api.CallOutcomeKind(o.Kind)})
	}
	if c.Duration != nil {
		out.Duration = nullable.NewNullableWithValue(*c.Duration)
	}
	if t := c.Transfer; t != nil {
		out.Transfer = nullable.NewNullableWithValue(api.Transfer{Type: api.TransferType(t.Type), Target: t.Target,
			Status: api.TransferStatus(t.Status), TargetCallSid: t.TargetCallSID})
	}
	return out
}

func nullTime(t *time.Time) nullable.Nullable[time.Time] {
	if t == nil {
		return nullable.NewNullNullable[time.Time]()
	}
	return nullable.NewNullableWithValue(t.UTC())
}
