package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// Call control against a fake Twilio that records the exact REST requests:
// participants addressed by CF SID and CallSid, the parameters of holds,
// mutes, transfers and recordings, one Conferences list per call, and the
// provider's refusals mapped without a false word in the stored state.
func TestCallControlWithFakeTwilio(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		vb.addCallerID(simCallerID)
		cf := &controlFake{confs: map[string]string{}}
		vb.fake.Route(cf.route)
		n := 0
		newSid := func() string { n++; return fmt.Sprintf("CA%032x", 0xc0ffee00+n) }
		participant := func(conf, leg string) string { return "/Conferences/" + conf + "/Participants/" + leg + ".json" }
		transferStatus := func(sid string, form url.Values, token string) resp {
			return vb.webhook("POST", "/v1/voice/transfer-status?call="+sid, form, token)
		}

		t.Run("HoldAndMute", func(t *testing.T) {
			sid := newSid()
			cust, name := vb.fakeCall(sid)
			lists := len(cf.lists())
			mark := vb.fake.Count()
			path := "/v1/calls/" + sid
			require.Equal(t, http.StatusOK, vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "hold"}).status)
			conf := cf.confs[name]
			require.Regexp(t, `^CF[0-9a-f]{32}$`, conf)
			require.Equal(t, http.StatusOK, vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "unhold"}).status)
			require.Equal(t, http.StatusOK, vb.do("POST", path+"/mute", vb.tokA, nil).status)
			require.Equal(t, http.StatusOK, vb.do("POST", path+"/mute", vb.tokA, map[string]any{"muted": false}).status)
			r := vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "hold"})
			require.Equal(t, http.StatusOK, r.status)
			require.Equal(t, conf, mustCall(t, vb, sid).ConferenceSID, "remembered")

			hold := url.Values{"Hold": {"true"}, "HoldUrl": {vb.url + "/v1/voice/hold-music"}, "HoldMethod": {"GET"}}
			requireRequests(t, vb.fake, mark,
				telephonytest.Request{Method: "GET", Path: "/Conferences.json"},
				telephonytest.Request{Method: "POST", Path: participant(conf, cust), Form: hold},
				telephonytest.Request{Method: "POST", Path: participant(conf, cust), Form: url.Values{"Hold": {"false"}}},
				telephonytest.Request{Method: "POST", Path: participant(conf, sid), Form: url.Values{"Muted": {"true"}}},
				telephonytest.Request{Method: "POST", Path: participant(conf, sid), Form: url.Values{"Muted": {"false"}}},
				telephonytest.Request{Method: "POST", Path: participant(conf, cust), Form: hold},
			)
			got := cf.lists()[lists:]
			require.Len(t, got, 1, "one Conferences list for five clicks")
			require.Equal(t, name, got[0].Get("FriendlyName"))
			require.Equal(t, "in-progress", got[0].Get("Status"))
		})

		t.Run("WarmTransfer", func(t *testing.T) {
			sid := newSid()
			cust, name := vb.fakeCall(sid)
			mark := vb.fake.Count()
			path := "/v1/calls/" + sid
			r := vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": "415-555-0199", "type": "warm"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			conf := cf.confs[name]
			tr := transferOf(r.data())
			target := tr["targetCallSid"].(string)
			require.Equal(t, "+14155550199", tr["target"])

			reqs := vb.fake.Since(mark)
			require.Len(t, reqs, 3, "list, hold, add")
			add := reqs[2]
			require.Equal(t, "POST", add.Method)
			require.True(t, strings.HasSuffix(add.Path, "/Conferences/"+conf+"/Participants.json"), add.Path)
			require.Regexp(t, `^transfer-[0-9a-f]{8}$`, add.Form.Get("Label"))
			label := add.Form.Get("Label")
			require.Equal(t, url.Values{
				"To": {"+14155550199"}, "From": {simCallerID}, "Label": {label},
				"StatusCallback":      {vb.url + "/v1/voice/transfer-status?call=" + sid},
				"StatusCallbackEvent": {"answered", "completed"},
			}, add.Form)

			// The target's own callbacks: signed, and only the target's.
			requireError(t, transferStatus(sid, url.Values{"CallSid": {target}, "CallStatus": {"in-progress"}}, ""), http.StatusForbidden, sb.EInvalidSignature)
			requireError(t, transferStatus(sid, url.Values{"CallSid": {target}, "CallStatus": {"in-progress"}}, "wrong"), http.StatusForbidden, sb.EInvalidSignature)
			require.Equal(t, "dialing", transferOf(vb.do("GET", path, vb.tokA, nil).data())["status"], "an unsigned callback changes nothing")
			require.Equal(t, http.StatusNoContent, transferStatus(sid, url.Values{"CallSid": {cust}, "CallStatus": {"completed"}}, fakeToken).status)
			require.Equal(t, http.StatusNoContent, transferStatus(newSid(), url.Values{"CallSid": {target}, "CallStatus": {"completed"}}, fakeToken).status)
			require.Equal(t, "dialing", transferOf(vb.do("GET", path, vb.tokA, nil).data())["status"])
			require.Equal(t, http.StatusNoContent, transferStatus(sid, url.Values{"CallSid": {target}, "CallStatus": {"in-progress"}, "SequenceNumber": {"0"}}, fakeToken).status)
			require.Equal(t, "talking", transferOf(vb.do("GET", path, vb.tokA, nil).data())["status"])

			mark = vb.fake.Count()
			r = vb.do("POST", path+"/transfer/complete", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "completed", transferOf(r.data())["status"])
			requireRequests(t, vb.fake, mark,
				telephonytest.Request{Method: "POST", Path: participant(conf, cust), Form: url.Values{"Hold": {"false"}}},
				telephonytest.Request{Method: "DELETE", Path: participant(conf, sid)},
			)

			// The agent leg's end does not hang the customer up; the
			// target's end, now, does.
			mark = vb.fake.Count()
			require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/status", url.Values{
				"CallSid": {sid}, "CallStatus": {"completed"}, "SequenceNumber": {"0"}}, fakeToken).status)
			vb.settle()
			require.Empty(t, vb.fake.Since(mark))
			require.Equal(t, http.StatusNoContent, transferStatus(sid, url.Values{"CallSid": {target}, "CallStatus": {"completed"}, "SequenceNumber": {"1"}}, fakeToken).status)
			vb.settle()
			requireRequests(t, vb.fake, mark,
				telephonytest.Request{Method: "POST", Path: "/Calls/" + cust + ".json", Form: url.Values{"Status": {"completed"}}})
		})

		t.Run("TargetBusyAndColdTransfer", func(t *testing.T) {
			sid := newSid()
			cust, name := vb.fakeCall(sid)
			path := "/v1/calls/" + sid
			r := vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": "+14155550199", "type": "warm"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			conf, target := cf.confs[name], transferOf(r.data())["targetCallSid"].(string)
			mark := vb.fake.Count()
			require.Equal(t, http.StatusNoContent, transferStatus(sid, url.Values{"CallSid": {target}, "CallStatus": {"busy"}}, fakeToken).status)
			c := vb.do("GET", path, vb.tokA, nil).data()
			require.Equal(t, "failed", transferOf(c)["status"])
			require.Equal(t, false, c["onHold"])
			requireRequests(t, vb.fake, mark,
				telephonytest.Request{Method: "POST", Path: participant(conf, cust), Form: url.Values{"Hold": {"false"}}})

			mark = vb.fake.Count()
			r = vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": "+14155550198", "type": "cold"})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			require.Equal(t, "completed", transferOf(r.data())["status"])
			reqs := vb.fake.Since(mark)
			require.Len(t, reqs, 2, "add the target, remove the agent: no hold, no list")
			require.True(t, strings.HasSuffix(reqs[0].Path, "/Conferences/"+conf+"/Participants.json"))
			require.Equal(t, "+14155550198", reqs[0].Form.Get("To"))
			require.Equal(t, "DELETE", reqs[1].Method)
			require.True(t, strings.HasSuffix(reqs[1].Path, participant(conf, sid)))
			require.Equal(t, []string{"dialing", "failed", "dialing", "completed"}, controlSteps(t, vb.db, sid, sb.EventTransfer))
		})

		t.Run("ProviderRefusals", func(t *testing.T) {
			sid := newSid()
			cust, name := vb.fakeCall(sid)
			path := "/v1/calls/" + sid
			defer cf.setFail(nil)
			gone := &telephonytest.Error{Status: 404, Code: 20404, Message: "The requested resource was not found"}
			boom := &telephonytest.Error{Status: 500, Code: 20500, Message: "Internal Server Error"}
			onUpdate := func(e *telephonytest.Error) func(string, string) *telephonytest.Error {
				return func(m, p string) *telephonytest.Error {
					if m == "POST" && strings.Contains(p, "/Participants/") {
						return e
					}
					return nil
				}
			}

			cf.setFail(onUpdate(gone))
			r := vb.do("POST", path+"/hold", vb.tokA, map[string]any{"action": "hold"})
			requireError(t, r, http.StatusConflict, sb.ECallNotActive, "providerCode")
			require.Contains(t, string(r.body), "20404")
			cf.setFail(onUpdate(boom))
			r = vb.do("POST", path+"/mute", vb.tokA, nil)
			requireError(t, r, http.StatusBadGateway, sb.EProviderError, "providerCode")
			require.Contains(t, string(r.body), "20500")
			c := mustCall(t, vb, sid)
			require.False(t, c.OnHold, "nothing the provider did not do")
			require.False(t, c.Muted)
			require.Empty(t, controlSteps(t, vb.db, sid, sb.EventHold))
			require.Empty(t, controlSteps(t, vb.db, sid, sb.EventMute))

			// Adding the target fails: the customer held for it is unheld
			// and no transfer is stored.
			cf.setFail(func(m, p string) *telephonytest.Error {
				if m == "POST" && strings.HasSuffix(p, "/Participants.json") {
					return &telephonytest.Error{Status: 400, Code: 21215, Message: "Geo permission"}
				}
				return nil
			})
			mark := vb.fake.Count()
			r = vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": "+14155550199", "type": "warm"})
			requireError(t, r, http.StatusBadGateway, sb.EProviderError, "providerCode")
			conf := cf.confs[name]
			reqs := vb.fake.Since(mark)
			require.Len(t, reqs, 3)
			require.Equal(t, "true", reqs[0].Form.Get("Hold"))
			require.Equal(t, "false", reqs[2].Form.Get("Hold"))
			require.True(t, strings.HasSuffix(reqs[2].Path, participant(conf, cust)))
			c = mustCall(t, vb, sid)
			require.Nil(t, c.Transfer)
			require.False(t, c.OnHold)

			// Taking the agent out fails: the transfer stays pending.
			cf.setFail(nil)
			r = vb.do("POST", path+"/transfer", vb.tokA, map[string]any{"target": "+14155550199", "type": "warm"})
			require.Equal(t, http.StatusOK, r.status)
			target := transferOf(r.data())["targetCallSid"].(string)
			require.Equal(t, http.StatusNoContent, transferStatus(sid, url.Values{"CallSid": {target}, "CallStatus": {"in-progress"}}, fakeToken).status)
			cf.setFail(func(m, p string) *telephonytest.Error {
				if m == "DELETE" {
					return boom
				}
				return nil
			})
			requireError(t, vb.do("POST", path+"/transfer/complete", vb.tokA, nil), http.StatusBadGateway, sb.EProviderError)
			c = mustCall(t, vb, sid)
			require.Equal(t, sb.TransferTalking, c.Transfer.Status)
			require.False(t, c.OnHold, "the unhold that did happen is stored")
			cf.setFail(nil)
			require.Equal(t, http.StatusOK, vb.do("POST", path+"/transfer/complete", vb.tokA, nil).status, "and it can be asked again")

			// A conference the provider no longer lists.
			other := newSid()
			vb.fakeCall(other)
			cf.mu.Lock()
			cf.noConf = true
			cf.mu.Unlock()
			requireError(t, vb.do("POST", "/v1/calls/"+other+"/hold", vb.tokA, map[string]any{"action": "hold"}), http.StatusConflict, sb.ECallNotActive)
			cf.mu.Lock()
			cf.noConf = false
			cf.mu.Unlock()
			require.Empty(t, mustCall(t, vb, other).ConferenceSID)
		})

		t.Run("Recordings", func(t *testing.T) {
			sid := newSid()
			cust, _ := vb.fakeCall(sid)
			mark := vb.fake.Count()
			r := vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid})
			require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
			rsid := r.data()["recordingSid"].(string)
			require.Equal(t, "dual", r.data()["channels"])
			require.Equal(t, "2026-11-23T10:15:42Z", r.data()["startedAt"])
			r = vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid, "channels": "mono"})
			require.Equal(t, http.StatusCreated, r.status)
			require.Equal(t, "mono", r.data()["channels"])
			require.Equal(t, http.StatusOK, vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": "paused"}).status)
			require.Equal(t, http.StatusOK, vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": "in-progress"}).status)
			require.Equal(t, http.StatusOK, vb.do("POST", "/v1/recordings/"+rsid, vb.tokA, map[string]any{"status": "stopped"}).status)
			start := func(ch string) url.Values {
				return url.Values{"RecordingChannels": {ch}, "RecordingStatusCallback": {vb.url + "/v1/voice/recording-status"},
					"RecordingStatusCallbackEvent": {"in-progress", "completed", "absent"}}
			}
			rec := "/Calls/" + cust + "/Recordings/" + rsid + ".json"
			requireRequests(t, vb.fake, mark,
				telephonytest.Request{Method: "POST", Path: "/Calls/" + cust + "/Recordings.json", Form: start("dual")},
				telephonytest.Request{Method: "POST", Path: "/Calls/" + cust + "/Recordings.json", Form: start("mono")},
				telephonytest.Request{Method: "POST", Path: rec, Form: url.Values{"Status": {"paused"}}},
				telephonytest.Request{Method: "POST", Path: rec, Form: url.Values{"Status": {"in-progress"}}},
				telephonytest.Request{Method: "POST", Path: rec, Form: url.Values{"Status": {"stopped"}}},
			)
			require.Equal(t, "stopped", vb.do("GET", "/v1/recordings/"+rsid, vb.tokA, nil).data()["status"])

			// The signed callback completes it; an unsigned one changes nothing.
			media := "https://api.twilio.com/2010-04-01/Accounts/" + fakeAccount + "/Recordings/" + rsid
			done := url.Values{"AccountSid": {fakeAccount}, "CallSid": {cust}, "RecordingSid": {rsid}, "RecordingStatus": {"completed"},
				"RecordingDuration": {"12"}, "RecordingUrl": {media}, "RecordingChannels": {"2"}}
			requireError(t, vb.webhook("POST", "/v1/voice/recording-status", done, ""), http.StatusForbidden, sb.EInvalidSignature)
			require.Equal(t, "stopped", vb.do("GET", "/v1/recordings/"+rsid, vb.tokA, nil).data()["status"])
			require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/recording-status", done, fakeToken).status)
			got := vb.do("GET", "/v1/recordings/"+rsid, vb.tokA, nil).data()
			require.Equal(t, "completed", got["status"])
			require.Equal(t, 12, num(got["duration"]))
			require.Equal(t, media, got["mediaUrl"])
			require.NotNil(t, got["completedAt"])
			late := url.Values{"CallSid": {cust}, "RecordingSid": {rsid}, "RecordingStatus": {"in-progress"}}
			require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/recording-status", late, fakeToken).status)
			require.Equal(t, "completed", vb.do("GET", "/v1/recordings/"+rsid, vb.tokA, nil).data()["status"], "never back")

			// A callback that beats the answer stores the recording; one
			// nobody knows is acknowledged.
			early := "RE" + strings.Repeat("e", 32)
			require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/recording-status", url.Values{
				"CallSid": {cust}, "RecordingSid": {early}, "RecordingStatus": {"absent"}, "RecordingChannels": {"1"}}, fakeToken).status)
			got = vb.do("GET", "/v1/recordings/"+early, vb.tokA, nil).data()
			require.Equal(t, "failed", got["status"])
			require.Equal(t, "mono", got["channels"])
			require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/recording-status", url.Values{
				"CallSid": {newSid()}, "RecordingSid": {"RE" + strings.Repeat("f", 32)}, "RecordingStatus": {"completed"}}, fakeToken).status)
			require.Equal(t, 3, num(vb.do("GET", "/v1/calls/"+sid+"/recordings", vb.tokA, nil).meta()["total"]))

			// The provider says the call is no longer in progress.
			defer cf.setFail(nil)
			cf.setFail(func(m, p string) *telephonytest.Error {
				if strings.HasSuffix(p, "/Recordings.json") {
					return &telephonytest.Error{Status: 400, Code: 21220, Message: "Call is not in-progress"}
				}
				return nil
			})
			requireError(t, vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid}), http.StatusConflict, sb.ECallNotActive, "providerCode")
			require.Equal(t, 3, num(vb.do("GET", "/v1/calls/"+sid+"/recordings", vb.tokA, nil).meta()["total"]), "nothing stored")
		})
	})
}
