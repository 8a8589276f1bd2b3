package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

const dropAudio = "https://media.example.com/voicemail/renewal.mp3"

// amdForm is what a customer leg created with machine detection sends.
func amdForm(base string) url.Values {
	return url.Values{"MachineDetection": {"DetectMessageEnd"}, "AsyncAmd": {"true"},
		"AsyncAmdStatusCallback": {base + "/v1/voice/amd-status"}, "AsyncAmdStatusCallbackMethod": {"POST"}}
}

// creates returns the forms of the Calls.json creates since mark, the
// parameters twilio-go sent.
func creates(vb *voiceBundle, mark int) []url.Values {
	var out []url.Values
	for _, r := range vb.fake.Since(mark) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.Path, "/Calls.json") {
			out = append(out, r.Form)
		}
	}
	return out
}

// requireAMD asserts whether a create asked for asynchronous detection, to
// the signed AMD endpoint.
func requireAMD(t *testing.T, vb *voiceBundle, form url.Values, on bool) {
	t.Helper()
	for k, v := range amdForm(vb.url) {
		if on {
			require.Equal(t, v, form[k], "%s in %v", k, form)
		} else {
			require.NotContains(t, form, k, "no detection asked: %v", form)
		}
	}
}

func (vb *voiceBundle) setMachineDetection(on bool) {
	vb.t.Helper()
	r := vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"machineDetection": on})
	require.Equal(vb.t, http.StatusOK, r.status, "body: %s", r.body)
	require.Equal(vb.t, on, r.data()["machineDetection"])
}

// browserCall runs the call-control webhook of a browser leg (Device.connect)
// with extra custom parameters, and returns the customer leg's create.
func (vb *voiceBundle) browserCall(sid string, extra url.Values) url.Values {
	vb.t.Helper()
	form := url.Values{"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {"client:" + vb.ada()},
		"Caller": {"client:" + vb.ada()}, "To": {"+15005550100"}, "Direction": {"inbound"}, "CallStatus": {"ringing"},
		"workspaceId": {vb.wsA}}
	for k, v := range extra {
		form[k] = v
	}
	mark := vb.fake.Count()
	conferenceOf(vb.t, parseTwiML(vb.t, vb.webhook("POST", "/v1/voice/callml", form, fakeToken)))
	vb.settle()
	got := creates(vb, mark)
	require.Len(vb.t, got, 1, "one customer leg")
	require.Equal(vb.t, []string{"+15005550100"}, got[0]["To"])
	return got[0]
}

// TestMachineDetectionSetting: machineDetection in GET/PATCH /v1/workspace:
// false by default, changed by an admin only, left alone by a patch that
// does not name it; a value that is no boolean is 400 naming it and writes
// nothing.
func TestMachineDetectionSetting(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		get := func(tok string) any {
			t.Helper()
			r := tb.do("GET", "/v1/workspace", tok, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			return r.data()["machineDetection"]
		}
		require.Equal(t, false, get(tb.tokA), "off by default")
		requireError(t, tb.do("PATCH", "/v1/workspace", tb.tokA, map[string]any{"machineDetection": true}),
			http.StatusForbidden, sb.EForbidden)
		require.Equal(t, false, get(tb.tokA), "an agent changed nothing")

		r := tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"machineDetection": true})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, true, r.data()["machineDetection"])
		require.Equal(t, true, get(tb.tokA))
		require.Equal(t, false, get(tb.tokB), "another workspace is untouched")

		for _, bad := range []any{"yes", nil, 1} {
			r := tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"machineDetection": bad, "timeZone": "Europe/Paris"})
			requireError(t, r, http.StatusBadRequest, sb.EInvalid)
			require.Contains(t, r.errFields(), "machineDetection", "%v: %s", bad, r.body)
		}
		r = tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"timeZone": "America/Chicago"})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, true, r.data()["machineDetection"], "absent: left alone, and nothing refused was written")
		require.Equal(t, "America/Chicago", r.data()["timeZone"])
	})
}

