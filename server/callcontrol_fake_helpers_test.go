package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// controlFake serves, on the recording fake Twilio, what call control
// asks of Twilio: the Conferences list, participants and call recordings.
type controlFake struct {
	mu        sync.Mutex
	confs     map[string]string // friendly name → CF SID
	noConf    bool              // the Conferences list finds nothing
	confLists []url.Values      // the queries of the Conferences lists
	fail      func(method, path string) *telephonytest.Error
}

func (cf *controlFake) setFail(f func(method, path string) *telephonytest.Error) {
	cf.mu.Lock()
	defer cf.mu.Unlock()
	cf.fail = f
}

func (cf *controlFake) lists() []url.Values {
	cf.mu.Lock()
	defer cf.mu.Unlock()
	return append([]url.Values(nil), cf.confLists...)
}

func writeFake(w http.ResponseWriter, status int, body any) {
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

func (cf *controlFake) route(w http.ResponseWriter, r *http.Request, prefix string) bool {
	path := strings.TrimPrefix(r.URL.Path, prefix)
	cf.mu.Lock()
	fail := cf.fail
	if r.Method == http.MethodGet && path == "/Conferences.json" {
		cf.confLists = append(cf.confLists, r.URL.Query())
	}
	cf.mu.Unlock()
	if fail != nil {
		if e := fail(r.Method, path); e != nil {
			writeFake(w, e.Status, map[string]any{"code": e.Code, "message": e.Message,
				"more_info": fmt.Sprintf("https://www.twilio.com/docs/errors/%d", e.Code), "status": e.Status})
			return true
		}
	}
	parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(path, "/"), ".json"), "/")
	switch {
	case r.Method == http.MethodGet && path == "/Conferences.json":
		name := r.URL.Query().Get("FriendlyName")
		items := []any{}
		cf.mu.Lock()
		if !cf.noConf {
			if cf.confs[name] == "" {
				cf.confs[name] = "CF" + telephonytest.NewSid()[2:]
			}
			items = append(items, map[string]any{"sid": cf.confs[name], "friendly_name": name, "status": "in-progress"})
		}
		cf.mu.Unlock()
		writeFake(w, http.StatusOK, map[string]any{"conferences": items, "page": 0, "page_size": 20,
			"next_page_uri": nil, "uri": r.URL.Path})
	case r.Method == http.MethodPost && len(parts) == 3 && parts[0] == "Conferences" && parts[2] == "Participants":
		writeFake(w, http.StatusCreated, map[string]any{"call_sid": telephonytest.NewSid(), "conference_sid": parts[1],
			"label": r.PostForm.Get("Label"), "status": "queued"})
	case len(parts) == 4 && parts[0] == "Conferences" && parts[2] == "Participants":
		if r.Method == http.MethodDelete {
			w.WriteHeader(http.StatusNoContent)
			return true
		}
		writeFake(w, http.StatusOK, map[string]any{"call_sid": parts[3], "conference_sid": parts[1],
			"hold": r.PostForm.Get("Hold") == "true", "muted": r.PostForm.Get("Muted") == "true"})
	case r.Method == http.MethodPost && len(parts) == 3 && parts[0] == "Calls" && parts[2] == "Recordings":
		channels := 1
		if r.PostForm.Get("RecordingChannels") == "dual" {
			channels = 2
		}
		writeFake(w, http.StatusCreated, map[string]any{"sid": "RE" + telephonytest.NewSid()[2:], "call_sid": parts[1],
			"status": "in-progress", "channels": channels, "duration": "-1", "start_time": "Mon, 23 Nov 2026 10:15:42 +0000"})
	case r.Method == http.MethodPost && len(parts) == 4 && parts[0] == "Calls" && parts[2] == "Recordings":
		writeFake(w, http.StatusOK, map[string]any{"sid": parts[3], "call_sid": parts[1],
			"status": r.PostForm.Get("Status"), "channels": 2, "duration": "-1"})
	default:
		return false
	}
	return true
}

// fakeCall runs the call-control webhook and the customer's answer for a
// new call and returns its SID, its customer leg and its conference.
func (vb *voiceBundle) fakeCall(sid string) (cust, conference string) {
	vb.t.Helper()
	r := vb.webhook("POST", "/v1/voice/callml", url.Values{
		"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {"client:" + vb.ada()}, "Caller": {"client:" + vb.ada()},
		"To": {"+15005550100"}, "Direction": {"inbound"}, "CallStatus": {"ringing"}, "workspaceId": {vb.wsA},
	}, fakeToken)
	conference = strings.TrimSpace(conferenceOf(vb.t, parseTwiML(vb.t, r)).Text)
	vb.settle()
	call, err := vb.db.FindCallByLeg(vb.t.Context(), sid)
	require.NoError(vb.t, err)
	cust = call.CustomerCallSID
	join := vb.webhook("POST", "/v1/voice/conference-join?conference="+url.QueryEscape(conference),
		url.Values{"CallSid": {cust}, "AccountSid": {fakeAccount}, "CallStatus": {"in-progress"}}, fakeToken)
	conferenceOf(vb.t, parseTwiML(vb.t, join))
	require.Equal(vb.t, "answered", vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil).data()["status"])
	return cust, conference
}

// requireRequests asserts the exact REST requests (method, path under the
// account, form) made since mark.
func requireRequests(t *testing.T, f *telephonytest.Twilio, mark int, want ...telephonytest.Request) {
	t.Helper()
	got := f.Since(mark)
	prefix := "/2010-04-01/Accounts/" + fakeAccount
	for i := range got {
		got[i].Path, got[i].Query = strings.TrimPrefix(got[i].Path, prefix), nil
		got[i].User, got[i].Pass = "", ""
		if len(got[i].Form) == 0 || got[i].Method != http.MethodPost {
			got[i].Form = nil
		}
	}
	require.Equal(t, want, got)
}

func mustCall(t *testing.T, vb *voiceBundle, sid string) *sb.Call {
	t.Helper()
	c, err := vb.db.FindCall(t.Context(), vb.wsA, sid)
	require.NoError(t, err)
	return c
}
