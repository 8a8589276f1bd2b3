package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// outcomeID finds a workspace's outcome by name through the API.
func (tb *testBundle) outcomeID(token, name string) string {
	tb.t.Helper()
	r := tb.do("GET", "/v1/call-outcomes?includeArchived=true&limit=200", token, nil)
	require.Equal(tb.t, http.StatusOK, r.status, "body: %s", r.body)
	for _, o := range r.list() {
		if o["name"] == name {
			return o["id"].(string)
		}
	}
	tb.t.Fatalf("no outcome %q", name)
	return ""
}

func outcomeListNames(r resp) []string {
	var names []string
	for _, o := range r.list() {
		names = append(names, o["name"].(string))
	}
	return names
}

// TestCallOutcomes: every role reads the workspace's outcomes, the seven
// defaults first and in order; only admins add, rename and archive them;
// names are unique ignoring case and checked as names; archived ones are
// listed only when asked for.
func TestCallOutcomes(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		r := tb.do("GET", "/v1/call-outcomes", tb.tokA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, []string{"Interested", "Not interested", "Call back later", "Left voicemail",
			"No answer", "Wrong number", "Do not call"}, outcomeListNames(r))
		kinds := []string{}
		for _, o := range r.list() {
			kinds = append(kinds, o["kind"].(string))
			require.Equal(t, false, o["archived"])
			require.NotEmpty(t, o["createdAt"])
		}
		require.Equal(t, []string{"connected", "connected", "connected", "not_connected", "not_connected", "not_connected", "do_not_call"}, kinds)

		// Roles.
		requireError(t, tb.do("POST", "/v1/call-outcomes", tb.tokA, map[string]any{"name": "Demo booked", "kind": "connected"}),
			http.StatusForbidden, sb.EForbidden)
		created := tb.do("POST", "/v1/call-outcomes", tb.admA, map[string]any{"name": "  Demo booked ", "kind": "connected"})
		require.Equal(t, http.StatusCreated, created.status, "body: %s", created.body)
		require.Equal(t, "Demo booked", created.data()["name"], "trimmed")
		id := created.data()["id"].(string)
		requireError(t, tb.do("PATCH", "/v1/call-outcomes/"+id, tb.tokA, map[string]any{"archived": true}), http.StatusForbidden, sb.EForbidden)

		// Names.
		requireError(t, tb.do("POST", "/v1/call-outcomes", tb.admA, map[string]any{"name": "DEMO BOOKED", "kind": "connected"}),
			http.StatusConflict, sb.EOutcomeExists, "name")
		requireError(t, tb.do("PATCH", "/v1/call-outcomes/"+id, tb.admA, map[string]any{"name": "interested"}),
			http.StatusConflict, sb.EOutcomeExists, "name")
		for _, bad := range []string{"   ", "Bad\u202Ename", strings.Repeat("x", 61), "two\nlines"} {
			requireError(t, tb.do("POST", "/v1/call-outcomes", tb.admA, map[string]any{"name": bad, "kind": "connected"}),
				http.StatusBadRequest, sb.EInvalid, "name")
		}
		requireError(t, tb.do("POST", "/v1/call-outcomes", tb.admA, map[string]any{"name": "Maybe", "kind": "maybe"}),
			http.StatusBadRequest, sb.EInvalid)
		require.Len(t, tb.do("GET", "/v1/call-outcomes?includeArchived=true", tb.tokA, nil).list(), 8, "nothing written by refusals")

		// Archive and restore.
		r = tb.do("PATCH", "/v1/call-outcomes/"+id, tb.admA, map[string]any{"archived": true, "name": "Demo done"})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, true, r.data()["archived"])
		require.Equal(t, "Demo done", r.data()["name"])
		require.NotContains(t, outcomeListNames(tb.do("GET", "/v1/call-outcomes", tb.tokA, nil)), "Demo done")
		require.Contains(t, outcomeListNames(tb.do("GET", "/v1/call-outcomes?includeArchived=true", tb.tokA, nil)), "Demo done")
		g := tb.do("GET", "/v1/call-outcomes/"+id, tb.tokA, nil)
		require.Equal(t, http.StatusOK, g.status)
		require.Equal(t, true, g.data()["archived"])
		requireError(t, tb.do("GET", "/v1/call-outcomes/"+id, tb.tokB, nil), http.StatusNotFound, sb.ENotFound)
		requireError(t, tb.do("PATCH", "/v1/call-outcomes/"+id, tb.admB, map[string]any{"archived": false}), http.StatusNotFound, sb.ENotFound)

		// Pages, by cursor.
		p1 := tb.do("GET", "/v1/call-outcomes?limit=3", tb.tokA, nil)
		require.Equal(t, true, p1.meta()["hasMore"])
		p2 := tb.do("GET", "/v1/call-outcomes?limit=5&cursor="+p1.meta()["nextCursor"].(string), tb.tokA, nil)
		require.Equal(t, http.StatusOK, p2.status, "body: %s", p2.body)
		require.Equal(t, []string{"Left voicemail", "No answer", "Wrong number", "Do not call"}, outcomeListNames(p2))
		requireError(t, tb.do("GET", "/v1/call-outcomes?includeArchived=true&cursor="+p1.meta()["nextCursor"].(string), tb.tokA, nil),
			http.StatusBadRequest, sb.EInvalid, "cursor")
	})
}

