package server

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// The webhook endpoints and the event log (openapi.yaml, Webhooks), served
// by the events service. Every operation here is admin only, by its
// security in the spec.

func eventTypes(in []api.EventSubscription) []sb.EventType {
	out := make([]sb.EventType, len(in))
	for i, t := range in {
		out[i] = sb.EventType(t)
	}
	return out
}

func (s *strict) ListWebhookEndpoints(ctx context.Context, req api.ListWebhookEndpointsRequestObject) (api.ListWebhookEndpointsResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	sc := scope("webhook-endpoints", ws)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := svc.ListEndpoints(ctx, ws, page)
	if err != nil {
		return nil, err
	}
	out := api.ListWebhookEndpoints200JSONResponse{Data: make([]api.WebhookEndpoint, len(items)), Meta: s.listMeta(sc, meta)}
	for i, e := range items {
		out.Data[i] = toAPIWebhookEndpoint(e, false)
	}
	return out, nil
}

func (s *strict) CreateWebhookEndpoint(ctx context.Context, req api.CreateWebhookEndpointRequestObject) (api.CreateWebhookEndpointResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	e := &sb.WebhookEndpoint{WorkspaceID: ws, URL: req.Body.Url, Description: clean(req.Body.Description)}
	if req.Body.Events != nil {
		e.Events = eventTypes(*req.Body.Events)
	}
	if err := svc.CreateEndpoint(ctx, e); err != nil {
		return nil, err
	}
	return api.CreateWebhookEndpoint201JSONResponse{Data: toAPIWebhookEndpoint(e, true)}, nil
}

func (s *strict) GetWebhookEndpoint(ctx context.Context, req api.GetWebhookEndpointRequestObject) (api.GetWebhookEndpointResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	e, err := svc.GetEndpoint(ctx, ws, req.Id)
	if err != nil {
		return nil, err
	}
	return api.GetWebhookEndpoint200JSONResponse{Data: toAPIWebhookEndpoint(e, false)}, nil
}

func (s *strict) UpdateWebhookEndpoint(ctx context.Context, req api.UpdateWebhookEndpointRequestObject) (api.UpdateWebhookEndpointResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	b := req.Body
	p := sb.WebhookEndpointPatch{URL: b.Url, Enabled: b.Enabled}
	if b.Description != nil {
		d := clean(b.Description)
		p.Description = &d
	}
	if b.Events != nil {
		ts := eventTypes(*b.Events)
		p.Events = &ts
	}
	e, err := svc.UpdateEndpoint(ctx, ws, req.Id, p)
	if err != nil {
		return nil, err
	}
	return api.UpdateWebhookEndpoint200JSONResponse{Data: toAPIWebhookEndpoint(e, false)}, nil
}

func (s *strict) DeleteWebhookEndpoint(ctx context.Context, req api.DeleteWebhookEndpointRequestObject) (api.DeleteWebhookEndpointResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	if err := svc.DeleteEndpoint(ctx, ws, req.Id); err != nil {
		return nil, err
	}
	return api.DeleteWebhookEndpoint204Response{}, nil
}

func (s *strict) RotateWebhookSecret(ctx context.Context, req api.RotateWebhookSecretRequestObject) (api.RotateWebhookSecretResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	e, err := svc.RotateSecret(ctx, ws, req.Id)
	if err != nil {
		return nil, err
	}
	return api.RotateWebhookSecret200JSONResponse{Data: toAPIWebhookEndpoint(e, true)}, nil
}

func (s *strict) ListWebhookDeliveries(ctx context.Context, req api.ListWebhookDeliveriesRequestObject) (api.ListWebhookDeliveriesResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	sc := scope("webhook-deliveries", ws, req.Id)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := svc.ListDeliveries(ctx, ws, req.Id, page)
	if err != nil {
		return nil, err
	}
	out := api.ListWebhookDeliveries200JSONResponse{Data: make([]api.WebhookDelivery, len(items)), Meta: s.listMeta(sc, meta)}
	for i, d := range items {
		out.Data[i] = toAPIWebhookDelivery(d)
	}
	return out, nil
}

