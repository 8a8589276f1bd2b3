package simulator_test

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/twilio/twilio-go"
	"github.com/twilio/twilio-go/client"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// TestTwilioDescription drives every REST route of the simulator through
// Stoplight Prism's validating proxy loaded with Twilio's own OpenAPI
// description of the 2010-04-01 API: `make test-sim-oai` runs it under
// .ci/contract/run.mjs, which starts Prism in front of SWITCHBOARD_PORT
// (where this test serves the simulator) and hands the test
// SWITCHBOARD_GATE_URL, and which fails on any violation Prism reports that
// .ci/twilio-oai/known-gaps.json does not excuse. Without those variables it
// skips.
//
// The requests are the service's own: the telephony package's Client where
// the service has a method for the operation, twilio-go's API service (which
// that Client wraps) for the rest. The test itself fails when a route of
// rest.go was not answered 2xx through the gate, so a new route cannot go
// unchecked; .ci/twilio-oai/README.md says how to add one.
func TestTwilioDescription(t *testing.T) {
	gate, port := os.Getenv("SWITCHBOARD_GATE_URL"), os.Getenv("SWITCHBOARD_PORT")
	if gate == "" || port == "" {
		t.Skip("runs behind Prism with Twilio's description: make test-sim-oai")
	}
	d := newDescriptionRun(t, gate, port)
	ctx := context.Background()
	tel, api, hookURL := d.tel, d.api, d.hooks.url

	// The caller ID checks: the account's own number, then a number that
	// becomes a verified caller ID after a validation request.
	const desk = "+14155552671"
	own, err := tel.IsAccountNumber(ctx, callerID) // IncomingPhoneNumbers list
	require.NoError(t, err)
	require.True(t, own)
	own, err = tel.IsAccountNumber(ctx, desk) // both lists, both empty
	require.NoError(t, err)
	require.False(t, own)
	code, err := tel.CreateValidationRequest(ctx, desk, "Front desk") // OutgoingCallerIds create
	require.NoError(t, err)
	require.Len(t, code, 6)
	telephonytest.Eventually(t, "the desk to be a verified caller ID", func() bool {
		own, err := tel.IsAccountNumber(ctx, desk) // OutgoingCallerIds list, one item
		require.NoError(t, err)
		return own
	})

	// The customer leg: created, fetched at once (still dialling, which the
	// REST resource shows as queued), listed, answered into a conference.
	since := time.Now().Add(-time.Minute)
	customer, err := tel.CreateCall(ctx, telephony.CallParams{
		To: simulator.NumberAnswers, From: callerID,
		URL:                  hookURL + "/join?conference=oai&label=customer&end=true",
		StatusCallback:       hookURL + "/status",
		StatusCallbackEvents: []string{"initiated", "ringing", "answered", "completed"},
		Timeout:              30,
	})
	require.NoError(t, err)
	_, err = api.FetchCall(customer, nil)
	require.NoError(t, err)
	legs, err := tel.FindLegs(ctx, simulator.NumberAnswers, callerID, since) // Calls list with filters
	require.NoError(t, err)
	require.Len(t, legs, 1)
	d.waitCall(t, customer, "in-progress")

	// The conference: found by name, fetched, a participant dialled in,
	// listed, fetched by label, held, muted, announced to, removed.
	conf, err := tel.FindConference(ctx, "oai")
	require.NoError(t, err)
	_, err = api.FetchConference(conf, nil)
	require.NoError(t, err)
	end, start := false, true
	supervisor, err := tel.AddParticipant(ctx, conf, telephony.ParticipantParams{
		From: callerID, To: simulator.NumberAnswers, Label: "supervisor",
		StatusCallback: hookURL + "/status", StatusCallbackEvents: []string{"initiated", "ringing", "answered", "completed"},
		EarlyMedia: true, Beep: "false", EndConferenceOnExit: &end, StartConferenceOnEnter: &start, Timeout: 20,
	})
	require.NoError(t, err)
	_, err = api.ListParticipant(conf, nil)
	require.NoError(t, err)
	telephonytest.Eventually(t, "the supervisor to be connected", func() bool {
		p, err := api.FetchParticipant(conf, "supervisor", nil)
		require.NoError(t, err)
		return p.Status != nil && *p.Status == "connected"
	})
	hold, muted := true, true
	require.NoError(t, tel.UpdateParticipant(ctx, conf, supervisor, &hold, hookURL+"/hold", &muted))
	hold, muted = false, false
	require.NoError(t, tel.UpdateParticipant(ctx, conf, supervisor, &hold, "", &muted))
	require.NoError(t, tel.AnnounceConference(ctx, conf, hookURL+"/announce"))
	require.NoError(t, tel.RemoveParticipant(ctx, conf, supervisor))

	// The customer leg's recording: started, listed, fetched, paused,
	// resumed, stopped, fetched as the account's recording.
	rec, err := tel.StartRecording(ctx, customer, "dual", hookURL+"/recording-status")
	require.NoError(t, err)
	recs, err := api.ListCallRecording(customer, nil)
	require.NoError(t, err)
	require.Len(t, recs, 1)
	_, err = api.FetchCallRecording(customer, rec.Sid, nil)
	require.NoError(t, err)
	for _, status := range []string{telephony.RecordingPaused, telephony.RecordingInProgress, telephony.RecordingStopped} {
		_, err = tel.UpdateRecording(ctx, customer, rec.Sid, status)
		require.NoError(t, err)
	}
	telephonytest.Eventually(t, "the recording to be completed", func() bool {
		r, err := tel.FetchRecording(ctx, rec.Sid)
		require.NoError(t, err)
		return r.Status == "completed"
	})

	// The conference is completed through its update, which hangs the
	// customer up; two calls that ring on are canceled and hung up.
	_, err = api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).SetStatus("completed"))
	require.NoError(t, err)
	d.waitCall(t, customer, "completed")
	_, err = api.ListConference((&openapi.ListConferenceParams{}).SetFriendlyName("oai"))
	require.NoError(t, err)
	for _, end := range []func(sid string) error{
		func(sid string) error { _, err := tel.EndCall(ctx, sid, "canceled"); return err },
		func(sid string) error { return tel.HangUp(ctx, sid) },
	} {
		ringing, err := tel.CreateCall(ctx, telephony.CallParams{To: simulator.NumberNoAnswer, From: callerID, URL: hookURL + "/hangup"})
		require.NoError(t, err)
		d.waitCall(t, ringing, "ringing")
		require.NoError(t, end(ringing))
	}
	calls, err := api.ListCall((&openapi.ListCallParams{}).SetTo(simulator.NumberNoAnswer))
	require.NoError(t, err)
	require.Len(t, calls, 2)

	// A machine answers a leg that asked for asynchronous detection (the
	// customer leg's create with MachineDetection, AsyncAmd and its
	// callback), and the leg is redirected to a message that plays and
	// hangs up (the Calls update with Twiml, as a voicemail drop does).
	machine, err := tel.CreateCall(ctx, telephony.CallParams{
		To: simulator.NumberMachine, From: callerID,
		URL:            hookURL + "/join?conference=oai-vm&label=customer&end=true",
		StatusCallback: hookURL + "/status", StatusCallbackEvents: []string{"initiated", "ringing", "answered", "completed"},
		Timeout: 30, AMDCallback: hookURL + "/amd-status",
	})
	require.NoError(t, err)
	d.waitCall(t, machine, "in-progress")
	telephonytest.Eventually(t, "the machine's verdict", func() bool { return d.hooks.hit("/amd-status") })
	require.NoError(t, tel.RedirectCall(ctx, machine, `<Response><Play>http://127.0.0.1/vm.mp3</Play><Hangup/></Response>`))
	d.waitCall(t, machine, "completed")

	d.requireEveryRoute(t)
}

