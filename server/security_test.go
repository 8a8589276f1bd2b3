package server_test

// The security regression suite: each finding of the hostile-input review
// as a test through real HTTP, on both databases where a database is
// involved. Others live next to what they test: roles and the spec's
// security (access_test.go), control characters and trailing JSON
// (textcheck_test.go), invalid UTF-8 and bidirectional controls
// (utf8_test.go, and the fuzz targets' seeds), token expiry and revocation (token_test.go),
// dropped database connections (dbfault_test.go), the simulator's token
// and address (cmd/switchboard), the webhooks' findings: fairness,
// the endpoint cap, special-purpose addresses, attempts recorded across
// dropped connections (security_webhook_test.go), and a customer leg
// whose create reaches the provider late, through a delaying proxy, on
// both databases and two instances (callflow/latedial_test.go).

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// commas streams n bytes of a CSV header made of commas, then a newline
// and one row, without holding them in memory.
type commas struct{ left int }

func (c *commas) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, io.EOF
	}
	n := min(len(p), c.left)
	for i := range p[:n] {
		p[i] = ','
	}
	c.left -= n
	return n, nil
}

// A header over 1,000 columns or 64 KiB is refused with 400 naming the
// limit, and a 20 MiB header of commas costs the server next to no memory;
// a wide but legal header lists only 100 ignored columns, with their count.
//
// It measures the whole process's allocations, so it runs alone: neither it
// nor its subtests call t.Parallel, and Go starts the parallel tests only
// after the serial ones.
func TestCSVHeaderLimits(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) { csvHeaderLimits(t, d.Open) })
	}
}

func csvHeaderLimits(t *testing.T, open storetest.Opener) {
	{
		tb := setup(t, open)
		for _, route := range []string{"/v1/contacts/import", "/v1/dnc/import"} {
			r := tb.postCSVTo(route, tb.tokA, "phone"+strings.Repeat(",x", 1000)+"\n+14155550100\n")
			requireError(t, r, 400, "invalid_request", "file")
			require.Contains(t, r.errMessage(), "at most 1000")

			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			req, err := http.NewRequest("POST", tb.url+route, io.MultiReader(strings.NewReader("phone"), &commas{left: 20 << 20}, strings.NewReader("\n1\n")))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "text/csv")
			req.Header.Set("Authorization", "Bearer "+tb.tokA)
			r = tb.send(req)
			runtime.ReadMemStats(&after)
			requireError(t, r, 400, "invalid_request", "file")
			require.Contains(t, r.errMessage(), "longer than 65536 bytes")
			// The whole process's allocations while 20 MiB went through:
			// the spool copies in small buffers, the header reader stops
			// at 64 KiB.
			require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20), "allocated %d bytes", after.TotalAlloc-before.TotalAlloc)
		}

		// 999 unknown columns: the first 100 are listed, all are counted.
		header := "phone"
		for i := 0; i < 999; i++ {
			header += ",col" + strconv.Itoa(i)
		}
		r := tb.postCSV(tb.tokA, "", header+"\n+14155550100\n")
		require.Equal(t, 200, r.status, "body: %.300s", r.body)
		require.Len(t, r.data()["ignoredColumns"], 100)
		require.Equal(t, "col0", r.data()["ignoredColumns"].([]any)[0])
		require.Equal(t, 999, num(r.data()["ignoredColumnCount"]))

		// A row over 1 MiB stops the file with 400, its memory bounded.
		req, err := http.NewRequest("POST", tb.url+"/v1/contacts/import", io.MultiReader(strings.NewReader("phone,name\n1,"), &commas{left: 2 << 20}, strings.NewReader("\n")))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "text/csv")
		req.Header.Set("Authorization", "Bearer "+tb.tokA)
		requireError(t, tb.send(req), 400, "invalid_request", "file")
	}
}

// One NUL cell fails its own row of a 5,001-row import, nothing else.
func TestCSVControlCharacterFailsItsRowOnly(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		var b strings.Builder
		b.WriteString("first name,phone,notes\n")
		for i := 0; i < 5001; i++ {
			notes := "ok"
			if i == 2500 {
				notes = "bad\x00cell"
			}
			fmt.Fprintf(&b, "P%d,+1212555%04d,%s\n", i, i, notes)
		}
		r := tb.postCSV(tb.tokA, "", b.String())
		require.Equal(t, 200, r.status, "body: %.300s", r.body)
		require.Equal(t, 5000, num(r.data()["imported"]))
		require.Equal(t, 1, num(r.data()["failed"]))
		e := r.data()["errors"].([]any)[0].(map[string]any)
		require.Equal(t, 2502, num(e["row"]))
		require.Equal(t, "notes", e["field"])
		require.Equal(t, 5000, num(tb.do("GET", "/v1/contacts?limit=1", tb.tokA, nil).meta()["total"]))
	})
}

