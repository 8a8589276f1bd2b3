package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// POST /v1/dial-checks over HTTP on both databases, on the flow's injected
// clock: its answer's shape, a refusal's reasons and nextAllowedAt in a
// 422's details, the contact's zone, and the workspace settings it reads.
func TestDialChecksHTTP(t *testing.T) {
	const miami = "+13055551234" // Florida, America/New_York
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{fake: true})
		r := vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"callingHours": map[string]any{"start": "00:00", "end": "24:00"}})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, true, r.data()["stateRules"])
		require.Nil(t, r.data()["attemptLimit"])

		vb.clock.Set(time.Date(2026, 3, 9, 23, 59, 0, 0, time.UTC)) // 19:59 in Miami
		r = vb.do("POST", "/v1/dial-checks", vb.tokA, map[string]any{"to": "(305) 555-1234"})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, map[string]any{"to": miami, "allowed": true, "reasons": []any{},
			"timeZones": []any{"America/New_York"}, "nextAllowedAt": nil}, r.data())

		vb.clock.Set(time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)) // 20:00
		r = vb.do("POST", "/v1/dial-checks", vb.tokA, map[string]any{"to": miami})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		d := r.data()
		require.Equal(t, false, d["allowed"])
		require.Equal(t, "2026-03-10T12:00:00Z", d["nextAllowedAt"])
		reasons := d["reasons"].([]any)
		require.Len(t, reasons, 1)
		require.Equal(t, sb.ReasonStateRule, reasons[0].(map[string]any)["code"])
		require.Contains(t, reasons[0].(map[string]any)["message"], "501.616(6)(a)")

		// The same refusal on a dial: 422 with every reason and nextAllowedAt.
		r = vb.do("POST", "/v1/calls", vb.tokA, map[string]any{"to": miami})
		requireError(t, r, http.StatusUnprocessableEntity, sb.EStateRule, "to", "reasons", "nextAllowedAt")
		for _, x := range r.json["error"].(map[string]any)["details"].([]any) {
			x := x.(map[string]any)
			switch x["field"] {
			case "reasons":
				require.Equal(t, sb.ReasonStateRule, x["code"])
			case "nextAllowedAt":
				require.Equal(t, "2026-03-10T12:00:00Z", x["message"])
			}
		}

		// The state table off: allowed.
		r = vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"stateRules": false})
		require.Equal(t, false, r.data()["stateRules"])
		r = vb.do("POST", "/v1/dial-checks", vb.tokA, map[string]any{"to": miami})
		require.Equal(t, true, r.data()["allowed"])

		// A contact's zone, by contactId: a Los Angeles number whose contact
		// lives in New York, at 21:30 there.
		vb.clock.Set(time.Date(2026, 1, 15, 2, 30, 0, 0, time.UTC))
		r = vb.do("PATCH", "/v1/workspace", vb.tokAdm, map[string]any{"callingHours": map[string]any{"start": "08:00", "end": "21:00"}})
		require.Equal(t, http.StatusOK, r.status)
		r = vb.do("POST", "/v1/contacts", vb.tokA, map[string]any{"firstName": "Grace", "phone": "+14155552671", "timeZone": "America/New_York"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, "America/New_York", r.data()["timeZone"])
		id := r.data()["id"].(string)
		r = vb.do("POST", "/v1/dial-checks", vb.tokB, map[string]any{"contactId": id})
		require.Equal(t, http.StatusNotFound, r.status, "another workspace's contact")
		r = vb.do("POST", "/v1/dial-checks", vb.tokA, map[string]any{"contactId": id})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, []any{"America/Los_Angeles", "America/New_York"}, r.data()["timeZones"])
		require.Equal(t, sb.ReasonOutsideCallingHours, r.data()["reasons"].([]any)[0].(map[string]any)["code"])
		require.Equal(t, "2026-01-15T16:00:00Z", r.data()["nextAllowedAt"])

		requireError(t, vb.do("POST", "/v1/dial-checks", vb.tokA, map[string]any{}), http.StatusBadRequest, sb.EInvalid, "to")
		requireError(t, vb.do("POST", "/v1/dial-checks", vb.tokA, map[string]any{"to": "12"}), http.StatusBadRequest, sb.EInvalidPhone, "to")
		requireError(t, vb.do("POST", "/v1/dial-checks", "", map[string]any{"to": miami}), http.StatusUnauthorized, sb.EUnauthorized)
	})
}

