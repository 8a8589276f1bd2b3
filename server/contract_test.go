package server

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

// These tests hold openapi.yaml to what strict tools (Prism, dredd, the
// generators) need from it, and tie its error codes to statusOf, the server's
// one table of codes and statuses: a code added to the table and not to the
// contract, or listed on no operation that can answer it, fails here.

func loadSpec(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(sb.OpenAPISpec)
	require.NoError(t, err)
	return doc
}

func TestErrorCodeEnumIsTheErrorTable(t *testing.T) {
	doc := loadSpec(t)
	schema := doc.Components.Schemas["ErrorCode"]
	require.NotNil(t, schema, "components/schemas/ErrorCode")
	var inSpec []string
	for _, v := range schema.Value.Enum {
		inSpec = append(inSpec, v.(string))
	}
	var inTable []string
	for code := range statusOf {
		inTable = append(inTable, code)
	}
	sort.Strings(inSpec)
	sort.Strings(inTable)
	require.Equal(t, inTable, inSpec, "ErrorCode in openapi.yaml must list exactly the codes of statusOf (server/errors.go)")
	require.Equal(t, "#/components/schemas/ErrorCode", doc.Components.Schemas["Error"].Value.Properties["code"].Ref)

	// The description's table names each code with its status.
	for code, status := range statusOf {
		require.Contains(t, doc.Info.Description, fmt.Sprintf("| %d | `%s` |", status, code), "the error table in info.description")
	}
}

var backticked = regexp.MustCompile("`([a-z_]+)`")

// TestEveryConflictAndRuleCodeIsListed: each 409 and 422 code is named by a
// response that some operation lists under that status, and a response never
// names a code of another status.
func TestEveryConflictAndRuleCodeIsListed(t *testing.T) {
	doc := loadSpec(t)
	named := map[int]map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for st, ref := range op.Responses.Map() {
				status, err := strconv.Atoi(st)
				require.NoError(t, err)
				if status < 400 || ref.Value == nil || ref.Value.Description == nil {
					continue
				}
				for _, m := range backticked.FindAllStringSubmatch(*ref.Value.Description, -1) {
					want, isCode := statusOf[m[1]]
					if !isCode {
						continue
					}
					require.Equal(t, want, status, "%s %s: response %s names `%s`, a %d code", method, path, st, m[1], want)
					if named[status] == nil {
						named[status] = map[string]bool{}
					}
					named[status][m[1]] = true
				}
			}
		}
	}
	for code, status := range statusOf {
		if status == http.StatusConflict || status == http.StatusUnprocessableEntity {
			require.True(t, named[status][code], "no operation lists %d `%s`: add it to the description of the response that can carry it", status, code)
		}
	}
}

// TestEveryOperationIsDescribed: what dredd and a reader need, on every
// operation: a description, described parameters, path parameters with an
// example, an example for every request body and success body, and every
// status the server can answer.
func TestEveryOperationIsDescribed(t *testing.T) {
	doc := loadSpec(t)
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			n++
			where := method + " " + path
			require.NotEmpty(t, op.Description, "%s: description", where)
			params := append(slices.Clone(item.Parameters), op.Parameters...)
			for _, p := range params {
				require.NotEmpty(t, p.Value.Description, "%s: parameter %s has no description", where, p.Value.Name)
				if p.Value.In == "path" {
					require.NotNil(t, p.Value.Example, "%s: path parameter %s has no example", where, p.Value.Name)
				}
			}
			if op.RequestBody != nil {
				for ct, mt := range op.RequestBody.Value.Content {
					require.True(t, mt.Example != nil || len(mt.Examples) > 0, "%s: request body %s has no example", where, ct)
				}
			}
			codes := map[string]bool{}
			for st, r := range op.Responses.Map() {
				codes[st] = true
				if !strings.HasPrefix(st, "2") {
					continue
				}
				for ct, mt := range r.Value.Content {
					require.True(t, mt.Example != nil || len(mt.Examples) > 0, "%s: response %s %s has no example", where, st, ct)
				}
			}
			need := []string{"500"}
			if len(params) > 0 || op.RequestBody != nil {
				need = append(need, "400")
			}
			if op.RequestBody != nil {
				need = append(need, "413")
			}
			if op.Security == nil { // the document's bearer token
				need = append(need, "401", "429")
			} else if len(*op.Security) > 0 { // an admin's bearer token or a provider webhook
				need = append(need, "403")
			}
			// A bearer token is looked up in the database and every webhook
			// reads or writes it, so a database fault (503 unavailable, see
			// handleError) can reach every operation but a public one.
			if op.Security == nil || len(*op.Security) > 0 {
				need = append(need, "503")
			}
			if strings.Contains(path, "{") {
				need = append(need, "404")
			}
			for _, st := range need {
				require.True(t, codes[st], "%s: does not list %s, which it can answer", where, st)
			}
		}
	}
	require.Greater(t, n, 30)
}

