package telephony

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/twilio/twilio-go/client"

	"github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

const (
	fakeAccount = telephonytest.Account
	fakeToken   = telephonytest.AuthToken
	acctPath    = "/2010-04-01/Accounts/" + fakeAccount
)

func newTestClient(t *testing.T, f *telephonytest.Twilio) *Client {
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
	f := telephonytest.NewTwilio(t)
	f.Answer("POST", acctPath+"/Calls.json", 201, `{"sid": "CA0001", "status": "queued", "to": "+14155552671", "from": "+14155550100"}`)
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
	r := f.Only(t, "POST", acctPath+"/Calls.json")
	wantForm(t, r.Form, url.Values{
		"To": {"+14155552671"}, "From": {"+14155550100"}, "Url": {join},
		"StatusCallback":      {"https://sb.example.com/v1/voice/status"},
		"StatusCallbackEvent": {"initiated", "completed"},
		"Timeout":             {"30"},
	})
}

func TestProviderError(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	f.Answer("POST", acctPath+"/Calls.json", 400, `{"code": 21626, "message": "Invalid StatusCallbackEvent: busy", "more_info": "https://www.twilio.com/docs/errors/21626", "status": 400}`)
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
	f := telephonytest.NewTwilio(t)
	f.Answer("POST", acctPath+"/Calls/CA0001.json", 200, `{"sid": "CA0001", "status": "completed"}`)
	if err := newTestClient(t, f).HangUp(context.Background(), "CA0001"); err != nil {
		t.Fatal(err)
	}
	wantForm(t, f.Only(t, "POST", acctPath+"/Calls/CA0001.json").Form, url.Values{"Status": {"completed"}})
}

// EndCall sends the status it is given and reports the call's status as
// the provider answers it: a cancel of a call answered meanwhile reads
// in-progress.
func TestEndCall(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	f.Answer("POST", acctPath+"/Calls/CA0002.json", 200, `{"sid": "CA0002", "status": "in-progress"}`)
	c := newTestClient(t, f)
	got, err := c.EndCall(context.Background(), "CA0002", "canceled")
	if err != nil || got != "in-progress" {
		t.Fatalf("EndCall = %q, %v", got, err)
	}
	wantForm(t, f.Only(t, "POST", acctPath+"/Calls/CA0002.json").Form, url.Values{"Status": {"canceled"}})
	if _, err := c.EndCall(context.Background(), "CA0002", "busy"); switchboard.ErrorCode(err) != switchboard.EInvalid {
		t.Errorf("EndCall with status busy: %v, want %s", err, switchboard.EInvalid)
	}
	if _, err := c.EndCall(context.Background(), "CA1/../x", "completed"); switchboard.ErrorCode(err) != switchboard.EInvalid {
		t.Errorf("EndCall of a SID that is no SID: %v", err)
	}
	if n := len(f.Requests()); n != 1 {
		t.Errorf("%d requests, want the one valid call only", n)
	}
}

func TestFindConference(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	f.Answer("GET", acctPath+"/Conferences.json", 200, `{"conferences": [
		{"sid": "CF0009", "friendly_name": "sb-other", "status": "in-progress"},
		{"sid": "CF0001", "friendly_name": "sb-abc", "status": "in-progress"}],
		"next_page_uri": null, "page": 0, "page_size": 20}`)
	c := newTestClient(t, f)
	sid, err := c.FindConference(context.Background(), "sb-abc")
	if err != nil || sid != "CF0001" {
		t.Fatalf("FindConference = %q, %v", sid, err)
	}
	r := f.Only(t, "GET", acctPath+"/Conferences.json")
	if r.Form.Get("FriendlyName") != "sb-abc" || r.Form.Get("Status") != "in-progress" {
		t.Errorf("query %v", r.Form)
	}

	_, err = c.FindConference(context.Background(), "sb-gone")
	if code := switchboard.ErrorCode(err); code != switchboard.ECallNotActive {
		t.Errorf("missing conference: %v", err)
	}
}