// TestMachineDetectionReachesProvider, through the real twilio-go client to
// a fake Twilio: the customer leg asks for asynchronous detection to the
// signed AMD endpoint exactly when the workspace's setting, the browser's
// own parameter or the click-to-call's machineDetection says so; the agent's
// leg never does, and the call shows what was decided.
func TestMachineDetectionReachesProvider(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		vb.addCallerID(simCallerID)
		sid := func(n int) string {
			return "CA" + strings.Repeat("d", 30) + string(rune('0'+n/10)) + string(rune('0'+n%10))
		}

		requireAMD(t, vb, vb.browserCall(sid(1), nil), false)
		require.Equal(t, false, vb.do("GET", "/v1/calls/"+sid(1), vb.tokA, nil).data()["machineDetection"])
		requireAMD(t, vb, vb.browserCall(sid(2), url.Values{"machineDetection": {"true"}}), true)

		vb.setMachineDetection(true)
		requireAMD(t, vb, vb.browserCall(sid(3), nil), true)
		c := vb.do("GET", "/v1/calls/"+sid(3), vb.tokA, nil).data()
		require.Equal(t, true, c["machineDetection"])
		require.Nil(t, c["answeredBy"], "null until the verdict")
		require.Nil(t, c["voicemailDropId"])
		requireAMD(t, vb, vb.browserCall(sid(4), url.Values{"machineDetection": {"false"}}), false)

		// Click-to-call: the choice is stored with the call when the agent
		// is rung, and the customer leg dialled when the agent answers
		// follows it, whatever the workspace says by then.
		for _, tc := range []struct {
			name      string
			body      map[string]any
			workspace bool
			want      bool
		}{
			{"override on", map[string]any{"to": "+15005550100", "machineDetection": true}, false, true},
			{"override off", map[string]any{"to": "+15005550100", "machineDetection": false}, true, false},
			{"the workspace's", map[string]any{"to": "+15005550100"}, true, true},
		} {
			vb.setMachineDetection(tc.workspace)
			mark := vb.fake.Count()
			r := vb.do("POST", "/v1/calls", vb.tokA, tc.body)
			require.Equal(t, http.StatusCreated, r.status, "%s: %s", tc.name, r.body)
			require.Equal(t, tc.want, r.data()["machineDetection"], tc.name)
			agent := creates(vb, mark)
			require.Len(t, agent, 1)
			require.True(t, strings.HasPrefix(agent[0].Get("To"), "client:"), tc.name)
			requireAMD(t, vb, agent[0], false)

			vb.setMachineDetection(!tc.workspace) // changed before the agent answers
			control := strings.TrimPrefix(agent[0].Get("Url"), vb.url)
			mark = vb.fake.Count()
			callSid := r.data()["callSid"].(string)
			conferenceOf(t, parseTwiML(t, vb.webhook("POST", control, url.Values{"CallSid": {callSid}, "AccountSid": {fakeAccount},
				"From": {simCallerID}, "To": {"client:" + vb.ada()}, "Direction": {"outbound-api"}, "CallStatus": {"in-progress"}}, fakeToken)))
			vb.settle()
			customer := creates(vb, mark)
			require.Len(t, customer, 1, tc.name)
			requireAMD(t, vb, customer[0], tc.want)
		}
		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": "+15005550100", "machineDetection": "yes"}),
			http.StatusBadRequest, sb.EInvalid, "machineDetection")
	})
}

