package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// sample builds a value the schema accepts from its examples (required
// properties only), so that one field at a time can be made hostile.
func sample(s *openapi3.Schema) any {
	if s.Example != nil {
		return s.Example
	}
	for _, a := range s.AllOf {
		if v := sample(a.Value); v != nil {
			return v
		}
	}
	switch {
	case s.Type.Is("object"):
		m := map[string]any{}
		for _, name := range s.Required {
			m[name] = sample(s.Properties[name].Value)
		}
		return m
	case s.Type.Is("integer"), s.Type.Is("number"):
		return 1
	case s.Type.Is("boolean"):
		return true
	case s.Type.Is("array"):
		return []any{}
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	return "x"
}

// stringFields lists the dotted paths of a schema's string properties.
func stringFields(s *openapi3.Schema, prefix string) []string {
	var out []string
	for name, p := range s.Properties {
		v := p.Value
		switch {
		case v.Type.Is("object"):
			out = append(out, stringFields(v, prefix+name+".")...)
		case v.Type.Is("string") || (v.Type == nil && len(v.AllOf) > 0):
			out = append(out, prefix+name)
		}
	}
	return out
}

func setPath(m map[string]any, path string, v any) {
	head, rest, nested := strings.Cut(path, ".")
	if !nested {
		m[head] = v
		return
	}
	sub, _ := m[head].(map[string]any)
	if sub == nil {
		sub = map[string]any{}
		m[head] = sub
	}
	setPath(sub, rest, v)
}

// A NUL (or another control character) in any text field of any operation
// answers 400 invalid_request naming the field, on both databases: every
// string of every JSON body and every string query parameter is tried.
func TestControlCharactersRefusedEverywhere(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		tried := 0
		for _, so := range specOps(t) {
			if so.scheme != "bearerAuth" && so.scheme != "adminBearerAuth" {
				continue
			}
			token := tb.admA
			if rb := so.op.RequestBody; rb != nil && rb.Value.Content.Get("application/json") != nil {
				schema := rb.Value.Content.Get("application/json").Schema.Value
				for _, field := range stringFields(schema, "") {
					for _, bad := range []string{"a\x00b", "a\x1bb", "a\u0085b"} {
						body, _ := sample(schema).(map[string]any)
						if body == nil {
							body = map[string]any{}
						}
						setPath(body, field, bad)
						r := tb.do(so.method, so.path, token, body)
						requireError(t, r, 400, r.errCode(), field)
						require.Contains(t, []string{"invalid_request", "invalid_phone"}, r.errCode(), "%s %s: %s", so.op.OperationID, field, r.body)
						tried++
					}
				}
			}
			for _, p := range so.op.Parameters {
				if p.Value.In != "query" || !p.Value.Schema.Value.Type.Is("string") {
					continue
				}
				q := url.Values{}
				for _, other := range so.op.Parameters {
					if other.Value.In == "query" && other.Value.Required {
						q.Set(other.Value.Name, "+14155552671")
					}
				}
				q.Set(p.Value.Name, "a\x00b")
				r := tb.do(so.method, so.path+"?"+q.Encode(), token, nil)
				requireError(t, r, 400, "invalid_request", p.Value.Name)
				tried++
			}
		}
		require.Greater(t, tried, 30)

		// Tab and newline are text in notes, and refused in a name.
		r := tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Ada", "notes": "line 1\n\tline 2"})
		require.Equal(t, 201, r.status, "body: %s", r.body)
		require.Equal(t, "line 1\n\tline 2", r.data()["notes"])
		requireError(t, tb.do("POST", "/v1/contacts", tb.tokA, map[string]any{"firstName": "Ada\nLovelace"}), 400, "invalid_request", "firstName")
		// Nested and in PATCH too, and nothing was written.
		id := r.data()["id"].(string)
		requireError(t, tb.do("PATCH", "/v1/contacts/"+id, tb.tokA, map[string]any{"company": "x\x00"}), 400, "invalid_request", "company")
		require.Equal(t, "", tb.do("GET", "/v1/contacts/"+id, tb.tokA, nil).data()["company"])
		// Invalid UTF-8 in a parameter (PostgreSQL refuses it) is the client's fault.
		requireError(t, tb.do("DELETE", "/v1/dnc/x?reason=%FF%FE", tb.admA, nil), 400, "invalid_request", "reason")
		requireError(t, tb.do("GET", "/v1/contacts/search?q=%FF", tb.tokA, nil), 400, "invalid_request", "q")
	})
}

// A JSON body with anything after its value is refused.
func TestTrailingJSONRefused(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		for _, body := range []string{`{"firstName":"Ada"} garbage`, `{"firstName":"Ada"}{"firstName":"Bob"}`, `{"firstName":"Ada"} 1`} {
			requireError(t, tb.do("POST", "/v1/contacts", tb.tokA, body), 400, "invalid_request", "body")
		}
		require.Empty(t, tb.do("GET", "/v1/contacts", tb.tokA, nil).list(), "nothing was created")
		r := tb.do("POST", "/v1/contacts", tb.tokA, "{\"firstName\":\"Ada\"}\n  \t")
		require.Equal(t, http.StatusCreated, r.status, "trailing white space is fine: %s", r.body)
		b, _ := json.Marshal(map[string]any{"phone": "+14155552671"})
		requireError(t, tb.do("POST", "/v1/dnc", tb.tokA, string(b)+"]"), 400, "invalid_request")
	})
}