// descriptionRun is the simulator on SWITCHBOARD_PORT, a stand-in for the
// service's webhooks (not through the gate: Twilio's description does not
// describe them), and the two clients, both pointed at the gate and both
// recording what they sent and how it was answered.
type descriptionRun struct {
	sim   *simulator.Simulator
	tel   *telephony.Client
	api   *openapi.ApiService
	hooks *hooks

	mu   sync.Mutex
	sent []sentRequest
}

type sentRequest struct {
	req    *http.Request
	status int
}

func newDescriptionRun(t *testing.T, gate, port string) *descriptionRun {
	t.Helper()
	d := &descriptionRun{hooks: &hooks{t: t, validator: client.NewRequestValidator(authToken), customer: map[string]string{}, callerID: callerID}}
	hookSrv := httptest.NewServer(d.hooks)
	d.hooks.url = hookSrv.URL

	// The dial delay is long enough for the fetch right after a create to
	// see a call that is still being dialled; the no-answer number rings
	// until the test ends it, however slowly Prism answers the polls.
	timing := fastTiming
	timing.DialDelay, timing.RingDelay = 300*time.Millisecond, 100*time.Millisecond
	timing.NoAnswerTimeout = time.Minute
	d.sim = simulator.New(simulator.Config{
		AccountSid: accountSid, AuthToken: authToken, Timing: timing, BaseURL: gate,
		CallControlURL: hookSrv.URL + "/callml", Logger: slog.New(slog.DiscardHandler),
	})
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", port))
	require.NoError(t, err)
	simSrv := &http.Server{Handler: d.sim.Handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = simSrv.Serve(ln) }()

	gateURL, err := url.Parse(gate)
	require.NoError(t, err)
	d.tel, err = telephony.NewClient(telephony.Config{AccountSID: accountSid, AuthToken: authToken, BaseURL: gate, Transport: d.record(http.DefaultTransport)})
	require.NoError(t, err)
	c := &client.Client{
		Credentials: client.NewCredentials(accountSid, authToken),
		HTTPClient:  &http.Client{Transport: d.record(rewriteHost{target: gateURL}), Timeout: 10 * time.Second},
	}
	c.SetAccountSid(accountSid)
	d.api = twilio.NewRestClientWithParams(twilio.ClientParams{Client: c}).Api
	d.hooks.api = d.api

	t.Cleanup(func() {
		d.sim.Close()
		_ = simSrv.Close()
		hookSrv.Close()
		d.hooks.mu.Lock()
		defer d.hooks.mu.Unlock()
		require.Empty(t, d.hooks.badSigs, "webhooks with a bad signature")
	})
	return d
}

