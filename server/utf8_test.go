package server_test

// Invalid UTF-8 and bidirectional controls, part of the security suite
// (security_test.go): Go's JSON decoding turns a bad byte into U+FFFD
// without a word, so each case is sent as raw bytes, through real HTTP, on
// both databases, and what was refused must have written nothing.

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/gen/api"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// badJSONText are string contents, as written inside a JSON body's quotes,
// that are not UTF-8: raw bytes and escapes of half a surrogate pair.
var badJSONText = map[string]string{
	"stray byte":             "a\xffb",
	"overlong":               "a\xc0\xafb",
	"CESU-8 surrogate":       "a\xed\xa0\x80b",
	"truncated":              "ab\xe2\x82",
	"escaped lone high half": `a\ud800b`,
	"escaped lone low half":  `a\udc00b`,
	"escaped high half last": `ab\uD83D`,
	"escaped halves reverse": `\ude00\ud83d`,
}

// badQueryText are the same byte sequences as a query string carries them.
var badQueryText = map[string]string{
	"stray byte":       "a%FFb",
	"overlong":         "a%C0%AFb",
	"CESU-8 surrogate": "a%ED%A0%80b",
	"truncated":        "ab%E2%82",
}

// bidiControls are the characters names refuse: embeddings, overrides and
// isolates.
var bidiControls = []rune{0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069}

// jsonWith marshals body with its field at path set to the raw JSON string
// content bad, written as is (json.Marshal would mend it).
func jsonWith(body map[string]any, path, bad string) string {
	const marker = "\x01MARK\x01"
	setPath(body, path, marker)
	return strings.Replace(mustJSON(body), `"\u0001MARK\u0001"`, `"`+bad+`"`, 1)
}

// Every string of every JSON body, nested ones included, and every string
// query parameter of every operation refuses each invalid sequence with
// 400 invalid_request naming the field, and nothing is written.
func TestInvalidUTF8RefusedEverywhere(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		tried := map[string]bool{}
		for _, so := range specOps(t) {
			if so.scheme != "bearerAuth" && so.scheme != "adminBearerAuth" {
				continue
			}
			if rb := so.op.RequestBody; rb != nil && rb.Value.Content.Get("application/json") != nil {
				schema := rb.Value.Content.Get("application/json").Schema.Value
				for _, field := range stringFields(schema, "") {
					for name, bad := range badJSONText {
						body, _ := sample(schema).(map[string]any)
						if body == nil {
							body = map[string]any{}
						}
						r := tb.do(so.method, so.path, tb.admA, jsonWith(body, field, bad))
						requireError(t, r, 400, "invalid_request", field)
						require.Contains(t, r.errMessage(), "UTF-8", "%s %s, %s: %s", so.op.OperationID, field, name, r.body)
						tried[field] = true
					}
				}
			}
			for _, p := range so.op.Parameters {
				if p.Value.In != "query" || !p.Value.Schema.Value.Type.Is("string") {
					continue
				}
				for _, bad := range badQueryText {
					q := url.Values{}
					for _, other := range so.op.Parameters {
						if other.Value.In == "query" && other.Value.Required {
							q.Set(other.Value.Name, "+14155552671")
						}
					}
					q.Del(p.Value.Name)
					query := q.Encode()
					if query != "" {
						query += "&"
					}
					r := tb.do(so.method, so.path+"?"+query+p.Value.Name+"="+bad, tb.admA, nil)
					requireError(t, r, 400, "invalid_request", p.Value.Name)
					tried["?"+p.Value.Name] = true
				}
			}
		}
		for _, f := range []string{"firstName", "notes", "filters.company", "callingHours.start", "?q", "?company", "?reason"} {
			require.True(t, tried[f], "%s was tried", f)
		}

		// A key, and a value deep in an array, are named by their path.
		requireError(t, tb.do("POST", "/v1/contacts", tb.tokA, "{\"first\xffName\":\"Ada\"}"), 400, "invalid_request")
		requireError(t, tb.do("POST", "/v1/contacts", tb.tokA, `{"firstName":"Ada","x":[1,{"y":"\udfff"}]}`), 400, "invalid_request", "x.1.y")

		// Malformed JSON around bad text is refused too, and promptly: the
		// walk once spun forever on a syntax error it could not pass.
		for _, body := range []string{"{\"firstName\":\"a\xff\" x}", "{\"firstName\":\xff}", "{\"a\" \"\xff\"}",
			"[\"\xff\" \"x\"]", "[\"a\" x \"\xff\"]", `{"firstName":"\u00e9" ]`, `{"firstName":"\ud800`, "{\"x\":[1,\"\xc0\xaf\",}"} {
			requireError(t, tb.do("POST", "/v1/contacts", tb.tokA, body), 400, "invalid_request")
		}

		// Nothing of any refused request was written.
		require.Zero(t, tb.contactTotal())
		require.Empty(t, tb.do("GET", "/v1/dnc", tb.tokA, nil).list())
		require.Empty(t, tb.do("GET", "/v1/caller-ids", tb.admA, nil).list())
		require.Empty(t, tb.do("GET", "/v1/webhook-endpoints", tb.admA, nil).list())
	})
}

