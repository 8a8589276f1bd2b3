package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func testEnv(t *testing.T, extra map[string]string) func(string) string {
	env := map[string]string{
		"DATABASE_URL":     "sqlite:" + filepath.Join(t.TempDir(), "sb.db"),
		"SWITCHBOARD_ADDR": "127.0.0.1:0",
		"RATE_LIMIT":       "0",
	}
	for k, v := range extra {
		env[k] = v
	}
	return func(k string) string { return env[k] }
}

func TestTokenCreatePrintsTokenLast(t *testing.T) {
	getenv := testEnv(t, nil)
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"token", "create", "--workspace", "ws_1", "--identity", "ada"}, getenv, &out, &errOut)
	require.NoError(t, err, errOut.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	tok := lines[len(lines)-1]
	require.Regexp(t, `^\S{20,}$`, tok, "the token alone on the last line")
	require.NotContains(t, errOut.String(), tok, "the token is never logged")

	err = run(context.Background(), []string{"token", "create", "--workspace", "", "--identity", "ada"}, getenv, &out, &errOut)
	require.Error(t, err)
	err = run(context.Background(), []string{"token", "create", "--identity", "ada", "--workspace", "w", "--role", "king"}, getenv, &out, &errOut)
	require.Error(t, err)
	require.Error(t, run(context.Background(), []string{"frobnicate"}, getenv, &out, &errOut))
}

func TestConfig(t *testing.T) {
	cfg, err := LoadConfig(func(string) string { return "" })
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:8080", cfg.Addr, "simulator mode: loopback only")
	require.Equal(t, "sqlite:switchboard.db", cfg.DatabaseURL)
	require.Equal(t, "http://localhost:8080", cfg.PublicBaseURL)
	require.Equal(t, "US", cfg.DefaultRegion)
	require.Equal(t, "https://api.twilio.com", cfg.TwilioAPIBaseURL)
	require.Equal(t, 10*time.Second, cfg.TwilioRequestTimeout)
	require.Equal(t, 30*time.Second, cfg.DialClaim)

	for k, v := range map[string]string{
		"PUBLIC_BASE_URL": "localhost:8080", "DEFAULT_REGION": "USA", "RATE_LIMIT": "-1",
		"TWILIO_ACCOUNT_SID": "AC123", "LOG_LEVEL": "loud",
		"TWILIO_REQUEST_TIMEOUT": "0s", "DIAL_CLAIM": "soon",
	} {
		_, err := LoadConfig(func(key string) string {
			if key == k {
				return v
			}
			return ""
		})
		require.Error(t, err, "%s=%s", k, v)
	}
}

// The real program on a free port: migrate, a token, a request, and a
// graceful shutdown that lets an in-flight request finish.
func TestMainServesAndShutsDownGracefully(t *testing.T) {
	getenv := testEnv(t, nil)
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), []string{"migrate"}, getenv, &out, io.Discard))
	out.Reset()
	require.NoError(t, run(context.Background(), []string{"token", "create", "--workspace", "ws_1", "--identity", "ada"}, getenv, &out, io.Discard))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	tok := lines[len(lines)-1]

	cfg, err := LoadConfig(getenv)
	require.NoError(t, err)
	m := NewMain(cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, m.Run(context.Background()))
	base := "http://" + m.Addr

	res, err := http.Get(base + "/healthz")
	http.DefaultClient.CloseIdleConnections()
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, 200, res.StatusCode)

	// Start an import whose body is still being sent when shutdown begins.
	pr, pw := io.Pipe()
	req, _ := http.NewRequest("POST", base+"/v1/contacts/import", pr)
	req.Header.Set("Content-Type", "text/csv")
	req.Header.Set("Authorization", "Bearer "+tok)
	type result struct {
		status int
		body   []byte
		err    error
	}
	done := make(chan result, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- result{err: err}
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		done <- result{status: res.StatusCode, body: b}
	}()
	_, err = io.WriteString(pw, "first name,phone\n")
	require.NoError(t, err)
	// More than the client's 4 KiB write buffer, so the server has the
	// request (and its connection is active, not idle) before shutdown.
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(pw, "Person %d,+1415555%04d\n", i, i)
	}
	// Give the server time to start reading the request: a connection
	// whose first bytes have not arrived yet is idle, and Shutdown closes it.
	time.Sleep(200 * time.Millisecond)
	closed := make(chan error, 1)
	go func() { closed <- m.Close() }()
	time.Sleep(100 * time.Millisecond) // let Shutdown start while the body is open
	for i := 1000; i < 2000; i++ {
		fmt.Fprintf(pw, "Person %d,+1415555%04d\n", i, i)
	}
	require.NoError(t, pw.Close())

	r := <-done
	require.NoError(t, r.err)
	require.Equal(t, 200, r.status, "the in-flight request finished: %s", r.body)
	var body struct {
		Data struct{ Imported int } `json:"data"`
	}
	require.NoError(t, json.Unmarshal(r.body, &body))
	require.Equal(t, 2000, body.Data.Imported)
	require.NoError(t, <-closed)

	_, err = http.Get(base + "/healthz")
	require.Error(t, err, "no longer listening")
}
