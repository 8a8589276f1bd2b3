package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// Recordings against the embedded simulator: started on the customer leg,
// paused, resumed and stopped through the API, and kept current by the
// simulator's signed recording status callbacks.
func TestRecordingsWithSimulator(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)

		getRec := func(sid string) map[string]any {
			r := vb.do("GET", "/v1/recordings/"+sid, vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			return r.data()
		}
		simRec := func(sid string) (status string, channels int, leg string) {
			for _, rec := range vb.sim.State().Recordings {
				if rec.Sid == sid {
					return rec.Status, rec.Channels, rec.CallSid
				}
			}
			t.Fatalf("the simulator has no recording %s", sid)
			return
		}

		t.Run("PauseResumeStop", func(t *testing.T) {
			t.Parallel()
			c := vb.answeredSimCall()
			sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
			r := vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			rec := r.data()
			rsid := rec["recordingSid"].(string)
			require.Regexp(t, `^RE[0-9a-f]{32}$`, rsid)
			require.Equal(t, sid, rec["callSid"], "the call, not the leg")
			require.Equal(t, "in-progress", rec["status"])
			require.Equal(t, "dual", rec["channels"], "dual by default")
			require.Nil(t, rec["duration"])
			require.Nil(t, rec["completedAt"])
			require.Equal(t, "", rec["mediaUrl"])
			status, channels, leg := simRec(rsid)
			require.Equal(t, "in-progress", status)
			require.Equal(t, 2, channels)
			require.Equal(t, cust, leg, "recorded on the customer leg")

			for _, step := range []string{"paused", "in-progress", "paused", "in-progress"} {
				r = vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": step})
				require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
				require.Equal(t, step, r.data()["status"])
				status, _, _ = simRec(rsid)
				require.Equal(t, step, status)
			}
			requireError(t, vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": "completed"}), http.StatusBadRequest, sb.EInvalid)

			r = vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": "stopped"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Contains(t, []any{"stopped", "completed"}, r.data()["status"])
			telephonytest.Eventually(t, "the completed callback", func() bool { return getRec(rsid)["status"] == "completed" })
			done := getRec(rsid)
			require.NotNil(t, done["duration"])
			require.NotNil(t, done["completedAt"])
			require.Contains(t, done["mediaUrl"], "/Recordings/"+rsid)
			requireError(t, vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": "in-progress"}), http.StatusConflict, sb.ERecordingNotActive)

			// The simulator completes a stopped recording at once, so its
			// callback may come before the answer to the stop is written:
			// then "stopped" is never stored, as it would move it back.
			steps := controlSteps(t, vb.db, sid, sb.EventRecording)
			require.Equal(t, []string{"in-progress", "paused", "in-progress", "paused", "in-progress"}, steps[:5])
			require.Contains(t, [][]string{{"stopped", "completed"}, {"completed"}}, steps[5:])
		})

		t.Run("EndsWithTheCallAndLists", func(t *testing.T) {
			t.Parallel()
			c := vb.answeredSimCall()
			sid, cust := c["callSid"].(string), c["customerCallSid"].(string)
			first := vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid, "channels": "mono"})
			require.Equal(t, http.StatusCreated, first.status, "body: %s", first.body)
			require.Equal(t, "mono", first.data()["channels"])
			second := vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid})
			require.Equal(t, http.StatusCreated, second.status)

			list := vb.do("GET", "/v1/calls/"+sid+"/recordings", vb.tokA, nil)
			require.Equal(t, http.StatusOK, list.status, "body: %s", list.body)
			require.Equal(t, 2, num(list.meta()["total"]))
			require.Len(t, list.list(), 2)

			// Only the call's agent; another workspace learns nothing.
			rsid := first.data()["recordingSid"].(string)
			requireError(t, vb.do("GET", "/v1/recordings/"+rsid, vb.tokA2, nil), http.StatusForbidden, sb.ENotAgentParticipant)
			requireError(t, vb.do("POST", "/v1/recordings/"+rsid, vb.tokA2, map[string]any{"status": "paused"}), http.StatusForbidden, sb.ENotAgentParticipant)
			requireError(t, vb.do("GET", "/v1/calls/"+sid+"/recordings", vb.tokA2, nil), http.StatusForbidden, sb.ENotAgentParticipant)
			requireError(t, vb.do("POST", "/v1/recordings", vb.tokA2, map[string]any{"callSid": sid}), http.StatusForbidden, sb.ENotAgentParticipant)
			requireError(t, vb.do("GET", "/v1/recordings/"+rsid, vb.tokB, nil), http.StatusNotFound, sb.ENotFound)
			requireError(t, vb.do("GET", "/v1/calls/"+sid+"/recordings", vb.tokB, nil), http.StatusNotFound, sb.ENotFound)
			requireError(t, vb.do("POST", "/v1/recordings", vb.tokB, map[string]any{"callSid": sid}), http.StatusNotFound, sb.ENotFound)
			requireError(t, vb.do("GET", "/v1/recordings/RE00000000000000000000000000000000", vb.tokA, nil), http.StatusNotFound, sb.ENotFound)
			requireError(t, vb.do("GET", "/v1/recordings/nope", vb.tokA, nil), http.StatusBadRequest, sb.EInvalid, "recordingSid")
			requireError(t, vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid, "channels": "stereo"}), http.StatusBadRequest, sb.EInvalid)

			// The call ends: its recordings complete, and no new one starts.
			vb.hangUpSim(cust)
			vb.waitStatus(sid, "completed")
			for _, rec := range []resp{first, second} {
				rsid := rec.data()["recordingSid"].(string)
				telephonytest.Eventually(t, "the recording to complete with the call", func() bool { return getRec(rsid)["status"] == "completed" })
			}
			requireError(t, vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid}), http.StatusConflict, sb.ECallNotActive)
			requireError(t, vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": "paused"}), http.StatusConflict, sb.ERecordingNotActive)
		})
	})
}
