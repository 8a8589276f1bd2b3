package server_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// callAt stores a call of ws by agent through the store, then writes its
// time and after-call data with the store's test fixture.
func (tb *testBundle) callAt(ws, agent string, f storetest.CallFixture) string {
	tb.t.Helper()
	c := &sb.Call{CallSID: "CA" + randHex(tb.t, 16), WorkspaceID: ws, AgentIdentity: agent, To: "+15005550100",
		From: "+15005550006", Status: sb.CallInitiated, ConferenceName: "sb-" + randHex(tb.t, 8)}
	_, err := tb.db.BeginCall(context.Background(), c, time.Minute)
	require.NoError(tb.t, err)
	storetest.WriteCallFixture(tb.t, tb.db, c.CallSID, f)
	return c.CallSID
}

func sids(r resp) []string {
	out := []string{}
	for _, c := range r.list() {
		out = append(out, c["callSid"].(string))
	}
	return out
}

// walkCalls reads a list by cursor, limit 2, and returns every call SID.
func (tb *testBundle) walkCalls(path, token string) []string {
	tb.t.Helper()
	var out []string
	cursor := ""
	for range 50 {
		p := path + "&limit=2"
		if cursor != "" {
			p += "&cursor=" + url.QueryEscape(cursor)
		}
		r := tb.do("GET", p, token, nil)
		require.Equal(tb.t, http.StatusOK, r.status, "%s: %s", p, r.body)
		out = append(out, sids(r)...)
		next, _ := r.meta()["nextCursor"].(string)
		if next == "" {
			require.Equal(tb.t, false, r.meta()["hasMore"])
			return out
		}
		cursor = next
	}
	tb.t.Fatalf("%s: the walk did not end", path)
	return nil
}

