package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

func TestServiceEndpoints(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite)

	r := tb.do("GET", "/healthz", "", nil)
	require.Equal(t, 200, r.status)
	require.Equal(t, "ok", r.data()["status"])

	r = tb.do("GET", "/openapi.yaml", "", nil)
	require.Equal(t, 200, r.status)
	require.True(t, strings.HasPrefix(string(r.body), "openapi: 3.0.3"))

	r = tb.do("GET", "/docs", "", nil)
	require.Equal(t, 200, r.status)
	require.Contains(t, r.header.Get("Content-Type"), "text/html")
}

func TestErrorsAreEnvelopes(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite)
	requireError(t, tb.do("GET", "/nowhere", "", nil), 404, "not_found")
	requireError(t, tb.do("GET", "/v1/nowhere", tb.tokA, nil), 404, "not_found")
	// A method a path lacks is one answer, whichever router finds it: an
	// operation's path, a public one, a route outside the spec, a webhook.
	for _, m := range [][2]string{{"PUT", "/v1/contacts"}, {"DELETE", "/healthz"}, {"PUT", "/openapi.yaml"}, {"PUT", "/v1/voice/status"}} {
		r := tb.do(m[0], m[1], tb.tokA, map[string]any{})
		requireError(t, r, 405, "method_not_allowed")
		require.Contains(t, string(r.body), `"Method not allowed on this resource."`, "%s %s", m[0], m[1])
	}
	requireError(t, tb.do("GET", "/v1/contacts", "Bearer", nil), 401, "unauthorized")

	req, _ := http.NewRequest("GET", tb.url+"/v1/contacts", nil)
	req.Header.Set("Authorization", "Basic "+tb.tokA)
	requireError(t, tb.send(req), 401, "unauthorized")

	// Bodies over 1 MiB outside the import.
	big := `{"firstName":"` + strings.Repeat("a", 1<<20) + `"}`
	requireError(t, tb.do("POST", "/v1/contacts", tb.tokA, big), 413, "payload_too_large")

	// A JSON body with the wrong content type.
	req, _ = http.NewRequest("POST", tb.url+"/v1/contacts", strings.NewReader(`{"firstName":"A"}`))
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Authorization", "Bearer "+tb.tokA)
	requireError(t, tb.send(req), 400, "invalid_request")
}

func TestRequestID(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite)
	r := tb.do("GET", "/healthz", "", nil)
	require.Len(t, r.header.Get("X-Request-Id"), 24)
	r = tb.do("GET", "/v1/contacts", "", nil)
	require.NotEmpty(t, r.header.Get("X-Request-Id"), "errors carry one too")

	req, _ := http.NewRequest("GET", tb.url+"/healthz", nil)
	req.Header.Set("X-Request-Id", "client-chosen-42")
	require.Equal(t, "client-chosen-42", tb.send(req).header.Get("X-Request-Id"))
}

func TestRateLimit(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite, setupOpts{rateLimit: 1})
	var limited resp
	for i := 0; i < 10; i++ {
		r := tb.do("GET", "/v1/contacts", tb.tokA, nil)
		if r.status == 429 {
			limited = r
			break
		}
		require.Equal(t, 200, r.status)
	}
	requireError(t, limited, 429, "rate_limited")
	require.NotEmpty(t, limited.header.Get("Retry-After"))
	// Another token has its own budget.
	require.Equal(t, 200, tb.do("GET", "/v1/contacts", tb.tokA2, nil).status)
}

// A server without voice-token credentials (no API key configured) refuses
// the token with 501 in the envelope, not a 404 or 500; the call flow is
// always there, so the other voice operations are served.
func TestVoiceTokenWithoutCredentials(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite)
	requireError(t, tb.do("GET", "/v1/voice/token", tb.tokA, nil), 501, "not_implemented")
	r := tb.do("GET", "/v1/calls", tb.tokA, nil)
	require.Equal(t, 200, r.status, "body: %s", r.body)
	require.Empty(t, r.list())
}

// The server has no optional services: one built without the call flow (or
// any other store service) is refused at start-up rather than answering 501
// or panicking later.
func TestNewRequiresEveryService(t *testing.T) {
	db := storetest.OpenSQLite(t)
	full := coreDeps(t, db)
	for name, drop := range map[string]func(*server.Deps){
		"Voice":      func(d *server.Deps) { d.Voice = nil },
		"Workspaces": func(d *server.Deps) { d.Workspaces = nil },
		"Contacts":   func(d *server.Deps) { d.Contacts = nil },
		"Events":     func(d *server.Deps) { d.Events = nil },
	} {
		d := full
		drop(&d)
		_, err := server.New(server.Config{PublicBaseURL: "http://localhost:8080"}, d, testLogger())
		require.Error(t, err, name)
	}
	_, err := server.New(server.Config{PublicBaseURL: "http://localhost:8080"}, full, testLogger())
	require.NoError(t, err)
}
