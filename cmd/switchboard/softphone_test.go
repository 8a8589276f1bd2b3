package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// The program serves the embedded softphone at /softphone/, its hashed
// assets with a long cache life, and the contract's 404 envelope for
// anything else. (examples/softphone/e2e drives the page itself.)
func TestServeSoftphone(t *testing.T) {
	cfg, err := LoadConfig(testEnv(t, nil))
	require.NoError(t, err)
	m := NewMain(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NoError(t, m.Run(context.Background()))
	t.Cleanup(func() { _ = m.Close() })
	base := "http://" + m.Addr
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	get := func(path string) (*http.Response, string) {
		res, err := client.Get(base + path)
		require.NoError(t, err)
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res, string(b)
	}

	res, _ := get("/softphone")
	require.Equal(t, http.StatusMovedPermanently, res.StatusCode)
	require.Equal(t, "/softphone/", res.Header.Get("Location"))

	res, page := get("/softphone/")
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, res.Header.Get("Content-Type"), "text/html")
	require.Contains(t, page, "<title>Switchboard softphone</title>")
	script := regexp.MustCompile(`src="(/softphone/assets/[^"]+\.js)"`).FindStringSubmatch(page)
	require.Len(t, script, 2, "the page loads its built script")

	res, js := get(script[1])
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, res.Header.Get("Content-Type"), "javascript")
	require.Contains(t, res.Header.Get("Cache-Control"), "immutable")
	require.Contains(t, js, "/sim/connect", "the simulator's stand-in for Device is in the bundle")

	for _, p := range []string{"/softphone/nope.js", "/softphone/../docs", "/softphone/assets/"} {
		res, body := get(p)
		require.Equal(t, http.StatusNotFound, res.StatusCode, p)
		require.JSONEq(t, `{"error":{"code":"not_found","message":"No such resource."}}`, body, p)
	}
}
