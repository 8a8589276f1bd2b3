package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// simTiming keeps simulated calls to a fraction of a second while keeping
// their phases apart.
var simTiming = simulator.Timing{
	DialDelay: 5 * time.Millisecond,
	RingDelay: 30 * time.Millisecond,
	// Tests act on a call that still rings or still talks (complete a
	// transfer whose slow target has not answered, cancel one whose target
	// rings, hold a customer who will hang up): these three leave a loaded
	// 2-core machine running -race ample time to do so. At 100 ms the slow
	// target once answered before the next request of the test arrived.
	SlowAnswerDelay: 1 * time.Second,
	NoAnswerTimeout: 1 * time.Second,
	TalkTime:        1 * time.Second,
	ValidationDelay: 500 * time.Millisecond,
	WebhookTimeout:  5 * time.Second,
	MachineGreeting: 60 * time.Millisecond,
	HumanDetection:  30 * time.Millisecond,
}

// simNow is the instant every voice test dials at unless it sets the clock
// itself: inside the default calling hours (08:00–21:00) in every zone of
// the tests' numbers. The simulator's +1500555… numbers map to every NANP
// zone, Guam (09:00 here) to Pago Pago (12:00) and St. John's (19:30); the
// 415 numbers are in Los Angeles (15:00).
var simNow = time.Date(2026, 1, 14, 23, 0, 0, 0, time.UTC)

// testClock is a settable clock for the call flow.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

const (
	fakeAccount = telephonytest.Account
	fakeToken   = telephonytest.AuthToken
	simCallerID = "+15005550006" // the simulator's incoming number
)

// voiceBundle is the service on a real listener whose URL is its
// PUBLIC_BASE_URL, with the call flow talking to either the simulator
// (mounted on the same listener, as cmd does) or a fake Twilio.
type voiceBundle struct {
	*testBundle
	flow  *callflow.Service
	sim   *simulator.Simulator
	fake  *telephonytest.Twilio
	clock *testClock // the call flow's clock, at simNow until a test moves it
}

type voiceOpts struct {
	fake          bool // a recording fake Twilio instead of the simulator
	maxPendingAge time.Duration
	// requestTimeout bounds each REST request (0: the client's 10 s);
	// dialClaim is the pending dials' claim (0: the flow's 30 s).
	requestTimeout, dialClaim time.Duration
	// webhooks records events and delivers them, as the program does;
	// events only records them (no delivery engine runs).
	webhooks, events bool
	// timing replaces simTiming (nil: simTiming).
	timing *simulator.Timing
}

// loopbackOnly is the delivery client of voice tests that run webhooks: the
// hostile run registers endpoints at any URL, and a test's traffic never
// leaves the machine, so it dials loopback addresses only and resolves no
// name.
var loopbackOnly = &http.Client{Transport: &http.Transport{
	DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("test deliveries dial loopback addresses only, not %s", addr)
		}
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	},
}}

