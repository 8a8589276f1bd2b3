package server_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestDocs reads the reference as served: the page Redocly built from this
// very openapi.yaml, loading nothing but its own embedded scripts. (The
// browser test in examples/softphone opens it in Chromium with every other
// host blocked and checks that it renders, call-flow diagram included.)
func TestDocs(t *testing.T) {
	t.Parallel()
	tb := setup(t, storetest.OpenSQLite)

	r := tb.do("GET", "/docs", "", nil)
	require.Equal(t, 200, r.status)
	require.Contains(t, r.header.Get("Content-Type"), "text/html")
	page := string(r.body)

	// The page carries the spec it renders; it must be this openapi.yaml
	// (make drift checks the same), every operation included.
	m := regexp.MustCompile(`const __redoc_definition = (\{.*\});\n`).FindStringSubmatch(page)
	require.Len(t, m, 2, "the page embeds the spec")
	var rendered struct {
		Info  struct{ Title, Version, Description string }
		Paths map[string]map[string]json.RawMessage // path, then method or "parameters"
	}
	require.NoError(t, json.Unmarshal([]byte(m[1]), &rendered))
	doc, err := openapi3.NewLoader().LoadFromData(sb.OpenAPISpec)
	require.NoError(t, err)
	require.Equal(t, doc.Info.Title, rendered.Info.Title)
	require.Equal(t, doc.Info.Version, rendered.Info.Version)
	require.Equal(t, doc.Info.Description, rendered.Info.Description, "gen/docs is stale: run make generate")
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			n++
			var got struct {
				OperationID string `json:"operationId"`
			}
			require.NoError(t, json.Unmarshal(rendered.Paths[path][strings.ToLower(method)], &got), "%s %s", method, path)
			require.Equal(t, op.OperationID, got.OperationID, "%s %s", method, path)
		}
	}
	require.Greater(t, n, 30)

	// What partners look for is in the description: the error codes, the
	// call flow (drawn by mermaid in the page) and the simulator's numbers.
	for _, s := range []string{"| 422 | `dnc_blocked` |", "```mermaid\nsequenceDiagram", "`+15005550102`"} {
		require.Contains(t, rendered.Info.Description, s)
	}

	// Scripts come from /docs/assets only: nothing is fetched from elsewhere.
	for _, tag := range regexp.MustCompile(`<(?:script|link)\b[^>]*>`).FindAllString(page, -1) {
		require.NotRegexp(t, `(?i)(src|href)\s*=\s*["']?(https?:)?//`, tag)
	}
	require.NotRegexp(t, `import [^;]*from "https?:`, page)
	require.NotContains(t, page, "fonts.googleapis.com")
	require.Contains(t, page, `from "/docs/assets/redoc.standalone.js"`)
	require.Contains(t, page, `"disableTelemetry":true`)
	for _, asset := range []string{"redoc.standalone.js", "mermaid.min.js", "diagrams.js"} {
		require.Contains(t, page, "/docs/assets/"+asset)
		r := tb.do("GET", "/docs/assets/"+asset, "", nil)
		require.Equal(t, 200, r.status, asset)
		require.Contains(t, r.header.Get("Content-Type"), "javascript", asset)
		require.Greater(t, len(r.body), 500, asset)
	}

	// Anything else under /docs is the contract's 404 envelope.
	for _, p := range []string{"/docs/assets/nope.js", "/docs/assets/../index.html", "/docs/index.html"} {
		requireError(t, tb.do("GET", p, "", nil), 404, sb.ENotFound)
	}
}
