package telephony

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// Every request the Client makes, as twilio-go builds it, is named after its
// resource and verb: the names metrics label provider requests with.
func TestOperationOfEveryClientRequest(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	// The fake answers 404 to everything: what matters is the request sent.
	f.Route(func(w http.ResponseWriter, _ *http.Request, _ string) bool {
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"code": 20404, "message": "not found", "status": 404}`))
		return true
	})
	// Under a base path, as when the simulator is mounted behind a prefix.
	c, err := NewClient(Config{AccountSID: fakeAccount, AuthToken: fakeToken, BaseURL: f.URL + "/prefix"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	yes := true
	_, _ = c.CreateCall(ctx, CallParams{To: "+15005550100", From: "+15005550006", URL: "https://x.test/a"})
	_ = c.HangUp(ctx, "CA1")
	_, _ = c.FindConference(ctx, "sb-1")
	_, _ = c.AddParticipant(ctx, "CF1", ParticipantParams{From: "+15005550006", To: "+15005550100", Label: "target"})
	_ = c.UpdateParticipant(ctx, "CF1", "CA2", &yes, "", nil)
	_ = c.RemoveParticipant(ctx, "CF1", "CA2")
	_, _ = c.StartRecording(ctx, "CA1", "dual", "https://x.test/r")
	_, _ = c.FetchRecording(ctx, "RE1")
	_, _ = c.UpdateRecording(ctx, "CA1", "RE1", "paused")
	_, _ = c.IsAccountNumber(ctx, "+15005550006")
	_, _ = c.CreateValidationRequest(ctx, "+15005550006", "Desk")
	_, _ = c.FindLegs(ctx, "+15005550100", "+15005550006", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))

	var got []string
	for _, r := range f.Requests() {
		got = append(got, Operation(r.Method, r.Path))
	}
	want := []string{
		"Calls.create", "Calls.update", "Conferences.list", "Conferences.Participants.create",
		"Conferences.Participants.update", "Conferences.Participants.delete", "Calls.Recordings.create",
		"Recordings.fetch", "Calls.Recordings.update", "IncomingPhoneNumbers.list",
		"OutgoingCallerIds.create", "Calls.list",
	}
	// IsAccountNumber stops at the first list when it fails; the fake's 404
	// makes it fail, so OutgoingCallerIds.list is not asked.
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("operations:\n got %q\nwant %q", got, want)
	}
}

// Operation never returns anything outside a bounded set: unknown resources,
// other APIs and odd methods are all "other".
func TestOperationIsBounded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ method, path, want string }{
		{"GET", "/2010-04-01/Accounts/AC1.json", "Accounts.fetch"},
		{"GET", "/2010-04-01/Accounts.json", "Accounts.list"},
		{"GET", "/2010-04-01/Accounts/AC1/OutgoingCallerIds.json", "OutgoingCallerIds.list"},
		{"DELETE", "/2010-04-01/Accounts/AC1/Calls/CA1/Recordings/RE1.json", "Calls.Recordings.delete"},
		{"GET", "/2010-04-01/Accounts/AC1/Calls/CA1/Frobs/X.json", OperationOther},
		{"GET", "/2010-04-01/Accounts/AC1/CA-random-" + "x.json", OperationOther},
		{"PUT", "/2010-04-01/Accounts/AC1/Calls.json", OperationOther},
		{"PATCH", "/2010-04-01/Accounts/AC1/Calls/CA1.json", OperationOther},
		{"POST", "/v1/Services", OperationOther},
		{"GET", "/", OperationOther},
		{"GET", "/2010-04-01/Accounts/AC1/Calls//x.json", OperationOther},
	} {
		if got := Operation(tc.method, tc.path); got != tc.want {
			t.Errorf("Operation(%s %s) = %q, want %q", tc.method, tc.path, got, tc.want)
		}
	}
	r, _ := http.NewRequest("POST", "https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json?x=1", nil)
	if got := RequestOperation(r); got != "Calls.create" {
		t.Errorf("RequestOperation = %q", got)
	}
}