// TestAfterCallWork: the call's agent records its outcome, notes and tags,
// in any status; nobody else may; bad input is refused naming the field
// and writes nothing; an outcome of kind do_not_call lists the number,
// which then cannot be dialled; call.outcome_set is recorded when the
// outcome changes to another one.
func TestAfterCallWork(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{events: true})
		vb.addCallerID(simCallerID)
		contact := vb.createContact(map[string]any{"firstName": "Grace", "phone": "(500) 555-0102"})
		r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": simulator.NumberBusy})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		call := r.data()
		sid := call["callSid"].(string)
		require.Equal(t, contact["id"], call["contactId"], "the contact with the dialled number")
		require.Nil(t, call["outcome"])
		require.Equal(t, "", call["notes"])
		require.Equal(t, []any{}, call["tags"])
		path := "/v1/calls/" + sid
		before := vb.waitCall(sid, "the busy call to end", func(c map[string]any) bool { return c["endedAt"] != nil })
		vb.settle()

		// Nobody but the call's agent.
		requireError(t, vb.do("PATCH", path, vb.tokA2, map[string]any{"notes": "grace"}), http.StatusForbidden, sb.ENotAgentParticipant)
		requireError(t, vb.do("PATCH", path, vb.tokAdm, map[string]any{"notes": "admin"}), http.StatusForbidden, sb.ENotAgentParticipant)
		requireError(t, vb.do("PATCH", path, vb.tokB, map[string]any{"notes": "b"}), http.StatusNotFound, sb.ENotFound)

		// Bad input names the field and writes nothing.
		interested := vb.outcomeID(vb.tokA, "Interested")
		archived := vb.do("POST", "/v1/call-outcomes", vb.admA, map[string]any{"name": "Old", "kind": "connected"}).data()["id"].(string)
		require.Equal(t, http.StatusOK, vb.do("PATCH", "/v1/call-outcomes/"+archived, vb.admA, map[string]any{"archived": true}).status)
		tooMany := make([]string, 21)
		for i := range tooMany {
			tooMany[i] = strings.Repeat("t", i+1)
		}
		for _, c := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"notes": "ok", "outcomeId": "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a71"}, "outcomeId"},
			{map[string]any{"notes": "ok", "outcomeId": archived}, "outcomeId"},
			{map[string]any{"notes": "ok", "outcomeId": vb.outcomeID(vb.tokB, "Interested")}, "outcomeId"},
			{map[string]any{"outcomeId": interested, "notes": "bell\a"}, "notes"},
			{map[string]any{"outcomeId": interested, "notes": strings.Repeat("n", 10001)}, "notes"},
			{map[string]any{"outcomeId": interested, "tags": tooMany}, "tags"},
			{map[string]any{"outcomeId": interested, "tags": []string{"ok", "   "}}, "tags"},
			{map[string]any{"outcomeId": interested, "tags": []string{strings.Repeat("x", 41)}}, "tags"},
			{map[string]any{"outcomeId": interested, "tags": []string{"a\u202Eb"}}, "tags"},
			{map[string]any{"outcomeId": interested, "extra": 1}, ""},
		} {
			requireError(t, vb.do("PATCH", path, vb.tokA, c.body), http.StatusBadRequest, sb.EInvalid)
			if c.field != "" {
				require.Contains(t, vb.do("PATCH", path, vb.tokA, c.body).errFields(), c.field, "%v", c.body)
			}
		}
		require.Equal(t, before, vb.do("GET", path, vb.tokA, nil).data(), "nothing half-written")

		// The agent's wrap-up, after the call ended.
		r = vb.do("PATCH", path, vb.tokA, map[string]any{"outcomeId": interested, "notes": "Wants a quote.\n\tFriday.",
			"tags": []string{" Renewal ", "PRICING", "renewal", strings.Repeat("é", 40)}})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		got := r.data()
		require.Equal(t, map[string]any{"id": interested, "name": "Interested", "kind": "connected"}, got["outcome"])
		require.Equal(t, "Wants a quote.\n\tFriday.", got["notes"])
		require.Equal(t, []any{"renewal", "pricing", strings.Repeat("é", 40)}, got["tags"])
		require.Equal(t, before["status"], got["status"])
		require.Equal(t, got, vb.do("GET", path, vb.tokA, nil).data())
		require.Equal(t, got, vb.do("GET", "/v1/calls", vb.tokA, nil).list()[0])

		// Absent fields stay, null clears.
		r = vb.do("PATCH", path, vb.tokA, map[string]any{"tags": nil})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, []any{}, r.data()["tags"])
		require.Equal(t, got["notes"], r.data()["notes"])
		r = vb.do("PATCH", path, vb.tokA, map[string]any{"outcomeId": nil, "notes": nil})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Nil(t, r.data()["outcome"])
		require.Equal(t, "", r.data()["notes"])

		// Archived: calls keep theirs.
		later := vb.outcomeID(vb.tokA, "Call back later")
		require.Equal(t, http.StatusOK, vb.do("PATCH", path, vb.tokA, map[string]any{"outcomeId": later}).status)
		require.Equal(t, http.StatusOK, vb.do("PATCH", "/v1/call-outcomes/"+later, vb.admA, map[string]any{"archived": true}).status)
		require.Equal(t, later, vb.do("GET", path, vb.tokA, nil).data()["outcome"].(map[string]any)["id"])

		set := outcomeSetEvents(t, vb, vb.wsA)
		require.Len(t, set, 2, "set to Interested, then to Call back later; the clear is no event")
		var data map[string]any
		require.NoError(t, json.Unmarshal(set[0].Data, &data))
		require.Equal(t, sid, data["callSid"])
		require.Equal(t, later, data["outcome"].(map[string]any)["id"], "the API's call, with its outcome")

		// Do not call: listed at once, from this call; the number is refused.
		dnc := vb.outcomeID(vb.tokA, "Do not call")
		r = vb.do("PATCH", path, vb.tokA, map[string]any{"outcomeId": dnc})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, "do_not_call", r.data()["outcome"].(map[string]any)["kind"])
		h := vb.do("GET", "/v1/dnc/history?phone="+simulator.NumberBusy, vb.admA, nil)
		require.Equal(t, http.StatusOK, h.status, "body: %s", h.body)
		require.Len(t, h.list(), 1)
		require.Equal(t, "call", h.list()[0]["source"])
		require.Equal(t, sid, h.list()[0]["callSid"])
		require.Equal(t, "ada", h.list()[0]["addedBy"])
		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": simulator.NumberBusy}), http.StatusUnprocessableEntity, sb.EDNCBlocked)
		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": contact["id"]}), http.StatusUnprocessableEntity, sb.EDNCBlocked)
		require.Len(t, outcomeSetEvents(t, vb, vb.wsA), 3)
	})
}

