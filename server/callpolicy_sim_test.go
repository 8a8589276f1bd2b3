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
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// Numbers the simulator answers (any number but its test numbers answers
// and stays), with the zones libphonenumber gives them.
const (
	nyNumber     = "+12125551234" // America/New_York
	laNumber     = "+14155552671" // America/Los_Angeles
	ndNumber     = "+17015550123" // America/Denver and America/North_Dakota/Center
	noZoneNumber = "+80012345678" // international freephone: Etc/Unknown
)

// legsTo counts the legs the simulated provider placed to number: the
// customer legs of the calls to it and transfer targets, not the browser
// legs that asked for it (From client:…, To the number).
func (vb *voiceBundle) legsTo(number string) int {
	n := 0
	for _, c := range vb.sim.State().Calls {
		if c.To == number && !strings.HasPrefix(c.From, "client:") {
			n++
		}
	}
	return n
}

func instant(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestCallingHoursHTTP: the calling window on every dial path, at fixed
// instants, through real HTTP and the simulator.
func TestCallingHoursHTTP(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		t.Run("ClickToCall", func(t *testing.T) {
			t.Parallel()
			vb := setupVoice(t, open, voiceOpts{})
			vb.addCallerID(simCallerID)
			// 03:15 UTC: 22:15 in New York, 19:15 in Los Angeles.
			vb.clock.Set(instant("2026-01-15T03:15:00Z"))
			r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": nyNumber})
			requireError(t, r, http.StatusUnprocessableEntity, sb.EOutsideCallingHours, "to", "localTime", "timeZone")
			details := map[string]string{}
			for _, d := range r.json["error"].(map[string]any)["details"].([]any) {
				d := d.(map[string]any)
				details[d["field"].(string)] = d["message"].(string)
			}
			require.Equal(t, "2026-01-14T22:15:00-05:00", details["localTime"])
			require.Equal(t, "America/New_York", details["timeZone"])
			require.Contains(t, details["to"], "08:00 to 21:00")
			require.Empty(t, vb.sim.State().Calls, "nobody was rung, not even the agent")
			list := vb.do("GET", "/v1/calls", vb.tokA, nil)
			require.Zero(t, num(list.meta()["total"]), "no call was stored")

			r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": laNumber})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			vb.waitStatus(r.data()["callSid"].(string), "answered")
			t.Logf("customer legs: %s %d, %s %d", nyNumber, vb.legsTo(nyNumber), laNumber, vb.legsTo(laNumber))
			require.Equal(t, 0, vb.legsTo(nyNumber))
			require.Equal(t, 1, vb.legsTo(laNumber))
		})

		t.Run("CallControlWebhook", func(t *testing.T) {
			t.Parallel()
			vb := setupVoice(t, open, voiceOpts{})
			vb.addCallerID(simCallerID)
			vb.clock.Set(instant("2026-01-15T03:15:00Z")) // 22:15 in New York
			conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": nyNumber, "workspaceId": vb.wsA})
			require.Equal(t, "completed", conn.Status, "<Say> + <Hangup/> ended the agent leg")
			c := vb.waitStatus(conn.CallSid, "failed")
			require.True(t, strings.HasPrefix(c["failureReason"].(string), sb.EOutsideCallingHours+": "), c["failureReason"])
			require.Contains(t, c["failureReason"], "America/New_York")
			require.Empty(t, c["customerCallSid"])
			t.Logf("customer legs to %s: %d", nyNumber, vb.legsTo(nyNumber))
			require.Equal(t, 0, vb.legsTo(nyNumber), "nobody was dialled")
		})

		t.Run("ClickToCallAnsweredAfterHours", func(t *testing.T) {
			t.Parallel()
			// The window is checked again when the agent answers: here it
			// closed between the two.
			vb := setupVoice(t, open, voiceOpts{})
			vb.addCallerID(simCallerID)
			vb.clock.Set(instant("2026-01-15T01:59:00Z")) // 20:59 in New York
			r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": nyNumber})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			sid := r.data()["callSid"].(string)
			vb.clock.Set(instant("2026-01-15T02:00:00Z")) // 21:00: closed
			c := vb.waitStatus(sid, "failed")
			require.Contains(t, c["failureReason"], sb.EOutsideCallingHours)
			require.Equal(t, 0, vb.legsTo(nyNumber))
		})

		t.Run("ZonesAndDST", func(t *testing.T) {
			t.Parallel()
			vb := setupVoice(t, open, voiceOpts{})
			vb.addCallerID(simCallerID)
			for _, tc := range []struct {
				name, to, now string
				zone          string // "" when allowed
			}{
				{"New York, the day before spring-forward, 07:30 EST", nyNumber, "2026-03-07T12:30:00Z", "America/New_York"},
				{"New York, spring-forward day, 08:30 EDT", nyNumber, "2026-03-08T12:30:00Z", ""},
				{"New York, the day before fall-back, 08:30 EDT", nyNumber, "2026-10-31T12:30:00Z", ""},
				{"New York, fall-back day, 07:30 EST", nyNumber, "2026-11-01T12:30:00Z", "America/New_York"},
				{"701: Denver 07:30, Central 08:30", ndNumber, "2026-01-14T14:30:00Z", "America/Denver"},
				{"701: Denver 08:30, Central 09:30", ndNumber, "2026-01-14T15:30:00Z", ""},
				{"701: Denver 20:30, Central 21:30", ndNumber, "2026-01-15T03:30:00Z", "America/North_Dakota/Center"},
				{"+800 (no zone), workspace in UTC at 23:30", noZoneNumber, "2026-01-14T23:30:00Z", "UTC"},
				{"+800 (no zone), workspace in UTC at 12:00", noZoneNumber, "2026-01-14T12:00:00Z", ""},
			} {
				vb.clock.Set(instant(tc.now))
				r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": tc.to})
				if tc.zone == "" {
					require.Equal(t, http.StatusCreated, r.status, "%s: %s", tc.name, r.body)
					continue
				}
				requireError(t, r, http.StatusUnprocessableEntity, sb.EOutsideCallingHours)
				require.Contains(t, string(r.body), `"message":"`+tc.zone+`"`, "%s: %s", tc.name, r.body)
			}

			// The workspace's zone decides for a number without one.
			vb.clock.Set(instant("2026-01-14T23:30:00Z")) // 08:30 in Tokyo
			r := vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"timeZone": "Asia/Tokyo"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": noZoneNumber})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		})

		t.Run("WindowSettings", func(t *testing.T) {
			t.Parallel()
			vb := setupVoice(t, open, voiceOpts{})
			vb.addCallerID(simCallerID)
			vb.clock.Set(instant("2026-01-14T08:00:00Z")) // 03:00 in New York
			requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": nyNumber}), http.StatusUnprocessableEntity, sb.EOutsideCallingHours)

			r := vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"callingHours": map[string]any{"start": "00:00", "end": "24:00"}})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": nyNumber})
			require.Equal(t, http.StatusCreated, r.status, "all day: %s", r.body)

			r = vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"callingHours": map[string]any{"start": "09:00", "end": "17:00"}})
			require.Equal(t, http.StatusOK, r.status)
			vb.clock.Set(instant("2026-01-14T22:30:00Z")) // 17:30 in New York: inside the default, outside this one
			requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": nyNumber}), http.StatusUnprocessableEntity, sb.EOutsideCallingHours)

			r = vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"callingHours": nil})
			require.Equal(t, http.StatusOK, r.status)
			vb.clock.Set(instant("2026-01-14T08:00:00Z"))
			r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": nyNumber})
			require.Equal(t, http.StatusCreated, r.status, "window off: %s", r.body)
		})

		t.Run("TransferTarget", func(t *testing.T) {
			t.Parallel()
			vb := setupVoice(t, open, voiceOpts{})
			vb.addCallerID(simCallerID)
			call := vb.answeredSimCall() // at simNow
			sid := call["callSid"].(string)
			vb.clock.Set(instant("2026-01-15T02:15:00Z")) // 21:15 in New York, 18:15 in Los Angeles
			r := vb.do("POST", "/v1/calls/"+sid+"/transfer", vb.tokA, map[string]any{"target": nyNumber, "type": "warm"})
			requireError(t, r, http.StatusUnprocessableEntity, sb.EOutsideCallingHours, "target", "timeZone")
			c := vb.waitCall(sid, "the call", func(map[string]any) bool { return true })
			require.Nil(t, c["transfer"], "nothing of the transfer was stored")
			require.Equal(t, false, c["onHold"], "the customer was not held")
			require.Equal(t, 0, vb.legsTo(nyNumber), "the target was not dialled")

			r = vb.do("POST", "/v1/calls/"+sid+"/transfer", vb.tokA, map[string]any{"target": laNumber, "type": "warm"})
			require.Equal(t, http.StatusOK, r.status, "18:15 in Los Angeles: %s", r.body)
		})
	})
}

