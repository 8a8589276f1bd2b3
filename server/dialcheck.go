package server

import (
	"context"
	"time"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// CreateDialCheck answers what a dial of the number would meet now, for
// any role of the workspace.
func (s *strict) CreateDialCheck(ctx context.Context, req api.CreateDialCheckRequestObject) (api.CreateDialCheckResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	b := req.Body
	c, err := s.deps.Voice.CheckDial(ctx, ws, callflow.DialCheckRequest{To: clean(b.To), ContactID: clean(b.ContactId)})
	if err != nil {
		return nil, err
	}
	return api.CreateDialCheck200JSONResponse{Data: toAPIDialCheck(c)}, nil
}

func toAPIDialCheck(c *sb.DialCheck) api.DialCheck {
	out := api.DialCheck{To: c.To, Allowed: c.Allowed, Reasons: make([]api.DialReason, len(c.Reasons)),
		TimeZones: c.TimeZones, NextAllowedAt: nullable.NewNullNullable[time.Time]()}
	if out.TimeZones == nil {
		out.TimeZones = []string{}
	}
	for i, r := range c.Reasons {
		out.Reasons[i] = api.DialReason{Code: r.Code, Message: r.Message}
	}
	if c.NextAllowedAt != nil {
		out.NextAllowedAt = nullable.NewNullableWithValue(c.NextAllowedAt.UTC())
	}
	return out
}
