package telephony

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/twilio/twilio-go/client"

	"github.com/switchboard-oss/switchboard"
)

const (
	fakeAccount = "AC0123456789abcdef0123456789abcdef"
	fakeToken   = "0123456789abcdef0123456789abcdef"
	acctPath    = "/2010-04-01/Accounts/" + fakeAccount
)

// request is one request the real twilio-go client sent to the fake.
type request struct {
	Method, Path string
	Form         url.Values // POST body, or GET/DELETE query
	User, Pass   string
}

// fakeTwilio is an httptest server speaking Twilio's REST dialect: it records
// each request and answers with whatever the test registered for
// "METHOD path" (status and JSON body), else 404 with Twilio's error JSON.
type fakeTwilio struct {
	*httptest.Server
	mu      sync.Mutex
	reqs    []request
	answers map[string]answer
}

type answer struct {
	status int
	body   string
}

func newFakeTwilio(t *testing.T) *fakeTwilio {
	t.Helper()
	f := &fakeTwilio{answers: map[string]answer{}}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		if r.Method != http.MethodPost {
			form = r.URL.Query()
		}
		user, pass, _ := r.BasicAuth()
		f.mu.Lock()
		f.reqs = append(f.reqs, request{Method: r.Method, Path: r.URL.Path, Form: form, User: user, Pass: pass})
		a, ok := f.answers[r.Method+" "+r.URL.Path]
		f.mu.Unlock()
		if !ok {
			a = answer{404, `{"code": 20404, "message": "The requested resource was not found", "more_info": "https://www.twilio.com/docs/errors/20404", "status": 404}`}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(a.status)
		io.WriteString(w, a.body)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeTwilio) answer(method, path string, status int, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.answers[method+" "+path] = answer{status, body}
}

func (f *fakeTwilio) requests() []request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]request(nil), f.reqs...)
}

// only returns the single request the fake received, checking its method and
// path, and that it came with the account's credentials.
func (f *fakeTwilio) only(t *testing.T, method, path string) request {
	t.Helper()
	reqs := f.requests()
	if len(reqs) != 1 {
		t.Fatalf("fake received %d requests, want 1: %+v", len(reqs), reqs)
	}
	r := reqs[0]
	if r.Method != method || r.Path != path {
		t.Fatalf("request %s %s, want %s %s", r.Method, r.Path, method, path)
	}
	if r.User != fakeAccount || r.Pass != fakeToken {
		t.Fatalf("basic auth %q/%q", r.User, r.Pass)
	}
	return r
}

func newTestClient(t *testing.T, f *fakeTwilio) *Client {
	t.Helper()
	c, err := NewClient(Config{AccountSID: fakeAccount, AuthToken: fakeToken, BaseURL: f.URL + "/"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func wantForm(t *testing.T, got url.Values, want url.Values) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("form\n got %v\nwant %v", got, want)
	}
}

func TestCreateCall(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	f.answer("POST", acctPath+"/Calls.json", 201, `{"sid": "CA0001", "status": "queued", "to": "+14155552671", "from": "+14155550100"}`)
	c := newTestClient(t, f)

	join := "https://sb.example.com/v1/voice/conference-join?conference=sb-abc123"
	sid, err := c.CreateCall(context.Background(), CallParams{
		To: "+14155552671", From: "+14155550100", URL: join,
		StatusCallback:       "https://sb.example.com/v1/voice/status",
		StatusCallbackEvents: []string{"initiated", "completed"},
		Timeout:              30,
	})
	if err != nil || sid != "CA0001" {
		t.Fatalf("CreateCall = %q, %v", sid, err)
	}
	r := f.only(t, "POST", acctPath+"/Calls.json")
	wantForm(t, r.Form, url.Values{
		"To": {"+14155552671"}, "From": {"+14155550100"}, "Url": {join},
		"StatusCallback":      {"https://sb.example.com/v1/voice/status"},
		"StatusCallbackEvent": {"initiated", "completed"},
		"Timeout":             {"30"},
	})
}

func TestProviderError(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	f.answer("POST", acctPath+"/Calls.json", 400, `{"code": 21626, "message": "Invalid StatusCallbackEvent: busy", "more_info": "https://www.twilio.com/docs/errors/21626", "status": 400}`)
	c := newTestClient(t, f)

	_, err := c.CreateCall(context.Background(), CallParams{To: "+14155552671", From: "+14155550100", URL: "https://x/y", StatusCallbackEvents: []string{"busy"}})
	var pe *ProviderError
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want *ProviderError", err)
	}
	if pe.Status != 400 || pe.Code != 21626 || pe.Message != "Invalid StatusCallbackEvent: busy" || pe.MoreInfo != "https://www.twilio.com/docs/errors/21626" {
		t.Errorf("ProviderError = %+v", pe)
	}
	if code := switchboard.ErrorCode(err); code != switchboard.EProviderError {
		t.Errorf("ErrorCode = %q", code)
	}
	var se *switchboard.Error
	if !errors.As(err, &se) || len(se.Details) != 1 || se.Details[0] != (switchboard.FieldError{Field: "providerCode", Message: "21626"}) {
		t.Errorf("domain error = %+v", se)
	}
	var tre *client.TwilioRestError
	if !errors.As(err, &tre) || tre.Code != 21626 {
		t.Errorf("twilio-go's error not reachable: %v", err)
	}
	if !strings.Contains(switchboard.ErrorMessage(err), "Invalid StatusCallbackEvent") {
		t.Errorf("message %q", switchboard.ErrorMessage(err))
	}
}