// TestIdentitiesAcrossWorkspaces: agents named alike in two workspaces are
// two client identities, and the call-control webhook takes the tenant from
// the identity, never from the workspaceId the browser sends.
func TestIdentitiesAcrossWorkspaces(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID) // A's
		ctx := context.Background()
		tokAdaB, _, err := vb.db.CreateToken(ctx, vb.wsB, "ada", sb.RoleAgent)
		require.NoError(t, err)
		require.NoError(t, vb.db.CreateCallerID(ctx, &sb.CallerID{WorkspaceID: vb.wsB, PhoneNumber: "+15005550007", Status: sb.CallerIDVerified}))
		adaB := clientID(t, vb.wsB, "ada")

		rA := vb.do("GET", "/v1/voice/token", vb.tokA, nil)
		rB := vb.do("GET", "/v1/voice/token", tokAdaB, nil)
		require.Equal(t, "ada", rA.data()["identity"])
		require.Equal(t, "ada", rB.data()["identity"])
		require.NotEqual(t, rA.data()["clientIdentity"], rB.data()["clientIdentity"])
		require.Equal(t, adaB, rB.data()["clientIdentity"])

		t.Run("ForeignWorkspaceRefused", func(t *testing.T) {
			// B's ada names A's workspace and A's caller ID.
			conn := vb.simConnect(map[string]any{"identity": adaB, "to": laNumber, "workspaceId": vb.wsA, "callerId": simCallerID})
			require.Equal(t, "completed", conn.Status, "refused: <Say> + <Hangup/>")
			r := vb.do("GET", "/v1/calls/"+conn.CallSid, tokAdaB, nil)
			require.Equal(t, http.StatusOK, r.status, "recorded in her own workspace: %s", r.body)
			require.Equal(t, "failed", r.data()["status"])
			require.Equal(t, vb.wsB, r.data()["workspaceId"])
			require.Contains(t, r.data()["failureReason"], "forbidden")
			requireError(t, vb.do("GET", "/v1/calls/"+conn.CallSid, vb.tokA, nil), http.StatusNotFound, sb.ENotFound)
			list := vb.do("GET", "/v1/calls", vb.tokA, nil)
			require.Zero(t, num(list.meta()["total"]), "nothing appears in A")
			t.Logf("customer legs to %s: %d", laNumber, vb.legsTo(laNumber))
			require.Equal(t, 0, vb.legsTo(laNumber), "nobody was dialled")
		})

		t.Run("BareAgentNameRefused", func(t *testing.T) {
			// An identity this service did not issue (the old, bare name).
			conn := vb.simConnect(map[string]any{"identity": "ada", "to": laNumber, "workspaceId": vb.wsA})
			require.Equal(t, "completed", conn.Status)
			c, err := vb.db.FindCallByLeg(ctx, conn.CallSid)
			require.NoError(t, err)
			require.Equal(t, sb.CallFailed, c.Status)
			require.Empty(t, c.WorkspaceID, "recorded in no workspace")
			require.Equal(t, 0, vb.legsTo(laNumber))
		})

		t.Run("OwnWorkspace", func(t *testing.T) {
			// Without workspaceId, or with her own, B's ada calls from B.
			conn := vb.simConnect(map[string]any{"identity": adaB, "to": simulator.NumberHangsUp})
			r := vb.do("GET", "/v1/calls/"+conn.CallSid, tokAdaB, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, vb.wsB, r.data()["workspaceId"])
			require.Equal(t, "ada", r.data()["agentIdentity"])
			require.Equal(t, "+15005550007", r.data()["from"], "B's default caller ID")
			require.NotEqual(t, "failed", r.data()["status"])
			requireError(t, vb.do("GET", "/v1/calls/"+conn.CallSid, vb.tokA, nil), http.StatusNotFound, sb.ENotFound)
		})

		t.Run("TooLongForTwilio", func(t *testing.T) {
			// 100 + "." + 3 + "_5F"… escapes: over Twilio's 121 characters.
			long, _, err := vb.db.CreateToken(ctx, strings.Repeat("w_", 50), "ada", sb.RoleAgent)
			require.NoError(t, err)
			requireError(t, vb.do("GET", "/v1/voice/token", long, nil), http.StatusBadRequest, sb.EInvalid, "identity")
			requireError(t, vb.do("POST", "/v1/calls", long, map[string]any{"to": laNumber}), http.StatusBadRequest, sb.EInvalid, "identity")
			require.Equal(t, 0, vb.legsTo(laNumber))
		})

		t.Run("ClickToCallRingsTheIdentity", func(t *testing.T) {
			r := vb.do("POST", "/v1/calls", tokAdaB, map[string]any{"to": simulator.NumberHangsUp})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			sid := r.data()["callSid"].(string)
			require.Equal(t, "client:"+adaB, vb.simCall(sid).To)
			telephonytest.Eventually(t, "B's click-to-call to be answered in B", func() bool {
				c := vb.do("GET", "/v1/calls/"+sid, tokAdaB, nil)
				return c.data()["status"] == "answered" || c.data()["status"] == "completed"
			})
		})
	})
}