func (s *strict) ListEvents(ctx context.Context, req api.ListEventsRequestObject) (api.ListEventsResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	f := sb.EventFilter{WorkspaceID: ws}
	if req.Params.Type != nil {
		f.Type = sb.EventType(*req.Params.Type)
	}
	sc := scope("events", ws, string(f.Type))
	if f.Page, err = s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor); err != nil {
		return nil, err
	}
	items, meta, err := svc.ListEvents(ctx, f)
	if err != nil {
		return nil, err
	}
	out := api.ListEvents200JSONResponse{Data: make([]api.Event, len(items)), Meta: s.listMeta(sc, meta)}
	for i, e := range items {
		if out.Data[i], err = toAPIEvent(e); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *strict) RedeliverEvent(ctx context.Context, req api.RedeliverEventRequestObject) (api.RedeliverEventResponseObject, error) {
	svc := s.deps.Events
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	endpoint := ""
	if req.Body != nil && req.Body.EndpointId != nil {
		endpoint = *req.Body.EndpointId
	}
	ids, err := svc.Redeliver(ctx, ws, req.EventId, endpoint)
	if err != nil {
		return nil, err
	}
	out := api.RedeliverEvent202JSONResponse{}
	out.Data.EventId, out.Data.EndpointIds = req.EventId, ids
	return out, nil
}

func toAPIWebhookEndpoint(e *sb.WebhookEndpoint, withSecret bool) api.WebhookEndpoint {
	out := api.WebhookEndpoint{Id: e.ID, WorkspaceId: e.WorkspaceID, Url: e.URL, Description: e.Description,
		Enabled: e.Enabled, Events: make([]api.EventSubscription, len(e.Events)), CreatedAt: e.CreatedAt.UTC(), UpdatedAt: e.UpdatedAt.UTC(),
		DisabledReason: nullable.NewNullNullable[string](), FailingSince: nullable.NewNullNullable[time.Time]()}
	for i, t := range e.Events {
		out.Events[i] = api.EventSubscription(t)
	}
	if e.DisabledReason != "" {
		out.DisabledReason = nullable.NewNullableWithValue(e.DisabledReason)
	}
	if e.FailingSince != nil {
		out.FailingSince = nullable.NewNullableWithValue(e.FailingSince.UTC())
	}
	if withSecret {
		secret := e.Secret
		out.Secret = &secret
	}
	return out
}

func toAPIWebhookDelivery(d *sb.WebhookDelivery) api.WebhookDelivery {
	out := api.WebhookDelivery{Id: d.ID, EndpointId: d.EndpointID, EventId: d.EventID, EventType: api.EventType(d.EventType),
		Attempt: d.Attempt, Result: api.WebhookDeliveryResult(d.Result), Error: d.Error,
		DurationMs: int(d.Duration / time.Millisecond), AttemptedAt: d.AttemptedAt.UTC(),
		StatusCode: nullable.NewNullNullable[int](), NextAttemptAt: nullable.NewNullNullable[time.Time]()}
	if d.StatusCode != 0 {
		out.StatusCode = nullable.NewNullableWithValue(d.StatusCode)
	}
	if d.NextAttemptAt != nil {
		out.NextAttemptAt = nullable.NewNullableWithValue(d.NextAttemptAt.UTC())
	}
	return out
}

func toAPIEvent(e *sb.Event) (api.Event, error) {
	out := api.Event{Id: e.ID, WorkspaceId: e.WorkspaceID, Type: api.EventType(e.Type), CreatedAt: e.CreatedAt.UTC()}
	if err := json.Unmarshal(e.Data, &out.Data); err != nil {
		return out, fmt.Errorf("event %s: stored data is not a JSON object: %w", e.ID, err)
	}
	return out, nil
}

// importedData is the data of a contacts.imported event.
type importedData struct {
	WorkspaceID string `json:"workspaceId"`
	Imported    int    `json:"imported"`
	Updated     int    `json:"updated"`
	Skipped     int    `json:"skipped"`
	Failed      int    `json:"failed"`
}

// EncodeEvent is the store's event encoder (sb.EventEncoder): the domain
// value as the API shows it, so that an event's data is the JSON its GET
// answers.
func EncodeEvent(v any) (json.RawMessage, error) {
	var out any
	switch x := v.(type) {
	case *sb.Contact:
		out = toAPIContact(x)
	case *sb.DNCEntry:
		out = toAPIDNC(x)
	case *sb.Call:
		out = toAPICall(x)
	case *sb.Recording:
		out = toAPIRecording(x)
	case *sb.DialList:
		out = toAPIDialList(x)
	case sb.ImportSummary:
		out = importedData{WorkspaceID: x.WorkspaceID, Imported: x.Imported, Updated: x.Updated, Skipped: x.Skipped, Failed: x.Failed}
	default:
		return nil, fmt.Errorf("no event data for %T", v)
	}
	return json.Marshal(out)
}

var _ sb.EventEncoder = EncodeEvent