func TestAnnounceConference(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	f.Answer("POST", acctPath+"/Conferences/CF0001.json", 200, `{"sid": "CF0001", "status": "in-progress"}`)
	f.Answer("POST", acctPath+"/Conferences/CF0002.json", 400, `{"code": 21205, "message": "AnnounceUrl is not a valid URL", "more_info": "https://www.twilio.com/docs/errors/21205", "status": 400}`)
	c := newTestClient(t, f)
	doc := "https://sb.example.com/v1/voice/announcement?workspaceId=ws_acme"
	if err := c.AnnounceConference(context.Background(), "CF0001", doc); err != nil {
		t.Fatal(err)
	}
	wantForm(t, f.Only(t, "POST", acctPath+"/Conferences/CF0001.json").Form,
		url.Values{"AnnounceUrl": {doc}, "AnnounceMethod": {"POST"}})

	err := c.AnnounceConference(context.Background(), "CF0002", doc)
	var pe *ProviderError
	if !errors.As(err, &pe) || pe.Code != 21205 || switchboard.ErrorCode(err) != switchboard.EProviderError {
		t.Errorf("refused announcement: %v", err)
	}
	n := f.Count()
	if err := c.AnnounceConference(context.Background(), "../Calls/CA1", doc); switchboard.ErrorCode(err) != switchboard.EInvalid {
		t.Errorf("a SID that is none: %v", err)
	}
	if f.Count() != n {
		t.Error("a SID that is none was sent")
	}
}

func TestFindConferenceFollowsPagesAtBaseURL(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	// The fake answers every page with a next_page_uri only on the first;
	// twilio-go requests it on https://api.twilio.com, which must reach the
	// fake as well.
	f.Answer("GET", acctPath+"/Conferences.json", 200, `{"conferences": [{"sid": "CF0009", "friendly_name": "sb-other", "status": "in-progress"}],
		"next_page_uri": "`+acctPath+`/Conferences/Page.json?PageToken=PA1"}`)
	f.Answer("GET", acctPath+"/Conferences/Page.json", 200, `{"conferences": [{"sid": "CF0001", "friendly_name": "sb-abc", "status": "in-progress"}], "next_page_uri": null}`)
	sid, err := newTestClient(t, f).FindConference(context.Background(), "sb-abc")
	if err != nil || sid != "CF0001" {
		t.Fatalf("FindConference = %q, %v (requests %+v)", sid, err, f.Requests())
	}
}

func TestParticipants(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	parts := acctPath + "/Conferences/CF0001/Participants"
	f.Answer("POST", parts+".json", 201, `{"call_sid": "CA0003", "conference_sid": "CF0001", "label": "transfer-1", "status": "queued"}`)
	f.Answer("POST", parts+"/CA0002.json", 200, `{"call_sid": "CA0002", "hold": true}`)
	f.Answer("DELETE", parts+"/CA0001.json", 204, ``)
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
	wantForm(t, f.Requests()[0].Form, url.Values{
		"From": {"+14155550100"}, "To": {"+442079460958"}, "Label": {"transfer-1"},
		"StatusCallback":      {"https://sb.example.com/v1/voice/status"},
		"StatusCallbackEvent": {"answered", "completed"},
		"EarlyMedia":          {"true"}, "Beep": {"false"}, "EndConferenceOnExit": {"false"},
	})

	yes := true
	if err := c.UpdateParticipant(ctx, "CF0001", "CA0002", &yes, "https://sb.example.com/v1/voice/hold", nil); err != nil {
		t.Fatal(err)
	}
	wantForm(t, f.Requests()[1].Form, url.Values{"Hold": {"true"}, "HoldUrl": {"https://sb.example.com/v1/voice/hold"}, "HoldMethod": {"GET"}})

	if err := c.UpdateParticipant(ctx, "CF0001", "CA0002", &no, "ignored-when-unholding", &yes); err != nil {
		t.Fatal(err)
	}
	wantForm(t, f.Requests()[2].Form, url.Values{"Hold": {"false"}, "Muted": {"true"}})

	if err := c.RemoveParticipant(ctx, "CF0001", "CA0001"); err != nil {
		t.Fatal(err)
	}
	if r := f.Requests()[3]; r.Method != "DELETE" || r.Path != parts+"/CA0001.json" {
		t.Errorf("remove sent %s %s", r.Method, r.Path)
	}
}

