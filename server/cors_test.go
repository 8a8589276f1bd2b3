package server_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

const devOrigin = "http://localhost:5173"

// preflight sends what a browser sends before a cross-origin POST with a
// bearer token: no Authorization header.
func (tb *testBundle) preflight(path, origin, method string) resp {
	tb.t.Helper()
	req, _ := http.NewRequest(http.MethodOptions, tb.url+path, nil)
	req.Header.Set("Origin", origin)
	req.Header.Set("Access-Control-Request-Method", method)
	req.Header.Set("Access-Control-Request-Headers", "authorization,content-type")
	return tb.send(req)
}

func TestCORSAllowedOrigin(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open, setupOpts{corsOrigins: []string{devOrigin, "https://app.example.com"}})

		// The preflight is answered before authentication: 204, not 401.
		r := tb.preflight("/v1/contacts", devOrigin, "POST")
		require.Equal(t, http.StatusNoContent, r.status, "body: %s", r.body)
		require.Equal(t, devOrigin, r.header.Get("Access-Control-Allow-Origin"))
		require.Contains(t, r.header.Get("Access-Control-Allow-Methods"), "POST")
		require.Contains(t, r.header.Get("Access-Control-Allow-Methods"), "PATCH")
		require.Contains(t, r.header.Get("Access-Control-Allow-Methods"), "DELETE")
		require.Equal(t, "Authorization,Content-Type,X-Request-Id", r.header.Get("Access-Control-Allow-Headers"))
		require.Equal(t, "600", r.header.Get("Access-Control-Max-Age"))
		require.Empty(t, r.header.Get("Access-Control-Allow-Credentials"), "bearer tokens only, never cookies")
		require.NotEmpty(t, r.header.Get("X-Request-Id"))
		// A preflight for a path with a parameter, and for one that does not exist.
		require.Equal(t, http.StatusNoContent, tb.preflight("/v1/contacts/ct_x", devOrigin, "PATCH").status)

		// The request itself: the origin is allowed, the headers a script
		// may read are exposed, and errors carry them too.
		req, _ := http.NewRequest("GET", tb.url+"/v1/contacts", nil)
		req.Header.Set("Origin", devOrigin)
		req.Header.Set("Authorization", "Bearer "+tb.tokA)
		r = tb.send(req)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, devOrigin, r.header.Get("Access-Control-Allow-Origin"))
		require.Equal(t, "X-Request-Id,Retry-After,Deprecation,Sunset,Link", r.header.Get("Access-Control-Expose-Headers"))
		require.Contains(t, r.header.Values("Vary"), "Origin")

		req, _ = http.NewRequest("GET", tb.url+"/v1/contacts", nil)
		req.Header.Set("Origin", "https://app.example.com")
		r = tb.send(req)
		requireError(t, r, 401, "unauthorized")
		require.Equal(t, "https://app.example.com", r.header.Get("Access-Control-Allow-Origin"), "a script can read the 401")

		// Another origin gets no grant: the browser blocks it.
		r = tb.preflight("/v1/contacts", "https://evil.example", "POST")
		require.Empty(t, r.header.Get("Access-Control-Allow-Origin"))
		require.Empty(t, r.header.Get("Access-Control-Allow-Methods"))
		req, _ = http.NewRequest("GET", tb.url+"/v1/contacts", nil)
		req.Header.Set("Origin", "https://evil.example")
		req.Header.Set("Authorization", "Bearer "+tb.tokA)
		r = tb.send(req)
		require.Equal(t, 200, r.status)
		require.Empty(t, r.header.Get("Access-Control-Allow-Origin"))

		// An OPTIONS that is not a preflight names no operation of the
		// contract: the router answers it with the methods the path allows,
		// reading nothing, so it needs no token.
		req, _ = http.NewRequest(http.MethodOptions, tb.url+"/v1/contacts", nil)
		req.Header.Set("Origin", devOrigin)
		r = tb.send(req)
		require.Equal(t, http.StatusNoContent, r.status)
		require.Contains(t, r.header.Get("Allow"), "GET")
		require.Empty(t, r.body)
	})
}

func TestCORSExposesRetryAfterOn429(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite, setupOpts{rateLimit: 1, corsOrigins: []string{"*"}})
	var r resp
	for i := 0; i < 10; i++ {
		req, _ := http.NewRequest("GET", tb.url+"/v1/contacts?limit=1", nil)
		req.Header.Set("Origin", devOrigin)
		req.Header.Set("Authorization", "Bearer "+tb.tokA)
		if r = tb.send(req); r.status == 429 {
			break
		}
	}
	requireError(t, r, 429, "rate_limited")
	require.Equal(t, "*", r.header.Get("Access-Control-Allow-Origin"))
	require.Contains(t, r.header.Get("Access-Control-Expose-Headers"), "Retry-After")
	require.NotEmpty(t, r.header.Get("Retry-After"))
}

// Unset, the service sends no CORS header at all, preflight or not: the
// browser's same-origin rule stands.
func TestCORSOffByDefault(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite)
	// Without CORS a preflight is a plain OPTIONS: the router's list of
	// methods, with no grant, so the browser blocks the request.
	r := tb.preflight("/v1/contacts", devOrigin, "POST")
	require.Equal(t, http.StatusNoContent, r.status)
	require.Empty(t, r.body)
	for k := range r.header {
		require.NotContains(t, k, "Access-Control", "header %s", k)
	}
	req, _ := http.NewRequest("GET", tb.url+"/v1/contacts", nil)
	req.Header.Set("Origin", devOrigin)
	req.Header.Set("Authorization", "Bearer "+tb.tokA)
	r = tb.send(req)
	require.Equal(t, 200, r.status)
	for k := range r.header {
		require.NotContains(t, k, "Access-Control", "header %s", k)
	}
}
