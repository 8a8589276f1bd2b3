package server_test

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestDocs reads the reference the way a browser without internet would: one
// self-contained page that documents every operation of the spec.
func TestDocs(t *testing.T) {
	t.Parallel()
	tb := setup(t, storetest.OpenSQLite)

	r := tb.do("GET", "/docs", "", nil)
	require.Equal(t, 200, r.status)
	require.Contains(t, r.header.Get("Content-Type"), "text/html")
	page := string(r.body)

	doc, err := openapi3.NewLoader().LoadFromData(sb.OpenAPISpec)
	require.NoError(t, err)
	require.Contains(t, page, html.EscapeString(doc.Info.Title))
	require.Contains(t, page, doc.Info.Version)

	// Every operation has its own entry with its method and path, so a
	// path added to the spec cannot go missing here.
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			n++
			start := strings.Index(page, `id="op-`+op.OperationID+`"`)
			require.NotEqual(t, -1, start, "no entry for %s", op.OperationID)
			entry := page[start:]
			entry = entry[:strings.Index(entry, "</article>")]
			require.Contains(t, entry, ">"+method+"<", op.OperationID)
			require.Contains(t, entry, html.EscapeString(path), op.OperationID)
			require.Contains(t, page, `href="#op-`+op.OperationID+`"`, "%s is in the table of contents", op.OperationID)
		}
	}
	require.Greater(t, n, 30)
	for name := range doc.Components.Schemas {
		require.Contains(t, page, `id="schema-`+name+`"`)
	}

	// The description's Markdown: the error-code table, inline code, the
	// mermaid block as preformatted text.
	require.Contains(t, page, "<td><code>contact_exists</code></td>")
	require.Contains(t, page, "<td><code>dnc_blocked</code></td>")
	require.Contains(t, page, "<th>code</th>")
	require.Contains(t, page, `<pre class="code" data-lang="mermaid">sequenceDiagram`)
	require.Contains(t, page, "<h3>Error codes</h3>")

	// A request body's example (createContact), pretty-printed JSON, and a
	// field table row with its constraint and a link to a component schema.
	require.Contains(t, page, `&#34;company&#34;: &#34;Analytical Engines&#34;`)
	require.Contains(t, page, `<span class="c">maxLength 320</span>`)
	require.Contains(t, page, `<a href="#schema-WorkspaceId">WorkspaceId</a>`)
	// Parameters: constraints and examples.
	require.Contains(t, page, `<span class="c">max 200</span>`)
	require.Contains(t, page, `CA0123456789abcdef0123456789abcdef`)
	// Security per operation: bearer by default, the signature on webhooks,
	// none on /healthz.
	health := page[strings.Index(page, `id="op-healthz"`):]
	require.Contains(t, health[:strings.Index(health, "</article>")], "<b>Authentication:</b> none")
	callml := page[strings.Index(page, `id="op-voiceCallControl"`):]
	require.Contains(t, callml[:strings.Index(callml, "</article>")], "X-Twilio-Signature header")

	// Nothing is fetched from elsewhere: no script, stylesheet, font or image
	// from a URL (the page works offline and needs no JavaScript at all).
	require.NotContains(t, page, "<script")
	require.NotContains(t, page, "<link")
	require.NotContains(t, page, "@import")
	require.NotRegexp(t, regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:)?//`), page)
	require.NotRegexp(t, regexp.MustCompile(`(?i)url\(\s*["']?(https?:)?//`), page)
}
