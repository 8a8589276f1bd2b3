package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Every command's --help exits 0, prints to stdout the variables the
// command reads, and runs nothing: not even with a configuration that would
// fail, and serve does not start.
func TestHelpOnEveryCommand(t *testing.T) {
	dbFile := filepath.Join(t.TempDir(), "never.db")
	getenv := testEnv(t, map[string]string{"DATABASE_URL": "sqlite:" + dbFile, "DEFAULT_REGION": "nowhere"})
	cases := []struct {
		args []string
		want []string // in stdout
	}{
		{[]string{"--help"}, []string{"serve", "migrate", "sim", "token create", "token list", "token revoke", "version", "healthcheck", "CORS_ALLOWED_ORIGINS", "DATABASE_URL"}},
		{[]string{"-h"}, []string{"serve", "token create"}},
		{[]string{"help"}, []string{"serve", "token create"}},
		{[]string{"serve", "--help"}, []string{"usage: switchboard serve", "SWITCHBOARD_ADDR", "DATABASE_URL", "PUBLIC_BASE_URL", "TWILIO_ACCOUNT_SID", "CORS_ALLOWED_ORIGINS", "SHUTDOWN_GRACE", "METRICS_ADDR"}},
		{[]string{"serve", "-h"}, []string{"usage: switchboard serve"}},
		{[]string{"help", "serve"}, []string{"usage: switchboard serve"}},
		{[]string{"migrate", "--help"}, []string{"usage: switchboard migrate", "DATABASE_URL", "LOG_LEVEL"}},
		{[]string{"sim", "--help"}, []string{"usage: switchboard sim", "SWITCHBOARD_ADDR", "PUBLIC_BASE_URL", "TWILIO_AUTH_TOKEN"}},
		{[]string{"token", "--help"}, []string{"switchboard token create", "switchboard token list", "switchboard token revoke"}},
		{[]string{"token", "create", "--help"}, []string{"usage: switchboard token create", "-workspace", "-identity", "-role", "-ttl", "DATABASE_URL"}},
		{[]string{"token", "list", "--help"}, []string{"usage: switchboard token list", "-workspace", "DATABASE_URL"}},
		{[]string{"token", "revoke", "--help"}, []string{"usage: switchboard token revoke", "-token", "-id", "DATABASE_URL"}},
		{[]string{"help", "token", "create"}, []string{"usage: switchboard token create", "-workspace"}},
		{[]string{"version", "--help"}, []string{"usage: switchboard version"}},
		{[]string{"healthcheck", "--help"}, []string{"usage: switchboard healthcheck", "-ready", "-url", "SWITCHBOARD_ADDR"}},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- run(ctx, tc.args, getenv, &out, &errOut) }()
			select {
			case err := <-done:
				require.NoError(t, err)
			case <-time.After(10 * time.Second):
				cancel()
				<-done
				t.Fatal("--help started the command")
			}
			for _, w := range tc.want {
				require.Contains(t, out.String(), w)
			}
			require.Empty(t, errOut.String(), "nothing logged, nothing started")
			_, err := os.Stat(dbFile)
			require.ErrorIs(t, err, os.ErrNotExist, "no database opened")
		})
	}
}

// Wrong arguments print the command's help to stderr and end with status 2.
func TestUsageErrors(t *testing.T) {
	getenv := testEnv(t, nil)
	for _, args := range [][]string{{"frobnicate"}, {"serve", "now"}, {"migrate", "--force"}, {"token"}, {"token", "delete"}, {"token", "create", "--bogus"}} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, getenv, &out, &errOut)
		require.ErrorIs(t, err, errUsage, "%v", args)
		require.Contains(t, errOut.String(), "usage: switchboard", "%v", args)
		require.Empty(t, out.String())
	}
}

// SQLite's own words for a file it cannot create are "out of memory (14)".
func TestUnopenableDatabaseSaysWhy(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(notDir, []byte("x"), 0o600))
	for url, want := range map[string]string{
		"sqlite:/nonexistent/dir/x.db":   "the directory /nonexistent/dir does not exist",
		"sqlite:" + notDir + "/x.db":     notDir + " is not a directory",
		"sqlite:" + filepath.Dir(notDir): "it is a directory",
	} {
		for _, args := range [][]string{{"migrate"}, {"serve"}, {"token", "create", "--workspace", "w", "--identity", "a"}} {
			err := run(context.Background(), args, testEnv(t, map[string]string{"DATABASE_URL": url}), &bytes.Buffer{}, &bytes.Buffer{})
			require.Error(t, err, "%s %v", url, args)
			require.Contains(t, err.Error(), want, "%v", args)
			require.NotContains(t, err.Error(), "out of memory")
			require.NotContains(t, err.Error(), "_pragma", "the DSN's options are noise")
		}
	}
}

// syncBuffer is a bytes.Buffer the server's goroutines may log to while the
// test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// SIGINT/SIGTERM (the context's end) is logged, and so is the end.
func TestServeLogsShutdown(t *testing.T) {
	var logs syncBuffer
	port := freePort(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve"}, testEnv(t, map[string]string{"SHUTDOWN_GRACE": "2s",
			// serve starts its simulator only where PUBLIC_BASE_URL reaches it.
			"SWITCHBOARD_ADDR": "127.0.0.1:" + port, "PUBLIC_BASE_URL": "http://127.0.0.1:" + port}), &bytes.Buffer{}, &logs)
	}()
	require.Eventually(t, func() bool { return strings.Contains(logs.String(), `"msg":"switchboard listening"`) },
		20*time.Second, 20*time.Millisecond, "logs: %s", logs.String())
	require.NotContains(t, logs.String(), "shutting down")
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	require.Contains(t, logs.String(), `"msg":"switchboard shutting down: in-flight requests may finish","grace":"2s"`)
	require.Contains(t, logs.String(), `"msg":"switchboard stopped"`)
}

func TestCORSAllowedOriginsConfig(t *testing.T) {
	cfg, err := LoadConfig(testEnv(t, map[string]string{"CORS_ALLOWED_ORIGINS": " http://localhost:5173, https://app.example.com ,"}))
	require.NoError(t, err)
	require.Equal(t, []string{"http://localhost:5173", "https://app.example.com"}, cfg.CORSAllowedOrigins)
	cfg, err = LoadConfig(testEnv(t, nil))
	require.NoError(t, err)
	require.Empty(t, cfg.CORSAllowedOrigins, "unset: CORS off")
	// A near miss would match no browser's Origin and fail only in the browser.
	for _, bad := range []string{"http://localhost:5173/", "localhost:5173", "https://app.example.com/app", "ftp://x.example", "http://a.example?x=1"} {
		_, err := LoadConfig(testEnv(t, map[string]string{"CORS_ALLOWED_ORIGINS": bad}))
		require.ErrorContains(t, err, "CORS_ALLOWED_ORIGINS", bad)
	}
}

func TestSimLogsShutdown(t *testing.T) {
	var out, logs syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"sim"}, testEnv(t, nil), &out, &logs) }()
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "simulator listening on 127.0.0.1:") },
		20*time.Second, 20*time.Millisecond, "stdout: %s", out.String())
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("sim did not stop")
	}
	require.Contains(t, logs.String(), `"msg":"simulator shutting down: in-flight requests may finish"`)
	require.Contains(t, logs.String(), `"msg":"simulator stopped"`)
}
