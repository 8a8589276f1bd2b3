package switchboard

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"
)

// EventType names what happened. The names are part of the published
// contract (openapi.yaml, EventType): add, never rename.
type EventType string

const (
	EventContactCreated      EventType = "contact.created"
	EventContactUpdated      EventType = "contact.updated"
	EventContactDeleted      EventType = "contact.deleted"
	EventContactsImported    EventType = "contacts.imported"
	EventDNCAdded            EventType = "dnc.added"
	EventDNCRemoved          EventType = "dnc.removed"
	EventCallInitiated       EventType = "call.initiated"
	EventCallRinging         EventType = "call.ringing"
	EventCallAnswered        EventType = "call.answered"
	EventCallCompleted       EventType = "call.completed"
	EventCallTransferUpdated EventType = "call.transfer.updated"
	EventRecordingCompleted  EventType = "recording.completed"
	// EventCallOutcomeSet is a change of a call's outcome to a non-null
	// one; its data is the call, with the outcome.
	EventCallOutcomeSet EventType = "call.outcome_set"
	// EventDialListDone is a dial list's last open entry ending; its data
	// is the list.
	EventDialListDone EventType = "dial_list.done"
)

// EventAll, in an endpoint's Events, subscribes it to every event type,
// including types added after it was registered. It is not a type: no
// event has it, and it stands alone in a list (events.CreateEndpoint).
const EventAll EventType = "*"

// EventTypes lists every event type, in the order of the documentation.
var EventTypes = []EventType{
	EventContactCreated, EventContactUpdated, EventContactDeleted, EventContactsImported,
	EventDNCAdded, EventDNCRemoved,
	EventCallInitiated, EventCallRinging, EventCallAnswered, EventCallCompleted, EventCallTransferUpdated,
	EventRecordingCompleted, EventCallOutcomeSet, EventDialListDone,
}

// Valid reports whether t is one of EventTypes.
func (t EventType) Valid() bool {
	for _, k := range EventTypes {
		if k == t {
			return true
		}
	}
	return false
}

// CallEventType is the event a call's new status announces: a final
// status (completed, busy, no-answer, failed) is call.completed, whose data
// says which.
func CallEventType(s CallStatus) EventType {
	switch {
	case s.Final():
		return EventCallCompleted
	case s == CallAnswered:
		return EventCallAnswered
	case s == CallRinging:
		return EventCallRinging
	default:
		return EventCallInitiated
	}
}

// Event is one thing that happened in a workspace, kept in the outbox
// (written in the same transaction as the change it reports) and delivered
// to the workspace's webhook endpoints. Data is the resource as the API
// shows it at that moment (the same JSON as its GET).
type Event struct {
	ID          string
	WorkspaceID string
	Type        EventType
	Data        json.RawMessage
	CreatedAt   time.Time
}

// ImportSummary is the data of a contacts.imported event: the import's
// counts.
type ImportSummary struct {
	WorkspaceID string
	Imported    int
	Updated     int
	Skipped     int
	Failed      int
}

// EventEncoder turns a domain value (*Contact, *DNCEntry, *Call,
// *Recording, ImportSummary) into the JSON the API shows for it. The HTTP
// layer owns that mapping; the store calls the encoder inside the
// transaction that writes the event.
type EventEncoder func(v any) (json.RawMessage, error)

// EventFilter selects events of a list.
type EventFilter struct {
	WorkspaceID string
	Type        EventType // "" for every type
	Page        Page
}