func TestHangUp(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	f.answer("POST", acctPath+"/Calls/CA0001.json", 200, `{"sid": "CA0001", "status": "completed"}`)
	if err := newTestClient(t, f).HangUp(context.Background(), "CA0001"); err != nil {
		t.Fatal(err)
	}
	wantForm(t, f.only(t, "POST", acctPath+"/Calls/CA0001.json").Form, url.Values{"Status": {"completed"}})
}

func TestFindConference(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	f.answer("GET", acctPath+"/Conferences.json", 200, `{"conferences": [
		{"sid": "CF0009", "friendly_name": "sb-other", "status": "in-progress"},
		{"sid": "CF0001", "friendly_name": "sb-abc", "status": "in-progress"}],
		"next_page_uri": null, "page": 0, "page_size": 20}`)
	c := newTestClient(t, f)
	sid, err := c.FindConference(context.Background(), "sb-abc")
	if err != nil || sid != "CF0001" {
		t.Fatalf("FindConference = %q, %v", sid, err)
	}
	r := f.only(t, "GET", acctPath+"/Conferences.json")
	if r.Form.Get("FriendlyName") != "sb-abc" || r.Form.Get("Status") != "in-progress" {
		t.Errorf("query %v", r.Form)
	}

	_, err = c.FindConference(context.Background(), "sb-gone")
	if code := switchboard.ErrorCode(err); code != switchboard.ECallNotActive {
		t.Errorf("missing conference: %v", err)
	}
}

func TestFindConferenceFollowsPagesAtBaseURL(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	// The fake answers every page with a next_page_uri only on the first;
	// twilio-go requests it on https://api.twilio.com, which must reach the
	// fake as well.
	f.answer("GET", acctPath+"/Conferences.json", 200, `{"conferences": [{"sid": "CF0009", "friendly_name": "sb-other", "status": "in-progress"}],
		"next_page_uri": "`+acctPath+`/Conferences/Page.json?PageToken=PA1"}`)
	f.answer("GET", acctPath+"/Conferences/Page.json", 200, `{"conferences": [{"sid": "CF0001", "friendly_name": "sb-abc", "status": "in-progress"}], "next_page_uri": null}`)
	sid, err := newTestClient(t, f).FindConference(context.Background(), "sb-abc")
	if err != nil || sid != "CF0001" {
		t.Fatalf("FindConference = %q, %v (requests %+v)", sid, err, f.requests())
	}
}