// The dial-check settings: admin only, bad values 400 naming the field and
// writing nothing, null removing the limit.
func TestDialCheckSettings(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		requireError(t, tb.do("PATCH", "/v1/workspace", tb.tokA, map[string]any{"stateRules": false}), http.StatusForbidden, sb.EForbidden)
		limit := map[string]any{"max": float64(3), "windowHours": float64(24)}
		r := tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"attemptLimit": limit, "stateRules": false})
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, limit, r.data()["attemptLimit"])
		require.Equal(t, false, r.data()["stateRules"])
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"attemptLimit": map[string]any{"max": 0, "windowHours": 24}}, "attemptLimit.max"},
			{map[string]any{"attemptLimit": map[string]any{"max": 101, "windowHours": 24}}, "attemptLimit.max"},
			{map[string]any{"attemptLimit": map[string]any{"max": 3, "windowHours": 0}}, "attemptLimit.windowHours"},
			{map[string]any{"attemptLimit": map[string]any{"max": 3, "windowHours": 721}}, "attemptLimit.windowHours"},
			{map[string]any{"attemptLimit": map[string]any{"max": 3}}, "attemptLimit.windowHours"},
			{map[string]any{"attemptLimit": map[string]any{"max": "3", "windowHours": 24}}, "attemptLimit.max"},
			{map[string]any{"stateRules": "no"}, "stateRules"},
		} {
			r := tb.do("PATCH", "/v1/workspace", tb.tokAdm, tc.body)
			requireError(t, r, http.StatusBadRequest, sb.EInvalid)
			require.Contains(t, strings.Join(r.errFields(), " "), tc.field, "%v: %s", tc.body, r.body)
		}
		r = tb.do("GET", "/v1/workspace", tb.tokA, nil)
		require.Equal(t, limit, r.data()["attemptLimit"], "nothing refused was written")
		r = tb.do("PATCH", "/v1/workspace", tb.tokAdm, map[string]any{"attemptLimit": nil})
		require.Nil(t, r.data()["attemptLimit"])
		require.Equal(t, false, r.data()["stateRules"], "absent fields are left alone")
	})
}

// A contact's time zone by POST, PATCH and CSV import; a bad zone is 400
// naming timeZone, or fails its row alone.
func TestContactTimeZone(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		requireError(t, tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Ada", "timeZone": "Mars/Olympus"}),
			http.StatusBadRequest, sb.EInvalid, "timeZone")
		r := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Ada"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Contains(t, r.data(), "timeZone")
		require.Nil(t, r.data()["timeZone"])
		id := r.data()["id"].(string)
		r = tb.do("PATCH", "/v1/contacts/"+id, tb.tokA, map[string]any{"timeZone": "Europe/London"})
		require.Equal(t, "Europe/London", r.data()["timeZone"])
		requireError(t, tb.do("PATCH", "/v1/contacts/"+id, tb.tokA, map[string]any{"timeZone": "Local"}), http.StatusBadRequest, sb.EInvalid, "timeZone")
		r = tb.do("PATCH", "/v1/contacts/"+id, tb.tokA, map[string]any{"timeZone": nil})
		require.Nil(t, r.data()["timeZone"])

		r = tb.postCSV(tb.tokA, "?onDuplicate=update", "name,phone,Time Zone\n"+
			"Grace Hopper,+14155552671,America/New_York\n"+
			"Alan Turing,+442079460000,Europe/Londres\n"+
			"Edsger Dijkstra,+31201234567,\n")
		require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
		require.Equal(t, 2, num(r.data()["imported"]))
		require.Equal(t, 1, num(r.data()["failed"]))
		errs := r.data()["errors"].([]any)
		require.Equal(t, "timeZone", errs[0].(map[string]any)["field"])
		zones := map[string]any{}
		for _, c := range tb.do("GET", "/v1/contacts", tb.tokA, nil).list() {
			zones[c["phone"].(string)] = c["timeZone"]
		}
		require.Equal(t, "America/New_York", zones["+14155552671"])
		require.Nil(t, zones["+31201234567"])
		// tz, updating a duplicate.
		r = tb.postCSV(tb.tokA, "?onDuplicate=update", "phone,tz\n+14155552671,America/Chicago\n")
		require.Equal(t, 1, num(r.data()["updated"]), "body: %s", r.body)
		for _, c := range tb.do("GET", "/v1/contacts", tb.tokA, nil).list() {
			if c["phone"] == "+14155552671" {
				require.Equal(t, "America/Chicago", c["timeZone"])
			}
		}
	})
}