func setupVoice(t testing.TB, open storetest.Opener, o voiceOpts) *voiceBundle {
	t.Helper()
	vb := &voiceBundle{clock: &testClock{now: simNow}}
	// A dial list's entries are settled on the store's clock: the flow's.
	opts := []store.Option{store.WithClock(vb.clock.Now)}
	if o.webhooks || o.events {
		opts = append(opts, store.WithEvents(server.EncodeEvent))
	}
	db := open(t, opts...)
	var evs *events.Service
	if o.webhooks {
		evs = startWebhooks(t, db, events.Config{Client: loopbackOnly})
	} else {
		evs = newEvents(t, db, events.Config{})
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	base := "http://" + ln.Addr().String()

	account, token, apiBase := fakeAccount, fakeToken, ""
	if o.fake {
		vb.fake = telephonytest.NewTwilio(t)
		apiBase = vb.fake.URL
	} else {
		timing := simTiming
		if o.timing != nil {
			timing = *o.timing
		}
		vb.sim = simulator.New(simulator.Config{CallControlURL: base + callflow.PathCallControl,
			AppStatusCallbackURL: base + callflow.PathStatus, BaseURL: base,
			Timing: timing, Logger: testLogger()})
		t.Cleanup(vb.sim.Close)
		account, token, apiBase = vb.sim.AccountSid(), vb.sim.AuthToken(), base
	}
	client, err := telephony.NewClient(telephony.Config{AccountSID: account, AuthToken: token, BaseURL: apiBase,
		Timeout: o.requestTimeout})
	require.NoError(t, err)
	tokens, err := telephony.NewTokenIssuer(account, "SK00000000000000000000000000000000", "secret0000", "AP00000000000000000000000000000000")
	require.NoError(t, err)
	vb.flow, err = callflow.New(callflow.Config{PublicBaseURL: base, Logger: testLogger(), RequestLogger: server.RequestLogger,
		MaxPendingAge: o.maxPendingAge, DialClaim: o.dialClaim, Now: vb.clock.Now,
		AllowHTTPAudio:   vb.sim != nil,         // as cmd does: simulator mode takes http audio
		LateCreateMargin: o.requestTimeout / 2}, // the default's ratio: 5 s for 10 s
		callflow.Deps{Calls: db, CallerIDs: db, DNC: db, Workspaces: db, Recordings: db, Provider: client})
	require.NoError(t, err)
	srv, err := server.New(server.Config{PublicBaseURL: base},
		server.Deps{Auth: db, Contacts: newContacts(t, db), Workspaces: db, Events: evs, Ping: db.Ping, Voice: vb.flow, Tokens: tokens,
			Signatures: telephony.NewValidator(token, base), PendingMigrations: db.PendingMigrations}, testLogger())
	require.NoError(t, err)
	if vb.sim != nil {
		h := echo.WrapHandler(vb.sim.Handler())
		srv.Echo().Any("/2010-04-01/*", h)
		srv.Echo().Any("/sim/*", h)
	}
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(func() {
		// Dials in flight finish before the database goes.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = vb.flow.Wait(ctx)
		vb.flow.Close() // and the late-leg watches stop
		ts.Close()
	})

	tb := &testBundle{t: t, url: base, db: db, wsA: storetest.NewWorkspaceID(), wsB: storetest.NewWorkspaceID(), client: ts.Client()}
	tb.makeTokens()
	vb.testBundle = tb
	return vb
}

// clientID is the Twilio client identity of agent in workspace ws, as the
// voice token grants it and the browser leg carries it.
func clientID(t testing.TB, ws, agent string) string {
	t.Helper()
	id, err := telephony.ClientIdentity(ws, agent)
	require.NoError(t, err)
	return id
}

// ada is agent ada of workspace A's client identity.
func (vb *voiceBundle) ada() string { return clientID(vb.t, vb.wsA, "ada") }

// addCallerID stores a verified caller ID for workspace A directly.
func (vb *voiceBundle) addCallerID(phone string) {
	vb.t.Helper()
	require.NoError(vb.t, vb.db.CreateCallerID(context.Background(),
		&sb.CallerID{WorkspaceID: vb.wsA, PhoneNumber: phone, Status: sb.CallerIDVerified}))
}

// webhook sends a provider webhook to path (with its query) signed with
// token; method is GET or POST.
func (vb *voiceBundle) webhook(method, path string, form url.Values, token string) resp {
	vb.t.Helper()
	full := vb.url + path
	var req *http.Request
	var err error
	if method == http.MethodGet {
		req, err = http.NewRequest(method, full, nil)
	} else {
		req, err = http.NewRequest(method, full, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	require.NoError(vb.t, err)
	if token != "" {
		signed := form
		if method == http.MethodGet {
			signed = nil
		}
		req.Header.Set(telephony.SignatureHeader, telephony.Sign(token, full, signed))
	}
	return vb.send(req)
}

// settle waits for the dials and hang-ups the flow started.
func (vb *voiceBundle) settle() {
	vb.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(vb.t, vb.flow.Wait(ctx))
}

func parseTwiML(t testing.TB, r resp) telephonytest.Node {
	t.Helper()
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	require.Equal(t, "application/xml", r.header.Get("Content-Type"))
	root, err := telephonytest.ParseTwiML(r.body)
	require.NoError(t, err)
	return root
}

// conferenceOf asserts <Response><Dial><Conference> and returns the
// conference element.
func conferenceOf(t testing.TB, root telephonytest.Node) telephonytest.Node {
	t.Helper()
	require.Len(t, root.Kids, 1, "one verb")
	dial := root.Kids[0]
	require.Equal(t, "Dial", dial.Name)
	require.Len(t, dial.Kids, 1)
	conf := dial.Kids[0]
	require.Equal(t, "Conference", conf.Name)
	return conf
}

// requireRefusal asserts <Response><Say>…</Say><Hangup/></Response>.
func requireRefusal(t testing.TB, root telephonytest.Node) {
	t.Helper()
	require.Len(t, root.Kids, 2)
	require.Equal(t, "Say", root.Kids[0].Name)
	require.NotEmpty(t, strings.TrimSpace(root.Kids[0].Text))
	require.Equal(t, "Hangup", root.Kids[1].Name)
}

// simConnect plays Device.connect on the simulator.
func (vb *voiceBundle) simConnect(body map[string]any) simulator.ConnectResponse {
	vb.t.Helper()
	b, err := json.Marshal(body)
	require.NoError(vb.t, err)
	res, err := vb.client.Post(vb.url+"/sim/connect", "application/json", bytes.NewReader(b))
	require.NoError(vb.t, err)
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	require.Equal(vb.t, http.StatusCreated, res.StatusCode, "body: %s", raw)
	var out simulator.ConnectResponse
	require.NoError(vb.t, json.Unmarshal(raw, &out))
	return out
}

// simCall returns the simulator's view of leg sid.
func (vb *voiceBundle) simCall(sid string) simulator.CallView {
	for _, c := range vb.sim.State().Calls {
		if c.Sid == sid {
			return c
		}
	}
	vb.t.Fatalf("the simulator has no call %s", sid)
	return simulator.CallView{}
}

// waitStatus polls GET /v1/calls/{sid} (as ada) until the call has status.
func (vb *voiceBundle) waitStatus(sid string, status string) map[string]any {
	vb.t.Helper()
	var last map[string]any
	telephonytest.Eventually(vb.t, "call "+sid+" to be "+status, func() bool {
		r := vb.do("GET", "/v1/calls/"+sid, vb.tokA, nil)
		require.Equal(vb.t, http.StatusOK, r.status, "body: %s", r.body)
		last = r.data()
		return last["status"] == status
	})
	return last
}