func TestArgumentsThatWouldEscapeThePath(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
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
	if n := len(f.Requests()); n != 0 {
		t.Errorf("%d requests sent for invalid arguments", n)
	}
}

func second[T any](_ T, err error) error { return err }

func TestRecordings(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	recs := acctPath + "/Calls/CA0002/Recordings"
	f.Answer("POST", recs+".json", 201, `{"sid": "RE0001", "call_sid": "CA0002", "status": "in-progress", "channels": 2, "duration": "-1",
		"start_time": "Tue, 10 Aug 2010 08:02:17 +0000", "uri": "`+recs+`/RE0001.json", "price": null}`)
	f.Answer("POST", recs+"/RE0001.json", 200, `{"sid": "RE0001", "call_sid": "CA0002", "status": "paused", "channels": 2, "duration": "-1"}`)
	f.Answer("GET", acctPath+"/Recordings/RE0001.json", 200, `{"sid": "RE0001", "call_sid": "CA0002", "status": "completed", "channels": 1, "duration": "42",
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
	wantForm(t, f.Requests()[0].Form, url.Values{
		"RecordingChannels":            {"dual"},
		"RecordingStatusCallback":      {"https://sb.example.com/v1/voice/recording-status"},
		"RecordingStatusCallbackEvent": {"in-progress", "completed", "absent"},
	})

	rec, err = c.UpdateRecording(ctx, "CA0002", "RE0001", RecordingPaused)
	if err != nil || rec.Status != "paused" {
		t.Fatalf("UpdateRecording = %+v, %v", rec, err)
	}
	wantForm(t, f.Requests()[1].Form, url.Values{"Status": {"paused"}})

	rec, err = c.FetchRecording(ctx, "RE0001")
	if err != nil || rec.Status != "completed" || rec.Duration != 42 || rec.Channels != "mono" || rec.MediaURL != f.URL+acctPath+"/Recordings/RE0001" {
		t.Fatalf("FetchRecording = %+v, %v", rec, err)
	}
}

func TestCallerIDs(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	f.Answer("GET", acctPath+"/IncomingPhoneNumbers.json", 200, `{"incoming_phone_numbers": [{"sid": "PN1", "phone_number": "+14155550100"}]}`)
	f.Answer("GET", acctPath+"/OutgoingCallerIds.json", 200, `{"outgoing_caller_ids": [{"sid": "PN2", "phone_number": "+14155550111"}]}`)
	f.Answer("POST", acctPath+"/OutgoingCallerIds.json", 201, `{"account_sid": "`+fakeAccount+`", "phone_number": "+14155550199", "friendly_name": "Desk", "validation_code": "123456", "call_sid": "CA9"}`)
	c := newTestClient(t, f)
	ctx := context.Background()

	for num, want := range map[string]bool{"+14155550100": true, "+14155550111": true, "+14155550199": false} {
		got, err := c.IsAccountNumber(ctx, num)
		if err != nil || got != want {
			t.Errorf("IsAccountNumber(%s) = %v, %v; want %v", num, got, err, want)
		}
	}
	for _, r := range f.Requests() {
		if r.Form.Get("PhoneNumber") == "" {
			t.Errorf("%s %s without PhoneNumber filter", r.Method, r.Path)
		}
	}

	code, err := c.CreateValidationRequest(ctx, "+14155550199", "Desk")
	if err != nil || code != "123456" {
		t.Fatalf("CreateValidationRequest = %q, %v", code, err)
	}
	reqs := f.Requests()
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
	f := telephonytest.NewTwilio(t)
	f.Answer("POST", "/sim"+acctPath+"/Calls/CA1.json", 200, `{"sid": "CA1"}`)
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
