package main

import (
	"debug/elf"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestDockerfile checks what the Dockerfile promises without a Docker
// engine (none runs where CI runs): the builder's Go is at least go.mod's;
// its build command, run as written, gives a static binary (nothing for the
// distroless base's missing libc to load) that reports the version it was
// given; and that binary, started as the image starts it (entrypoint,
// command, environment, working directory), answers the image's
// HEALTHCHECK and is ready. A change to the Dockerfile that breaks one of
// these fails here.
func TestDockerfile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program as the Dockerfile does")
	}
	if !storetest.Wanted("sqlite") {
		// The image's default database; the build (a minute on 2 cores,
		// with its own flags) need not run again in a PostgreSQL-only run.
		t.Skip("the image runs on SQLite, left out by " + storetest.EnvDatabases)
	}
	df := parseDockerfile(t, filepath.Join("..", "..", "Dockerfile"))

	goVersion := df.arg("GO_VERSION")
	require.NotEmpty(t, goVersion, "ARG GO_VERSION")
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	require.NoError(t, err)
	var need string
	for _, line := range strings.Split(string(mod), "\n") {
		if v, ok := strings.CutPrefix(line, "go "); ok {
			need = strings.TrimSpace(v)
		}
	}
	require.NotEmpty(t, need, "go.mod's go directive")
	require.False(t, versionLess(goVersion, need), "the builder's Go %s is older than go.mod's %s", goVersion, need)

	// The build, as the Dockerfile runs it, with /out in a temporary folder.
	build := df.run("go build")
	require.NotEmpty(t, build, "a RUN with go build")
	out := t.TempDir()
	const version = "v9.8.7-dockerfile-test"
	cmd := exec.Command("sh", "-c", strings.NewReplacer("${VERSION}", version, "/out", out).Replace(build))
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = os.Environ()
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", b)
	bin := filepath.Join(out, "switchboard")

	f, err := elf.Open(bin)
	require.NoError(t, err)
	for _, p := range f.Progs {
		require.NotEqual(t, elf.PT_INTERP, p.Type, "the binary asks for a dynamic loader")
	}
	libs, err := f.ImportedLibraries()
	require.NoError(t, err)
	require.Empty(t, libs, "the binary links shared libraries")
	require.NoError(t, f.Close())

	b, err = exec.Command(bin, "--version").CombinedOutput()
	require.NoError(t, err, "%s", b)
	require.Contains(t, string(b), version)

	// Started as the image starts it: its environment only (with the data
	// folder and the port moved to this machine's free ones), in its
	// working directory, with its entrypoint and command.
	data := filepath.Join(out, "data")
	require.DirExists(t, data, "the build makes the data folder the image copies")
	port := freePort(t)
	env := []string{}
	for _, kv := range df.env {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "SWITCHBOARD_ADDR":
			host, _, err := net.SplitHostPort(v)
			require.NoError(t, err)
			require.Empty(t, host, "the container listens on every interface")
			v = net.JoinHostPort(host, port)
		case "DATABASE_URL":
			v = strings.Replace(v, "/data", data, 1)
		}
		env = append(env, k+"="+v)
	}
	// PUBLIC_BASE_URL's default, http://localhost:8080, is the image's own
	// listener inside the container; with the port moved here, it moves too.
	env = append(env, "PUBLIC_BASE_URL=http://localhost:"+port)
	require.Equal(t, "/data", df.workdir, "the final stage's WORKDIR")
	entry := append(df.exec("ENTRYPOINT"), df.exec("CMD")...)
	require.Equal(t, "/usr/local/bin/switchboard", entry[0])
	serve := exec.Command(bin, entry[1:]...)
	serve.Env, serve.Dir = env, data
	var log strings.Builder
	serve.Stdout, serve.Stderr = &log, &log
	require.NoError(t, serve.Start())
	t.Cleanup(func() { _ = serve.Process.Kill(); _ = serve.Wait() })

	check := df.healthcheck
	require.Equal(t, "/usr/local/bin/switchboard", check[0])
	run := func(args ...string) error {
		c := exec.Command(bin, args...)
		c.Env = env
		return c.Run()
	}
	deadline := time.Now().Add(30 * time.Second) // the HEALTHCHECK's start period
	for run(check[1:]...) != nil {
		require.True(t, time.Now().Before(deadline), "the HEALTHCHECK never passed; the program said:\n%s", log.String())
		time.Sleep(100 * time.Millisecond)
	}
	require.NoError(t, run(append(check[1:], "--ready")...), "ready, as a balancer asks")
	require.FileExists(t, filepath.Join(data, "switchboard.db"), "the SQLite database in the image's volume")
}

// dockerfile is what TestDockerfile reads of the Dockerfile.
type dockerfile struct {
	args        map[string]string
	runs        []string
	env         []string // KEY=value, of the last stage
	workdir     string   // of the last stage
	entrypoint  []string
	cmd         []string
	healthcheck []string // the CMD of HEALTHCHECK
}

func (d *dockerfile) arg(name string) string { return d.args[name] }

// run is the first RUN whose command contains s.
func (d *dockerfile) run(s string) string {
	for _, r := range d.runs {
		if strings.Contains(r, s) {
			return r
		}
	}
	return ""
}

func (d *dockerfile) exec(instruction string) []string {
	if instruction == "ENTRYPOINT" {
		return d.entrypoint
	}
	return d.cmd
}

// parseDockerfile reads the instructions TestDockerfile needs, lines
// continued with a backslash joined, comments dropped.
func parseDockerfile(t *testing.T, path string) *dockerfile {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	d := &dockerfile{args: map[string]string{}}
	var lines []string
	cur := ""
	for _, line := range strings.Split(string(raw), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		if s, ok := strings.CutSuffix(line, "\\"); ok {
			cur += s + " "
			continue
		}
		lines = append(lines, cur+line)
		cur = ""
	}
	jsonArray := func(s string) []string {
		var out []string
		require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(s)), &out), "exec form expected: %s", s)
		return out
	}
	for _, line := range lines {
		instr, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch strings.ToUpper(instr) {
		case "FROM":
			d.env, d.workdir = nil, "" // a new stage
		case "ARG":
			if k, v, ok := strings.Cut(strings.TrimSpace(rest), "="); ok {
				d.args[k] = v
			}
		case "RUN":
			d.runs = append(d.runs, strings.TrimSpace(rest))
		case "ENV":
			d.env = append(d.env, strings.Fields(rest)...)
		case "WORKDIR":
			d.workdir = strings.TrimSpace(rest)
		case "ENTRYPOINT":
			d.entrypoint = jsonArray(rest)
		case "CMD":
			d.cmd = jsonArray(rest)
		case "HEALTHCHECK":
			_, c, ok := strings.Cut(rest, " CMD ")
			require.True(t, ok, "HEALTHCHECK … CMD […]")
			d.healthcheck = jsonArray(c)
		}
	}
	return d
}

// versionLess compares dotted Go versions (1.26.8 against 1.26).
func versionLess(a, b string) bool {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y int
		if i < len(as) {
			x, _ = strconv.Atoi(as[i])
		}
		if i < len(bs) {
			y, _ = strconv.Atoi(bs[i])
		}
		if x != y {
			return x < y
		}
	}
	return false
}
