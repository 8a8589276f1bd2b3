package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// newDialList makes a list of workspace A as its admin and returns it.
func (tb *testBundle) newDialList(body map[string]any) map[string]any {
	tb.t.Helper()
	r := tb.do("POST", "/v1/dial-lists", tb.admA, body)
	require.Equal(tb.t, http.StatusCreated, r.status, "body: %s", r.body)
	return r.data()
}

// next takes the list's next entry as token; it returns the entry (nil for
// none) and the skipped entries.
func (tb *testBundle) next(token, list string) (map[string]any, []map[string]any) {
	tb.t.Helper()
	r := tb.do("POST", "/v1/dial-lists/"+list+"/next", token, nil)
	require.Equal(tb.t, http.StatusOK, r.status, "body: %s", r.body)
	d := r.data()
	e, _ := d["entry"].(map[string]any)
	var skipped []map[string]any
	for _, s := range d["skipped"].([]any) {
		skipped = append(skipped, s.(map[string]any))
	}
	return e, skipped
}

// entries lists all of a list's entries by contact id.
func (tb *testBundle) entries(list string) map[string]map[string]any {
	tb.t.Helper()
	r := tb.do("GET", "/v1/dial-lists/"+list+"/entries?limit=200", tb.tokA, nil)
	require.Equal(tb.t, http.StatusOK, r.status, "body: %s", r.body)
	out := map[string]map[string]any{}
	for _, e := range r.list() {
		out[e["contactId"].(string)] = e
	}
	return out
}

func (tb *testBundle) dialList(list string) map[string]any {
	tb.t.Helper()
	r := tb.do("GET", "/v1/dial-lists/"+list, tb.tokA, nil)
	require.Equal(tb.t, http.StatusOK, r.status, "body: %s", r.body)
	return r.data()
}

// waitEnded waits for the call to end, read from the store (any agent's).
func (vb *voiceBundle) waitEnded(sid, what string) {
	vb.t.Helper()
	telephonytest.Eventually(vb.t, what, func() bool {
		c, err := vb.db.FindCall(vb.t.Context(), vb.wsA, sid)
		require.NoError(vb.t, err)
		return c.EndedAt != nil
	})
}

