package callflow_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// Numbers with the zones libphonenumber gives them.
const (
	nyNumber     = "+12125551234" // America/New_York
	laNumber     = "+14155552671" // America/Los_Angeles
	ndNumber     = "+17015550123" // America/Denver and America/North_Dakota/Center
	noZoneNumber = "+80012345678" // international freephone: Etc/Unknown
	callerIDA    = "+15005550006" // workspace A's verified caller ID
)

func instant(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// agent gives identity a token of workspace ws (what makes it one of its
// agents) and returns its client identity as a browser leg carries it.
func (b *flowBundle) agent(t *testing.T, ws, identity string) string {
	t.Helper()
	_, _, err := b.db.CreateToken(context.Background(), ws, identity, sb.RoleAgent)
	require.NoError(t, err)
	return "client:" + clientIdentity(t, ws, identity)
}

func clientIdentity(t *testing.T, ws, identity string) string {
	t.Helper()
	id, err := telephony.ClientIdentity(ws, identity)
	require.NoError(t, err)
	return id
}

// verifiedCallerID stores phone as a verified caller ID of ws.
func (b *flowBundle) verifiedCallerID(t *testing.T, ws, phone string) {
	t.Helper()
	require.NoError(t, b.db.CreateCallerID(context.Background(),
		&sb.CallerID{WorkspaceID: ws, PhoneNumber: phone, Status: sb.CallerIDVerified}))
}

// window sets ws's calling hours ("" start turns them off) and, when not
// "", its time zone: the tests never lean on the defaults.
func (b *flowBundle) window(t *testing.T, ws, start, end, zone string) {
	t.Helper()
	p := sb.WorkspaceSettingsPatch{SetCallingHours: true}
	if start != "" {
		s, ok := sb.ParseClock(start)
		require.True(t, ok, start)
		e, ok := sb.ParseClock(end)
		require.True(t, ok, end)
		p.CallingHours = &sb.CallingHours{Start: s, End: e}
	}
	if zone != "" {
		p.TimeZone = &zone
	}
	_, err := b.db.UpdateWorkspaceSettings(context.Background(), ws, p)
	require.NoError(t, err)
}

// control runs the call-control webhook of a browser leg of client (as
// From and Caller, as Twilio sends it) and returns the answer's document
// and the call as stored.
func (b *flowBundle) control(t *testing.T, req callflow.ControlRequest) (callflow.Answer, telephonytest.Node, *sb.Call) {
	t.Helper()
	if req.CallSID == "" {
		req.CallSID = sid("CA")
	}
	ans, err := b.flow.Control(context.Background(), req)
	require.NoError(t, err)
	doc, err := telephonytest.ParseTwiML([]byte(ans.TwiML))
	require.NoError(t, err)
	c, err := b.db.FindCallByLeg(context.Background(), req.CallSID)
	require.NoError(t, err)
	return ans, doc, c
}

// requireRefused asserts a refusal: <Say> + <Hangup/>, nobody to dial, and
// the call failed with a reason of code.
func requireRefused(t *testing.T, ans callflow.Answer, doc telephonytest.Node, c *sb.Call, code string) {
	t.Helper()
	require.Nil(t, ans.Then, "a refused call dials nobody")
	require.Len(t, doc.Kids, 2)
	require.Equal(t, "Say", doc.Kids[0].Name)
	require.NotEmpty(t, strings.TrimSpace(doc.Kids[0].Text))
	require.Equal(t, "Hangup", doc.Kids[1].Name)
	require.Equal(t, sb.CallFailed, c.Status)
	require.True(t, strings.HasPrefix(c.FailureReason, code+":"), "reason %q", c.FailureReason)
	require.Empty(t, c.CustomerCallSID)
}

// requirePlaced asserts the agent's conference, starts the dial and waits
// for it.
func (b *flowBundle) requirePlaced(t *testing.T, ans callflow.Answer, doc telephonytest.Node) {
	t.Helper()
	require.NotNil(t, ans.Then, "a placed call dials the customer")
	require.Len(t, doc.Kids, 1)
	require.Equal(t, "Dial", doc.Kids[0].Name)
	ans.Then()
	b.settle(t)
}

func (b *flowBundle) settle(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, b.flow.Wait(ctx))
}

// dialled counts the legs the flow asked the provider to create to number.
func (b *flowBundle) dialled(number string) int {
	n := 0
	for _, r := range b.fake.Creates() {
		if r.Form.Get("To") == number {
			n++
		}
	}
	return n
}

