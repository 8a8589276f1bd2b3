package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestWorkspaceSettings: GET /v1/workspace for any role, PATCH for admins
// only; bad times and zones are 400 naming the field and change nothing.
func TestWorkspaceSettings(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		settings := func(tok string) map[string]any {
			t.Helper()
			r := tb.do("GET", "/v1/workspace", tok, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			return r.data()
		}
		defaults := map[string]any{"id": tb.wsA, "callingHours": map[string]any{"start": "08:00", "end": "21:00"}, "timeZone": "UTC", "stateRules": true, "attemptLimit": nil, "recordingAnnouncement": nil, "machineDetection": false}
		require.Equal(t, defaults, settings(tb.tokA), "an agent reads them")
		require.Equal(t, defaults, settings(tb.tokAdm))

		// An agent may not change them.
		requireError(t, tb.do("PATCH", "/v1/workspace", tb.tokA, map[string]any{"callingHours": nil}), http.StatusForbidden, sb.EForbidden)
		require.Equal(t, defaults, settings(tb.tokA))
		requireError(t, tb.do("PATCH", "/v1/workspace", "", map[string]any{}), http.StatusUnauthorized, sb.EUnauthorized)

		r := tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{
			"callingHours": map[string]any{"start": "09:00", "end": "17:30"}, "timeZone": "America/Chicago", "stateRules": true, "attemptLimit": nil})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		changed := map[string]any{"id": tb.wsA, "callingHours": map[string]any{"start": "09:00", "end": "17:30"}, "timeZone": "America/Chicago", "stateRules": true, "attemptLimit": nil, "recordingAnnouncement": nil, "machineDetection": false}
		require.Equal(t, changed, r.data())
		require.Equal(t, changed, settings(tb.tokA))

		// Workspace B is untouched.
		require.Equal(t, map[string]any{"id": tb.wsB, "callingHours": map[string]any{"start": "08:00", "end": "21:00"}, "timeZone": "UTC", "stateRules": true, "attemptLimit": nil, "recordingAnnouncement": nil, "machineDetection": false}, settings(tb.tokB))

		for _, tc := range []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"hour 25", map[string]any{"callingHours": map[string]any{"start": "25:00", "end": "21:00"}}, "callingHours.start"},
			{"8am", map[string]any{"callingHours": map[string]any{"start": "8am", "end": "21:00"}}, "callingHours.start"},
			{"24:30", map[string]any{"callingHours": map[string]any{"start": "08:00", "end": "24:30"}}, "callingHours.end"},
			{"end before start", map[string]any{"callingHours": map[string]any{"start": "21:00", "end": "08:00"}}, "callingHours.end"},
			{"empty window", map[string]any{"callingHours": map[string]any{"start": "10:00", "end": "10:00"}}, "callingHours.end"},
			{"start 24:00", map[string]any{"callingHours": map[string]any{"start": "24:00", "end": "24:00"}}, "callingHours.start"},
			{"no end", map[string]any{"callingHours": map[string]any{"start": "08:00"}}, "callingHours.end"},
			{"unknown zone", map[string]any{"timeZone": "Mars/Olympus"}, "timeZone"},
			{"Local", map[string]any{"timeZone": "Local"}, "timeZone"},
			{"empty zone", map[string]any{"timeZone": ""}, "timeZone"},
			{"a good zone with a bad window", map[string]any{"timeZone": "Europe/Paris", "callingHours": map[string]any{"start": "9", "end": "17:00"}}, "callingHours.start"},
			{"unknown field", map[string]any{"quietHours": true}, "body"},
		} {
			r := tb.do("PATCH", "/v1/workspace", tb.tokAdm, tc.body)
			requireError(t, r, http.StatusBadRequest, sb.EInvalid)
			require.Contains(t, r.errFields(), tc.field, "%s: %s", tc.name, r.body)
		}
		require.Equal(t, changed, settings(tb.tokA), "nothing refused was written")

		// Absent fields are left alone; null turns the window off; all day is 00:00–24:00.
		r = tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{})
		require.Equal(t, changed, r.data())
		r = tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"callingHours": nil})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Nil(t, r.data()["callingHours"])
		require.Equal(t, "America/Chicago", r.data()["timeZone"])
		r = tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"callingHours": map[string]any{"start": "00:00", "end": "24:00"}})
		require.Equal(t, map[string]any{"start": "00:00", "end": "24:00"}, r.data()["callingHours"])
	})
}
