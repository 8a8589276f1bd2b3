package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/gen/api"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// specOp is one operation of openapi.yaml with what a test needs to call it.
type specOp struct {
	method, path string // path with its parameters filled in
	op           *openapi3.Operation
	scheme       string // the one security scheme, or "" when public
}

var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// specOps walks every operation of the embedded spec.
func specOps(t *testing.T) []specOp {
	t.Helper()
	doc, err := api.GetSwagger()
	require.NoError(t, err)
	var out []specOp
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			reqs := doc.Security
			if op.Security != nil {
				reqs = *op.Security
			}
			so := specOp{method: method, op: op}
			require.LessOrEqual(t, len(reqs), 1, "%s: one security requirement at most", op.OperationID)
			if len(reqs) == 1 {
				require.Len(t, reqs[0], 1, "%s: one scheme", op.OperationID)
				for name := range reqs[0] {
					so.scheme = name
					require.Contains(t, doc.Components.SecuritySchemes, name, "%s names a declared scheme", op.OperationID)
				}
			}
			params := append(openapi3.Parameters{}, item.Parameters...)
			params = append(params, op.Parameters...)
			so.path = pathParam.ReplaceAllStringFunc(path, func(m string) string {
				name := m[1 : len(m)-1]
				if p := params.GetByInAndName("path", name); p != nil && p.Example != nil {
					return url.PathEscape(p.Example.(string))
				} else if p != nil && p.Schema != nil && p.Schema.Value.Example != nil {
					return url.PathEscape(p.Schema.Value.Example.(string))
				}
				return "x"
			})
			out = append(out, so)
		}
	}
	require.NotEmpty(t, out)
	return out
}

// Every operation declares who may call it, and the server enforces it:
// without a token a bearer operation answers 401, without a signature a
// provider webhook 403 invalid_signature, and an agent's token on an admin
// operation 403 forbidden. Public operations are a short, named list.
func TestSecurityFromSpec(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		public := map[string]bool{}
		admin := 0
		for _, so := range specOps(t) {
			switch so.scheme {
			case "":
				public[so.op.OperationID] = true
			case "bearerAuth":
				requireError(t, tb.do(so.method, so.path, "", nil), 401, "unauthorized")
			case "adminBearerAuth":
				admin++
				requireError(t, tb.do(so.method, so.path, "", nil), 401, "unauthorized")
				r := tb.do(so.method, so.path, tb.tokA, nil)
				requireError(t, r, 403, "forbidden")
			case "twilioSignature":
				req, err := http.NewRequest(so.method, tb.url+so.path, strings.NewReader("CallSid=CA1"))
				require.NoError(t, err)
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				requireError(t, tb.send(req), 403, "invalid_signature")
			default:
				t.Fatalf("%s: unknown scheme %q", so.op.OperationID, so.scheme)
			}
		}
		require.Equal(t, map[string]bool{"Healthz": true, "Readyz": true, "VoiceHoldMusic": true}, public)
		require.GreaterOrEqual(t, admin, 2, "removing a DNC entry and reading its history are admin operations")
	})
}

// An admin token does what an agent's does, and the admin operations.
func TestAdminMayDoWhatAgentsDo(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		r := tb.do("POST", "/v1/contacts", tb.admA, map[string]any{"firstName": "Ada"})
		require.Equal(t, 201, r.status, "body: %s", r.body)
		r = tb.do("POST", "/v1/dnc", tb.admA, map[string]any{"phone": "+14155552671"})
		require.Equal(t, 201, r.status, "body: %s", r.body)
		require.Equal(t, "boss", r.data()["addedBy"])
	})
}
