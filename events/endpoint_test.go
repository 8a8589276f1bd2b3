package events_test

import (
	"context"
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// requireInvalidURL checks the one answer to a URL the rule refuses: the
// API's 400 naming "url", with the message the API has always given.
func requireInvalidURL(t *testing.T, err error) {
	t.Helper()
	var e *sb.Error
	require.True(t, errors.As(err, &e), "error %v", err)
	require.Equal(t, sb.EInvalid, e.Code)
	require.Equal(t, "want an absolute http or https URL without credentials, such as https://crm.example.com/hooks", e.Message)
	require.Len(t, e.Details, 1)
	require.Equal(t, "url", e.Details[0].Field)
}

// TestEndpoints: an endpoint's URL is an absolute http(s) URL without
// credentials, on creation and on change, trimmed; each endpoint gets a
// Standard Webhooks secret of 32 random bytes, and a rotation a new one
// while the old keeps signing; another workspace sees none of it.
func TestEndpoints(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		ctx := context.Background()
		svc := newService(t, openDB(t, d), events.Config{})
		ws, other := storetest.NewWorkspaceID(), storetest.NewWorkspaceID()
		subscribed := []sb.EventType{sb.EventContactCreated}

		for _, bad := range []string{"ftp://crm.example.com/x", "crm.example.com/hooks", "https://", "https://u:p@crm.example.com/",
			"https://u@crm.example.com/", "", "  "} {
			requireInvalidURL(t, svc.CreateEndpoint(ctx, &sb.WebhookEndpoint{WorkspaceID: ws, URL: bad, Events: subscribed}))
		}
		list, _, err := svc.ListEndpoints(ctx, ws, sb.Page{Limit: 10})
		require.NoError(t, err)
		require.Empty(t, list, "a refused URL registers nothing")

		ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: "  https://crm.example.com/hooks ", Events: subscribed, Description: "CRM"}
		require.NoError(t, svc.CreateEndpoint(ctx, ep))
		require.Equal(t, "https://crm.example.com/hooks", ep.URL)
		require.True(t, ep.Enabled)
		require.True(t, strings.HasPrefix(ep.Secret, "whsec_"), "secret %q", ep.Secret)
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(ep.Secret, "whsec_"))
		require.NoError(t, err)
		require.Len(t, key, 32)
		second := &sb.WebhookEndpoint{WorkspaceID: ws, URL: "http://crm.example.com:8080/b", Events: subscribed}
		require.NoError(t, svc.CreateEndpoint(ctx, second))
		require.NotEqual(t, ep.Secret, second.Secret, "every endpoint has a secret of its own")

		got, err := svc.GetEndpoint(ctx, ws, ep.ID)
		require.NoError(t, err)
		require.Equal(t, ep.URL, got.URL)
		_, err = svc.GetEndpoint(ctx, other, ep.ID)
		require.Equal(t, sb.ENotFound, sb.ErrorCode(err))

		bad := "https://u:p@crm.example.com/"
		_, err = svc.UpdateEndpoint(ctx, ws, ep.ID, sb.WebhookEndpointPatch{URL: &bad})
		requireInvalidURL(t, err)
		got, err = svc.GetEndpoint(ctx, ws, ep.ID)
		require.NoError(t, err)
		require.Equal(t, "https://crm.example.com/hooks", got.URL, "a refused change writes nothing")
		moved := " https://crm.example.com/v2 "
		got, err = svc.UpdateEndpoint(ctx, ws, ep.ID, sb.WebhookEndpointPatch{URL: &moved})
		require.NoError(t, err)
		require.Equal(t, "https://crm.example.com/v2", got.URL)
		_, err = svc.UpdateEndpoint(ctx, other, ep.ID, sb.WebhookEndpointPatch{URL: &moved})
		require.Equal(t, sb.ENotFound, sb.ErrorCode(err))

		rotated, err := svc.RotateSecret(ctx, ws, ep.ID)
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(rotated.Secret, "whsec_"))
		require.NotEqual(t, ep.Secret, rotated.Secret)
		require.Equal(t, []string{rotated.Secret, ep.Secret}, rotated.Secrets(time.Now()), "the old secret keeps signing, after the new")
		require.Equal(t, []string{rotated.Secret}, rotated.Secrets(time.Now().Add(sb.SecretOverlap+time.Minute)))
		_, err = svc.RotateSecret(ctx, other, ep.ID)
		require.Equal(t, sb.ENotFound, sb.ErrorCode(err))

		attempts, _, err := svc.ListDeliveries(ctx, ws, ep.ID, sb.Page{Limit: 10})
		require.NoError(t, err)
		require.Empty(t, attempts)

		require.Equal(t, sb.ENotFound, sb.ErrorCode(svc.DeleteEndpoint(ctx, other, ep.ID)))
		require.NoError(t, svc.DeleteEndpoint(ctx, ws, ep.ID))
		_, err = svc.GetEndpoint(ctx, ws, ep.ID)
		require.Equal(t, sb.ENotFound, sb.ErrorCode(err))
		list, _, err = svc.ListEndpoints(ctx, ws, sb.Page{Limit: 10})
		require.NoError(t, err)
		require.Len(t, list, 1)
		require.Equal(t, second.ID, list[0].ID)
	})
}

