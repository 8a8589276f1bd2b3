package callflow_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

// requirePhoneError checks that err is the flow's answer to a number that is
// not one: EInvalidPhone naming field, the 400 of openapi.yaml.
func requirePhoneError(t *testing.T, err error, field string) {
	t.Helper()
	var e *sb.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, sb.EInvalidPhone, e.Code, e.Message)
	require.Len(t, e.Details, 1)
	require.Equal(t, field, e.Details[0].Field)
}

// The flow reads every number it is given (to, from, a transfer's target,
// a caller ID) itself, national ones in its region, and answers a number
// that is not one with EInvalidPhone naming the field, before anything
// else is looked up: a from that is no number is a bad request, not a
// caller ID the workspace may not use.
func TestFlowReadsNumbers(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		ctx := context.Background()
		_, _, err := b.db.CreateToken(ctx, b.ws, "ada", sb.RoleAgent)
		require.NoError(t, err)
		require.NoError(t, b.db.CreateCallerID(ctx, &sb.CallerID{WorkspaceID: b.ws, PhoneNumber: "+15005550006", Status: sb.CallerIDVerified}))

		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", "12", "")
		requirePhoneError(t, err, "to")
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", "+15005550100", "not a number")
		requirePhoneError(t, err, "from")
		_, err = b.flow.ClickToCall(ctx, b.ws, "ada", "+15005550100", "+15005550007")
		require.Equal(t, sb.ECallerIDNotAllowed, sb.ErrorCode(err), "a number that is not the workspace's")
		_, err = b.flow.Transfer(ctx, b.ws, "ada", sid("CA"), "not a number", sb.TransferWarm)
		requirePhoneError(t, err, "target")
		_, err = b.flow.CreateCallerID(ctx, b.ws, "555", "", false)
		requirePhoneError(t, err, "phoneNumber")
		require.Empty(t, b.fake.Requests(), "nothing was asked of the provider")

		c, err := b.flow.ClickToCall(ctx, b.ws, "ada", "(500) 555-0100", " 500.555.0006 ")
		require.NoError(t, err)
		require.Equal(t, "+15005550100", c.To)
		require.Equal(t, "+15005550006", c.From)
	})
}
