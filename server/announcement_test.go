package server_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

const announcementText = "This call is recorded for quality & training."

// TestRecordingAnnouncementSetting: recordingAnnouncement in GET/PATCH
// /v1/workspace: null by default, set by an admin only, kept by a patch that
// does not name it, turned off by null; a bad text is 400 naming it and
// writes nothing of the patch.
func TestRecordingAnnouncementSetting(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		get := func(tok string) any {
			t.Helper()
			r := tb.do("GET", "/v1/workspace", tok, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			v, ok := r.data()["recordingAnnouncement"]
			require.True(t, ok, "always present: %s", r.body)
			return v
		}
		require.Nil(t, get(tb.tokA), "off by default")

		requireError(t, tb.do("PATCH", "/v1/workspace", tb.tokA, map[string]any{"recordingAnnouncement": announcementText}),
			http.StatusForbidden, sb.EForbidden)
		require.Nil(t, get(tb.tokA), "an agent changed nothing")

		r := tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"recordingAnnouncement": announcementText})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, announcementText, r.data()["recordingAnnouncement"])
		require.Equal(t, announcementText, get(tb.tokA), "an agent reads it")
		require.Nil(t, get(tb.tokB), "another workspace is untouched")

		for _, tc := range []struct {
			name  string
			value any
		}{
			{"empty", ""},
			{"blank", "   "},
			{"501 characters", strings.Repeat("a", 501)},
			{"a line break", "This call\nis recorded."},
			{"a tab", "This call\tis recorded."},
			{"NUL", "This call is recorded.\u0000"},
			{"DEL", "This call is recorded.\u007f"},
			{"a C1 control", "This call is recorded.\u0085"},
			{"a number", 42},
			{"an object", map[string]any{"text": "x"}},
		} {
			r := tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"recordingAnnouncement": tc.value, "timeZone": "Europe/Paris"})
			requireError(t, r, http.StatusBadRequest, sb.EInvalid)
			require.Contains(t, r.errFields(), "recordingAnnouncement", "%s: %s", tc.name, r.body)
		}
		after := tb.do("GET", "/v1/workspace", tb.tokA, nil).data()
		require.Equal(t, announcementText, after["recordingAnnouncement"], "nothing refused was written")
		require.Equal(t, "UTC", after["timeZone"], "not even the patch's good fields")

		// The longest, in characters that take two bytes each.
		longest := strings.Repeat("é", 499) + "."
		r = tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"recordingAnnouncement": longest})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, longest, get(tb.tokA))

		r = tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"timeZone": "America/Chicago"})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, longest, r.data()["recordingAnnouncement"], "absent: left alone")

		r = tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"recordingAnnouncement": nil})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Nil(t, r.data()["recordingAnnouncement"])
		require.Nil(t, get(tb.tokA), "null turns it off")
		require.Equal(t, "America/Chicago", tb.do("GET", "/v1/workspace", tb.tokA, nil).data()["timeZone"])
	})
}

// announceFake answers the conference updates (POST Conferences/{Sid}.json)
// the recording announcement makes, failing them as told, and hands every
// other request to call control's fake.
type announceFake struct {
	*controlFake
	mu   sync.Mutex
	fail *telephonytest.Error
}

func (af *announceFake) setFail(e *telephonytest.Error) {
	af.mu.Lock()
	defer af.mu.Unlock()
	af.fail = e
}

func (af *announceFake) route(w http.ResponseWriter, r *http.Request, prefix string) bool {
	path := strings.TrimPrefix(r.URL.Path, prefix)
	sid, isUpdate := strings.CutPrefix(path, "/Conferences/")
	if r.Method != http.MethodPost || !isUpdate || strings.Contains(sid, "/") {
		return af.controlFake.route(w, r, prefix)
	}
	af.mu.Lock()
	e := af.fail
	af.mu.Unlock()
	if e != nil {
		writeFake(w, e.Status, map[string]any{"code": e.Code, "message": e.Message,
			"more_info": "https://www.twilio.com/docs/errors/" + strconv.Itoa(e.Code), "status": e.Status})
		return true
	}
	writeFake(w, http.StatusOK, map[string]any{"sid": strings.TrimSuffix(sid, ".json"), "status": "in-progress"})
	return true
}

