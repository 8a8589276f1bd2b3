package simulator_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

func TestCreateCallValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base := func() *openapi.CreateCallParams {
		p := &openapi.CreateCallParams{}
		p.SetTo(simulator.NumberAnswers)
		p.SetFrom(callerID)
		p.SetUrl(b.hooks.url + "/hangup")
		return p
	}
	cases := []struct {
		name   string
		params *openapi.CreateCallParams
		code   int
	}{
		{"no To", &openapi.CreateCallParams{From: ptr(callerID), Url: ptr(b.hooks.url)}, 21201},
		{"no From", &openapi.CreateCallParams{To: ptr(simulator.NumberAnswers), Url: ptr(b.hooks.url)}, 21213},
		{"no Url", &openapi.CreateCallParams{To: ptr(simulator.NumberAnswers), From: ptr(callerID)}, 21205},
		{"To not E.164", base().SetTo("4155552671"), 21211},
		{"From not E.164", base().SetFrom("switchboard"), 21212},
		{"From not the account's", base().SetFrom("+14155552671"), 21210},
		{"event no-answer", base().SetStatusCallback(b.hooks.url + "/status").
			SetStatusCallbackEvent([]string{"completed", "no-answer", "busy", "failed"}), 21626},
		{"event busy", base().SetStatusCallbackEvent([]string{"busy"}), 21626},
	}
	for _, tc := range cases {
		_, err := b.api.CreateCall(tc.params)
		require.Error(t, err, tc.name)
		restError(t, err, http.StatusBadRequest, tc.code)
	}
	require.Empty(t, b.state(t).Calls, "a rejected request creates no call")
}

func TestAuthAndNotFound(t *testing.T) {
	t.Parallel()
	b := setup(t)

	wrong := restClient(t, b.simURL, accountSid, "wrongtoken")
	_, err := wrong.FetchCall("CA00000000000000000000000000000000", nil)
	restError(t, err, http.StatusUnauthorized, 20003)

	_, err = b.api.FetchCall("CA00000000000000000000000000000000", nil)
	restError(t, err, http.StatusNotFound, 20404)
	_, err = b.api.FetchConference("CF00000000000000000000000000000000", nil)
	restError(t, err, http.StatusNotFound, 20404)
	_, err = b.api.FetchRecording("RE00000000000000000000000000000000", nil)
	restError(t, err, http.StatusNotFound, 20404)

	// Unknown paths answer Twilio's JSON, not an HTML page.
	req, _ := http.NewRequest(http.MethodGet, b.simURL+"/2010-04-01/Accounts/"+accountSid+"/Queues.json", nil)
	req.SetBasicAuth(accountSid, authToken)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusNotFound, resp.StatusCode)
	var e struct{ Code, Status int }
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&e))
	require.Equal(t, 20404, e.Code)
}

func TestNumbersAndCallerIDs(t *testing.T) {
	t.Parallel()
	b := setup(t)

	all, err := b.api.ListIncomingPhoneNumber(nil)
	require.NoError(t, err)
	require.Len(t, all, len(simulator.DefaultIncomingNumbers))
	one, err := b.api.ListIncomingPhoneNumber(&openapi.ListIncomingPhoneNumberParams{PhoneNumber: ptr(callerID)})
	require.NoError(t, err)
	require.Len(t, one, 1)
	require.Equal(t, callerID, *one[0].PhoneNumber)
	none, err := b.api.ListIncomingPhoneNumber(&openapi.ListIncomingPhoneNumberParams{PhoneNumber: ptr("+14155552671")})
	require.NoError(t, err)
	require.Empty(t, none)

	// A validation request returns the code; the owner keys it in, and the
	// number becomes a verified caller ID a call may come from.
	const mine = "+14155552671"
	vr, err := b.api.CreateValidationRequest(&openapi.CreateValidationRequestParams{
		PhoneNumber: ptr(mine), FriendlyName: ptr("Desk"), StatusCallback: ptr(b.hooks.url + "/validation"),
	})
	require.NoError(t, err)
	require.Len(t, *vr.ValidationCode, 6)
	require.Equal(t, mine, *vr.PhoneNumber)
	telephonytest.Eventually(t, "verification", func() bool {
		ids, err := b.api.ListOutgoingCallerId(&openapi.ListOutgoingCallerIdParams{PhoneNumber: ptr(mine)})
		require.NoError(t, err)
		return len(ids) == 1 && *ids[0].FriendlyName == "Desk"
	})
	telephonytest.Eventually(t, "validation callback", func() bool { return len(b.hooks.received("/validation", "")) == 1 })
	require.Equal(t, "success", b.hooks.received("/validation", "")[0].Form.Get("VerificationStatus"))

	_, err = b.api.CreateValidationRequest(&openapi.CreateValidationRequestParams{PhoneNumber: ptr(mine)})
	restError(t, err, http.StatusBadRequest, 21450)

	p := &openapi.CreateCallParams{}
	p.SetTo(simulator.NumberAnswers).SetFrom(mine).SetUrl(b.hooks.url + "/hangup")
	_, err = b.api.CreateCall(p)
	require.NoError(t, err)
}