// TestCallerIDOneWorkspace: a number another workspace holds answers 409
// caller_id_taken, is not listed, and cannot be dialled from.
func TestCallerIDOneWorkspace(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		r := vb.do("POST", "/v1/caller-ids", vb.admA, map[string]any{"phoneNumber": simCallerID, "friendlyName": "A"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)

		r = vb.do("POST", "/v1/caller-ids", vb.admB, map[string]any{"phoneNumber": simCallerID, "friendlyName": "B", "isDefault": true})
		requireError(t, r, http.StatusConflict, sb.ECallerIDTaken, "phoneNumber")
		require.NotContains(t, string(r.body), vb.wsA, "the holder is not named")
		requireError(t, vb.do("POST", "/v1/caller-ids", vb.admA, map[string]any{"phoneNumber": "(500) 555-0006"}), http.StatusConflict, sb.ECallerIDExists)

		list := vb.do("GET", "/v1/caller-ids", vb.tokB, nil)
		require.Zero(t, num(list.meta()["total"]), "not listed in B")
		list = vb.do("GET", "/v1/caller-ids", vb.tokA, nil)
		require.Equal(t, 1, num(list.meta()["total"]))

		// A pending number of A is taken too, and B starts no validation call for it.
		r = vb.do("POST", "/v1/caller-ids", vb.admA, map[string]any{"phoneNumber": laNumber})
		require.Equal(t, http.StatusCreated, r.status)
		require.Equal(t, "pending", r.data()["status"])
		validations := len(vb.sim.State().Calls)
		requireError(t, vb.do("POST", "/v1/caller-ids", vb.admB, map[string]any{"phoneNumber": laNumber}), http.StatusConflict, sb.ECallerIDTaken)
		require.Len(t, vb.sim.State().Calls, validations, "no validation call for B")

		requireError(t, vb.do("POST", "/v1/calls", vb.tokB, map[string]any{"to": simulator.NumberAnswers, "from": simCallerID}),
			http.StatusUnprocessableEntity, sb.ECallerIDNotAllowed)
		conn := vb.simConnect(map[string]any{"identity": clientID(t, vb.wsB, "alan"), "to": simulator.NumberAnswers, "callerId": simCallerID})
		require.Equal(t, "completed", conn.Status)
		r = vb.do("GET", "/v1/calls/"+conn.CallSid, vb.tokB, nil)
		require.Equal(t, "failed", r.data()["status"])
		require.Contains(t, r.data()["failureReason"], sb.ECallerIDNotAllowed)
		t.Logf("customer legs to %s: %d", simulator.NumberAnswers, vb.legsTo(simulator.NumberAnswers))
		require.Equal(t, 0, vb.legsTo(simulator.NumberAnswers), "nobody was dialled")
	})
}