func outcomeSetEvents(t *testing.T, vb *voiceBundle, ws string) []*sb.Event {
	t.Helper()
	evs, _, err := vb.db.ListEvents(t.Context(), sb.EventFilter{WorkspaceID: ws, Page: sb.Page{Limit: sb.MaxLimit}})
	require.NoError(t, err)
	var out []*sb.Event
	for _, e := range evs {
		if e.Type == sb.EventCallOutcomeSet {
			out = append(out, e)
		}
	}
	return out
}

// TestCallContactID: a call's contactId is the workspace's contact with the
// dialled number, on click-to-call (by to or by contactId) and on the
// browser's own dial through the call-control webhook.
func TestCallContactID(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)
		grace := vb.createContact(map[string]any{"firstName": "Grace", "phone": simulator.NumberHangsUp})
		nophone := vb.createContact(map[string]any{"firstName": "No phone", "email": "np@example.com"})
		rb := vb.do("POST", "/v1/contacts", vb.tokB, map[string]any{"firstName": "B's", "phone": simulator.NumberNoAnswer})
		require.Equal(t, http.StatusCreated, rb.status)

		r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": grace["id"]})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, simulator.NumberHangsUp, r.data()["to"], "the contact's phone is dialled")
		require.Equal(t, grace["id"], r.data()["contactId"])
		r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": grace["id"], "to": "(500) 555-0101"})
		require.Equal(t, http.StatusCreated, r.status, "the same number in another notation: body: %s", r.body)
		require.Equal(t, grace["id"], r.data()["contactId"])
		r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": simulator.NumberAnswers})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Nil(t, r.data()["contactId"], "no contact has the number")

		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": grace["id"], "to": simulator.NumberAnswers}),
			http.StatusBadRequest, sb.EInvalid, "to")
		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": rb.data()["id"]}), http.StatusNotFound, sb.ENotFound)
		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": nophone["id"]}), http.StatusBadRequest, sb.EInvalid, "contactId")
		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{}), http.StatusBadRequest, sb.EInvalid, "to")
		vb.settle()

		// The browser's own dial: the call-control webhook's insert finds it.
		conn := vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberHangsUp, "workspaceId": vb.wsA})
		got := vb.do("GET", "/v1/calls/"+conn.CallSid, vb.tokA, nil)
		require.Equal(t, http.StatusOK, got.status, "body: %s", got.body)
		require.Equal(t, grace["id"], got.data()["contactId"])
		conn = vb.simConnect(map[string]any{"identity": vb.ada(), "to": simulator.NumberNoAnswer, "workspaceId": vb.wsA})
		got = vb.do("GET", "/v1/calls/"+conn.CallSid, vb.tokA, nil)
		require.Nil(t, got.data()["contactId"], "another workspace's contact is not this call's")
		vb.settle()
	})
}