func TestListCallsAndUpdateEnded(t *testing.T) {
	t.Parallel()
	b := setup(t)
	p := &openapi.CreateCallParams{}
	p.SetTo(simulator.NumberBusy).SetFrom(callerID).SetUrl(b.hooks.url + "/hangup")
	c, err := b.api.CreateCall(p)
	require.NoError(t, err)
	b.waitCallStatus(t, *c.Sid, "busy")

	calls, err := b.api.ListCall((&openapi.ListCallParams{}).SetTo(simulator.NumberBusy))
	require.NoError(t, err)
	require.Len(t, calls, 1)
	calls, err = b.api.ListCall((&openapi.ListCallParams{}).SetStatus("in-progress"))
	require.NoError(t, err)
	require.Empty(t, calls)

	// Hanging up an ended call changes nothing and is no error.
	got, err := b.api.UpdateCall(*c.Sid, (&openapi.UpdateCallParams{}).SetStatus("completed"))
	require.NoError(t, err)
	require.Equal(t, "busy", *got.Status)
}

func TestSimRoutes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	post := func(path, body string) (int, string) {
		resp, err := http.Post(b.simURL+path, "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(out)
	}
	code, _ := post("/sim/connect", `{"identity":"alice","to":"+14155552671","bogus":1}`)
	require.Equal(t, http.StatusBadRequest, code)
	code, _ = post("/sim/connect", `{"identity":"","to":"+14155552671"}`)
	require.Equal(t, http.StatusBadRequest, code)
	code, _ = post("/sim/calls/CA00000000000000000000000000000000/hangup", "")
	require.Equal(t, http.StatusNotFound, code)

	// A failing call-control webhook ends the leg and says why.
	code, body := post("/sim/connect", `{"identity":"alice","to":"+14155552671","callControlUrl":"`+b.hooks.url+`/nothing-here"}`)
	require.Equal(t, http.StatusCreated, code)
	require.Contains(t, body, `"status":"completed"`)
	require.Contains(t, body, "webhookError")

	u, _ := url.Parse(b.simURL + "/sim/calls")
	resp, err := http.Get(u.String())
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
}

// TestGetWebhook: with Method=GET the parameters go in the query and the
// signature covers that whole URL (the stand-in checks it).
func TestGetWebhook(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.sim.AddIncomingNumber("+14155550100")
	p := &openapi.CreateCallParams{}
	p.SetTo(simulator.NumberAnswers).SetFrom("+14155550100").SetMethod("GET").
		SetUrl(b.hooks.url + "/join?conference=room&label=guest&end=true")
	c, err := b.api.CreateCall(p)
	require.NoError(t, err)
	telephonytest.Eventually(t, "the GET", func() bool { return len(b.hooks.received("/join", "")) == 1 })
	h := b.hooks.received("/join", "")[0]
	require.Equal(t, *c.Sid, h.Query.Get("CallSid"))
	require.Equal(t, "room", h.Query.Get("conference"))
	require.Empty(t, h.Form)
	telephonytest.Eventually(t, "guest joins", func() bool {
		confs, err := b.api.ListConference((&openapi.ListConferenceParams{}).SetFriendlyName("room").SetStatus("in-progress"))
		require.NoError(t, err)
		return len(confs) == 1
	})
	_, err = b.api.UpdateCall(*c.Sid, (&openapi.UpdateCallParams{}).SetStatus("completed"))
	require.NoError(t, err)
	b.waitCallStatus(t, *c.Sid, "completed")
}

// The REST resource of a call knows no initiated status: a status callback
// reports the initiated event, but the call reads queued until it rings, as
// at Twilio, and the Status filter of the list agrees.
func TestRESTStatusQueuedWhileInitiated(t *testing.T) {
	t.Parallel()
	timing := fastTiming
	timing.DialDelay = time.Hour // the call stays initiated until Close
	sim := simulator.New(simulator.Config{AccountSid: accountSid, AuthToken: authToken, Timing: timing, Logger: slog.New(slog.DiscardHandler)})
	srv := httptest.NewServer(sim.Handler())
	t.Cleanup(func() { sim.Close(); srv.Close() })
	api := restClient(t, srv.URL, accountSid, authToken)

	p := &openapi.CreateCallParams{}
	p.SetTo(simulator.NumberAnswers).SetFrom(callerID).SetUrl("http://switchboard.test/hangup").
		SetStatusCallback("http://switchboard.test/status").SetStatusCallbackEvent([]string{"initiated"})
	c, err := api.CreateCall(p)
	require.NoError(t, err)
	initiated := func() bool {
		resp, err := http.Get(srv.URL + "/sim/calls")
		require.NoError(t, err)
		defer resp.Body.Close()
		var st simulator.State
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&st))
		return len(st.Calls) == 1 && st.Calls[0].Status == "initiated"
	}
	telephonytest.Eventually(t, "the call to be initiated", initiated)

	got, err := api.FetchCall(*c.Sid, nil)
	require.NoError(t, err)
	require.Equal(t, "queued", *got.Status)
	queued, err := api.ListCall((&openapi.ListCallParams{}).SetStatus("queued"))
	require.NoError(t, err)
	require.Len(t, queued, 1)
	require.Equal(t, *c.Sid, *queued[0].Sid)
}

// A validation request answers 200 OK, as Twilio does (twilio-go takes any
// 2xx, so this reads the status itself).
func TestValidationRequestAnswers200(t *testing.T) {
	t.Parallel()
	b := setup(t)
	form := url.Values{"PhoneNumber": {"+14155552671"}, "FriendlyName": {"Desk"}}
	req, err := http.NewRequest(http.MethodPost, b.simURL+"/2010-04-01/Accounts/"+accountSid+"/OutgoingCallerIds.json", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(accountSid, authToken)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var body map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
	require.Equal(t, "+14155552671", body["phone_number"])
	require.Len(t, body["validation_code"], 6)
}