// TestAMDStatusWebhook: the verdict's endpoint refuses an unsigned or
// wrongly signed request (403, nothing changed), keeps the first signed
// verdict on the call (a later one changes nothing, an event records it),
// keeps a value it does not know as unknown, and acknowledges a leg that is
// no call's customer leg.
func TestAMDStatusWebhook(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		vb.addCallerID(simCallerID)
		vb.fake.Route((&controlFake{confs: map[string]string{}}).route)
		sid := "CA" + strings.Repeat("e", 31) + "1"
		cust, _ := vb.fakeCall(sid)
		answeredBy := func() any { return vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["answeredBy"] }
		form := url.Values{"AccountSid": {fakeAccount}, "CallSid": {cust}, "AnsweredBy": {"machine_end_beep"},
			"MachineDetectionDuration": {"4210"}}

		requireError(t, vb.webhook("POST", "/v1/voice/amd-status", form, ""), http.StatusForbidden, sb.EInvalidSignature)
		requireError(t, vb.webhook("POST", "/v1/voice/amd-status", form, "wrongtoken"), http.StatusForbidden, sb.EInvalidSignature)
		require.Nil(t, answeredBy(), "a refused verdict changes nothing")

		r := vb.webhook("POST", "/v1/voice/amd-status", form, fakeToken)
		require.Equal(t, http.StatusNoContent, r.status, "body: %s", r.body)
		require.Equal(t, "machine_end_beep", answeredBy())
		form.Set("AnsweredBy", "human")
		require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/amd-status", form, fakeToken).status)
		require.Equal(t, "machine_end_beep", answeredBy(), "the first verdict stays")
		require.Equal(t, []string{"machine_end_beep"}, controlSteps(t, vb.db, sid, sb.EventAMD))

		// The agent's own leg, and a leg nobody knows: acknowledged.
		form.Set("CallSid", sid)
		require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/amd-status", form, fakeToken).status)
		form.Set("CallSid", "CA"+strings.Repeat("f", 32))
		require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/amd-status", form, fakeToken).status)
		requireError(t, vb.webhook("POST", "/v1/voice/amd-status", url.Values{"CallSid": {cust}}, fakeToken),
			http.StatusBadRequest, sb.EInvalid, "AnsweredBy")

		sid2 := "CA" + strings.Repeat("e", 31) + "2"
		cust2, _ := vb.fakeCall(sid2)
		r = vb.webhook("POST", "/v1/voice/amd-status", url.Values{"CallSid": {cust2}, "AnsweredBy": {"machine_maybe"}}, fakeToken)
		require.Equal(t, http.StatusNoContent, r.status, "body: %s", r.body)
		require.Equal(t, "unknown", vb.do("GET", "/v1/calls/"+sid2, vb.tokA, nil).data()["answeredBy"])

		// A verdict that beats the write of the customer leg's SID (a person
		// answers and is heard at once, before the REST create's answer is
		// stored) is held, and the first of those applied when it is written.
		sid3 := "CA" + strings.Repeat("e", 31) + "3"
		_, err := vb.db.BeginCall(context.Background(), &sb.Call{CallSID: sid3, WorkspaceID: vb.wsA, AgentIdentity: "ada",
			To: "+15005550100", From: simCallerID, Status: sb.CallInitiated, ConferenceName: "sb-early-verdict", MachineDetection: true}, time.Minute)
		require.NoError(t, err)
		cust3 := "CA" + strings.Repeat("d", 31) + "3"
		for _, verdict := range []string{"human", "human", "machine_end_beep"} {
			r = vb.webhook("POST", "/v1/voice/amd-status", url.Values{"CallSid": {cust3}, "AnsweredBy": {verdict}}, fakeToken)
			require.Equal(t, http.StatusNoContent, r.status, "body: %s", r.body)
		}
		require.Nil(t, vb.do("GET", "/v1/calls/"+sid3, vb.tokA, nil).data()["answeredBy"], "no call has the leg yet")
		got, err := vb.db.CustomerLegCreated(context.Background(), sid3, cust3)
		require.NoError(t, err)
		require.Equal(t, sb.AnsweredByHuman, got.AnsweredBy, "the held verdict, in the call the write returns")
		require.Equal(t, "human", vb.do("GET", "/v1/calls/"+sid3, vb.tokA, nil).data()["answeredBy"])
		events, err := vb.db.ListCallEvents(context.Background(), sid3)
		require.NoError(t, err)
		var applied []string
		for _, e := range events {
			if e.Source == sb.EventAMD {
				applied = append(applied, fmt.Sprintf("%s %v", e.ProviderStatus, e.Applied))
			}
		}
		require.Equal(t, []string{"human true", "machine_end_beep false"}, applied, "each verdict kept once, the first applied")
		r = vb.webhook("POST", "/v1/voice/amd-status", url.Values{"CallSid": {cust3}, "AnsweredBy": {"machine_end_beep"}}, fakeToken)
		require.Equal(t, http.StatusNoContent, r.status, "body: %s", r.body)
		require.Equal(t, "human", vb.do("GET", "/v1/calls/"+sid3, vb.tokA, nil).data()["answeredBy"], "a later verdict changes nothing")
	})
}

