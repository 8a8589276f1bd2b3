package main

import (
	"bytes"
	"encoding/base64"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"
)

// TestDocsReceivers runs the receivers docs/webhooks.md shows (Go, and
// Python with the standard library only or with the standardwebhooks
// package) against real deliveries of the running program: each prints
// the delivery, and refuses a tampered body, an old timestamp, a wrong
// secret and a malformed signature (the TypeScript one runs in the
// client's Node test). The standardwebhooks receiver runs where python3
// imports the package (PYTHONPATH may point at its source), and is skipped
// where it does not.
func TestDocsReceivers(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	dir := filepath.Join(root, "examples", "webhook-receiver")
	goBin := filepath.Join(t.TempDir(), "receiver")
	build := exec.Command("go", "build", "-o", goBin, "./examples/webhook-receiver")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	python, pyErr := exec.LookPath("python3")

	eachDatabase(t, func(t *testing.T, dbURL string) {
		p := startProgram(t, dbURL, "ws_receivers")
		for i, r := range []struct {
			name string
			argv []string
		}{
			{"go", []string{goBin}},
			{"python", []string{python, filepath.Join(dir, "receiver.py")}},
			{"python-standardwebhooks", []string{python, filepath.Join(dir, "receiver_standardwebhooks.py")}},
		} {
			t.Run(r.name, func(t *testing.T) {
				if strings.HasPrefix(r.name, "python") {
					require.NoError(t, pyErr, "python3 runs the Python receivers")
				}
				if r.name == "python-standardwebhooks" {
					if err := exec.Command(python, "-c", "import standardwebhooks").Run(); err != nil {
						t.Skip("python3 cannot import standardwebhooks (pip install standardwebhooks, or PYTHONPATH at its source)")
					}
				}
				receive(t, p, r.argv, "+1415555019"+strconv.Itoa(i))
			})
		}
	})
}

// receive starts a receiver (argv) on a free port, sends it a real delivery
// and forged ones, and checks what it printed and answered.
func receive(t *testing.T, p *program, argv []string, phone string) {
	addr := "127.0.0.1:" + freePort(t)
	ep := p.must(http.StatusCreated, "POST", "/v1/webhook-endpoints", p.admin,
		map[string]any{"url": "http://" + addr + "/hooks", "events": []string{"contact.created"}})
	secret := ep["secret"].(string)

	var stdout, stderr syncBuffer
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(cmd.Environ(), "WEBHOOK_SECRET="+secret, "ADDR="+addr)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	eventually(t, "the receiver to listen", func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	})

	// A real delivery: printed, with the event's id first.
	c := p.must(http.StatusCreated, "POST", "/v1/contacts", p.agent, map[string]any{"firstName": "Ada", "phone": phone})
	var line string
	eventually(t, "the receiver to print the delivery", func() bool {
		for _, l := range strings.Split(stdout.String(), "\n") {
			if strings.Contains(l, c["id"].(string)) {
				line = l
				return true
			}
		}
		return false
	})
	_, log := p.do("GET", "/v1/events?type=contact.created&limit=1", p.admin, nil)
	id := log["data"].([]any)[0].(map[string]any)["id"].(string)
	require.True(t, strings.HasPrefix(line, id+" "), "the event's id, then the body: %q", line)
	require.Contains(t, line, `"type":"contact.created"`)

	// Forged ones, signed as the service signs: the receiver checks what it
	// should and no more (a good signature now passes).
	wh, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	other, err := standardwebhooks.NewWebhook("whsec_" + base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32)))
	require.NoError(t, err)
	body := []byte(`{"type":"contact.created","timestamp":"2026-11-23T10:15:00Z","data":{"id":"forged"}}`)
	post := func(signer *standardwebhooks.Webhook, at time.Time, sent []byte, sig string) int {
		t.Helper()
		if sig == "" {
			var err error
			sig, err = signer.Sign("msg_forged", at, body)
			require.NoError(t, err)
		}
		req, err := http.NewRequest("POST", "http://"+addr+"/hooks", bytes.NewReader(sent))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("webhook-id", "msg_forged")
		req.Header.Set("webhook-timestamp", strconv.FormatInt(at.Unix(), 10))
		req.Header.Set("webhook-signature", sig)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		return res.StatusCode
	}
	now := time.Now()
	tampered := bytes.Replace(body, []byte("forged"), []byte("f0rged"), 1)
	require.Equal(t, http.StatusUnauthorized, post(wh, now, tampered, ""), "a tampered body; stderr: %s", stderr.String())
	require.Equal(t, http.StatusUnauthorized, post(wh, now.Add(-10*time.Minute), body, ""), "a timestamp 10 minutes old")
	require.Equal(t, http.StatusUnauthorized, post(other, now, body, ""), "a wrong secret")
	require.Equal(t, http.StatusUnauthorized, post(wh, now, body, "garbage"), "a malformed signature")
	require.NotContains(t, stdout.String(), "msg_forged", "nothing refused is printed")
	require.Less(t, post(wh, now, body, ""), 300, "signed right and now: taken")
	eventually(t, "the receiver to print it", func() bool { return strings.Contains(stdout.String(), "msg_forged ") })
}
