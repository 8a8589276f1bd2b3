package server_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// The real program, killed with SIGKILL after the provider accepted the
// customer leg and before its SID was stored, then started again: the
// restarted process reconciles the pending dial with the provider's Calls
// list and adopts that leg. One leg.
func TestKilledMidDialOneLeg(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the program")
	}
	bin := filepath.Join(t.TempDir(), "switchboard")
	build := exec.Command("go", "build", "-o", bin, "../cmd/switchboard")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run(), "go build ./cmd/switchboard")

	dbURLs := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "switchboard.db") },
		"postgres": func(t *testing.T) string { return storetest.PostgresURL(t) },
	}
	for name, dbURL := range dbURLs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			killedMidDial(t, bin, dbURL(t))
		})
	}
}

func killedMidDial(t *testing.T, bin, dbURL string) {
	ctx := context.Background()
	db, err := store.Open(ctx, dbURL, testLogger())
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	require.NoError(t, db.Migrate(ctx))
	ws := storetest.NewWorkspaceID()
	_, _, err = db.CreateToken(ctx, ws, "ada", sb.RoleAgent)
	require.NoError(t, err)
	require.NoError(t, db.CreateCallerID(ctx, &sb.CallerID{WorkspaceID: ws, PhoneNumber: simCallerID, Status: sb.CallerIDVerified}))
	// The program runs on the real clock: without a window the test does not
	// depend on the time of day.
	_, err = db.UpdateWorkspaceSettings(ctx, ws, sb.WorkspaceSettingsPatch{SetCallingHours: true})
	require.NoError(t, err)
	ada := "client:" + clientID(t, ws, "ada")

	fake := telephonytest.NewTwilio(t)
	fake.SetPageMax(1)
	// Accepted, answered never: the kill comes first. The first program
	// works at the dial for half of DIAL_CLAIM, far longer than the kill
	// takes; the second claims the dial once that claim has expired.
	fake.Plan(telephonytest.Create{Mode: "hang"})
	const public = "http://switchboard.test"
	env := append(os.Environ(), "SWITCHBOARD_ADDR=127.0.0.1:0", "DATABASE_URL="+dbURL, "PUBLIC_BASE_URL="+public,
		"TWILIO_ACCOUNT_SID="+fakeAccount, "TWILIO_AUTH_TOKEN="+fakeToken, "TWILIO_API_BASE_URL="+fake.URL,
		// A claim must fit two request timeouts and the late-create
		// margin (5 s), or it is raised: 6 s would become 25 s.
		"DIAL_CLAIM=7s", "TWILIO_REQUEST_TIMEOUT=1s", "LOG_FORMAT=json", "RATE_LIMIT=0")

	first := startChild(t, bin, env)
	sid := newDialSid()
	form := url.Values{"CallSid": {sid}, "AccountSid": {fakeAccount}, "From": {ada}, "Caller": {ada},
		"To": {"+15005550100"}, "Direction": {"inbound"}, "CallStatus": {"ringing"}, "workspaceId": {ws}}
	req, err := http.NewRequest(http.MethodPost, first.url+"/v1/voice/callml", strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set(telephony.SignatureHeader, telephony.Sign(fakeToken, public+"/v1/voice/callml", form))
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	require.NoError(t, err)
	_ = res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)

	leg := fake.NextLeg() // the provider has the leg; its answer is held
	first.kill()
	call, err := db.FindCallByLeg(ctx, sid)
	require.NoError(t, err)
	require.Empty(t, call.CustomerCallSID, "killed before the leg's SID was stored")

	second := startChild(t, bin, env)
	telephonytest.EventuallyWithin(t, 60*time.Second, "the restarted program to record the leg", func() bool {
		call, err = db.FindCallByLeg(ctx, sid)
		require.NoError(t, err)
		return call.CustomerCallSID != ""
	})
	second.kill()
	legs := fake.LegsFor(call.ConferenceName)
	t.Logf("call %s, killed mid-dial and restarted: %d customer leg(s) at the provider %v, %d create(s); recorded %q",
		sid, len(legs), legs, len(fake.Creates()), call.CustomerCallSID)
	require.Equal(t, []string{leg}, legs)
	require.Len(t, fake.Creates(), 1, "the restarted program did not dial again")
	require.Equal(t, leg, call.CustomerCallSID)
}

// childProgram is the switchboard binary running as a child process.
type childProgram struct {
	t   *testing.T
	cmd *exec.Cmd
	url string

	mu   sync.Mutex
	logs []string
}

// startChild starts bin with env and waits (at most 30 s) for it to log
// the address it listens on.
func startChild(t *testing.T, bin string, env []string) *childProgram {
	t.Helper()
	p := &childProgram{t: t, cmd: exec.Command(bin, "serve")}
	p.cmd.Env = env
	stderr, err := p.cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, p.cmd.Start())
	t.Cleanup(p.kill)
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.logs = append(p.logs, line)
			p.mu.Unlock()
			var entry struct{ Msg, Addr string }
			if json.Unmarshal([]byte(line), &entry) == nil && entry.Msg == "switchboard listening" {
				addr <- entry.Addr
			}
		}
	}()
	select {
	case a := <-addr:
		p.url = "http://" + a
	case <-time.After(30 * time.Second):
		p.kill()
		t.Fatalf("the program did not start:\n%s", p.log())
	}
	return p
}

// kill sends SIGKILL and reaps the process; the log goes to the test's log
// when the test failed.
func (p *childProgram) kill() {
	if p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	_ = p.cmd.Wait()
	if p.t.Failed() {
		p.t.Logf("program log:\n%s", p.log())
	}
}

func (p *childProgram) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.logs, "\n")
}
