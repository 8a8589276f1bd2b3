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
	phone, err := s.phone("phone", req.Body.Phone, "")
	if err != nil {
		return nil, err
	}
	e := &sb.DNCEntry{WorkspaceID: ws, Phone: phone, Reason: clean(req.Body.Reason)}
	created, err := s.deps.DNC.AddDNC(ctx, e)
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
	items, meta, err := s.deps.DNC.ListDNC(ctx, ws, page)
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
	phone, err := s.phone("phone", req.Params.Phone, "")
	if err != nil {
		return nil, err
	}
	out := api.DncCheck{Phone: phone, Entry: nullable.NewNullNullable[api.DncEntry]()}
	e, err := s.deps.DNC.FindDNCByPhone(ctx, ws, phone)
	switch {
	case sb.ErrorCode(err) == sb.ENotFound:
	case err != nil:
		return nil, err
	default:
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
	if err := s.deps.DNC.DeleteDNC(ctx, ws, req.Id); err != nil {
		return nil, err
	}
	return api.DeleteDnc204Response{}, nil
}

func toAPIDNC(e *sb.DNCEntry) api.DncEntry {
	return api.DncEntry{Id: e.ID, WorkspaceId: e.WorkspaceID, Phone: e.Phone, Reason: e.Reason, CreatedAt: e.CreatedAt.UTC()}
}