// A provider webhook's body is capped at 64 KiB and refused before more is
// read: the answer comes while the client is still sending, signed or not.
func TestWebhookBodyCapped(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite)
	pr, pw := io.Pipe()
	req, err := http.NewRequest("POST", tb.url+"/v1/voice/status", pr)
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Twilio-Signature", "forged")
	go func() {
		_, _ = pw.Write([]byte("CallSid=CA1&Junk=" + strings.Repeat("x", 70<<10)))
		// Never finishes: the server must answer without the rest.
	}()
	done := make(chan resp, 1)
	go func() { done <- tb.send(req) }()
	select {
	case r := <-done:
		requireError(t, r, 413, "payload_too_large")
	case <-time.After(10 * time.Second):
		t.Fatal("the server waited for the rest of an oversized webhook")
	}
	_ = pw.Close()

	// A declared length over the cap is refused without reading anything.
	req, err = http.NewRequest("POST", tb.url+"/v1/voice/status", strings.NewReader(strings.Repeat("x", 65<<10)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	requireError(t, tb.send(req), 413, "payload_too_large")
	// Under the cap and unsigned: the signature decides.
	req, _ = http.NewRequest("POST", tb.url+"/v1/voice/status", strings.NewReader("CallSid=CA1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	requireError(t, tb.send(req), 403, "invalid_signature")
}

// syncBuffer is a log sink tests can read while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// Slow bodies and idle keep-alive connections are cut by the server's
// timeouts (set short here), and a client that goes away is neither logged
// at ERROR nor recorded as a 500.
func TestSlowAndIdleConnectionsCut(t *testing.T) {
	db := storetest.OpenSQLite(t)
	var logs syncBuffer
	srv, err := server.New(server.Config{PublicBaseURL: "http://localhost:8080",
		ReadTimeout: 300 * time.Millisecond, IdleTimeout: 300 * time.Millisecond},
		coreDeps(t, db), slog.New(slog.NewTextHandler(&logs, nil)))
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx, ln, time.Second) }()
	t.Cleanup(func() { cancel(); <-served })
	tb := newBundle(t, srv, db)
	addr := ln.Addr().String()

	// A body that never finishes: the connection is closed within the
	// read timeout, whatever the client still means to send.
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/contacts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"firstName\":", tb.tokA)
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(10*time.Second)))
	_, err = io.ReadAll(conn)
	require.NoError(t, err, "the server closed the connection (EOF), before the client's own deadline")

	// An idle keep-alive connection is closed after the idle timeout.
	idle, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer idle.Close()
	fmt.Fprintf(idle, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	require.NoError(t, idle.SetReadDeadline(time.Now().Add(10*time.Second)))
	b, err := io.ReadAll(idle)
	require.NoError(t, err, "closed by the server once idle")
	require.Contains(t, string(b), "200 OK")

	// A client that hangs up mid-import.
	c2, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	fmt.Fprintf(c2, "POST /v1/contacts/import HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: text/csv\r\nContent-Length: 100000\r\n\r\nphone\n+14155550100\n", tb.tokA)
	time.Sleep(100 * time.Millisecond)
	require.NoError(t, c2.Close())

	telephonytest.Eventually(t, "the three requests are logged", func() bool {
		return strings.Count(logs.String(), `msg=request `) >= 3
	})
	require.NotContains(t, logs.String(), "level=ERROR", logs.String())
	require.NotContains(t, logs.String(), "status=500", logs.String())
}

// Uploads spooled by a process that died are removed at start-up; a live
// process's (this one's) and files that are not spools are left alone.
func TestOrphanedSpoolsRemoved(t *testing.T) {
	old := server.SpoolDir
	server.SpoolDir = t.TempDir()
	t.Cleanup(func() { server.SpoolDir = old })
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	deadPID := dead.ProcessState.Pid()
	write := func(name string) string {
		p := filepath.Join(server.SpoolDir, name)
		require.NoError(t, os.WriteFile(p, []byte("phone\n"), 0o600))
		return p
	}
	orphan := write(fmt.Sprintf("upload-%d-123.csv", deadPID))
	mine := write(fmt.Sprintf("upload-%d-456.csv", os.Getpid()))
	other := write("notes.txt")
	n, err := server.RemoveOrphanedSpools()
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.NoFileExists(t, orphan)
	require.FileExists(t, mine)
	require.FileExists(t, other)
}

// /docs and /openapi.yaml carry no secrets, but /docs is a page: it has
// the security headers, and its policy names its inline scripts by hash.
func TestDocsSecurityHeaders(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite)
	req, _ := http.NewRequest("GET", tb.url+"/docs", nil)
	r := tb.send(req)
	require.Equal(t, 200, r.status)
	csp := r.header.Get("Content-Security-Policy")
	require.Contains(t, csp, "frame-ancestors 'none'")
	require.Contains(t, csp, "'sha256-")
	require.NotContains(t, strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "'unsafe-inline'")
	require.Equal(t, "nosniff", r.header.Get("X-Content-Type-Options"))
	require.Equal(t, "no-referrer", r.header.Get("Referrer-Policy"))
}

func (tb *testBundle) postCSVTo(route, token, csv string) resp {
	tb.t.Helper()
	req, err := http.NewRequest("POST", tb.url+route, strings.NewReader(csv))
	require.NoError(tb.t, err)
	req.Header.Set("Content-Type", "text/csv")
	req.Header.Set("Authorization", "Bearer "+token)
	return tb.send(req)
}

func (r resp) errMessage() string {
	e, _ := r.json["error"].(map[string]any)
	m, _ := e["message"].(string)
	return m
}