// Every path parameter refuses each invalid sequence, also beside an
// escaped character (which makes the router keep the path escaped): on
// PostgreSQL "%2B1415%ED%A0%80" as a do-not-call id was a 500.
func TestInvalidUTF8InPathRefused(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		doc, err := api.GetSwagger()
		require.NoError(t, err)
		tried := 0
		for tmpl, item := range doc.Paths.Map() {
			names := pathParam.FindAllStringSubmatch(tmpl, -1)
			if len(names) == 0 {
				continue
			}
			for method := range item.Operations() {
				for _, bad := range badQueryText {
					for _, v := range []string{bad, "%2B1415" + bad} {
						path := pathParam.ReplaceAllLiteralString(tmpl, v)
						r := tb.do(method, path, tb.admA, nil)
						requireError(t, r, 400, "invalid_request", names[0][1])
						tried++
					}
				}
			}
		}
		require.Greater(t, tried, 100)
	})
}

// What is valid is kept exactly: a surrogate pair escaped, raw characters
// outside the BMP, an escaped backslash before "ud800", and U+FFFD itself.
func TestValidUnicodeKept(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		for body, want := range map[string]string{
			`{"firstName":"smile \ud83d\ude00"}`:    "smile \U0001F600",
			`{"firstName":"smile \uD83D\uDE00"}`:    "smile \U0001F600",
			"{\"firstName\":\"raw \U0001F600\"}":    "raw \U0001F600",
			`{"firstName":"not an escape \\ud800"}`: `not an escape \ud800`,
			`{"firstName":"replacement \ufffd"}`:    "replacement \ufffd",
			`{"firstName":"עדה לאבלייס"}`:           "עדה לאבלייס",
		} {
			r := tb.do("POST", "/v1/contacts", tb.tokA, body)
			require.Equal(t, 201, r.status, "%s: %s", body, r.body)
			require.Equal(t, want, tb.do("GET", "/v1/contacts/"+r.data()["id"].(string), tb.tokA, nil).data()["firstName"])
		}
	})
}

// A refused PATCH, whichever sequence and field, changes nothing.
func TestInvalidUTF8PatchChangesNothing(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		c := tb.createContact(map[string]any{"firstName": "Ada", "lastName": "Lovelace", "company": "AE", "notes": "n"})
		id := c["id"].(string)
		for _, field := range []string{"firstName", "lastName", "company", "email", "notes", "phone"} {
			for name, bad := range badJSONText {
				r := tb.do("PATCH", "/v1/contacts/"+id, tb.tokA, `{"notes":"changed","`+field+`":"`+bad+`"}`)
				requireError(t, r, 400, "invalid_request", field)
				require.Contains(t, r.errMessage(), "UTF-8", name)
			}
		}
		after := tb.do("GET", "/v1/contacts/"+id, tb.tokA, nil).data()
		require.Equal(t, c["updatedAt"], after["updatedAt"])
		require.Equal(t, "n", after["notes"])
	})
}

