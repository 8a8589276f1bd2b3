package simulator_test

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/twilio/twilio-go"
	"github.com/twilio/twilio-go/client"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"
	"github.com/twilio/twilio-go/twiml"

	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

const (
	accountSid = "AC11111111111111111111111111111111"
	authToken  = "testtoken123"
	callerID   = "+15005550006" // seeded incoming number
)

// fastTiming keeps every test under a second while keeping the phases
// distinct (answering slowly is slower than ringing, and so on).
var fastTiming = simulator.Timing{
	DialDelay:       5 * time.Millisecond,
	RingDelay:       20 * time.Millisecond,
	SlowAnswerDelay: 80 * time.Millisecond,
	NoAnswerTimeout: 60 * time.Millisecond,
	TalkTime:        100 * time.Millisecond,
	ValidationDelay: 20 * time.Millisecond,
	WebhookTimeout:  2 * time.Second,
	MachineGreeting: 60 * time.Millisecond,
	HumanDetection:  30 * time.Millisecond,
}

// bundle is one simulator behind a real HTTP server, the real twilio-go
// client pointed at it, and a webhook server standing in for the service.
type bundle struct {
	sim    *simulator.Simulator
	simURL string
	api    *openapi.ApiService
	hooks  *hooks
}

func setup(t *testing.T) *bundle {
	t.Helper()
	b := &bundle{hooks: &hooks{t: t, validator: client.NewRequestValidator(authToken), customer: map[string]string{}}}
	hookSrv := httptest.NewServer(b.hooks)
	b.hooks.url = hookSrv.URL

	logger := slog.New(slog.DiscardHandler)
	if testing.Verbose() {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	b.sim = simulator.New(simulator.Config{
		AccountSid:     accountSid,
		AuthToken:      authToken,
		Logger:         logger,
		Timing:         fastTiming,
		CallControlURL: hookSrv.URL + "/callml",
	})
	simSrv := httptest.NewServer(b.sim.Handler())
	b.simURL = simSrv.URL
	b.api = restClient(t, simSrv.URL, accountSid, authToken)
	b.hooks.api = b.api
	b.hooks.callerID = callerID

	t.Cleanup(func() {
		b.sim.Close()
		simSrv.Close()
		hookSrv.Close()
		b.hooks.mu.Lock()
		defer b.hooks.mu.Unlock()
		require.Empty(t, b.hooks.badSigs, "webhooks with a bad signature")
	})
	return b
}

// restClient is twilio-go's REST client talking to base instead of
// https://api.twilio.com: its transport rewrites scheme and host and keeps
// the path.
func restClient(t *testing.T, base, user, pass string) *openapi.ApiService {
	t.Helper()
	target, err := url.Parse(base)
	require.NoError(t, err)
	c := &client.Client{
		Credentials: client.NewCredentials(user, pass),
		HTTPClient:  &http.Client{Transport: rewriteHost{target: target}, Timeout: 5 * time.Second},
	}
	c.SetAccountSid(user)
	return twilio.NewRestClientWithParams(twilio.ClientParams{Client: c}).Api
}

type rewriteHost struct{ target *url.URL }

func (rt rewriteHost) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.Scheme, r.URL.Host, r.Host = rt.target.Scheme, rt.target.Host, rt.target.Host
	return http.DefaultTransport.RoundTrip(r)
}

// hit is one webhook the stand-in service received.
type hit struct {
	Path  string
	Query url.Values
	Form  url.Values
}

// hooks stands in for the service's provider-facing endpoints: it checks
// every signature the way the service does (twilio-go's validator, URL as
// requested, r.PostForm only) and answers the contract's TwiML.
type hooks struct {
	t         *testing.T
	url       string
	api       *openapi.ApiService
	callerID  string
	validator client.RequestValidator

	mu       sync.Mutex
	hits     []hit
	badSigs  []string
	customer map[string]string // agent CallSid → customer CallSid
}

func (h *hooks) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	params := map[string]string{}
	for k, v := range r.PostForm {
		params[k] = v[0]
	}
	if !h.validator.Validate(h.url+r.URL.RequestURI(), params, r.Header.Get("X-Twilio-Signature")) {
		h.mu.Lock()
		h.badSigs = append(h.badSigs, r.URL.RequestURI())
		h.mu.Unlock()
		http.Error(w, "bad signature", http.StatusForbidden)
		return
	}
	h.mu.Lock()
	h.hits = append(h.hits, hit{Path: r.URL.Path, Query: r.URL.Query(), Form: r.PostForm})
	h.mu.Unlock()

	switch r.URL.Path {
	case "/callml":
		h.callml(w, r)
	case "/conference-join":
		writeTwiML(w, &twiml.VoiceDial{InnerElements: []twiml.Element{&twiml.VoiceConference{
			Name: r.URL.Query().Get("conference"), EndConferenceOnExit: "true", ParticipantLabel: "customer",
			OptionalAttributes: map[string]string{"label": "customer"},
		}}})
	case "/join": // a generic conference join: ?conference=&label=
		q := r.URL.Query()
		writeTwiML(w, &twiml.VoiceDial{InnerElements: []twiml.Element{&twiml.VoiceConference{
			Name: q.Get("conference"), ParticipantLabel: q.Get("label"),
			StartConferenceOnEnter: "true", EndConferenceOnExit: q.Get("end"),
		}}})
	case "/announce": // a conference's AnnounceUrl
		writeTwiML(w, &twiml.VoiceSay{Message: "This call is recorded."})
	case "/voicemail": // a redirect's document
		writeTwiML(w, &twiml.VoicePlay{Url: "http://127.0.0.1/vm.mp3"}, &twiml.VoiceHangup{})
	case "/hangup":
		writeTwiML(w, &twiml.VoiceSay{Message: "Goodbye"}, &twiml.VoiceHangup{})
	default: // status, recording-status, validation: acknowledged
		w.WriteHeader(http.StatusNoContent)
	}
}