func TestCallLists(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		contact := tb.createContact(map[string]any{"firstName": "Ada", "phone": "+14155550111"})["id"].(string)
		outcome := storetest.OutcomeNamed(t, tb.db, tb.wsA, "Interested", sb.OutcomeConnected)
		base := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		at := func(h int) time.Time { return base.Add(time.Duration(h) * time.Hour) }
		// Newest last: a1 < g1 < a2 < g2 < a3 (workspace A), b1 in B.
		a1 := tb.callAt(tb.wsA, "ada", storetest.CallFixture{CreatedAt: at(1), ContactID: contact, Tags: []string{"pricing"}})
		g1 := tb.callAt(tb.wsA, "grace", storetest.CallFixture{CreatedAt: at(2), ContactID: contact, OutcomeID: outcome, Status: sb.CallBusy})
		a2 := tb.callAt(tb.wsA, "ada", storetest.CallFixture{CreatedAt: at(3), OutcomeID: outcome, Tags: []string{"pricing", "vip"}})
		g2 := tb.callAt(tb.wsA, "grace", storetest.CallFixture{CreatedAt: at(4), Tags: []string{"pricing"}, Status: sb.CallBusy})
		a3 := tb.callAt(tb.wsA, "ada", storetest.CallFixture{CreatedAt: at(5), ContactID: contact, Status: sb.CallBusy})
		tb.callAt(tb.wsB, "alan", storetest.CallFixture{CreatedAt: at(6), ContactID: contact, Tags: []string{"pricing"}})

		t.Run("Roles", func(t *testing.T) {
			require.Equal(t, []string{a3, a2, a1}, tb.walkCalls("/v1/calls?x=1", tb.tokA), "an agent lists its own calls")
			require.Equal(t, []string{a3, a2, a1}, tb.walkCalls("/v1/calls?agent=ada", tb.tokA), "and may name itself")
			requireError(t, tb.do("GET", "/v1/calls?agent=grace", tb.tokA, nil), http.StatusForbidden, sb.EForbidden, "agent")
			require.Equal(t, []string{a3, g2, a2, g1, a1}, tb.walkCalls("/v1/calls?x=1", tb.tokAdm), "an admin lists the workspace's")
			require.Equal(t, []string{g2, g1}, tb.walkCalls("/v1/calls?agent=grace", tb.tokAdm))
			r := tb.do("GET", "/v1/calls", tb.tokAdm, nil)
			require.Equal(t, float64(5), r.meta()["total"])
			require.Equal(t, true, r.meta()["totalExact"])
		})

		t.Run("Filters", func(t *testing.T) {
			cases := []struct {
				query string
				token string
				want  []string
			}{
				{"status=busy", tb.tokAdm, []string{a3, g2, g1}},
				{"status=busy", tb.tokA, []string{a3}},
				{"contactId=" + contact, tb.tokAdm, []string{a3, g1, a1}},
				{"outcomeId=" + outcome, tb.tokAdm, []string{a2, g1}},
				{"tag=%20PRICING%20", tb.tokAdm, []string{g2, a2, a1}},
				{"tag=pricing&agent=ada", tb.tokAdm, []string{a2, a1}},
				{"tag=pricing&status=busy", tb.tokAdm, []string{g2}},
				{"createdAfter=" + url.QueryEscape(at(2).Format(time.RFC3339)), tb.tokAdm, []string{a3, g2, a2, g1}},
				{"createdBefore=" + url.QueryEscape(at(2).Format(time.RFC3339)), tb.tokAdm, []string{a1}},
				{"createdAfter=" + url.QueryEscape(at(2).Format(time.RFC3339)) + "&createdBefore=" + url.QueryEscape(at(5).Format(time.RFC3339)) + "&tag=pricing",
					tb.tokAdm, []string{g2, a2}},
				{"contactId=" + contact + "&status=busy&agent=grace", tb.tokAdm, []string{g1}},
				{"outcomeId=nothing-has-it", tb.tokAdm, nil},
			}
			for _, tc := range cases {
				require.Equal(t, tc.want, tb.walkCalls("/v1/calls?"+tc.query, tc.token), tc.query)
			}
		})

		t.Run("CursorBoundToFilters", func(t *testing.T) {
			r := tb.do("GET", "/v1/calls?status=busy&limit=1", tb.tokAdm, nil)
			cur := r.meta()["nextCursor"].(string)
			requireError(t, tb.do("GET", "/v1/calls?status=completed&limit=1&cursor="+url.QueryEscape(cur), tb.tokAdm, nil),
				http.StatusBadRequest, sb.EInvalid, "cursor")
			requireError(t, tb.do("GET", "/v1/calls?status=busy&limit=1&cursor="+url.QueryEscape(cur), tb.tokA, nil),
				http.StatusBadRequest, sb.EInvalid, "cursor")
			require.Equal(t, http.StatusOK, tb.do("GET", "/v1/calls?status=busy&limit=1&cursor="+url.QueryEscape(cur), tb.admA, nil).status,
				"another admin of the workspace reads the same list")
		})

		t.Run("BadInput", func(t *testing.T) {
			for q, field := range map[string]string{
				"status=ringin":               "status",
				"createdAfter=yesterday":      "createdAfter",
				"createdBefore=2026-13-01":    "createdBefore",
				"tag=%20%20":                  "tag",
				"limit=0":                     "limit",
				"cursor=abc":                  "cursor",
				"contactId=" + longString(65): "contactId",
			} {
				requireError(t, tb.do("GET", "/v1/calls?"+q, tb.tokAdm, nil), http.StatusBadRequest, sb.EInvalid, field)
			}
		})

		t.Run("ContactHistory", func(t *testing.T) {
			for _, tok := range []string{tb.tokA, tb.tokA2, tb.tokAdm} {
				require.Equal(t, []string{a3, g1, a1}, tb.walkCalls("/v1/contacts/"+contact+"/calls?x=1", tok), "any token of the workspace")
			}
			requireError(t, tb.do("GET", "/v1/contacts/"+contact+"/calls", tb.tokB, nil), http.StatusNotFound, sb.ENotFound)
			requireError(t, tb.do("GET", "/v1/contacts/0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b/calls", tb.tokA, nil), http.StatusNotFound, sb.ENotFound)
			requireError(t, tb.do("GET", "/v1/contacts/nope/calls", tb.tokA, nil), http.StatusNotFound, sb.ENotFound)
			r := tb.do("GET", "/v1/contacts/"+contact+"/calls?limit=1", tb.tokA, nil)
			cur := r.meta()["nextCursor"].(string)
			requireError(t, tb.do("GET", "/v1/calls?limit=1&cursor="+url.QueryEscape(cur), tb.tokAdm, nil), http.StatusBadRequest, sb.EInvalid, "cursor")
		})
	})
}

func longString(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'x'
	}
	return string(b)
}

func randHex(t testing.TB, n int) string {
	b := make([]byte, n)
	_, err := rand.Read(b)
	require.NoError(t, err)
	return hex.EncodeToString(b)
}