// Each bidirectional control is refused in each name field on create and
// on patch, naming the field, and writes nothing; notes keep them.
func TestBidiControlsRefusedInNames(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		c := tb.createContact(map[string]any{"firstName": "Ada", "lastName": "Lovelace", "company": "AE"})
		id := c["id"].(string)
		for _, field := range []string{"firstName", "lastName", "company"} {
			for _, r := range bidiControls {
				v := "Ada" + string(r) + "ecalevoL"
				res := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Bob", field: v})
				requireError(t, res, 400, "invalid_request", field)
				require.Contains(t, res.errMessage(), fmt.Sprintf("%U", r))
				requireError(t, tb.do("PATCH", "/v1/contacts/"+id, tb.tokA, map[string]any{field: v, "notes": "x"}), 400, "invalid_request", field)
			}
		}
		require.Equal(t, 1, tb.contactTotal(), "no refused create wrote a row")
		after := tb.do("GET", "/v1/contacts/"+id, tb.tokA, nil).data()
		require.Equal(t, c["updatedAt"], after["updatedAt"], "no refused patch changed the contact")
		require.Equal(t, "", after["notes"])

		r := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Dana", "notes": "\u202bשלום\u202c"})
		require.Equal(t, 201, r.status, "notes are not a name: %s", r.body)
	})
}

// In an import each bad cell fails its own row, naming its field, and
// every other row is imported: invalid UTF-8 in each column, each
// bidirectional control in each name column, in both imports.
func TestCSVInvalidTextFailsItsRowOnly(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		var b strings.Builder
		b.WriteString("first name,last name,name,phone,email,company,notes\n")
		want := map[int]string{} // line -> field
		line, n := 1, 0
		row := func(cells [7]string, field string) {
			line++
			fmt.Fprintf(&b, "%s\n", strings.Join(cells[:], ","))
			if field != "" {
				want[line] = field
			}
		}
		good := func() [7]string {
			n++
			return [7]string{fmt.Sprintf("P%d", n), "L", "", fmt.Sprintf("+1212555%04d", n), "", "Co", "ok"}
		}
		columns := []string{"firstName", "lastName", "name", "phone", "email", "company", "notes"}
		for _, bad := range []string{"\xff", "\xc0\xaf", "\xed\xa0\x80", "\xe2\x82"} {
			for i, field := range columns {
				cells := good()
				cells[i] += bad
				row(cells, field)
				row(good(), "")
			}
		}
		for _, r := range bidiControls {
			for i, field := range []string{"firstName", "lastName", "name", "company"} {
				cells := good()
				cells[[]int{0, 1, 2, 5}[i]] = "Ada" + string(r) + "x"
				if field == "name" {
					cells[0], cells[1] = "", ""
				}
				row(cells, field)
			}
			cells := good()
			cells[6] = "notes may hold " + string(r)
			row(cells, "")
		}
		r := tb.postCSV(tb.tokA, "", b.String())
		require.Equal(t, 200, r.status, "body: %.300s", r.body)
		require.Equal(t, len(want), num(r.data()["failed"]), "body: %s", r.body)
		require.Equal(t, line-1-len(want), num(r.data()["imported"]), "body: %s", r.body)
		got := map[int]string{}
		for _, e := range r.data()["errors"].([]any) {
			e := e.(map[string]any)
			got[num(e["row"])] = e["field"].(string)
		}
		require.Equal(t, want, got)
		require.Equal(t, line-1-len(want), tb.contactTotal())

		// The do-not-call import likewise.
		r = tb.postCSVTo("/v1/dnc/import", tb.tokA, "phone,reason\n+14155550101,ok\n+14155550102,bad\xc0\xaf\n+1415555010\xff3,x\n+14155550104,\xed\xa0\x80\n+14155550105,ok\n")
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, 2, num(r.data()["imported"]), "body: %s", r.body)
		require.Equal(t, 3, num(r.data()["failed"]), "body: %s", r.body)
		var fields []string
		for _, e := range r.data()["errors"].([]any) {
			fields = append(fields, e.(map[string]any)["field"].(string))
		}
		require.Equal(t, []string{"reason", "phone", "reason"}, fields)
		require.Len(t, tb.do("GET", "/v1/dnc", tb.tokA, nil).list(), 2)
	})
}
