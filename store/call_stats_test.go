package store_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// Calls are counted by status across workspaces, every status present.
func TestCountCallsByStatus(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t)
			ctx := context.Background()
			counts, err := db.CountCallsByStatus(ctx)
			require.NoError(t, err)
			require.Len(t, counts, 7, "every status, at zero")
			for s, n := range counts {
				require.Zero(t, n, "%s", s)
			}

			var sids []string
			for _, ws := range []string{storetest.NewWorkspaceID(), storetest.NewWorkspaceID(), storetest.NewWorkspaceID()} {
				b := make([]byte, 16)
				_, _ = rand.Read(b)
				c := &sb.Call{CallSID: "CA" + hex.EncodeToString(b), WorkspaceID: ws, AgentIdentity: "ada",
					To: "+15005550100", From: "+15005550006", Status: sb.CallInitiated, ConferenceName: "sb-" + hex.EncodeToString(b[:4])}
				require.NoError(t, db.CreateCall(ctx, c))
				sids = append(sids, c.CallSID)
			}
			changed, err := db.FailCall(ctx, sids[0], "test")
			require.NoError(t, err)
			require.True(t, changed)

			counts, err = db.CountCallsByStatus(ctx)
			require.NoError(t, err)
			require.Equal(t, int64(2), counts[sb.CallInitiated])
			require.Equal(t, int64(1), counts[sb.CallFailed])
			require.Equal(t, int64(0), counts[sb.CallAnswered])
			require.Len(t, counts, 7)
		})
	}
}
