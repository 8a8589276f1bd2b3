package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The version comes from the build (-ldflags -X main.version), else from
// what the toolchain stamped: a module version, else the commit.
func TestVersionFromBuildInfo(t *testing.T) {
	info := func(v string, settings ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Version: v}}
		for i := 0; i < len(settings); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return bi
	}
	rev := "f5863be27b5433dbc51c8f4ab114f2dd6f687840"
	for _, tc := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{info("v1.2.0"), "v1.2.0"}, // go install …@v1.2.0, or a build at a tag
		{info("v0.0.0-20261126015114-f5863be27b54", "vcs.revision", rev), "v0.0.0-20261126015114-f5863be27b54"},
		{info("(devel)", "vcs.revision", rev, "vcs.modified", "false"), "devel+f5863be27b54"},
		{info("(devel)", "vcs.revision", rev, "vcs.modified", "true"), "devel+f5863be27b54-dirty"},
		{info("(devel)"), "devel"}, // go run, -buildvcs=false
		{info(""), "devel"},
	} {
		require.Equal(t, tc.want, versionFromBuildInfo(tc.info))
	}
}

// `switchboard version` and `--version` print the same line, version
// second, and touch nothing (no database, whatever the environment).
func TestVersionCommand(t *testing.T) {
	dbFile := filepath.Join(t.TempDir(), "never.db")
	getenv := testEnv(t, map[string]string{"DATABASE_URL": "sqlite:" + dbFile, "DEFAULT_REGION": "nowhere"})
	var lines []string
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		var out, errOut bytes.Buffer
		require.NoError(t, run(context.Background(), args, getenv, &out, &errOut), "%v", args)
		require.Empty(t, errOut.String())
		lines = append(lines, out.String())
	}
	require.Equal(t, lines[0], lines[1])
	require.Equal(t, lines[0], lines[2])
	require.Equal(t, "switchboard", strings.Fields(lines[0])[0])
	require.Equal(t, Version(), strings.Fields(lines[0])[1])
	_, err := os.Stat(dbFile)
	require.ErrorIs(t, err, os.ErrNotExist, "no database opened")
	require.ErrorIs(t, run(context.Background(), []string{"version", "extra"}, getenv, &bytes.Buffer{}, &bytes.Buffer{}), errUsage)
}

// The program as built (go build with the Makefile's -X flag), run as a
// process: it prints the version it was built with, and in simulator mode
// it refuses to start, with one line and status 1, when PUBLIC_BASE_URL
// does not reach it, and starts when it does.
func TestBuiltProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the program")
	}
	bin := filepath.Join(t.TempDir(), "switchboard")
	build := exec.Command("go", "build", "-ldflags", "-X main.version=v9.8.7-test", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)

	t.Run("version", func(t *testing.T) {
		for _, arg := range []string{"--version", "version"} {
			out, err := exec.Command(bin, arg).Output()
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(string(out), "switchboard v9.8.7-test ("), "%s", out)
		}
	})

	env := func(t *testing.T, addr, public string) []string {
		return append(os.Environ(), "DATABASE_URL=sqlite:"+filepath.Join(t.TempDir(), "sb.db"),
			"SWITCHBOARD_ADDR="+addr, "PUBLIC_BASE_URL="+public, "TWILIO_ACCOUNT_SID=", "TWILIO_API_BASE_URL=",
			"LOG_FORMAT=json", "RATE_LIMIT=0")
	}
	// refused runs the program and returns its one error line.
	refused := func(t *testing.T, addr, public string) map[string]any {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, "serve")
		cmd.Env = env(t, addr, public)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		require.True(t, errors.As(err, &exit), "the program exits with an error: %v\n%s", err, stderr.String())
		require.Equal(t, 1, exit.ExitCode(), stderr.String())
		require.Empty(t, stdout.String())
		var errLines []map[string]any
		sc := bufio.NewScanner(&stderr)
		for sc.Scan() {
			var line map[string]any
			require.NoError(t, json.Unmarshal(sc.Bytes(), &line), "every line is JSON: %s", sc.Text())
			require.NotEqual(t, "switchboard listening", line["msg"])
			require.NotContains(t, line["msg"], "shutting down", "nothing but the refusal explains the exit")
			if line["level"] == "ERROR" {
				errLines = append(errLines, line)
			}
		}
		require.Len(t, errLines, 1, "one line says why: %s", stderr.String())
		line := errLines[0]
		require.Contains(t, line["msg"], "PUBLIC_BASE_URL does not reach this process")
		require.Equal(t, public, line["public_base_url"])
		_, port, _ := strings.Cut(addr, ":")
		require.True(t, strings.HasSuffix(line["addr"].(string), ":"+port), "the address it listens on: %v", line["addr"])
		return line
	}

	t.Run("PUBLIC_BASE_URL names another port", func(t *testing.T) {
		port, other := freePort(t), freePort(t)
		line := refused(t, "127.0.0.1:"+port, "http://127.0.0.1:"+other)
		require.Contains(t, line["why"], "127.0.0.1:"+other, "the host that was tried")
		require.Contains(t, line["why"], "connection refused")
		require.Contains(t, line["fix"], "PUBLIC_BASE_URL=http://127.0.0.1:"+port+" ", "the listener's own URL")
	})

	t.Run("PUBLIC_BASE_URL reaches another server", func(t *testing.T) {
		// Another process answering /healthz there (another instance
		// behind a balancer, say) is not this one.
		other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"data":{"status":"ok"}}`))
		}))
		t.Cleanup(other.Close)
		port := freePort(t)
		line := refused(t, "127.0.0.1:"+port, other.URL)
		require.Contains(t, line["why"], "answered (200) by another server")
	})

	t.Run("listening on every interface", func(t *testing.T) {
		port, other := freePort(t), freePort(t)
		line := refused(t, ":"+port, "http://127.0.0.1:"+other)
		require.Contains(t, line["fix"], "PUBLIC_BASE_URL=http://localhost:"+port+" ")
	})

	t.Run("PUBLIC_BASE_URL reaches it", func(t *testing.T) {
		port := freePort(t)
		base := "http://127.0.0.1:" + port
		cmd := exec.Command(bin, "serve")
		cmd.Env = env(t, "127.0.0.1:"+port, base)
		var stderr lockedBuffer // written by the process while the test reads it
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Start())
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		t.Cleanup(func() {
			_ = cmd.Process.Signal(os.Interrupt)
			<-exited
		})
		deadline := time.Now().Add(60 * time.Second)
		for {
			res, err := http.Get(base + "/readyz")
			if err == nil {
				res.Body.Close()
				if res.StatusCode == 200 {
					break
				}
			}
			select {
			case err := <-exited:
				t.Fatalf("the program exited (%v):\n%s", err, stderr.String())
			default:
			}
			require.True(t, time.Now().Before(deadline), "the program did not become ready:\n%s", stderr.String())
			time.Sleep(100 * time.Millisecond)
		}
	})
}

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