type recordingTransport struct {
	d    *descriptionRun
	next http.RoundTripper
}

func (d *descriptionRun) record(next http.RoundTripper) http.RoundTripper {
	return recordingTransport{d: d, next: next}
}

func (rt recordingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := rt.next.RoundTrip(r)
	if err == nil {
		rt.d.mu.Lock()
		rt.d.sent = append(rt.d.sent, sentRequest{req: r, status: resp.StatusCode})
		rt.d.mu.Unlock()
	}
	return resp, err
}

func (d *descriptionRun) waitCall(t *testing.T, sid, status string) {
	t.Helper()
	telephonytest.Eventually(t, sid+" to be "+status, func() bool {
		c, err := d.api.FetchCall(sid, nil)
		require.NoError(t, err)
		return *c.Status == status
	})
}

// requireEveryRoute fails unless every REST route the simulator serves was
// answered 2xx through the gate at least once.
func (d *descriptionRun) requireEveryRoute(t *testing.T) {
	t.Helper()
	routes := simulator.RESTRoutes(d.sim)
	mux := http.NewServeMux()
	for _, r := range routes {
		mux.Handle(r, http.NotFoundHandler())
	}
	driven := map[string]bool{}
	d.mu.Lock()
	for _, s := range d.sent {
		if s.status >= 200 && s.status < 300 {
			_, pattern := mux.Handler(s.req)
			driven[pattern] = true
		}
	}
	d.mu.Unlock()
	var missing []string
	for _, r := range routes {
		if !driven[r] {
			missing = append(missing, r)
		}
	}
	slices.Sort(missing)
	require.Empty(t, missing, "REST routes of the simulator no request drove through Prism with a 2xx answer: "+
		"add a step to TestTwilioDescription (.ci/twilio-oai/README.md)")
	t.Logf("%d requests through the gate covered all %d REST routes of the simulator", len(d.sent), len(routes))
}
