package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// TestRecordingAnnouncementWithSimulator, end to end: the service asks the
// embedded simulator to announce into the call's conference, the simulator
// fetches the service's announcement endpoint with its signature (a request
// the service refused would show as a 403 there) and plays the workspace's
// text to agent and customer, and the recording starts; with the setting
// off, a new recording announces nothing.
func TestRecordingAnnouncementWithSimulator(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)
		r := vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"recordingAnnouncement": announcementText})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)

		announcements := func(call map[string]any) []simulator.AnnouncementView {
			for _, cf := range vb.sim.State().Conferences {
				if cf.FriendlyName == call["conferenceName"] {
					return cf.Announcements
				}
			}
			return nil
		}
		c := vb.answeredSimCall()
		sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
		r = vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, "in-progress", r.data()["status"])

		telephonytest.Eventually(t, "the announcement to be played", func() bool {
			a := announcements(c)
			return len(a) == 1 && a[0].Status != "queued"
		})
		a := announcements(c)[0]
		require.Equal(t, "played", a.Status, "%+v", a)
		require.Equal(t, http.StatusOK, a.Webhook.Status, "the service took the simulator's signature")
		require.Equal(t, http.MethodPost, a.Webhook.Method)
		require.Equal(t, vb.url+"/v1/voice/announcement?workspaceId="+vb.wsA, a.URL)
		require.Equal(t, []string{announcementText}, a.Said)
		require.ElementsMatch(t, []string{sid, cust}, a.PlayedTo, "agent and customer hear it")
		recs := vb.sim.State().Recordings
		require.NotEmpty(t, recs)
		require.Equal(t, cust, recs[len(recs)-1].CallSid, "and the recording runs")

		// Off: the next recording announces nothing.
		r = vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"recordingAnnouncement": nil})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		r = vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid, "channels": "mono"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Len(t, announcements(c), 1, "no second announcement")
	})
}
