package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

var dialSeq atomic.Int64

// newDialSid is a CallSid no other test of this file uses.
func newDialSid() string { return fmt.Sprintf("CA%032x", 0xd1a10000+dialSeq.Add(1)) }

// The customer is rung once per call, whatever the provider does after
// accepting the create: answer past the client's timeout, reset the
// connection, answer 5xx. Reconciliation lists the provider's calls as
// Twilio serves them (newest first, one leg per page here, queued legs
// without a start_time) and adopts the leg; it dials again only when the
// provider has none, and never adopts another call's leg.
func TestCustomerLegOnceWithFakeTwilio(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true, requestTimeout: 300 * time.Millisecond, dialClaim: 10 * time.Second})
		vb.addCallerID(simCallerID)
		vb.fake.SetPageMax(1) // every list spans pages: next_page_uri is followed
		const customer = "+15005550100"

		// dialOnce runs the call-control webhook for a new call and waits
		// for its dial; it returns the call and its customer legs at the
		// provider.
		dialOnce := func(name string, plan ...telephonytest.Create) (*sb.Call, []string) {
			t.Helper()
			vb.fake.Plan(plan...)
			sid := newDialSid()
			conf := conferenceOf(t, parseTwiML(t, vb.webhook("POST", "/v1/voice/callml", url.Values{
				"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {"client:" + vb.ada()}, "Caller": {"client:" + vb.ada()},
				"To": {customer}, "Direction": {"inbound"}, "CallStatus": {"ringing"}, "workspaceId": {vb.wsA},
			}, fakeToken)))
			vb.settle()
			call := mustCall(t, vb, sid)
			legs := vb.fake.LegsFor(strings.TrimSpace(conf.Text))
			t.Logf("%s: call %s: %d customer leg(s) at the provider %v, recorded %q, status %s",
				name, sid, len(legs), legs, call.CustomerCallSID, call.Status)
			return call, legs
		}

		cases := []struct {
			name    string
			plan    []telephonytest.Create
			creates int // Calls.json creates sent
		}{
			{"AnswerAfterTheClientsTimeout", []telephonytest.Create{{Mode: "hang"}}, 1},
			{"ConnectionResetAfterCreating", []telephonytest.Create{{Mode: "reset", Dialled: true}}, 1},
			{"5xxAfterCreating", []telephonytest.Create{{Mode: "5xx", Dialled: true}}, 1},
			// The provider created nothing: the list is empty, so the
			// customer is dialled again (and the earlier calls' legs to
			// the same number, listed too, are not taken).
			{"5xxWithoutCreating", []telephonytest.Create{{Mode: "5xx-none"}, {Mode: "5xx-none"}}, 3},
		}
		var live *sb.Call
		for _, tc := range cases {
			before := len(vb.fake.Creates())
			call, legs := dialOnce(tc.name, tc.plan...)
			live = call
			require.Len(t, legs, 1, "%s: one customer leg", tc.name)
			require.Equal(t, legs[0], call.CustomerCallSID, "%s: the leg is recorded", tc.name)
			require.Equal(t, sb.CallInitiated, call.Status, tc.name)
			require.Len(t, vb.fake.Creates()[before:], tc.creates, tc.name)
		}

		// How the provider was asked: queued legs by status (they have no
		// start_time), the rest from the UTC midnight before the dial.
		lists := vb.fake.CallLists()
		require.NotEmpty(t, lists)
		var queued, started bool
		for _, q := range lists {
			require.Equal(t, customer, q.Get("To"))
			require.Equal(t, simCallerID, q.Get("From"))
			if q.Get("Status") == "queued" {
				queued = true
				require.Empty(t, q.Get("StartTime>"))
			}
			if v := q.Get("StartTime>"); v != "" {
				started = true
				at, err := time.Parse(time.RFC3339, v)
				require.NoError(t, err)
				require.Equal(t, at.Truncate(24*time.Hour), at, "a midnight")
			}
		}
		require.True(t, queued && started, "both lists: %v", lists)
		require.NotEmpty(t, lists[len(lists)-1].Get("Page"), "the last list followed next_page_uri")

		// A 4xx is final: no list, no second create.
		mark := len(vb.fake.CallLists())
		vb.fake.Fail(&telephonytest.Error{Status: 400, Code: 21215, Message: "Geo permission"})
		call, legs := dialOnce("4xx")
		vb.fake.Fail(nil)
		require.Empty(t, legs)
		require.Equal(t, sb.CallFailed, call.Status)
		require.Contains(t, call.FailureReason, "21215")
		require.Len(t, vb.fake.CallLists(), mark, "a refusal is not reconciled")

		// The call ends (the agent hangs up) while the create hangs: the
		// leg found afterwards is hung up at once. The list fails until
		// the agent's end is written, so the order is certain.
		vb.fake.Plan(telephonytest.Create{Mode: "hang"})
		vb.fake.SetListFails(1000)
		vb.fake.DrainLegs()
		sid := newDialSid()
		conferenceOf(t, parseTwiML(t, vb.webhook("POST", "/v1/voice/callml", url.Values{
			"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {"client:" + vb.ada()}, "To": {customer}, "workspaceId": {vb.wsA},
		}, fakeToken)))
		leg := vb.fake.NextLeg()
		require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/status", url.Values{
			"CallSid": {sid}, "AccountSid": {fakeAccount}, "CallStatus": {"completed"}, "SequenceNumber": {"0"}}, fakeToken).status)
		vb.fake.SetListFails(0)
		vb.settle()
		require.Len(t, vb.fake.HangUps(leg), 1, "the ended call's leg is hung up")
		require.True(t, mustCall(t, vb, sid).Status.Final())

		// The call ends while a create that made nothing (5xx) is
		// reconciled: the customer is not dialled again.
		vb.fake.Plan(telephonytest.Create{Mode: "5xx-none"})
		vb.fake.SetListFails(1000)
		before := len(vb.fake.Creates())
		sid = newDialSid()
		conf := conferenceOf(t, parseTwiML(t, vb.webhook("POST", "/v1/voice/callml", url.Values{
			"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {"client:" + vb.ada()}, "To": {customer}, "workspaceId": {vb.wsA},
		}, fakeToken)))
		telephonytest.Eventually(t, "the create", func() bool { return len(vb.fake.Creates()) > before })
		require.Equal(t, http.StatusNoContent, vb.webhook("POST", "/v1/voice/status", url.Values{
			"CallSid": {sid}, "AccountSid": {fakeAccount}, "CallStatus": {"completed"}, "SequenceNumber": {"0"}}, fakeToken).status)
		vb.fake.SetListFails(0)
		vb.settle()
		t.Logf("call %s ended while its dial was reconciled: %d customer leg(s)", sid, len(vb.fake.LegsFor(strings.TrimSpace(conf.Text))))
		require.Len(t, vb.fake.Creates(), before+1, "an ended call is not dialled again")
		require.Empty(t, vb.fake.LegsFor(strings.TrimSpace(conf.Text)))

		// A conference-join from a leg the call does not have is hung up.
		r := vb.webhook("POST", "/v1/voice/conference-join?conference="+url.QueryEscape(live.ConferenceName),
			url.Values{"CallSid": {telephonytest.NewSid()}, "AccountSid": {fakeAccount}, "CallStatus": {"in-progress"}}, fakeToken)
		root := parseTwiML(t, r)
		require.Len(t, root.Kids, 1)
		require.Equal(t, "Hangup", root.Kids[0].Name)
	})
}
