package server

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func (s *strict) ListCallerIds(ctx context.Context, req api.ListCallerIdsRequestObject) (api.ListCallerIdsResponseObject, error) {
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	sc := scope("caller-ids", ws)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Voice.ListCallerIDs(ctx, ws, page)
	if err != nil {
		return nil, err
	}
	out := api.ListCallerIds200JSONResponse{Data: make([]api.CallerId, len(items)), Meta: s.listMeta(sc, meta)}
	for i, c := range items {
		out.Data[i] = toAPICallerID(c)
	}
	return out, nil
}

func (s *strict) CreateCallerId(ctx context.Context, req api.CreateCallerIdRequestObject) (api.CreateCallerIdResponseObject, error) {
	b := req.Body
	ws, err := workspaceOf(ctx, b.WorkspaceId)
	if err != nil {
		return nil, err
	}
	isDefault, err := defaultOf(b.IsDefault, b.Default) //nolint:staticcheck // the deprecated name is still served
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.CreateCallerID(ctx, ws, b.PhoneNumber, clean(b.FriendlyName), isDefault)
	if err != nil {
		return nil, err
	}
	// The deprecation headers, when due, are the middleware's (deprecation.go).
	return api.CreateCallerId201JSONResponse{Body: api.CallerIdResponse{Data: toAPICallerID(c)}}, nil
}

func toAPICallerID(c *sb.CallerID) api.CallerId {
	return api.CallerId{
		Id: c.ID, WorkspaceId: c.WorkspaceID, PhoneNumber: c.PhoneNumber, FriendlyName: c.FriendlyName,
		Status: api.CallerIdStatus(c.Status), ValidationCode: c.ValidationCode, IsDefault: c.IsDefault,
		CreatedAt: c.CreatedAt.UTC(),
	}
}

// defaultOf reads isDefault and its deprecated old name, default: either
// says it, and both must say the same.
func defaultOf(isDefault, old *bool) (bool, error) {
	switch {
	case isDefault != nil && old != nil && *isDefault != *old:
		return false, sb.FieldErrorf(sb.EInvalid, "default",
			"default is the deprecated name of isDefault, and says the opposite of it: send isDefault alone")
	case isDefault != nil:
		return *isDefault, nil
	case old != nil:
		return *old, nil
	}
	return false, nil
}
