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

// The contacts service's rules (normalization, duplicates, what a contact
// must be) are tested in contacts; these check how a request reaches it and
// how its answers are written: statuses, the envelope, the JSON shapes,
// trimming, null in a patch, the token's workspace, paging parameters.

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
		require.Equal(t, "Lovelace", c["lastName"])
		require.Equal(t, "+14155552671", c["phone"], "the stored number is answered")
		require.Equal(t, "ada@example.com", c["email"])
		require.Equal(t, "Analytical Engines", c["company"])
		require.Equal(t, "Prefers mornings.", c["notes"], "notes are returned")
		require.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$`, c["createdAt"], "RFC 3339 UTC")
		require.Equal(t, c["createdAt"], c["updatedAt"])

		// The workspace may be omitted: the token's is used.
		c2 := tb.createContact(map[string]any{"firstName": "Grace"})
		require.Equal(t, tb.wsA, c2["workspaceId"])
		require.Equal(t, "", c2["phone"])

		// contact_exists is a 409 whose details give the stored contact's id.
		r := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Ada", "phone": "+1 415-555-2671"})
		requireError(t, r, http.StatusConflict, "contact_exists", "id")
		require.Equal(t, c["id"], r.json["error"].(map[string]any)["details"].([]any)[0].(map[string]any)["message"])
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
			// One refusal of the service per code: the rest are in contacts.
			{"invalid phone", tb.tokA, map[string]any{"firstName": "A", "phone": "12"}, 400, "invalid_phone", "phone"},
			{"bad email", tb.tokA, map[string]any{"firstName": "A", "email": "not-an-address"}, 400, "invalid_request", "email"},
			// What the spec refuses before the service sees it.
			{"unknown field", tb.tokA, map[string]any{"firstName": "A", "nickname": "x"}, 400, "invalid_request", ""},
			{"wrong type", tb.tokA, map[string]any{"firstName": 42}, 400, "invalid_request", "firstName"},
			{"malformed JSON", tb.tokA, `{"firstName": `, 400, "invalid_request", "body"},
			{"empty body", tb.tokA, "", 400, "invalid_request", ""},
			{"JSON array", tb.tokA, `[]`, 400, "invalid_request", ""},
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

		// Absent is left alone, null clears, a value (trimmed) replaces.
		r = tb.do("PATCH", path, tb.tokA, `{"firstName":" Augusta ","notes":null,"company":""}`)
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

		// Null clears the phone too.
		r = tb.do("PATCH", path, tb.tokA, `{"phone":null}`)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, "", r.data()["phone"])

		// A blank value is trimmed to nothing, so it clears: clearing the
		// last name-or-phone is refused, naming the field.
		requireError(t, tb.do("PATCH", path, tb.tokA, `{"firstName":"  ","lastName":null}`), 400, "invalid_request", "firstName")
		// The body is checked against the spec: read-only and unknown fields.
		requireError(t, tb.do("PATCH", path, tb.tokA, map[string]any{"id": "x"}), 400, "invalid_request")
		requireError(t, tb.do("PATCH", path, tb.tokA, map[string]any{"workspaceId": tb.wsB}), 400, "invalid_request")
		r = tb.do("GET", path, tb.tokA, nil)
		require.Equal(t, "Augusta", r.data()["firstName"], "refused patches wrote nothing")
		require.Equal(t, "Lovelace", r.data()["lastName"])

		r = tb.do("DELETE", path, tb.tokA, nil)
		require.Equal(t, 204, r.status)
		require.Empty(t, r.body)
		requireError(t, tb.do("GET", path, tb.tokA, nil), 404, "not_found")
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

		// limit and offset are read from the query and answered in meta.
		r = tb.do("GET", fmt.Sprintf("/v1/contacts?workspaceId=%s&limit=3&offset=3", tb.wsA), tb.tokA, nil)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, 3, num(r.meta()["limit"]))
		require.Equal(t, 3, num(r.meta()["offset"]))
		require.Equal(t, 7, num(r.meta()["total"]))
		require.Equal(t, true, r.meta()["hasMore"])
		var got []string
		for _, c := range r.list() {
			got = append(got, c["id"].(string))
		}
		require.Equal(t, []string{ids[3], ids[2], ids[1]}, got)

		for _, q := range []struct{ query, field string }{
			{"limit=0", "limit"}, {"limit=201", "limit"}, {"limit=abc", "limit"}, {"offset=-1", "offset"},
			{"limit=1.5", "limit"},
		} {
			requireError(t, tb.do("GET", "/v1/contacts?"+q.query, tb.tokA, nil), 400, "invalid_request", q.field)
		}
		requireError(t, tb.do("GET", "/v1/contacts?workspaceId="+tb.wsB, tb.tokA, nil), 403, "forbidden", "workspaceId")
	})
}

// The search's matching and ranking are tested in contacts; these check
// that each query parameter and body field reaches it.
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
		r := get("q=ada")
		require.Equal(t, []string{"Ada", "Lada"}, names(r))
		require.Equal(t, 2, num(r.meta()["total"]))
		require.ElementsMatch(t, []string{"Ada", "Lada"}, names(get("company=ANALYTICAL+ENGINES")))
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

// What a number is, is tested in contacts; this checks the answer's shape,
// defaultRegion reaching the service, and the request's checks.
func TestContactNormalize(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		r := tb.do("POST", "/v1/contacts/normalize", tb.tokA, map[string]any{"phone": "020 7946 0958", "defaultRegion": "GB"})
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, map[string]any{"original": "020 7946 0958", "normalized": "+442079460958", "isValid": true,
			"countryCode": "GB", "areaCode": "20", "type": "fixed-line"}, r.data())

		// A number that is not one is an answer, not an error.
		r = tb.do("POST", "/v1/contacts/normalize", tb.tokA, map[string]any{"phone": "banana"})
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, "banana", r.data()["original"])
		require.Equal(t, "", r.data()["normalized"])
		require.Equal(t, false, r.data()["isValid"])
		require.Equal(t, "unknown", r.data()["type"])

		requireError(t, tb.do("POST", "/v1/contacts/normalize", tb.tokA, map[string]any{}), 400, "invalid_request", "phone")
		requireError(t, tb.do("POST", "/v1/contacts/normalize", tb.tokA, map[string]any{"phone": "1", "defaultRegion": "USA"}), 400, "invalid_request", "defaultRegion")
		requireError(t, tb.do("POST", "/v1/contacts/normalize", "", map[string]any{"phone": "1"}), 401, "unauthorized")
	})
}
