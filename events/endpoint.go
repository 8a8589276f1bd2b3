package events

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
)

// CreateEndpoint registers e (its WorkspaceID, URL, Description and
// Events: none is every type, as sb.EventAll) with a new secret, which e
// then holds: the only time, with RotateSecret, that the secret is shown.
// Errors: EInvalid naming "url" for a URL the rule refuses, or "events"
// for EventAll beside a type or a type that does not exist; ELimitReached when the workspace has
// MaxEndpoints already (disabled ones count: each is a delivery per event
// once enabled).
func (s *Service) CreateEndpoint(ctx context.Context, e *sb.WebhookEndpoint) error {
	u, err := checkURL(e.URL)
	if err != nil {
		return err
	}
	if e.Events, err = subscription(e.Events); err != nil {
		return err
	}
	secret, err := newSecret()
	if err != nil {
		return err
	}
	e.URL, e.Secret = u, secret
	if err := s.store.CreateWebhookEndpointWithin(ctx, e, MaxEndpoints); err != nil {
		return err
	}
	s.logger(ctx).Info("webhook endpoint created", "endpoint", e.ID, "workspace", e.WorkspaceID)
	return nil
}

// GetEndpoint returns a workspace's endpoint. Errors: ENotFound.
func (s *Service) GetEndpoint(ctx context.Context, workspaceID, id string) (*sb.WebhookEndpoint, error) {
	return s.store.FindWebhookEndpoint(ctx, workspaceID, id)
}

// ListEndpoints pages a workspace's endpoints.
func (s *Service) ListEndpoints(ctx context.Context, workspaceID string, page sb.Page) ([]*sb.WebhookEndpoint, sb.Meta, error) {
	return s.store.ListWebhookEndpoints(ctx, workspaceID, page)
}

// UpdateEndpoint applies p (a new URL and new events follow
// CreateEndpoint's rules). Errors: EInvalid naming "url" or "events",
// ENotFound.
func (s *Service) UpdateEndpoint(ctx context.Context, workspaceID, id string, p sb.WebhookEndpointPatch) (*sb.WebhookEndpoint, error) {
	if p.Events != nil {
		ts, err := subscription(*p.Events)
		if err != nil {
			return nil, err
		}
		p.Events = &ts
	}
	if p.URL != nil {
		u, err := checkURL(*p.URL)
		if err != nil {
			return nil, err
		}
		p.URL = &u
	}
	return s.store.UpdateWebhookEndpoint(ctx, workspaceID, id, p)
}

// DeleteEndpoint removes an endpoint; its jobs deliver nothing after.
// Errors: ENotFound.
func (s *Service) DeleteEndpoint(ctx context.Context, workspaceID, id string) error {
	return s.store.DeleteWebhookEndpoint(ctx, workspaceID, id)
}

// RotateSecret gives the endpoint a new secret, which the answer holds;
// the old one keeps signing beside it for sb.SecretOverlap. Errors:
// ENotFound.
func (s *Service) RotateSecret(ctx context.Context, workspaceID, id string) (*sb.WebhookEndpoint, error) {
	secret, err := newSecret()
	if err != nil {
		return nil, err
	}
	e, err := s.store.RotateWebhookSecret(ctx, workspaceID, id, secret)
	if err != nil {
		return nil, err
	}
	s.logger(ctx).Info("webhook secret rotated", "endpoint", e.ID, "workspace", workspaceID)
	return e, nil
}

// ListDeliveries pages an endpoint's delivery attempts, newest first.
// Errors: ENotFound for an unknown endpoint.
func (s *Service) ListDeliveries(ctx context.Context, workspaceID, endpointID string, page sb.Page) ([]*sb.WebhookDelivery, sb.Meta, error) {
	return s.store.ListWebhookDeliveries(ctx, workspaceID, endpointID, page)
}

// subscription is the rule of an endpoint's events: none is every type
// (stored as EventAll, so that types added later are delivered too), and
// EventAll stands alone, since beside it a type would mean nothing.
func subscription(ts []sb.EventType) ([]sb.EventType, error) {
	if len(ts) == 0 {
		return []sb.EventType{sb.EventAll}, nil
	}
	for _, t := range ts {
		switch {
		case t == sb.EventAll && len(ts) > 1:
			return nil, sb.FieldErrorf(sb.EInvalid, "events", `"*" is every event type and stands alone: send ["*"], or the types themselves`)
		case t != sb.EventAll && !t.Valid():
			return nil, sb.FieldErrorf(sb.EInvalid, "events", "%q is not an event type", t)
		}
	}
	return ts, nil
}

// checkURL is the endpoint's URL rule: sb.ParseHTTPURL's, without
// credentials (they would be sent to wherever the URL leads, and shown to
// every admin). Where it points is checked on every delivery, after DNS,
// not here: a name can change what it resolves to after it was registered.
func checkURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if u, ok := sb.ParseHTTPURL(raw); !ok || u.User != nil {
		return "", sb.FieldErrorf(sb.EInvalid, "url", "want an absolute http or https URL without credentials, such as https://crm.example.com/hooks")
	}
	return raw, nil
}

// newSecret returns "whsec_" and the base64 of 32 random bytes, the form
// Standard Webhooks libraries read.
func newSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("webhook secret: %w", err)
	}
	return "whsec_" + base64.StdEncoding.EncodeToString(b), nil
}
