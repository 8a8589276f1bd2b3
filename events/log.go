package events

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
)

// ListEvents pages a workspace's events, newest first, of one type or all.
func (s *Service) ListEvents(ctx context.Context, f sb.EventFilter) ([]*sb.Event, sb.Meta, error) {
	return s.store.ListEvents(ctx, f)
}

// GetEvent returns a workspace's event. Errors: ENotFound.
func (s *Service) GetEvent(ctx context.Context, workspaceID, id string) (*sb.Event, error) {
	return s.store.FindEvent(ctx, workspaceID, id)
}

// Redeliver queues the event again for endpointID, or for every enabled
// endpoint subscribed to its type when endpointID is "", and returns the
// endpoints queued: a disabled endpoint gets nothing. The delivery carries
// the event's id as webhook-id, as the first did. Errors: ENotFound for an
// unknown event or endpoint; ENotImplemented while the engine does not run
// (before Start, after Stop).
func (s *Service) Redeliver(ctx context.Context, workspaceID, eventID, endpointID string) ([]string, error) {
	return s.store.Redeliver(ctx, workspaceID, eventID, endpointID, s.enqueue())
}