// TestVoicemailDropsCRUD: admins add and delete voicemail drops, every role
// lists them, newest first; bad input is 400 naming the field and stores
// nothing; another workspace's drop is 404; a deleted one is gone.
func TestVoicemailDropsCRUD(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true}) // a real provider: https only
		create := func(tok string, body any) resp {
			t.Helper()
			return vb.do("POST", "/v1/voicemail-drops", tok, body)
		}
		list := func(tok string) resp {
			t.Helper()
			r := vb.do("GET", "/v1/voicemail-drops", tok, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			return r
		}
		r := create(vb.tokAdm, map[string]any{"name": "  Renewal reminder ", "audioUrl": dropAudio})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		d := r.data()
		require.Equal(t, "Renewal reminder", d["name"], "trimmed")
		require.Equal(t, dropAudio, d["audioUrl"])
		require.NotEmpty(t, d["id"])
		require.NotEmpty(t, d["createdAt"])
		require.Len(t, d, 4, "id, name, audioUrl, createdAt: %v", d)
		first := d["id"].(string)

		requireError(t, create(vb.tokA, map[string]any{"name": "Mine", "audioUrl": dropAudio}), http.StatusForbidden, sb.EForbidden)
		long := "https://media.example.com/" + strings.Repeat("a", 2049-len("https://media.example.com/")) // 2049
		for _, tc := range []struct {
			name  string
			body  any
			field string
		}{
			{"no name", map[string]any{"audioUrl": dropAudio}, "name"},
			{"blank name", map[string]any{"name": "   ", "audioUrl": dropAudio}, "name"},
			{"long name", map[string]any{"name": strings.Repeat("n", 101), "audioUrl": dropAudio}, "name"},
			{"control in name", map[string]any{"name": "Renewal\nreminder", "audioUrl": dropAudio}, "name"},
			{"no URL", map[string]any{"name": "x"}, "audioUrl"},
			{"http outside simulator mode", map[string]any{"name": "x", "audioUrl": "http://media.example.com/a.mp3"}, "audioUrl"},
			{"ftp", map[string]any{"name": "x", "audioUrl": "ftp://media.example.com/a.mp3"}, "audioUrl"},
			{"relative", map[string]any{"name": "x", "audioUrl": "/a.mp3"}, "audioUrl"},
			{"credentials", map[string]any{"name": "x", "audioUrl": "https://u:p@media.example.com/a.mp3"}, "audioUrl"},
			{"too long", map[string]any{"name": "x", "audioUrl": long}, "audioUrl"},
			{"unknown field", map[string]any{"name": "x", "audioUrl": dropAudio, "loop": 2}, "body"},
		} {
			r := create(vb.tokAdm, tc.body)
			requireError(t, r, http.StatusBadRequest, sb.EInvalid)
			require.Contains(t, r.errFields(), tc.field, "%s: %s", tc.name, r.body)
		}
		require.Equal(t, 1, num(list(vb.tokA).meta()["total"]), "nothing refused was stored")

		r = create(vb.tokAdm, map[string]any{"name": "Second", "audioUrl": "https://media.example.com/b.wav"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		second := r.data()["id"].(string)
		items := list(vb.tokA).list()
		require.Len(t, items, 2)
		require.Equal(t, []any{second, first}, []any{items[0]["id"], items[1]["id"]}, "newest first")
		require.Empty(t, list(vb.tokB).list(), "another workspace sees none")

		requireError(t, vb.do("DELETE", "/v1/voicemail-drops/"+first, vb.tokA, nil), http.StatusForbidden, sb.EForbidden)
		requireError(t, vb.do("DELETE", "/v1/voicemail-drops/"+first, vb.admB, nil), http.StatusNotFound, sb.ENotFound)
		r = vb.do("DELETE", "/v1/voicemail-drops/"+first, vb.tokAdm, nil)
		require.Equal(t, http.StatusNoContent, r.status, "body: %s", r.body)
		requireError(t, vb.do("DELETE", "/v1/voicemail-drops/"+first, vb.tokAdm, nil), http.StatusNotFound, sb.ENotFound)
		items = list(vb.tokA).list()
		require.Len(t, items, 1)
		require.Equal(t, second, items[0]["id"])
	})
}

// dropFake serves call control's fake and counts nothing more: the
// redirect and the hang-ups are the fake's own Calls/{sid}.json updates.
func newDropFake(vb *voiceBundle) *controlFake {
	cf := &controlFake{confs: map[string]string{}}
	vb.fake.Route(cf.route)
	return cf
}