func rfc(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// TestDialLists works a list through the simulator on both databases: the
// lease and who may dial it, the attempt a call counts, the call's end
// (answered, busy) and a later not_connected outcome moving the entry, the
// retry delay and maxAttempts on the flow's clock, DNC skipped for good,
// and the list finishing by itself with dial_list.done.
func TestDialLists(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{events: true})
		vb.addCallerID(simCallerID)
		a := vb.createContact(map[string]any{"firstName": "Ann", "phone": simulator.NumberHangsUp})
		b := vb.createContact(map[string]any{"firstName": "Bob", "phone": simulator.NumberBusy})
		c := vb.createContact(map[string]any{"firstName": "Cy", "phone": "+15005550110"})
		require.Equal(t, http.StatusCreated, vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": "+15005550110", "reason": "asked"}).status)
		l := vb.newDialList(map[string]any{"name": "Renewals", "contactIds": []string{a["id"].(string), b["id"].(string), c["id"].(string), a["id"].(string)},
			"maxAttempts": 2, "retryMinutes": 30, "callerId": simCallerID})
		id := l["id"].(string)
		require.Equal(t, "active", l["status"])
		require.Equal(t, 3, num(l["size"]), "a repeated contact once")
		require.Equal(t, 3, num(l["remaining"]))
		require.Equal(t, simCallerID, l["callerId"])

		// ada leases Ann (position 1); grace gets Bob, then Cy is skipped
		// for good (DNC) and nothing is left to lease.
		e, skipped := vb.next(vb.tokA, id)
		require.Equal(t, a["id"], e["contactId"])
		require.Equal(t, "leased", e["status"])
		require.Equal(t, "ada", e["leasedBy"])
		require.Equal(t, rfc(simNow.Add(10*time.Minute)), e["leaseUntil"])
		require.Empty(t, skipped)
		e, _ = vb.next(vb.tokA2, id)
		require.Equal(t, b["id"], e["contactId"])
		e, skipped = vb.next(vb.tokA2, id)
		require.Nil(t, e)
		require.Equal(t, []map[string]any{{"contactId": c["id"], "reason": "dnc_blocked", "nextAllowedAt": nil}}, skipped)
		ents := vb.entries(id)
		require.Equal(t, "skipped", ents[c["id"].(string)]["status"])
		require.Equal(t, "dnc_blocked", ents[c["id"].(string)]["skipReason"])
		require.Equal(t, 2, num(vb.dialList(id)["remaining"]))

		// Only the lease's holder dials it.
		dial := func(tok string, contact map[string]any) resp {
			return vb.do("POST", "/v1/calls", tok, map[string]any{"contactId": contact["id"], "dialListId": id})
		}
		requireError(t, dial(vb.tokA2, a), http.StatusConflict, sb.EEntryNotLeased, "contactId")
		requireError(t, dial(vb.tokA, c), http.StatusConflict, sb.EEntryNotLeased, "contactId")
		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"dialListId": id}), http.StatusBadRequest, sb.EInvalid, "contactId")
		requireError(t, vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": a["id"], "dialListId": id, "to": "+15005550100"}),
			http.StatusBadRequest, sb.EInvalid, "to")

		// Ann answers and hangs up: done; her wrap-up says voicemail
		// (not_connected), which counts as unanswered: pending for 30
		// minutes from the end.
		r := dial(vb.tokA, a)
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		annCall := r.data()["callSid"].(string)
		require.Equal(t, id, r.data()["dialListId"])
		require.Equal(t, simCallerID, r.data()["from"], "the list's caller ID")
		requireError(t, dial(vb.tokA, a), http.StatusConflict, sb.EEntryNotLeased) // dialled: once
		ent := vb.entries(id)[a["id"].(string)]
		require.Equal(t, 1, num(ent["attempts"]))
		require.Nil(t, ent["leaseUntil"], "dialled: the lease lasts as long as the call")
		vb.waitEnded(annCall, "Ann's call to end")
		vb.settle()
		ent = vb.entries(id)[a["id"].(string)]
		require.Equal(t, "done", ent["status"], "%v", ent)
		require.Equal(t, "answered", ent["lastOutcome"])
		require.Equal(t, annCall, ent["lastCallSid"])
		require.Equal(t, 1, num(vb.dialList(id)["remaining"]))
		voicemail := vb.outcomeID(vb.tokA, "Left voicemail")
		require.Equal(t, http.StatusOK, vb.do("PATCH", "/v1/calls/"+annCall, vb.tokA, map[string]any{"outcomeId": voicemail}).status)
		ent = vb.entries(id)[a["id"].(string)]
		require.Equal(t, "pending", ent["status"])
		require.Equal(t, "not_connected", ent["lastOutcome"])
		require.Equal(t, rfc(simNow.Add(30*time.Minute)), ent["nextAttemptAt"])

		// Bob is busy: pending for 30 minutes, attempt 1 of 2.
		r = dial(vb.tokA2, b)
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		bobCall := r.data()["callSid"].(string)
		vb.waitEnded(bobCall, "Bob's call to end")
		vb.settle()
		ent = vb.entries(id)[b["id"].(string)]
		require.Equal(t, "pending", ent["status"])
		require.Equal(t, "busy", ent["lastOutcome"])
		require.Equal(t, rfc(simNow.Add(30*time.Minute)), ent["nextAttemptAt"])
		e, skipped = vb.next(vb.tokA, id)
		require.Nil(t, e, "nothing is due before the retry delay")
		require.Empty(t, skipped)

		// 31 minutes on: both are due again. Bob's second busy exhausts
		// him; Ann's second call is answered, no outcome: done, and the list
		// with her.
		vb.clock.Set(simNow.Add(31 * time.Minute))
		first, _ := vb.next(vb.tokA, id)
		second, _ := vb.next(vb.tokA, id)
		require.ElementsMatch(t, []any{a["id"], b["id"]}, []any{first["contactId"], second["contactId"]})
		r = dial(vb.tokA, b)
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		bobCall = r.data()["callSid"].(string)
		vb.waitEnded(bobCall, "Bob's second call to end")
		vb.settle()
		ent = vb.entries(id)[b["id"].(string)]
		require.Equal(t, "exhausted", ent["status"])
		require.Equal(t, 2, num(ent["attempts"]))
		require.Empty(t, listEvents(t, vb, sb.EventDialListDone))
		r = dial(vb.tokA, a)
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		annCall = r.data()["callSid"].(string)
		vb.waitEnded(annCall, "Ann's second call to end")
		vb.settle()
		l = vb.dialList(id)
		require.Equal(t, "done", l["status"])
		require.Equal(t, 0, num(l["remaining"]))
		done := listEvents(t, vb, sb.EventDialListDone)
		require.Len(t, done, 1)
		var data map[string]any
		require.NoError(t, json.Unmarshal(done[0].Data, &data))
		require.Equal(t, id, data["id"])
		require.Equal(t, "done", data["status"])
		requireError(t, vb.do("POST", "/v1/dial-lists/"+id+"/next", vb.tokA, nil), http.StatusConflict, sb.EDialListInactive)
		requireError(t, vb.do("PATCH", "/v1/dial-lists/"+id, vb.admA, map[string]any{"status": "active"}), http.StatusConflict, sb.EDialListInactive)

		// The entries' filter and paging.
		r = vb.do("GET", "/v1/dial-lists/"+id+"/entries?status=done", vb.tokA, nil)
		require.Equal(t, http.StatusOK, r.status)
		require.Len(t, r.list(), 1)
		require.Equal(t, a["id"], r.list()[0]["contactId"])
		r = vb.do("GET", "/v1/dial-lists/"+id+"/entries?limit=2", vb.tokA, nil)
		require.Equal(t, []any{1.0, 2.0}, []any{r.list()[0]["position"], r.list()[1]["position"]})
		r = vb.do("GET", "/v1/dial-lists/"+id+"/entries?limit=2&cursor="+r.meta()["nextCursor"].(string), vb.tokA, nil)
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Len(t, r.list(), 1)
		require.Equal(t, c["id"], r.list()[0]["contactId"])
		requireError(t, vb.do("GET", "/v1/dial-lists/"+id+"/entries?status=lost", vb.tokA, nil), http.StatusBadRequest, sb.EInvalid)
	})
}