// WebhookEndpoint is a URL a workspace's events are delivered to.
type WebhookEndpoint struct {
	ID          string
	WorkspaceID string
	URL         string
	Description string
	Events      []EventType
	Enabled     bool
	// DisabledReason is "" while enabled, "manual" when an admin turned it
	// off, "failing" when every delivery failed for AutoDisableAfter.
	DisabledReason string
	// Secret signs deliveries ("whsec_" + base64). The API shows it only on
	// creation and rotation.
	Secret string
	// PreviousSecret keeps signing beside Secret until PreviousSecretUntil
	// after a rotation, so a receiver can switch without losing a delivery.
	PreviousSecret      string
	PreviousSecretUntil *time.Time
	// FailingSince is the time of the first failed attempt after the last
	// success; nil while the endpoint succeeds.
	FailingSince *time.Time
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// Subscribed reports whether the endpoint takes events of type t: it lists
// t, or EventAll.
func (e *WebhookEndpoint) Subscribed(t EventType) bool {
	for _, k := range e.Events {
		if k == t || k == EventAll {
			return true
		}
	}
	return false
}

// Secrets returns the secrets a delivery at t is signed with, newest first.
func (e *WebhookEndpoint) Secrets(t time.Time) []string {
	out := []string{e.Secret}
	if e.PreviousSecret != "" && e.PreviousSecretUntil != nil && t.Before(*e.PreviousSecretUntil) {
		out = append(out, e.PreviousSecret)
	}
	return out
}

// Disabled reasons.
const (
	DisabledManual  = "manual"
	DisabledFailing = "failing"
)

// AutoDisableAfter is how long an endpoint may fail every delivery before it
// is disabled.
const AutoDisableAfter = 72 * time.Hour

// SecretOverlap is how long a rotated-out secret keeps signing.
const SecretOverlap = 24 * time.Hour

// EventRetention is how long events are kept.
const EventRetention = 30 * 24 * time.Hour

// WebhookEndpointPatch holds the fields of a PATCH; nil leaves a field alone.
type WebhookEndpointPatch struct {
	URL         *string
	Events      *[]EventType
	Enabled     *bool
	Description *string
}

// Delivery results.
const (
	DeliverySucceeded = "succeeded"
	DeliveryRetrying  = "retrying"
	DeliveryFailed    = "failed"
)

// WebhookDelivery is one attempt to deliver an event to an endpoint.
type WebhookDelivery struct {
	ID          string
	WorkspaceID string
	EndpointID  string
	EventID     string
	EventType   EventType
	Attempt     int
	// Result is succeeded, retrying (another attempt follows at
	// NextAttemptAt) or failed (no attempt follows).
	Result string
	// StatusCode is the receiver's HTTP status, 0 when none came back.
	StatusCode int
	// Error says why the attempt failed, "" on success.
	Error         string
	Duration      time.Duration
	AttemptedAt   time.Time
	NextAttemptAt *time.Time
}

// DeliveryJob asks for one event to be delivered to one endpoint.
type DeliveryJob struct {
	EventID    string
	EndpointID string
}

// EnqueueFunc queues delivery jobs inside tx, the caller's database
// transaction: the job engine's tables live in the same database, so the
// jobs exist exactly when the transaction that asked for them commits.
type EnqueueFunc func(ctx context.Context, tx *sql.Tx, jobs []DeliveryJob) error

// EventStore keeps events, webhook endpoints and delivery attempts.
type EventStore interface {
	// RecordEvent records an event in a transaction of its own, for a
	// change made of several transactions (an import).
	RecordEvent(ctx context.Context, workspaceID string, t EventType, v any) error
	// ListEvents pages a workspace's events, newest first.
	ListEvents(ctx context.Context, f EventFilter) ([]*Event, Meta, error)
	// FindEvent returns ENotFound for another workspace's event.
	FindEvent(ctx context.Context, workspaceID, id string) (*Event, error)
	// Redeliver queues the event again for endpointID, or for every
	// enabled endpoint subscribed to its type when endpointID is "";
	// it returns the endpoints queued, through enqueue. ENotFound for an
	// unknown event or endpoint; ENotImplemented when enqueue is nil (no
	// job engine runs).
	Redeliver(ctx context.Context, workspaceID, eventID, endpointID string, enqueue EnqueueFunc) ([]string, error)

	CreateWebhookEndpoint(ctx context.Context, e *WebhookEndpoint) error
	FindWebhookEndpoint(ctx context.Context, workspaceID, id string) (*WebhookEndpoint, error)
	ListWebhookEndpoints(ctx context.Context, workspaceID string, page Page) ([]*WebhookEndpoint, Meta, error)
	UpdateWebhookEndpoint(ctx context.Context, workspaceID, id string, p WebhookEndpointPatch) (*WebhookEndpoint, error)
	DeleteWebhookEndpoint(ctx context.Context, workspaceID, id string) error
	// RotateWebhookSecret sets secret as the endpoint's secret; the old one
	// keeps signing until SecretOverlap from now.
	RotateWebhookSecret(ctx context.Context, workspaceID, id, secret string) (*WebhookEndpoint, error)
	ListWebhookDeliveries(ctx context.Context, workspaceID, endpointID string, page Page) ([]*WebhookDelivery, Meta, error)
}