// TestDropVoicemail, through twilio-go to a fake Twilio: the agent's drop
// redirects the customer leg to <Play>audio</Play><Hangup/>, then ends the
// agent leg, and the call records the drop; the agent leg's end that
// follows does not hang the customer up (the message plays on), the
// customer leg's end completes the call. Refusals: unanswered, ended or
// already dropped (409 call_not_active), another agent's call (403),
// another workspace's (404), an unknown drop (400); a provider that refuses
// the redirect leaves the call as it was.
func TestDropVoicemail(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		vb.addCallerID(simCallerID)
		cf := newDropFake(vb)
		r := vb.do("POST", "/v1/voicemail-drops", vb.tokAdm, map[string]any{"name": "Renewal", "audioUrl": dropAudio})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		drop := r.data()["id"].(string)
		body := map[string]any{"voicemailDropId": drop}
		dropOn := func(tok, sid string) resp { return vb.do("POST", "/v1/calls/"+sid+"/voicemail", tok, body) }

		sid := "CA" + strings.Repeat("b", 31) + "1"
		cust, _ := vb.fakeCall(sid)
		requireError(t, dropOn(vb.tokA2, sid), http.StatusForbidden, sb.ENotAgentParticipant)
		requireError(t, dropOn(vb.tokB, sid), http.StatusNotFound, sb.ENotFound)
		requireError(t, vb.do("POST", "/v1/calls/"+sid+"/voicemail", vb.tokA, map[string]any{"voicemailDropId": "nope"}),
			http.StatusBadRequest, sb.EInvalid, "voicemailDropId")
		requireError(t, vb.do("POST", "/v1/calls/"+sid+"/voicemail", vb.tokA, map[string]any{}),
			http.StatusBadRequest, sb.EInvalid, "voicemailDropId")

		// A refused redirect: nothing written, no hang-up asked.
		for _, tc := range []struct {
			e      telephonytest.Error
			status int
			code   string
		}{
			{telephonytest.Error{Status: 500, Code: 20500, Message: "Internal Server Error"}, http.StatusBadGateway, sb.EProviderError},
			{telephonytest.Error{Status: 400, Code: 21220, Message: "Call is not in-progress. Cannot redirect."}, http.StatusConflict, sb.ECallNotActive},
		} {
			cf.setFail(func(method, path string) *telephonytest.Error {
				if method == http.MethodPost && path == "/Calls/"+cust+".json" {
					return &tc.e
				}
				return nil
			})
			mark := vb.fake.Count()
			requireError(t, dropOn(vb.tokA, sid), tc.status, tc.code)
			got := vb.fake.Since(mark)
			require.Len(t, got, 1, "the redirect alone: %+v", got)
			c := vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()
			require.Nil(t, c["voicemailDropId"], "%d: nothing written", tc.e.Code)
			require.Equal(t, "answered", c["status"])
			require.Empty(t, controlSteps(t, vb.db, sid, sb.EventVoicemail))
		}
		cf.setFail(nil)

		mark := vb.fake.Count()
		r = dropOn(vb.tokA, sid)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, drop, r.data()["voicemailDropId"])
		require.Equal(t, "answered", r.data()["status"], "the customer leg still plays the message")
		got := vb.fake.Since(mark)
		require.Len(t, got, 2, "%+v", got)
		prefix := "/2010-04-01/Accounts/" + fakeAccount
		require.Equal(t, prefix+"/Calls/"+cust+".json", got[0].Path)
		require.Empty(t, got[0].Form.Get("Status"))
		doc, err := telephonytest.ParseTwiML([]byte(got[0].Form.Get("Twiml")))
		require.NoError(t, err)
		require.Equal(t, telephonytest.El("Response", nil, "", telephonytest.El("Play", nil, dropAudio), telephonytest.El("Hangup", nil, "")), doc)
		require.Equal(t, prefix+"/Calls/"+sid+".json", got[1].Path, "then the agent is freed")
		require.Equal(t, "completed", got[1].Form.Get("Status"))
		require.Equal(t, []string{"dropped"}, controlSteps(t, vb.db, sid, sb.EventVoicemail))
		requireError(t, dropOn(vb.tokA, sid), http.StatusConflict, sb.ECallNotActive)

		// The agent leg's end does not cut the message.
		mark = vb.fake.Count()
		status := func(leg, st string, seq string) {
			t.Helper()
			r := vb.webhook("POST", "/v1/voice/status", url.Values{"CallSid": {leg}, "AccountSid": {fakeAccount},
				"CallStatus": {st}, "SequenceNumber": {seq}, "CallDuration": {"9"}}, fakeToken)
			require.Equal(t, http.StatusNoContent, r.status, "body: %s", r.body)
		}
		status(sid, "completed", "1")
		vb.settle()
		require.Empty(t, vb.fake.Since(mark), "the customer leg is left to play the message")
		require.Equal(t, "answered", vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["status"])
		status(cust, "completed", "2")
		vb.settle()
		c := vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()
		require.Equal(t, "completed", c["status"])
		require.Equal(t, drop, c["voicemailDropId"])
		requireError(t, dropOn(vb.tokA, sid), http.StatusConflict, sb.ECallNotActive)

		// A call not answered yet.
		ringing := "CA" + strings.Repeat("b", 31) + "2"
		vb.fakeRinging(ringing)
		requireError(t, dropOn(vb.tokA, ringing), http.StatusConflict, sb.ECallNotActive)

		// A deleted drop can no longer be dropped; the call that played it
		// keeps its id.
		require.Equal(t, http.StatusNoContent, vb.do("DELETE", "/v1/voicemail-drops/"+drop, vb.tokAdm, nil).status)
		sid3 := "CA" + strings.Repeat("b", 31) + "3"
		vb.fakeCall(sid3)
		requireError(t, dropOn(vb.tokA, sid3), http.StatusBadRequest, sb.EInvalid, "voicemailDropId")
		require.Equal(t, drop, vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["voicemailDropId"])
	})
}