func listEvents(t *testing.T, vb *voiceBundle, typ sb.EventType) []*sb.Event {
	t.Helper()
	evs, _, err := vb.db.ListEvents(t.Context(), sb.EventFilter{WorkspaceID: vb.wsA, Type: typ, Page: sb.Page{Limit: 100}})
	require.NoError(t, err)
	return evs
}

// TestDialListLeases: a lease ends after 10 minutes undialled (on the
// flow's clock) and the entry goes to whoever asks next; the first agent can
// no longer dial it. A paused list hands out nothing and its leases cannot
// be dialled. The calling hours keep an entry pending until the window
// opens, with the instant reported.
func TestDialListLeases(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)
		x := vb.createContact(map[string]any{"firstName": "Xi", "phone": "+15005550100"})
		l := vb.newDialList(map[string]any{"name": "Leases", "contactIds": []string{x["id"].(string)}})
		id := l["id"].(string)
		require.Equal(t, 3, num(l["maxAttempts"]))
		require.Equal(t, 60, num(l["retryMinutes"]))
		require.Nil(t, l["callerId"])

		e, _ := vb.next(vb.tokA, id)
		require.Equal(t, x["id"], e["contactId"])
		vb.clock.Set(simNow.Add(9 * time.Minute))
		e, _ = vb.next(vb.tokA2, id)
		require.Nil(t, e, "ada's lease still runs")
		vb.clock.Set(simNow.Add(10*time.Minute + time.Second))
		e, _ = vb.next(vb.tokA2, id)
		require.Equal(t, x["id"], e["contactId"], "ada's lease ended: grace gets it")
		require.Equal(t, "grace", e["leasedBy"])
		dial := func(tok string) resp {
			return vb.do("POST", "/v1/calls", tok, map[string]any{"contactId": x["id"], "dialListId": id})
		}
		requireError(t, dial(vb.tokA), http.StatusConflict, sb.EEntryNotLeased)

		// Paused: next and the dial of a lease are refused; resumed, they go.
		requireError(t, vb.do("PATCH", "/v1/dial-lists/"+id, vb.tokA, map[string]any{"status": "paused"}), http.StatusForbidden, sb.EForbidden)
		r := vb.do("PATCH", "/v1/dial-lists/"+id, vb.admA, map[string]any{"status": "paused", "name": " Leases, paused "})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, "paused", r.data()["status"])
		require.Equal(t, "Leases, paused", r.data()["name"])
		requireError(t, vb.do("POST", "/v1/dial-lists/"+id+"/next", vb.tokA, nil), http.StatusConflict, sb.EDialListInactive)
		requireError(t, dial(vb.tokA2), http.StatusConflict, sb.EDialListInactive)
		requireError(t, vb.do("PATCH", "/v1/dial-lists/"+id, vb.admA, map[string]any{"status": "done"}), http.StatusBadRequest, sb.EInvalid)
		require.Equal(t, http.StatusOK, vb.do("PATCH", "/v1/dial-lists/"+id, vb.admA, map[string]any{"status": "active"}).status)
		r = dial(vb.tokA2)
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)

		// The calling hours: a Los Angeles number at 15:00 there, a window
		// of 08:00–12:00: pending until 08:00 tomorrow (16:00 UTC).
		la := vb.createContact(map[string]any{"firstName": "Lu", "phone": "+14155550199"})
		r = vb.do("PATCH", "/v1/workspace", vb.admA, map[string]any{"callingHours": map[string]any{"start": "08:00", "end": "12:00"}, "stateRules": false})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		vb.clock.Set(simNow)
		hours := vb.newDialList(map[string]any{"name": "Hours", "contactIds": []string{la["id"].(string)}})["id"].(string)
		e, skipped := vb.next(vb.tokA, hours)
		require.Nil(t, e)
		want := rfc(time.Date(2026, 1, 15, 16, 0, 0, 0, time.UTC))
		require.Equal(t, []map[string]any{{"contactId": la["id"], "reason": "outside_calling_hours", "nextAllowedAt": want}}, skipped)
		ent := vb.entries(hours)[la["id"].(string)]
		require.Equal(t, "pending", ent["status"])
		require.Equal(t, want, ent["nextAttemptAt"])
		require.Equal(t, 0, num(ent["attempts"]))
		e, skipped = vb.next(vb.tokA, hours)
		require.Nil(t, e)
		require.Empty(t, skipped, "not due before the window opens")
		vb.clock.Set(time.Date(2026, 1, 15, 16, 0, 0, 0, time.UTC))
		e, _ = vb.next(vb.tokA, hours)
		require.Equal(t, la["id"], e["contactId"], "due once the window opened")
	})
}