func TestParticipants(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	parts := acctPath + "/Conferences/CF0001/Participants"
	f.answer("POST", parts+".json", 201, `{"call_sid": "CA0003", "conference_sid": "CF0001", "label": "transfer-1", "status": "queued"}`)
	f.answer("POST", parts+"/CA0002.json", 200, `{"call_sid": "CA0002", "hold": true}`)
	f.answer("DELETE", parts+"/CA0001.json", 204, ``)
	c := newTestClient(t, f)
	ctx := context.Background()

	no := false
	sid, err := c.AddParticipant(ctx, "CF0001", ParticipantParams{
		From: "+14155550100", To: "+442079460958", Label: "transfer-1",
		StatusCallback: "https://sb.example.com/v1/voice/status", StatusCallbackEvents: []string{"answered", "completed"},
		EarlyMedia: true, Beep: "false", EndConferenceOnExit: &no,
	})
	if err != nil || sid != "CA0003" {
		t.Fatalf("AddParticipant = %q, %v", sid, err)
	}
	wantForm(t, f.requests()[0].Form, url.Values{
		"From": {"+14155550100"}, "To": {"+442079460958"}, "Label": {"transfer-1"},
		"StatusCallback":      {"https://sb.example.com/v1/voice/status"},
		"StatusCallbackEvent": {"answered", "completed"},
		"EarlyMedia":          {"true"}, "Beep": {"false"}, "EndConferenceOnExit": {"false"},
	})

	yes := true
	if err := c.UpdateParticipant(ctx, "CF0001", "CA0002", &yes, "https://sb.example.com/v1/voice/hold", nil); err != nil {
		t.Fatal(err)
	}
	wantForm(t, f.requests()[1].Form, url.Values{"Hold": {"true"}, "HoldUrl": {"https://sb.example.com/v1/voice/hold"}, "HoldMethod": {"GET"}})

	if err := c.UpdateParticipant(ctx, "CF0001", "CA0002", &no, "ignored-when-unholding", &yes); err != nil {
		t.Fatal(err)
	}
	wantForm(t, f.requests()[2].Form, url.Values{"Hold": {"false"}, "Muted": {"true"}})

	if err := c.RemoveParticipant(ctx, "CF0001", "CA0001"); err != nil {
		t.Fatal(err)
	}
	if r := f.requests()[3]; r.Method != "DELETE" || r.Path != parts+"/CA0001.json" {
		t.Errorf("remove sent %s %s", r.Method, r.Path)
	}
}

func TestArgumentsThatWouldEscapeThePath(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	c := newTestClient(t, f)
	ctx := context.Background()
	for name, err := range map[string]error{
		"label":        second(c.AddParticipant(ctx, "CF0001", ParticipantParams{To: "+1", From: "+1", Label: "a/../b"})),
		"conference":   second(c.AddParticipant(ctx, "CF/../x", ParticipantParams{})),
		"call":         c.HangUp(ctx, "CA1/../../Calls"),
		"empty call":   c.RemoveParticipant(ctx, "CF1", ""),
		"recording":    second(c.FetchRecording(ctx, "RE1?x=1")),
		"status":       second(c.UpdateRecording(ctx, "CA1", "RE1", "deleted")),
		"channels":     second(c.StartRecording(ctx, "CA1", "stereo", "")),
		"update label": c.UpdateParticipant(ctx, "CF1", "agent label", nil, "", nil),
	} {
		if switchboard.ErrorCode(err) != switchboard.EInvalid {
			t.Errorf("%s: err = %v, want invalid_request", name, err)
		}
	}
	if n := len(f.requests()); n != 0 {
		t.Errorf("%d requests sent for invalid arguments", n)
	}
}

func second[T any](_ T, err error) error { return err }

