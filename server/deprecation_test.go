package server

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/gen/api"
)

// A spec with every kind of deprecated part: an operation, a query
// parameter, a body field, a nested one and one inside array items, with
// dates that differ so that the earliest can be told.
const deprecatedSpec = `
openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /old:
    post:
      operationId: oldThing
      deprecated: true
      x-deprecated-at: "2026-01-01T00:00:00Z"
      x-sunset: "2027-06-01T00:00:00Z"
      responses: {"204": {description: ok}}
  /things:
    post:
      operationId: MakeThing
      parameters:
        - {name: legacy, in: query, deprecated: true, x-deprecated-at: "2026-03-01T00:00:00Z", x-sunset: "2027-03-01T00:00:00Z", schema: {type: string}}
        - {name: fresh, in: query, schema: {type: string}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: {type: string}
                old: {type: boolean, deprecated: true, x-deprecated-at: "2026-02-01T00:00:00Z", x-sunset: "2028-01-01T00:00:00Z"}
                inner:
                  type: object
                  properties:
                    gone: {type: string, deprecated: true, x-deprecated-at: "2026-04-01T00:00:00Z", x-sunset: "2027-05-01T00:00:00Z"}
                list:
                  type: array
                  items:
                    type: object
                    properties:
                      was: {type: string, deprecated: true, x-deprecated-at: "2026-05-01T00:00:00Z", x-sunset: "2027-05-01T00:00:00Z"}
      responses: {"204": {description: ok}}
`

func specOf(t *testing.T, y string) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData([]byte(y))
	require.NoError(t, err)
	return doc
}

// run sends a request through d's middleware and returns the headers of
// the answer and the body the handler read.
func run(t *testing.T, d *deprecations, target, body string) (http.Header, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	c := echo.New().NewContext(req, rec)
	var read string
	h := d.middleware(func(c echo.Context) error {
		b, err := io.ReadAll(c.Request().Body)
		if err != nil {
			return err
		}
		read = string(b)
		return c.NoContent(http.StatusNoContent)
	})
	require.NoError(t, h(c))
	return rec.Header(), read
}

func TestDeprecationsReadFromSpec(t *testing.T) {
	deps, err := readDeprecations(specOf(t, deprecatedSpec))
	require.NoError(t, err)
	require.Len(t, deps, 2)

	old := deps["oldThing"]
	h, _ := run(t, old, "/old", "")
	require.Equal(t, "@1767225600", h.Get(headerDeprecation), "2026-01-01T00:00:00Z")
	require.Equal(t, "Tue, 01 Jun 2027 00:00:00 GMT", h.Get(headerSunset))
	require.Equal(t, `</docs#operation/oldThing>; rel="deprecation"; type="text/html"`, h.Get(headerLink))

	mk := deps["MakeThing"]
	require.Equal(t, "makeThing", mk.operationID, "the reference's anchor spells it as openapi.yaml does")
	for _, tc := range []struct {
		name, target, body string
		at, sunset         string // "" for no headers
	}{
		{"nothing deprecated", "/things?fresh=1", `{"name": "a", "inner": {}, "list": [{}]}`, "", ""},
		{"query parameter", "/things?legacy=", `{}`, "@1772323200", "Mon, 01 Mar 2027 00:00:00 GMT"},
		{"body field, even null", "/things", `{"old": null}`, "@1769904000", "Sat, 01 Jan 2028 00:00:00 GMT"},
		{"nested field", "/things", `{"inner": {"gone": "x"}}`, "@1775001600", "Sat, 01 May 2027 00:00:00 GMT"},
		{"field of an array item", "/things", `{"list": [{}, {"was": "x"}]}`, "@1777593600", "Sat, 01 May 2027 00:00:00 GMT"},
		{"the earliest of each date", "/things?legacy=1", `{"old": true, "inner": {"gone": "x"}}`, "@1769904000", "Mon, 01 Mar 2027 00:00:00 GMT"},
		{"a body that is not JSON is left to the validator", "/things", `{"old": `, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, read := run(t, mk, tc.target, tc.body)
			require.Equal(t, tc.body, read, "the handler reads the whole body")
			require.Equal(t, tc.at, h.Get(headerDeprecation))
			require.Equal(t, tc.sunset, h.Get(headerSunset))
			if tc.at == "" {
				require.Empty(t, h.Values(headerLink))
			} else {
				require.Equal(t, `</docs#operation/makeThing>; rel="deprecation"; type="text/html"`, h.Get(headerLink))
			}
		})
	}
}

// A deprecation without its dates, or with too short a notice, is refused
// at start-up, and the served spec's are all well dated.
func TestDeprecationDatesRequired(t *testing.T) {
	for name, field := range map[string]string{
		"no dates":        `{type: boolean, deprecated: true}`,
		"no sunset":       `{type: boolean, deprecated: true, x-deprecated-at: "2026-01-01T00:00:00Z"}`,
		"not a date":      `{type: boolean, deprecated: true, x-deprecated-at: "soon", x-sunset: "2028-01-01T00:00:00Z"}`,
		"under a year":    `{type: boolean, deprecated: true, x-deprecated-at: "2026-01-01T00:00:00Z", x-sunset: "2026-12-01T00:00:00Z"}`,
		"sunset in front": `{type: boolean, deprecated: true, x-deprecated-at: "2027-01-01T00:00:00Z", x-sunset: "2026-01-01T00:00:00Z"}`,
	} {
		t.Run(name, func(t *testing.T) {
			spec := strings.Replace(deprecatedSpec,
				`old: {type: boolean, deprecated: true, x-deprecated-at: "2026-02-01T00:00:00Z", x-sunset: "2028-01-01T00:00:00Z"}`,
				"old: "+field, 1)
			_, err := readDeprecations(specOf(t, spec))
			require.ErrorContains(t, err, "POST /things field [old] is deprecated")
		})
	}

	served, err := api.GetSwagger()
	require.NoError(t, err)
	deps, err := readDeprecations(served)
	require.NoError(t, err)
	d := deps["CreateCallerId"]
	if d == nil {
		d = deps["createCallerId"]
	}
	require.NotNil(t, d, "createCallerId has a deprecated field")
	require.Len(t, d.fields, 1)
	require.Equal(t, []string{"default"}, d.fields[0].path)
}