// TestDialListCreate: the snapshot from ids or from a search, exactly one
// of them, the bounds, the roles, and another workspace's contacts and
// lists (404, nothing written or changed).
func TestDialListCreate(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		vb.addCallerID(simCallerID)
		var acme []string
		for i := range 5 {
			acme = append(acme, vb.createContact(map[string]any{"firstName": fmt.Sprintf("A%d", i), "company": "Acme",
				"phone": fmt.Sprintf("+1500555%04d", 2000+i)})["id"].(string))
		}
		vb.createContact(map[string]any{"firstName": "Nophone", "company": "Acme"})
		vb.createContact(map[string]any{"firstName": "Other", "company": "Initech", "phone": "+15005552100"})
		theirs := vb.do("POST", "/v1/contacts", vb.tokB, map[string]any{"firstName": "B", "phone": "+15005552200"}).data()["id"].(string)

		l := vb.newDialList(map[string]any{"name": "Acme", "search": map[string]any{"filters": map[string]any{"company": "acme"}}})
		require.Equal(t, 5, num(l["size"]), "the matches with a phone")
		ents := vb.do("GET", "/v1/dial-lists/"+l["id"].(string)+"/entries", vb.tokA, nil).list()
		require.Len(t, ents, 5)
		require.Equal(t, acme[4], ents[0]["contactId"], "newest first")
		require.Equal(t, "+15005552004", ents[0]["phone"])
		q := vb.newDialList(map[string]any{"name": "Query", "search": map[string]any{"query": "a3"}})
		require.Equal(t, 1, num(q["size"]))

		bad := []struct {
			body   map[string]any
			status int
			code   string
			field  string
		}{
			{map[string]any{"name": "Neither"}, 400, sb.EInvalid, "contactIds"},
			{map[string]any{"name": "Both", "contactIds": acme[:1], "search": map[string]any{"query": "a"}}, 400, sb.EInvalid, "contactIds"},
			{map[string]any{"name": "Empty", "contactIds": []string{}}, 400, sb.EInvalid, ""},
			{map[string]any{"name": "Too many", "contactIds": make([]string, 10001)}, 400, sb.EInvalid, ""},
			{map[string]any{"name": "Attempts", "contactIds": acme, "maxAttempts": 11}, 400, sb.EInvalid, ""},
			{map[string]any{"name": "Attempts", "contactIds": acme, "maxAttempts": 0}, 400, sb.EInvalid, ""},
			{map[string]any{"name": "Retry", "contactIds": acme, "retryMinutes": 0}, 400, sb.EInvalid, ""},
			{map[string]any{"name": "  ", "contactIds": acme}, 400, sb.EInvalid, "name"},
			{map[string]any{"name": "Theirs", "contactIds": append([]string{theirs}, acme...)}, 404, sb.ENotFound, "contactIds"},
			{map[string]any{"name": "Unknown", "contactIds": []string{"nope"}}, 404, sb.ENotFound, "contactIds"},
			{map[string]any{"name": "No match", "search": map[string]any{"query": "zzzz"}}, 400, sb.EInvalid, "search"},
			{map[string]any{"name": "Caller", "contactIds": acme, "callerId": "+15005550199"}, 422, sb.ECallerIDNotAllowed, "callerId"},
		}
		for _, c := range bad {
			r := vb.do("POST", "/v1/dial-lists", vb.admA, c.body)
			if c.field != "" {
				requireError(t, r, c.status, c.code, c.field)
			} else {
				requireError(t, r, c.status, c.code)
			}
		}
		requireError(t, vb.do("POST", "/v1/dial-lists", vb.tokA, map[string]any{"name": "Agent", "contactIds": acme}), http.StatusForbidden, sb.EForbidden)
		r := vb.do("GET", "/v1/dial-lists", vb.tokA, nil)
		require.Equal(t, http.StatusOK, r.status)
		require.Len(t, r.list(), 2, "nothing half-written")
		require.Equal(t, q["id"], r.list()[0]["id"], "newest first")

		// Another workspace sees none of it and changes nothing.
		id := l["id"].(string)
		requireError(t, vb.do("GET", "/v1/dial-lists/"+id, vb.tokB, nil), http.StatusNotFound, sb.ENotFound)
		requireError(t, vb.do("GET", "/v1/dial-lists/"+id+"/entries", vb.tokB, nil), http.StatusNotFound, sb.ENotFound)
		requireError(t, vb.do("POST", "/v1/dial-lists/"+id+"/next", vb.tokB, nil), http.StatusNotFound, sb.ENotFound)
		requireError(t, vb.do("PATCH", "/v1/dial-lists/"+id, vb.admB, map[string]any{"status": "paused"}), http.StatusNotFound, sb.ENotFound)
		requireError(t, vb.do("POST", "/v1/calls", vb.tokB, map[string]any{"contactId": acme[0], "dialListId": id}), http.StatusNotFound, sb.ENotFound)
		require.Empty(t, vb.do("GET", "/v1/dial-lists", vb.tokB, nil).list())
		require.Equal(t, l, vb.dialList(id))
		for _, e := range vb.entries(id) {
			require.Equal(t, "pending", e["status"])
		}
	})
}