// TestEndpointSubscriptions: no events is every type, kept as the
// wildcard, which takes types that do not exist yet too; the wildcard
// stands alone and a type must exist, on creation and on change, and a
// refusal registers or changes nothing.
func TestEndpointSubscriptions(t *testing.T) {
	forEachDB(t, func(t *testing.T, d storetest.Database) {
		ctx := context.Background()
		svc := newService(t, openDB(t, d), events.Config{})
		ws := storetest.NewWorkspaceID()
		all := []sb.EventType{sb.EventAll}

		ep := &sb.WebhookEndpoint{WorkspaceID: ws, URL: "https://crm.example.com/all"}
		require.NoError(t, svc.CreateEndpoint(ctx, ep))
		require.Equal(t, all, ep.Events)
		got, err := svc.GetEndpoint(ctx, ws, ep.ID)
		require.NoError(t, err)
		require.Equal(t, all, got.Events)
		for _, typ := range append(slices.Clone(sb.EventTypes), "contact.merged") {
			require.True(t, got.Subscribed(typ), "%s, a type added later included", typ)
		}

		for _, bad := range [][]sb.EventType{{sb.EventAll, sb.EventContactCreated}, {sb.EventDNCAdded, sb.EventAll}, {"contact.merged"}} {
			err := svc.CreateEndpoint(ctx, &sb.WebhookEndpoint{WorkspaceID: ws, URL: "https://crm.example.com/x", Events: bad})
			requireField(t, err, "events")
			_, err = svc.UpdateEndpoint(ctx, ws, ep.ID, sb.WebhookEndpointPatch{Events: &bad})
			requireField(t, err, "events")
		}
		list, _, err := svc.ListEndpoints(ctx, ws, sb.Page{Limit: 10})
		require.NoError(t, err)
		require.Len(t, list, 1)
		require.Equal(t, all, list[0].Events, "a refused change changes nothing")

		typed := []sb.EventType{sb.EventContactCreated}
		changed, err := svc.UpdateEndpoint(ctx, ws, ep.ID, sb.WebhookEndpointPatch{Events: &typed})
		require.NoError(t, err)
		require.Equal(t, typed, changed.Events)
		require.False(t, changed.Subscribed(sb.EventDNCAdded))
	})
}

// requireField asserts an invalid_request naming field.
func requireField(t *testing.T, err error, field string) {
	t.Helper()
	var e *sb.Error
	require.True(t, errors.As(err, &e), "error %v", err)
	require.Equal(t, sb.EInvalid, e.Code)
	require.Len(t, e.Details, 1)
	require.Equal(t, field, e.Details[0].Field)
}