func TestRecordings(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	recs := acctPath + "/Calls/CA0002/Recordings"
	f.answer("POST", recs+".json", 201, `{"sid": "RE0001", "call_sid": "CA0002", "status": "in-progress", "channels": 2, "duration": "-1",
		"start_time": "Tue, 10 Aug 2010 08:02:17 +0000", "uri": "`+recs+`/RE0001.json", "price": null}`)
	f.answer("POST", recs+"/RE0001.json", 200, `{"sid": "RE0001", "call_sid": "CA0002", "status": "paused", "channels": 2, "duration": "-1"}`)
	f.answer("GET", acctPath+"/Recordings/RE0001.json", 200, `{"sid": "RE0001", "call_sid": "CA0002", "status": "completed", "channels": 1, "duration": "42",
		"media_url": "https://api.twilio.com`+acctPath+`/Recordings/RE0001"}`)
	c := newTestClient(t, f)
	ctx := context.Background()

	rec, err := c.StartRecording(ctx, "CA0002", "dual", "https://sb.example.com/v1/voice/recording-status")
	if err != nil {
		t.Fatal(err)
	}
	want := Recording{Sid: "RE0001", CallSid: "CA0002", Status: "in-progress", Channels: "dual",
		MediaURL: f.URL + acctPath + "/Recordings/RE0001", StartTime: time.Date(2010, 8, 10, 8, 2, 17, 0, time.UTC)}
	if rec != want {
		t.Errorf("StartRecording\n got %+v\nwant %+v", rec, want)
	}
	wantForm(t, f.requests()[0].Form, url.Values{
		"RecordingChannels":            {"dual"},
		"RecordingStatusCallback":      {"https://sb.example.com/v1/voice/recording-status"},
		"RecordingStatusCallbackEvent": {"in-progress", "completed", "absent"},
	})

	rec, err = c.UpdateRecording(ctx, "CA0002", "RE0001", RecordingPaused)
	if err != nil || rec.Status != "paused" {
		t.Fatalf("UpdateRecording = %+v, %v", rec, err)
	}
	wantForm(t, f.requests()[1].Form, url.Values{"Status": {"paused"}})

	rec, err = c.FetchRecording(ctx, "RE0001")
	if err != nil || rec.Status != "completed" || rec.Duration != 42 || rec.Channels != "mono" || rec.MediaURL != f.URL+acctPath+"/Recordings/RE0001" {
		t.Fatalf("FetchRecording = %+v, %v", rec, err)
	}
}

func TestCallerIDs(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	f.answer("GET", acctPath+"/IncomingPhoneNumbers.json", 200, `{"incoming_phone_numbers": [{"sid": "PN1", "phone_number": "+14155550100"}]}`)
	f.answer("GET", acctPath+"/OutgoingCallerIds.json", 200, `{"outgoing_caller_ids": [{"sid": "PN2", "phone_number": "+14155550111"}]}`)
	f.answer("POST", acctPath+"/OutgoingCallerIds.json", 201, `{"account_sid": "`+fakeAccount+`", "phone_number": "+14155550199", "friendly_name": "Desk", "validation_code": "123456", "call_sid": "CA9"}`)
	c := newTestClient(t, f)
	ctx := context.Background()

	for num, want := range map[string]bool{"+14155550100": true, "+14155550111": true, "+14155550199": false} {
		got, err := c.IsAccountNumber(ctx, num)
		if err != nil || got != want {
			t.Errorf("IsAccountNumber(%s) = %v, %v; want %v", num, got, err, want)
		}
	}
	for _, r := range f.requests() {
		if r.Form.Get("PhoneNumber") == "" {
			t.Errorf("%s %s without PhoneNumber filter", r.Method, r.Path)
		}
	}

	code, err := c.CreateValidationRequest(ctx, "+14155550199", "Desk")
	if err != nil || code != "123456" {
		t.Fatalf("CreateValidationRequest = %q, %v", code, err)
	}
	reqs := f.requests()
	wantForm(t, reqs[len(reqs)-1].Form, url.Values{"PhoneNumber": {"+14155550199"}, "FriendlyName": {"Desk"}})
}

func TestContextCancelsRequest(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	c, err := NewClient(Config{AccountSID: fakeAccount, AuthToken: fakeToken, BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = c.HangUp(ctx, "CA1")
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Fatalf("HangUp under a 50ms deadline: %v after %v", err, time.Since(start))
	}
}

func TestBaseURLPathPrefix(t *testing.T) {
	t.Parallel()
	f := newFakeTwilio(t)
	f.answer("POST", "/sim"+acctPath+"/Calls/CA1.json", 200, `{"sid": "CA1"}`)
	c, err := NewClient(Config{AccountSID: fakeAccount, AuthToken: fakeToken, BaseURL: f.URL + "/sim"})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.HangUp(context.Background(), "CA1"); err != nil {
		t.Fatal(err)
	}
}

func TestNewClientRejects(t *testing.T) {
	t.Parallel()
	for _, cfg := range []Config{
		{AccountSID: "", AuthToken: fakeToken},
		{AccountSID: fakeAccount, AuthToken: "has-dash"},
		{AccountSID: fakeAccount, AuthToken: fakeToken, BaseURL: "ftp://x"},
		{AccountSID: fakeAccount, AuthToken: fakeToken, BaseURL: "localhost:8080"},
	} {
		if _, err := NewClient(cfg); err == nil {
			t.Errorf("NewClient(%+v) accepted", cfg)
		}
	}
}
