package server

import (
	"context"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func (s *strict) AddDnc(ctx context.Context, req api.AddDncRequestObject) (api.AddDncResponseObject, error) {
	ws, err := workspaceOf(ctx, req.Body.WorkspaceId)
	if err != nil {
		return nil, err
	}
	// With a callSid the store checks the call and records source call.
	e := &sb.DNCEntry{WorkspaceID: ws, Phone: req.Body.Phone, Reason: clean(req.Body.Reason),
		Source: sb.DNCSourceAPI, AddedBy: tokenFrom(ctx).Identity, CallSID: str(req.Body.CallSid)}
	created, err := s.deps.Contacts.AddDNC(ctx, e)
	if err != nil {
		return nil, err
	}
	if !created {
		return api.AddDnc200JSONResponse{Data: toAPIDNC(e)}, nil
	}
	return api.AddDnc201JSONResponse{Data: toAPIDNC(e)}, nil
}

func (s *strict) ListDnc(ctx context.Context, req api.ListDncRequestObject) (api.ListDncResponseObject, error) {
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	sc := scope("dnc", ws)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Contacts.ListDNC(ctx, ws, page)
	if err != nil {
		return nil, err
	}
	out := api.ListDnc200JSONResponse{Data: make([]api.DncEntry, len(items)), Meta: s.listMeta(sc, meta)}
	for i, e := range items {
		out.Data[i] = toAPIDNC(e)
	}
	return out, nil
}

func (s *strict) CheckDnc(ctx context.Context, req api.CheckDncRequestObject) (api.CheckDncResponseObject, error) {
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	phone, e, err := s.deps.Contacts.CheckDNC(ctx, ws, req.Params.Phone)
	if err != nil {
		return nil, err
	}
	out := api.DncCheck{Phone: phone, Entry: nullable.NewNullNullable[api.DncEntry]()}
	if e != nil {
		out.Blocked = true
		out.Entry = nullable.NewNullableWithValue(toAPIDNC(e))
	}
	return api.CheckDnc200JSONResponse{Data: out}, nil
}

func (s *strict) DeleteDnc(ctx context.Context, req api.DeleteDncRequestObject) (api.DeleteDncResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	by := sb.DNCRemoval{By: tokenFrom(ctx).Identity, Reason: clean(req.Params.Reason)}
	if err := s.deps.Contacts.RemoveDNC(ctx, ws, req.Id, by); err != nil {
		return nil, err
	}
	return api.DeleteDnc204Response{}, nil
}

func (s *strict) ListDncHistory(ctx context.Context, req api.ListDncHistoryRequestObject) (api.ListDncHistoryResponseObject, error) {
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	phone := ""
	if req.Params.Phone != nil {
		// Normalized before the cursor is read: the cursor is bound to the
		// number, not to how it was written.
		if phone, err = s.deps.Contacts.Phone("phone", *req.Params.Phone); err != nil {
			return nil, err
		}
	}
	sc := scope("dnc-history", ws, phone)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Contacts.DNCHistory(ctx, ws, phone, page)
	if err != nil {
		return nil, err
	}
	out := api.ListDncHistory200JSONResponse{Data: make([]api.DncEntry, len(items)), Meta: s.listMeta(sc, meta)}
	for i, e := range items {
		out.Data[i] = toAPIDNC(e)
	}
	return out, nil
}

func toAPIDNC(e *sb.DNCEntry) api.DncEntry {
	src := e.Source
	if src == "" {
		src = sb.DNCSourceAPI
	}
	out := api.DncEntry{Id: e.ID, WorkspaceId: e.WorkspaceID, Phone: e.Phone, Reason: e.Reason,
		Source: api.DncEntrySource(src), AddedBy: e.AddedBy, CreatedAt: e.CreatedAt.UTC()}
	if e.CallSID != "" {
		out.CallSid = &e.CallSID
	}
	if e.RemovedAt != nil {
		at, by, why := e.RemovedAt.UTC(), e.RemovedBy, e.RemovalReason
		out.RemovedAt, out.RemovedBy, out.RemovalReason = &at, &by, &why
	}
	return out
}