// TestDialListConcurrentNext: many agents asking at once never get one
// entry twice, and every entry is handed out.
func TestDialListConcurrentNext(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		var ids []string
		for i := range 40 {
			ids = append(ids, vb.createContact(map[string]any{"firstName": "C", "phone": fmt.Sprintf("+1500555%04d", 3000+i)})["id"].(string))
		}
		id := vb.newDialList(map[string]any{"name": "Crowd", "contactIds": ids})["id"].(string)
		var mu sync.Mutex
		got := map[string]int{}
		var wg sync.WaitGroup
		for g := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tok := vb.tokA
				if g%2 == 1 {
					tok = vb.tokA2
				}
				for range 5 {
					r := vb.do("POST", "/v1/dial-lists/"+id+"/next", tok, nil)
					if r.status != http.StatusOK {
						t.Errorf("next: %d %s", r.status, r.body)
						return
					}
					if e, ok := r.data()["entry"].(map[string]any); ok {
						mu.Lock()
						got[e["contactId"].(string)]++
						mu.Unlock()
					}
				}
			}()
		}
		wg.Wait()
		require.Len(t, got, 40, "every entry handed out")
		for c, n := range got {
			require.Equal(t, 1, n, "entry %s handed out %d times", c, n)
		}
	})
}

// TestDialListProviderFails: a call the provider refuses to create is never
// stored, so it counts no attempt and the entry stays leased to the agent,
// who dials it again.
func TestDialListProviderFails(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		vb.addCallerID(simCallerID)
		x := vb.createContact(map[string]any{"firstName": "Xi", "phone": "+15005550100"})
		id := vb.newDialList(map[string]any{"name": "Fails", "contactIds": []string{x["id"].(string)}})["id"].(string)
		e, _ := vb.next(vb.tokA, id)
		require.NotNil(t, e)
		vb.fake.Plan(telephonytest.Create{Mode: "5xx-none"})
		r := vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": x["id"], "dialListId": id})
		require.GreaterOrEqual(t, r.status, 500, "body: %s", r.body)
		ent := vb.entries(id)[x["id"].(string)]
		require.Equal(t, "leased", ent["status"])
		require.Equal(t, 0, num(ent["attempts"]))
		require.Equal(t, "ada", ent["leasedBy"])
		r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"contactId": x["id"], "dialListId": id})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, 1, num(vb.entries(id)[x["id"].(string)]["attempts"]))
	})
}