// TestRecordingAnnouncementWithFakeTwilio: with an announcement set, POST
// /v1/recordings asks the provider (the real twilio-go client, to a fake
// Twilio that records every request) for the conference update with
// AnnounceUrl before the recording create, and a refused update means no
// recording request and nothing stored; with the announcement off, the
// recording is requested alone. The announcement endpoint answers the text
// to a signed request only.
func TestRecordingAnnouncementWithFakeTwilio(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		vb.addCallerID(simCallerID)
		af := &announceFake{controlFake: &controlFake{confs: map[string]string{}}}
		vb.fake.Route(af.route)
		setAnnouncement := func(v any) {
			t.Helper()
			r := vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"recordingAnnouncement": v})
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		}
		announceURL := vb.url + "/v1/voice/announcement?workspaceId=" + url.QueryEscape(vb.wsA)
		recordForm := func(leg string) telephonytest.Request {
			return telephonytest.Request{Method: "POST", Path: "/Calls/" + leg + "/Recordings.json", Form: url.Values{
				"RecordingChannels": {"dual"}, "RecordingStatusCallback": {vb.url + "/v1/voice/recording-status"},
				"RecordingStatusCallbackEvent": {"in-progress", "completed", "absent"}}}
		}
		recordings := func(sid string) int {
			r := vb.do("GET", "/v1/calls/"+sid+"/recordings", vb.tokA, nil)
			require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
			return num(r.meta()["total"])
		}
		setAnnouncement(announcementText)

		// Announced first, then recorded.
		sid := "CA" + strings.Repeat("a", 31) + "1"
		cust, name := vb.fakeCall(sid)
		mark := vb.fake.Count()
		r := vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		conf := af.confs[name]
		requireRequests(t, vb.fake, mark,
			telephonytest.Request{Method: "GET", Path: "/Conferences.json"},
			telephonytest.Request{Method: "POST", Path: "/Conferences/" + conf + ".json",
				Form: url.Values{"AnnounceUrl": {announceURL}, "AnnounceMethod": {"POST"}}},
			recordForm(cust))
		require.Equal(t, 1, recordings(sid))

		// The document behind AnnounceUrl, as the provider fetches it:
		// signed with the query, by POST or GET.
		form := url.Values{"AccountSid": {fakeAccount}, "ConferenceSid": {conf}}
		path := "/v1/voice/announcement?workspaceId=" + url.QueryEscape(vb.wsA)
		say := telephonytest.El("Response", nil, "", telephonytest.El("Say", nil, announcementText))
		require.Equal(t, say, parseTwiML(t, vb.webhook("POST", path, form, fakeToken)))
		require.Equal(t, say, parseTwiML(t, vb.webhook("GET", path+"&ConferenceSid="+conf, nil, fakeToken)))
		requireError(t, vb.webhook("POST", path, form, ""), http.StatusForbidden, sb.EInvalidSignature)
		requireError(t, vb.webhook("POST", path, form, "wrong"), http.StatusForbidden, sb.EInvalidSignature)
		requireError(t, vb.webhook("GET", path, nil, ""), http.StatusForbidden, sb.EInvalidSignature)
		// Signed for another workspace's URL, sent to this one's.
		forged := vb.webhook("POST", "/v1/voice/announcement?workspaceId="+url.QueryEscape(vb.wsB), form, fakeToken)
		require.Equal(t, telephonytest.El("Response", nil, ""), parseTwiML(t, forged), "B has none")
		requireError(t, vb.webhook("POST", "/v1/voice/announcement", form, fakeToken), http.StatusBadRequest, sb.EInvalid, "workspaceId")

		// A refused announcement: no recording request, nothing stored.
		for _, tc := range []struct {
			e      telephonytest.Error
			status int
			code   string
		}{
			{telephonytest.Error{Status: 500, Code: 20500, Message: "Internal Server Error"}, http.StatusBadGateway, sb.EProviderError},
			{telephonytest.Error{Status: 400, Code: 21205, Message: "AnnounceUrl is not a valid URL"}, http.StatusBadGateway, sb.EProviderError},
			{telephonytest.Error{Status: 404, Code: 20404, Message: "The requested resource was not found"}, http.StatusConflict, sb.ECallNotActive},
		} {
			af.setFail(&tc.e)
			mark = vb.fake.Count()
			requireError(t, vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid}), tc.status, tc.code)
			requireRequests(t, vb.fake, mark, telephonytest.Request{Method: "POST", Path: "/Conferences/" + conf + ".json",
				Form: url.Values{"AnnounceUrl": {announceURL}, "AnnounceMethod": {"POST"}}})
			require.Equal(t, 1, recordings(sid), "%d: nothing recorded", tc.e.Code)
		}
		af.setFail(nil)
		require.Equal(t, []string{"in-progress"}, controlSteps(t, vb.db, sid, sb.EventRecording), "one recording, one event")

		// Off: the recording is requested alone, and the document says nothing.
		setAnnouncement(nil)
		mark = vb.fake.Count()
		r = vb.do("POST", "/v1/recordings", vb.tokA, map[string]any{"callSid": sid})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		requireRequests(t, vb.fake, mark, recordForm(cust))
		require.Equal(t, telephonytest.El("Response", nil, ""), parseTwiML(t, vb.webhook("POST", path, form, fakeToken)))
	})
}
