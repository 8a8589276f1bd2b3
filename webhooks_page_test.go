package switchboard_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

const webhooksPage = "docs/webhooks.md"

// TestWebhooksPage writes docs/webhooks.md's generated parts from what
// they show, so the page cannot drift from them: each receiver is the file
// a test runs against real deliveries (cmd/switchboard's TestDocsReceivers,
// the client's Node test), and each event type's payload is its schema's
// example in openapi.yaml, which cmd/switchboard's
// TestEveryEventMatchesItsSchema holds to the real thing. A part that
// differs fails here; SB_UPDATE_DOCS=1 go test -run TestWebhooksPage .
// rewrites them.
func TestWebhooksPage(t *testing.T) {
	page, err := os.ReadFile(webhooksPage)
	require.NoError(t, err)
	text := string(page)
	for _, source := range []string{
		"examples/webhook-receiver/main.go",
		"gen/typescript/test/receiver.ts",
		"examples/webhook-receiver/receiver_standardwebhooks.py",
		"examples/webhook-receiver/receiver.py",
		"openapi.yaml",
	} {
		begin := "<!-- written by TestWebhooksPage from " + source + "; SB_UPDATE_DOCS=1 rewrites it -->\n"
		end := "<!-- end of " + source + " -->\n"
		i, j := strings.Index(text, begin), strings.Index(text, end)
		require.True(t, i >= 0 && j > i, "%s has no part written from %s", webhooksPage, source)
		text = text[:i+len(begin)] + part(t, source) + text[j:]
	}
	if os.Getenv("SB_UPDATE_DOCS") == "1" {
		require.NoError(t, os.WriteFile(webhooksPage, []byte(text), 0o644))
		return
	}
	require.Equal(t, text, string(page), "%s differs from its sources: run SB_UPDATE_DOCS=1 go test -run TestWebhooksPage .", webhooksPage)
}

// part is the Markdown a source's part of the page holds.
func part(t *testing.T, source string) string {
	t.Helper()
	if source == "openapi.yaml" {
		return eventPayloads(t)
	}
	b, err := os.ReadFile(source)
	require.NoError(t, err)
	code := string(b)
	lang := map[string]string{".go": "go", ".ts": "ts", ".py": "python"}[source[strings.LastIndex(source, "."):]]
	if lang == "ts" {
		// The part between the markers, importing the package by its name
		// as a user does (the test imports the source).
		const from, to = "// docs:receiver\n", "// docs:end\n"
		i, j := strings.Index(code, from), strings.Index(code, to)
		require.True(t, i >= 0 && j > i, "%s has no docs:receiver part", source)
		code = strings.Replace(code[i+len(from):j], `from "../src/index.js"`, `from "@switchboard/client"`, 1)
	}
	return "```" + lang + "\n" + code + "```\n"
}

// eventPayloads is each event type's section: its schema's description
// and example, in EventTypes' order.
func eventPayloads(t *testing.T) string {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(sb.OpenAPISpec)
	require.NoError(t, err)
	mapping := doc.Components.Schemas["WebhookEvent"].Value.Discriminator.Mapping
	var b strings.Builder
	for _, typ := range sb.EventTypes {
		ref, ok := mapping[string(typ)]
		require.True(t, ok, "WebhookEvent maps %s", typ)
		name := strings.TrimPrefix(ref.Ref, "#/components/schemas/")
		s := doc.Components.Schemas[name].Value
		ex, _ := s.Example.(map[string]any)
		require.NotNil(t, ex, "%s has an example", name)
		// The wire's order: type, timestamp, data (whose fields the
		// service writes in alphabetical order, as encoding/json does).
		body := struct {
			Type      any `json:"type"`
			Timestamp any `json:"timestamp"`
			Data      any `json:"data"`
		}{ex["type"], ex["timestamp"], ex["data"]}
		var js bytes.Buffer
		enc := json.NewEncoder(&js)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		require.NoError(t, enc.Encode(body))
		what := strings.TrimPrefix(s.Description, "`"+string(typ)+"`: ")
		what = strings.ToUpper(what[:1]) + what[1:]
		fmt.Fprintf(&b, "\n### `%s`\n\n%s Schema: `%s`.\n\n```json\n%s```\n", typ, what, name, js.String())
	}
	return b.String() + "\n"
}
