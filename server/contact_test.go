package server_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/contacts"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// newContacts is the contacts service as cmd/switchboard builds it.
func newContacts(t testing.TB, db *store.DB) *contacts.Service {
	svc, err := contacts.New(contacts.Config{DefaultRegion: "US", ImportWriters: db.ImportWriters(),
		Logger: testLogger(), RequestLogger: server.RequestLogger},
		contacts.Deps{Contacts: db, DNC: db, Events: db})
	require.NoError(t, err)
	return svc
}

func TestContactCreate(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		c := tb.createContact(map[string]any{
			"workspaceId": tb.wsA, "firstName": " Ada ", "lastName": "Lovelace", "phone": "(415) 555-2671",
			"email": "ada@example.com", "company": "Analytical Engines", "notes": "Prefers mornings.",
		})
		require.NotEmpty(t, c["id"])
		require.Equal(t, tb.wsA, c["workspaceId"])
		require.Equal(t, "Ada", c["firstName"], "values are trimmed")
		require.Equal(t, "+14155552671", c["phone"], "phone is stored in E.164")
		require.Equal(t, "Prefers mornings.", c["notes"], "notes are returned")
		require.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$`, c["createdAt"], "RFC 3339 UTC")
		require.Equal(t, c["createdAt"], c["updatedAt"])

		// The workspace may be omitted: the token's is used.
		c2 := tb.createContact(map[string]any{"firstName": "Grace"})
		require.Equal(t, tb.wsA, c2["workspaceId"])
		require.Equal(t, "", c2["phone"])

		// The same number in another notation is the same contact.
		r := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Ada", "phone": "+1 415-555-2671"})
		requireError(t, r, http.StatusConflict, "contact_exists", "id")
		require.Equal(t, c["id"], r.json["error"].(map[string]any)["details"].([]any)[0].(map[string]any)["message"])

		// Another workspace may hold the same number.
		r = tb.do("POST", "/v1/contacts", tb.tokB, map[string]any{"firstName": "Ada", "phone": "+14155552671"})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
	})
}

func TestContactCreateRejects(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		cases := []struct {
			name   string
			token  string
			body   any
			status int
			code   string
			field  string
		}{
			{"no token", "", map[string]any{"firstName": "A"}, 401, "unauthorized", ""},
			{"unknown token", "sb_nope", map[string]any{"firstName": "A"}, 401, "unauthorized", ""},
			{"other workspace", tb.tokA, map[string]any{"workspaceId": tb.wsB, "firstName": "A"}, 403, "forbidden", "workspaceId"},
			{"invalid phone", tb.tokA, map[string]any{"firstName": "A", "phone": "12"}, 400, "invalid_phone", "phone"},
			{"letters for phone", tb.tokA, map[string]any{"firstName": "A", "phone": "call me"}, 400, "invalid_phone", "phone"},
			{"bad email", tb.tokA, map[string]any{"firstName": "A", "email": "not-an-address"}, 400, "invalid_request", "email"},
			{"email with display name", tb.tokA, map[string]any{"firstName": "A", "email": "Ada <ada@example.com>"}, 400, "invalid_request", "email"},
			{"unknown field", tb.tokA, map[string]any{"firstName": "A", "nickname": "x"}, 400, "invalid_request", ""},
			{"wrong type", tb.tokA, map[string]any{"firstName": 42}, 400, "invalid_request", "firstName"},
			{"malformed JSON", tb.tokA, `{"firstName": `, 400, "invalid_request", "body"},
			{"empty body", tb.tokA, "", 400, "invalid_request", ""},
			{"JSON array", tb.tokA, `[]`, 400, "invalid_request", ""},
			{"no name and no phone", tb.tokA, map[string]any{"email": "a@example.com"}, 400, "invalid_request", "body"},
			{"name too long", tb.tokA, map[string]any{"firstName": string(make([]byte, 201))}, 400, "invalid_request", "firstName"},
			{"bad workspace id", tb.tokA, map[string]any{"workspaceId": "a b", "firstName": "A"}, 400, "invalid_request", "workspaceId"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := tb.do("POST", "/v1/contacts", tc.token, tc.body)
				if tc.field != "" {
					requireError(t, r, tc.status, tc.code, tc.field)
				} else {
					requireError(t, r, tc.status, tc.code)
				}
			})
		}
		// Nothing of the above was written.
		r := tb.do("GET", "/v1/contacts", tb.tokA, nil)
		require.Equal(t, 200, r.status)
		require.Empty(t, r.list())
		require.Equal(t, 0, num(r.meta()["total"]))
	})
}

func TestContactGetPatchDelete(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		c := tb.createContact(map[string]any{"firstName": "Ada", "lastName": "Lovelace", "phone": "4155552671",
			"email": "ada@example.com", "company": "AE", "notes": "n"})
		other := tb.createContact(map[string]any{"firstName": "Other", "phone": "+14155550100"})
		id := c["id"].(string)
		path := "/v1/contacts/" + id

		r := tb.do("GET", path, tb.tokA, nil)
		require.Equal(t, 200, r.status)
		require.Equal(t, c, r.data())

		// Another workspace's token never sees it.
		requireError(t, tb.do("GET", path, tb.tokB, nil), 404, "not_found")
		requireError(t, tb.do("PATCH", path, tb.tokB, map[string]any{"firstName": "X"}), 404, "not_found")
		requireError(t, tb.do("DELETE", path, tb.tokB, nil), 404, "not_found")
		requireError(t, tb.do("GET", "/v1/contacts/nope", tb.tokA, nil), 404, "not_found")

		// Absent is left alone, null clears, a value replaces.
		r = tb.do("PATCH", path, tb.tokA, `{"firstName":"Augusta","notes":null,"company":""}`)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		d := r.data()
		require.Equal(t, "Augusta", d["firstName"])
		require.Equal(t, "Lovelace", d["lastName"], "absent field untouched")
		require.Equal(t, "", d["notes"], "null clears")
		require.Equal(t, "", d["company"], "empty string is a value, and it is written")
		require.Equal(t, "ada@example.com", d["email"])
		require.Equal(t, "+14155552671", d["phone"])
		require.NotEqual(t, c["updatedAt"], d["updatedAt"])
		require.Equal(t, c["createdAt"], d["createdAt"])

		// An empty patch is fine and changes nothing that matters.
		r = tb.do("PATCH", path, tb.tokA, `{}`)
		require.Equal(t, 200, r.status)
		require.Equal(t, "Augusta", r.data()["firstName"])

		// Phone is normalized; a duplicate phone conflicts; a bad one is 400.
		r = tb.do("PATCH", path, tb.tokA, map[string]any{"phone": "(415) 555-0199"})
		require.Equal(t, 200, r.status)
		require.Equal(t, "+14155550199", r.data()["phone"])
		requireError(t, tb.do("PATCH", path, tb.tokA, map[string]any{"phone": other["phone"]}), 409, "contact_exists", "id")
		requireError(t, tb.do("PATCH", path, tb.tokA, map[string]any{"phone": "555"}), 400, "invalid_phone", "phone")
		requireError(t, tb.do("PATCH", path, tb.tokA, map[string]any{"email": "x"}), 400, "invalid_request", "email")
		requireError(t, tb.do("PATCH", path, tb.tokA, map[string]any{"id": "x"}), 400, "invalid_request")
		requireError(t, tb.do("PATCH", path, tb.tokA, map[string]any{"workspaceId": tb.wsB}), 400, "invalid_request")
		r = tb.do("GET", path, tb.tokA, nil)
		require.Equal(t, "+14155550199", r.data()["phone"], "refused patches wrote nothing")

		// Clearing the phone frees the number.
		r = tb.do("PATCH", path, tb.tokA, `{"phone":null}`)
		require.Equal(t, 200, r.status)
		require.Equal(t, "", r.data()["phone"])
		tb.createContact(map[string]any{"firstName": "New", "phone": "+14155550199"})

		r = tb.do("DELETE", path, tb.tokA, nil)
		require.Equal(t, 204, r.status)
		require.Empty(t, r.body)
		requireError(t, tb.do("GET", path, tb.tokA, nil), 404, "not_found")
		requireError(t, tb.do("DELETE", path, tb.tokA, nil), 404, "not_found")
	})
}

// A patch is judged by the contact it leaves, as a POST would judge it: a
// contact must keep a name or a phone, and the refusal names the field the
// patch cleared.
func TestContactPatchKeepsANameOrAPhone(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		only := tb.createContact(map[string]any{"firstName": "Ada", "email": "ada@example.com"})
		path := "/v1/contacts/" + only["id"].(string)
		requireError(t, tb.do("PATCH", path, tb.tokA, `{"firstName":null}`), 400, "invalid_request", "firstName")
		requireError(t, tb.do("PATCH", path, tb.tokA, `{"firstName":"  "}`), 400, "invalid_request", "firstName")
		requireError(t, tb.do("PATCH", path, tb.tokA, `{"firstName":null,"company":"AE"}`), 400, "invalid_request", "firstName")
		r := tb.do("GET", path, tb.tokA, nil)
		require.Equal(t, only, r.data(), "refused patches wrote nothing")

		// Replacing the first name by a last name in one patch is fine.
		r = tb.do("PATCH", path, tb.tokA, `{"firstName":null,"lastName":"Lovelace"}`)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, "", r.data()["firstName"])
		require.Equal(t, "Lovelace", r.data()["lastName"])

		// A phone is enough; clearing it and the name together is not.
		both := tb.createContact(map[string]any{"lastName": "Hopper", "phone": "+14155550142"})
		path = "/v1/contacts/" + both["id"].(string)
		r = tb.do("PATCH", path, tb.tokA, `{"lastName":null,"phone":null}`)
		requireError(t, r, 400, "invalid_request", "lastName", "phone")
		r = tb.do("PATCH", path, tb.tokA, `{"lastName":null}`)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, "", r.data()["lastName"])
		require.Equal(t, "+14155550142", r.data()["phone"])
		requireError(t, tb.do("PATCH", path, tb.tokA, `{"phone":null}`), 400, "invalid_request", "phone")
		r = tb.do("GET", path, tb.tokA, nil)
		require.Equal(t, "+14155550142", r.data()["phone"], "the refused patch wrote nothing")
	})
}

func TestContactList(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		var ids []string
		for i := 0; i < 7; i++ {
			c := tb.createContact(map[string]any{"firstName": fmt.Sprintf("C%d", i), "phone": fmt.Sprintf("+1415555%04d", 100+i)})
			ids = append(ids, c["id"].(string))
		}
		tb.do("POST", "/v1/contacts", tb.tokB, map[string]any{"firstName": "B's"})

		r := tb.do("GET", "/v1/contacts", tb.tokA, nil)
		require.Equal(t, 200, r.status)
		require.Len(t, r.list(), 7)
		require.Equal(t, map[string]any{"total": 7.0, "totalExact": true, "hasMore": false, "limit": 50.0, "offset": 0.0, "nextCursor": nil}, r.meta())
		require.Equal(t, ids[6], r.list()[0]["id"], "newest first")

		// Pages are stable and cover everything once.
		var seen []string
		for off := 0; off < 7; off += 3 {
			r := tb.do("GET", fmt.Sprintf("/v1/contacts?workspaceId=%s&limit=3&offset=%d", tb.wsA, off), tb.tokA, nil)
			require.Equal(t, 200, r.status)
			require.Equal(t, 7, num(r.meta()["total"]))
			require.Equal(t, off+3 < 7, r.meta()["hasMore"])
			for _, c := range r.list() {
				seen = append(seen, c["id"].(string))
			}
		}
		for i := range ids {
			require.Equal(t, ids[len(ids)-1-i], seen[i])
		}

		for _, q := range []struct{ query, field string }{
			{"limit=0", "limit"}, {"limit=201", "limit"}, {"limit=abc", "limit"}, {"offset=-1", "offset"},
			{"limit=1.5", "limit"},
		} {
			requireError(t, tb.do("GET", "/v1/contacts?"+q.query, tb.tokA, nil), 400, "invalid_request", q.field)
		}
		requireError(t, tb.do("GET", "/v1/contacts?workspaceId="+tb.wsB, tb.tokA, nil), 403, "forbidden", "workspaceId")

		// Deleting updates the total.
		require.Equal(t, 204, tb.do("DELETE", "/v1/contacts/"+ids[0], tb.tokA, nil).status)
		require.Equal(t, 6, num(tb.do("GET", "/v1/contacts", tb.tokA, nil).meta()["total"]))
	})
}

func TestContactSearch(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		ada := tb.createContact(map[string]any{"firstName": "Ada", "lastName": "Lovelace", "phone": "+14155552671", "email": "ada@engines.example", "company": "Analytical Engines"})
		tb.createContact(map[string]any{"firstName": "Grace", "lastName": "Hopper", "phone": "+12025550143", "email": "grace@navy.example", "company": "Navy"})
		tb.createContact(map[string]any{"firstName": "Lada", "lastName": "Niva", "phone": "+442079460958", "company": "analytical engines"})
		tb.do("POST", "/v1/contacts", tb.tokB, map[string]any{"firstName": "Ada", "lastName": "Elsewhere"})

		names := func(r resp) []string {
			var out []string
			for _, c := range r.list() {
				out = append(out, c["firstName"].(string))
			}
			return out
		}
		get := func(q string) resp {
			r := tb.do("GET", "/v1/contacts/search?"+q, tb.tokA, nil)
			require.Equal(t, 200, r.status, "body: %s", r.body)
			return r
		}
		require.Equal(t, []string{"Ada"}, names(get("q=ada+love")), "full name")
		require.Equal(t, []string{"Ada"}, names(get("q=LOVELACE")), "case-insensitive")
		require.Equal(t, []string{"Ada"}, names(get("q=415+555")), "phone digits")
		require.Equal(t, []string{"Grace"}, names(get("q=navy.example")), "email")
		// "ada" starts Ada's name and is inside Lada's: the prefix match first.
		r := get("q=ada")
		require.Equal(t, []string{"Ada", "Lada"}, names(r))
		require.Equal(t, 2, num(r.meta()["total"]))
		require.ElementsMatch(t, []string{"Ada", "Lada"}, names(get("company=ANALYTICAL+ENGINES")), "company filter: exact, case-insensitive")
		require.Empty(t, names(get("company=Analytical")), "company filter is exact")
		require.Len(t, names(get("")), 3, "no query lists the workspace")
		r = get("q=a&limit=1&offset=1")
		require.Len(t, r.list(), 1)
		require.Equal(t, true, r.meta()["hasMore"])

		post := func(body any) resp {
			return tb.do("POST", "/v1/contacts/search", tb.tokA, body)
		}
		r = post(map[string]any{"query": "ada", "filters": map[string]any{"company": "analytical engines", "email": "ADA@engines.example"}, "limit": 10})
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, []string{"Ada"}, names(r))
		require.Equal(t, ada["id"], r.list()[0]["id"])
		r = post(map[string]any{"filters": map[string]any{"phone": "(415) 555-2671"}})
		require.Equal(t, []string{"Ada"}, names(r), "phone filter after normalization")
		r = post(map[string]any{"filters": map[string]any{"createdAfter": "2000-01-01T00:00:00Z", "createdBefore": "2999-01-01T00:00:00Z"}})
		require.Len(t, r.list(), 3)
		r = post(map[string]any{"filters": map[string]any{"createdAfter": "2999-01-01T00:00:00Z"}})
		require.Empty(t, r.list())
		require.Equal(t, 0, num(r.meta()["total"]))

		requireError(t, post(map[string]any{"filters": map[string]any{"city": "x"}}), 400, "invalid_request")
		requireError(t, post(map[string]any{"filters": map[string]any{"phone": "12"}}), 400, "invalid_phone", "filters.phone")
		requireError(t, post(map[string]any{"filters": map[string]any{"createdAfter": "yesterday"}}), 400, "invalid_request")
		requireError(t, post(map[string]any{"limit": 500}), 400, "invalid_request", "limit")
		requireError(t, post(map[string]any{"workspaceId": tb.wsB}), 403, "forbidden")
		requireError(t, tb.do("GET", "/v1/contacts/search?limit=0", tb.tokA, nil), 400, "invalid_request", "limit")
		requireError(t, tb.do("GET", "/v1/contacts/search", "", nil), 401, "unauthorized")
	})
}

func TestNormalize(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		cases := []struct {
			body                           map[string]any
			normalized, country, area, typ string
			valid                          bool
		}{
			{map[string]any{"phone": "(415) 555-2671"}, "+14155552671", "US", "415", "fixed-line-or-mobile", true},
			{map[string]any{"phone": "020 7946 0958", "defaultRegion": "GB"}, "+442079460958", "GB", "20", "fixed-line", true},
			{map[string]any{"phone": "+44 20 7946 0958"}, "+442079460958", "GB", "20", "fixed-line", true},
			{map[string]any{"phone": "1-800-555-0100"}, "+18005550100", "US", "", "toll-free", true},
			{map[string]any{"phone": "banana"}, "", "", "", "unknown", false},
			{map[string]any{"phone": "123"}, "", "", "", "unknown", false},
		}
		for _, tc := range cases {
			r := tb.do("POST", "/v1/contacts/normalize", tb.tokA, tc.body)
			require.Equal(t, 200, r.status, "body: %s", r.body)
			d := r.data()
			require.Equal(t, tc.body["phone"], d["original"])
			require.Equal(t, tc.normalized, d["normalized"], "%v", tc.body)
			require.Equal(t, tc.valid, d["isValid"], "%v", tc.body)
			if tc.valid {
				require.Equal(t, tc.country, d["countryCode"], "%v", tc.body)
				require.Equal(t, tc.area, d["areaCode"], "%v", tc.body)
				require.Equal(t, tc.typ, d["type"], "%v", tc.body)
			}
		}
		requireError(t, tb.do("POST", "/v1/contacts/normalize", tb.tokA, map[string]any{}), 400, "invalid_request", "phone")
		requireError(t, tb.do("POST", "/v1/contacts/normalize", tb.tokA, map[string]any{"phone": " "}), 400, "invalid_request", "phone")
		requireError(t, tb.do("POST", "/v1/contacts/normalize", tb.tokA, map[string]any{"phone": "1", "defaultRegion": "USA"}), 400, "invalid_request", "defaultRegion")
		requireError(t, tb.do("POST", "/v1/contacts/normalize", "", map[string]any{"phone": "1"}), 401, "unauthorized")
	})
}
