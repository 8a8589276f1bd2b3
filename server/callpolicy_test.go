package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// The call policy itself (calling hours, identities, caller IDs, refusals)
// is tested in callflow; these check how its answers are written over
// HTTP: statuses, the error envelope and its details, the voice token.
func TestCallPolicyHTTP(t *testing.T) {
	const (
		nyNumber = "+12125551234" // America/New_York
		laNumber = "+14155552671" // America/Los_Angeles
	)
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		t.Run("OutsideCallingHours", func(t *testing.T) {
			t.Parallel()
			vb := setupVoice(t, open, voiceOpts{fake: true})
			// 03:15 UTC: 22:15 in New York.
			vb.clock.Set(time.Date(2026, 1, 15, 3, 15, 0, 0, time.UTC))
			r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": nyNumber})
			requireError(t, r, http.StatusUnprocessableEntity, sb.EOutsideCallingHours, "to", "localTime", "timeZone")
			details := map[string]string{}
			for _, d := range r.json["error"].(map[string]any)["details"].([]any) {
				d := d.(map[string]any)
				details[d["field"].(string)] = d["message"].(string)
			}
			require.Equal(t, "2026-01-14T22:15:00-05:00", details["localTime"])
			require.Equal(t, "America/New_York", details["timeZone"])
		})

		t.Run("CallerIDOneWorkspace", func(t *testing.T) {
			t.Parallel()
			vb := setupVoice(t, open, voiceOpts{fake: true})
			r := vb.do("POST", "/v1/caller-ids", vb.admA, map[string]any{"phoneNumber": simCallerID, "friendlyName": "A"})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			r = vb.do("POST", "/v1/caller-ids", vb.admB, map[string]any{"phoneNumber": simCallerID, "friendlyName": "B", "isDefault": true})
			requireError(t, r, http.StatusConflict, sb.ECallerIDTaken, "phoneNumber")
			require.NotContains(t, string(r.body), vb.wsA, "the holder is not named")
			requireError(t, vb.do("POST", "/v1/caller-ids", vb.admA, map[string]any{"phoneNumber": "(500) 555-0006"}), http.StatusConflict, sb.ECallerIDExists)
			requireError(t, vb.do("POST", "/v1/calls", vb.tokB, map[string]any{"to": "+15005550100", "from": simCallerID}),
				http.StatusUnprocessableEntity, sb.ECallerIDNotAllowed)
		})

		t.Run("ClientIdentities", func(t *testing.T) {
			t.Parallel()
			vb := setupVoice(t, open, voiceOpts{fake: true})
			ctx := context.Background()
			tokAdaB, _, err := vb.db.CreateToken(ctx, vb.wsB, "ada", sb.RoleAgent)
			require.NoError(t, err)
			rA := vb.do("GET", "/v1/voice/token", vb.tokA, nil)
			rB := vb.do("GET", "/v1/voice/token", tokAdaB, nil)
			require.Equal(t, "ada", rA.data()["identity"])
			require.Equal(t, "ada", rB.data()["identity"])
			require.NotEqual(t, rA.data()["clientIdentity"], rB.data()["clientIdentity"])
			require.Equal(t, clientID(t, vb.wsB, "ada"), rB.data()["clientIdentity"])

			// 100 + "." + 3 + "_5F"… escapes: over Twilio's 121 characters.
			long, _, err := vb.db.CreateToken(ctx, strings.Repeat("w_", 50), "ada", sb.RoleAgent)
			require.NoError(t, err)
			requireError(t, vb.do("GET", "/v1/voice/token", long, nil), http.StatusBadRequest, sb.EInvalid, "identity")
			requireError(t, vb.do("POST", "/v1/calls", long, map[string]any{"to": laNumber}), http.StatusBadRequest, sb.EInvalid, "identity")
			require.Empty(t, vb.fake.Creates(), "nobody was rung")
		})
	})
}