// hit reports whether a signed webhook reached path.
func (h *hooks) hit(path string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, x := range h.hits {
		if x.Path == path {
			return true
		}
	}
	return false
}

// callml is the contract's call-control webhook: the agent leg goes into a
// new conference, and the customer leg is created at once, before the TwiML
// is answered (the simulator must not wait on either).
func (h *hooks) callml(w http.ResponseWriter, r *http.Request) {
	to := r.URL.Query().Get("To") // click-to-call carries the customer in the URL
	if to == "" {
		to = r.PostForm.Get("To")
	}
	if !strings.HasPrefix(to, "+") {
		writeTwiML(w, &twiml.VoiceSay{Message: "That number cannot be called."}, &twiml.VoiceHangup{})
		return
	}
	name := "conf-" + r.PostForm.Get("CallSid")
	from := r.PostForm.Get("callerId")
	if from == "" {
		from = h.callerID
	}
	params := &openapi.CreateCallParams{}
	params.SetTo(to)
	params.SetFrom(from)
	params.SetUrl(h.url + "/conference-join?conference=" + url.QueryEscape(name))
	params.SetStatusCallback(h.url + "/status")
	params.SetStatusCallbackEvent([]string{"completed"})
	customer, err := h.api.CreateCall(params)
	if err != nil {
		h.t.Errorf("create customer call: %v", err)
		writeTwiML(w, &twiml.VoiceHangup{})
		return
	}
	h.mu.Lock()
	h.customer[r.PostForm.Get("CallSid")] = *customer.Sid
	h.mu.Unlock()
	writeTwiML(w, &twiml.VoiceDial{InnerElements: []twiml.Element{&twiml.VoiceConference{
		Name: name, StartConferenceOnEnter: "true", EndConferenceOnExit: "false", ParticipantLabel: "agent",
	}}})
}

func writeTwiML(w http.ResponseWriter, verbs ...twiml.Element) {
	doc, err := twiml.Voice(verbs)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/xml")
	_, _ = w.Write([]byte(doc))
}

// received returns the webhooks received on path for callSid (any, if empty).
func (h *hooks) received(path, callSid string) []hit {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []hit
	for _, x := range h.hits {
		if x.Path == path && (callSid == "" || x.Form.Get("CallSid") == callSid) {
			out = append(out, x)
		}
	}
	return out
}

func (h *hooks) customerOf(agentSid string) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.customer[agentSid]
}

func (b *bundle) callStatus(t *testing.T, sid string) string {
	t.Helper()
	c, err := b.api.FetchCall(sid, nil)
	require.NoError(t, err)
	return *c.Status
}

func (b *bundle) waitCallStatus(t *testing.T, sid, status string) {
	t.Helper()
	telephonytest.Eventually(t, sid+" to be "+status, func() bool { return b.callStatus(t, sid) == status })
}

// connect is POST /sim/connect.
func (b *bundle) connect(t *testing.T, req simulator.ConnectRequest) simulator.ConnectResponse {
	t.Helper()
	body, err := json.Marshal(req)
	require.NoError(t, err)
	resp, err := http.Post(b.simURL+"/sim/connect", "application/json", strings.NewReader(string(body)))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	var out simulator.ConnectResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	return out
}

func (b *bundle) state(t *testing.T) simulator.State {
	t.Helper()
	resp, err := http.Get(b.simURL + "/sim/calls")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var st simulator.State
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&st))
	return st
}

// restError asserts err is Twilio's error JSON with the given status and code.
func restError(t *testing.T, err error, status, code int) {
	t.Helper()
	var te *client.TwilioRestError
	require.True(t, errors.As(err, &te), "want a TwilioRestError, got %v", err)
	require.Equal(t, status, te.Status)
	require.Equal(t, code, te.Code, te.Message)
	require.NotEmpty(t, te.Message)
	require.Contains(t, te.MoreInfo, "twilio.com/docs/errors/")
}

func statuses(hs []hit) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Form.Get("CallStatus"))
	}
	return out
}
