package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// TestCallEvents: a call placed through the simulator records
// call.initiated, call.answered, call.transfer.updated, recording.completed
// and call.completed, each carrying the call (or recording) as its GET
// shows it; a busy number's call.completed says busy.
func TestCallEvents(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{events: true})
		vb.addCallerID(simCallerID)
		events := func(typ sb.EventType) []map[string]any {
			evs, _, err := vb.db.ListEvents(context.Background(), sb.EventFilter{WorkspaceID: vb.wsA, Type: typ, Page: sb.Page{Limit: 200}})
			require.NoError(t, err)
			out := make([]map[string]any, len(evs))
			for i, e := range evs {
				require.NoError(t, json.Unmarshal(e.Data, &out[i]))
			}
			return out
		}

		c := vb.answeredSimCall()
		sid := c["callSid"].(string)
		r := vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		rsid := r.data()["recordingSid"].(string)
		require.Equal(t, http.StatusOK, vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": "stopped"}).status)
		r = vb.do("POST", "/v1/calls/"+sid+"/transfer", vb.tokA, map[string]any{"target": simulator.NumberAnswers, "type": "warm"})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		vb.waitCall(sid, "the target to answer", func(c map[string]any) bool { return transferOf(c)["status"] == "talking" })
		vb.hangUpSim(c["customerCallSid"].(string))
		final := vb.waitStatus(sid, "completed")

		telephonytest.Eventually(t, "the recording's event", func() bool { return len(events(sb.EventRecordingCompleted)) == 1 })
		require.Equal(t, rsid, events(sb.EventRecordingCompleted)[0]["recordingSid"])
		require.Equal(t, "completed", events(sb.EventRecordingCompleted)[0]["status"])
		require.Len(t, events(sb.EventCallInitiated), 1)
		require.Equal(t, sid, events(sb.EventCallInitiated)[0]["callSid"])
		require.Len(t, events(sb.EventCallAnswered), 1)
		require.Equal(t, "answered", events(sb.EventCallAnswered)[0]["status"])
		tr := events(sb.EventCallTransferUpdated)
		require.NotEmpty(t, tr)
		var steps []any
		for _, e := range tr {
			steps = append(steps, e["transfer"].(map[string]any)["status"])
		}
		require.Contains(t, steps, "talking", "a transfer event says the target answered: %v", steps)
		done := events(sb.EventCallCompleted)
		require.Len(t, done, 1)
		// The transfer may move on after the call ended (its target is
		// dropped): the event has the call as it was when it ended.
		delete(final, "transfer")
		delete(done[0], "transfer")
		require.Equal(t, final, done[0], "call.completed carries the call as GET shows it")

		busy := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberBusy, "workspaceId": vb.wsA})
		vb.waitStatus(busy.CallSid, "busy")
		// The busy status and its event commit together; the wait is for a
		// loaded machine under the race detector, and the count is checked
		// apart so that a surplus event fails with what it found.
		completed := events(sb.EventCallCompleted)
		telephonytest.EventuallyWithin(t, 15*time.Second, "the busy call's event", func() bool {
			completed = events(sb.EventCallCompleted)
			return len(completed) >= 2
		})
		require.Len(t, completed, 2, "one call.completed per call: %v", completed)
		require.Equal(t, "busy", completed[0]["status"])
	})
}