// agentAnswers plays the provider once the agent answers a click-to-call
// to client: it requests the call-control webhook at the URL the flow gave
// with the agent leg's create (the last one to a client).
func (b *flowBundle) agentAnswers(t *testing.T, callSID string) (callflow.Answer, telephonytest.Node, *sb.Call) {
	t.Helper()
	var create *telephonytest.Request
	for _, r := range b.fake.Creates() {
		if strings.HasPrefix(r.Form.Get("To"), "client:") {
			create = &r
		}
	}
	require.NotNil(t, create, "no agent leg was created")
	u, err := url.Parse(create.Form.Get("Url"))
	require.NoError(t, err)
	q := u.Query()
	return b.control(t, callflow.ControlRequest{CallSID: callSID, From: create.Form.Get("From"), To: create.Form.Get("To"),
		DialTo: q.Get("to"), DialCallerID: q.Get("callerId"), DialWorkspaceID: q.Get("workspaceId")})
}

// answered stores an answered call of agent ada of the bundle's workspace,
// its conference known, as the webhook, the dial and the customer's
// answer leave it.
func (b *flowBundle) answered(t *testing.T) (agentLeg, customerLeg, conference string) {
	t.Helper()
	agentLeg, customerLeg, conference = sid("CA"), sid("CA"), sid("CF")
	b.call(t, agentLeg, customerLeg)
	ctx := context.Background()
	require.NoError(t, b.flow.Status(ctx, callflow.StatusRequest{CallSID: customerLeg, CallStatus: "in-progress", Sequence: 0}))
	_, err := b.db.UpdateCall(ctx, agentLeg, func(c *sb.Call) ([]*sb.CallEvent, error) {
		c.ConferenceSID = conference
		return nil, nil
	})
	require.NoError(t, err)
	return agentLeg, customerLeg, conference
}

// participants makes the fake serve a conference's participants: added
// (a new leg), updated (hold, mute) and removed.
func (b *flowBundle) participants() { b.participantsAdding(nil) }

// participantsAdding is participants with onAdd (unless nil) called with
// each added leg's SID before the fake answers the add.
func (b *flowBundle) participantsAdding(onAdd func(leg string)) {
	b.fake.Route(func(w http.ResponseWriter, r *http.Request, prefix string) bool {
		parts := strings.Split(strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(r.URL.Path, prefix), "/"), ".json"), "/")
		if len(parts) < 3 || parts[0] != "Conferences" || parts[2] != "Participants" {
			return false
		}
		switch {
		case r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		case len(parts) == 3:
			leg := telephonytest.NewSid()
			if onAdd != nil {
				onAdd(leg)
			}
			w.WriteHeader(http.StatusCreated)
			_, _ = w.Write([]byte(`{"call_sid": "` + leg + `", "conference_sid": "` + parts[1] + `", "status": "queued"}`))
		default:
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write([]byte(`{"call_sid": "` + parts[3] + `", "conference_sid": "` + parts[1] + `", "hold": ` +
				boolJSON(r.PostForm.Get("Hold") == "true") + `}`))
		}
		return true
	})
}

func boolJSON(v bool) string {
	if v {
		return "true"
	}
	return "false"
}

// requireCode asserts that err is the domain error code and that its
// details name every one of fields; it returns the details by field.
func requireCode(t *testing.T, err error, code string, fields ...string) map[string]string {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, code, sb.ErrorCode(err), "%v", err)
	var e *sb.Error
	require.ErrorAs(t, err, &e)
	details := map[string]string{}
	for _, d := range e.Details {
		details[d.Field] = d.Message
	}
	for _, f := range fields {
		require.Contains(t, details, f, "%v", err)
	}
	return details
}

// policyFlow is a flow over open whose workspace has agent ada (returned:
// her client identity), a verified default caller ID and the calling
// window 08:00-21:00 with UTC for numbers without a zone of their own.
func policyFlow(t *testing.T, open storetest.Opener, tune ...func(*callflow.Config)) (*flowBundle, string) {
	t.Helper()
	b := newFlow(t, open, tune...)
	ada := b.agent(t, b.ws, "ada")
	b.verifiedCallerID(t, b.ws, callerIDA)
	b.window(t, b.ws, "08:00", "21:00", "UTC")
	return b, ada
}

// onEachDBWith is onEachDB over policyFlow.
func onEachDBWith(t *testing.T, fn func(t *testing.T, b *flowBundle, ada string)) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			b, ada := policyFlow(t, d.Open)
			fn(t, b, ada)
		})
	}
}