// TestSpecExamplesAreValid: every example matches its schema (kin-openapi's
// check; Prism checks the live traffic in CI).
func TestSpecExamplesAreValid(t *testing.T) {
	doc := loadSpec(t)
	require.NoError(t, doc.Validate(context.Background(), openapi3.EnableExamplesValidation()))
}

// TestNoNullableComposition: OpenAPI 3.0.3's `nullable` applies to its own
// schema's `type` only, so `nullable` beside `allOf`/`oneOf`/`anyOf` does
// not admit null in a strict validator (Prism), though kin-openapi lets it
// pass. A nullable object is written out, or nullable on its own schema.
func TestNoNullableComposition(t *testing.T) {
	doc := loadSpec(t)
	seen := map[*openapi3.Schema]bool{}
	var walk func(where string, s *openapi3.SchemaRef)
	walk = func(where string, s *openapi3.SchemaRef) {
		if s == nil || s.Value == nil || seen[s.Value] {
			return
		}
		v := s.Value
		seen[v] = true
		require.False(t, v.Nullable && len(v.AllOf)+len(v.OneOf)+len(v.AnyOf) > 0, "%s: nullable beside allOf/oneOf/anyOf does not admit null under OpenAPI 3.0.3", where)
		for name, p := range v.Properties {
			walk(where+"."+name, p)
		}
		for _, list := range []openapi3.SchemaRefs{v.AllOf, v.OneOf, v.AnyOf} {
			for i, c := range list {
				walk(fmt.Sprintf("%s[%d]", where, i), c)
			}
		}
		walk(where+"[]", v.Items)
	}
	for name, s := range doc.Components.Schemas {
		walk(name, s)
	}
	require.Greater(t, len(seen), 50)
}

// TestEventSubscriptionIsEveryTypeOrAll: what an endpoint may subscribe to
// is every event type the service has, and "*": a type added to EventType
// and not to EventSubscription (or to the service and not the contract)
// fails here.
func TestEventSubscriptionIsEveryTypeOrAll(t *testing.T) {
	doc := loadSpec(t)
	enum := func(name string) []string {
		s := doc.Components.Schemas[name]
		require.NotNil(t, s, name)
		var out []string
		for _, v := range s.Value.Enum {
			out = append(out, v.(string))
		}
		return out
	}
	var types []string
	for _, e := range sb.EventTypes {
		types = append(types, string(e))
	}
	require.Equal(t, types, enum("EventType"), "EventType lists the service's types, in order")
	require.Equal(t, append(slices.Clone(types), string(sb.EventAll)), enum("EventSubscription"))
	// An endpoint may list every type by name: the bound on the list
	// (12 while there were 13 types) must leave room for all of them.
	for _, name := range []string{"WebhookEndpointCreate", "WebhookEndpointPatch"} {
		events := doc.Components.Schemas[name].Value.Properties["events"].Value
		require.NotNil(t, events.MaxItems, name)
		require.GreaterOrEqual(t, int(*events.MaxItems), len(types), "%s.events takes every type by name", name)
	}
}
