package events_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// forEachDB runs fn once per database (PostgreSQL skips when
// TEST_DATABASE_URL is unset).
func forEachDB(t *testing.T, fn func(t *testing.T, d storetest.Database)) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			fn(t, d)
		})
	}
}

// encode is the tests' event encoder. The program's is the API's JSON
// (server.EncodeEvent), which this package must not know: the resource's
// id is what tells deliveries apart here.
func encode(v any) (json.RawMessage, error) {
	switch x := v.(type) {
	case *sb.Contact:
		return json.Marshal(map[string]any{"id": x.ID, "firstName": x.FirstName})
	case *sb.DNCEntry:
		return json.Marshal(map[string]any{"id": x.ID, "phone": x.Phone})
	default:
		return nil, fmt.Errorf("no event data for %T", v)
	}
}

// openDB opens a fresh database of d that records events.
func openDB(t testing.TB, d storetest.Database) *store.DB {
	t.Helper()
	return d.Open(t, store.WithEvents(encode))
}

func testLogger() *slog.Logger {
	if os.Getenv("EVENTS_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

// newService is the service over db, its engine not started; the poll
// interval is short so that a test waits little for another process's
// events.
func newService(t testing.TB, db *store.DB, cfg events.Config) *events.Service {
	t.Helper()
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 100 * time.Millisecond
	}
	cfg.Logger = testLogger()
	svc, err := events.New(cfg, events.Deps{Store: db})
	require.NoError(t, err)
	return svc
}

// startService is newService with its engine running until the test ends.
func startService(t testing.TB, db *store.DB, cfg events.Config) *events.Service {
	t.Helper()
	svc := newService(t, db, cfg)
	require.NoError(t, svc.Start(context.Background()))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = svc.Stop(ctx)
	})
	return svc
}

// delivery is one request a receiver got.
type delivery struct {
	id, timestamp, signature string
	body                     []byte
	payload                  map[string]any
}

// receiver is a webhook endpoint under test: it keeps every request and
// answers with what answer says (200 when nil).
type receiver struct {
	t      testing.TB
	srv    *httptest.Server
	mu     sync.Mutex
	got    []delivery
	answer func(n int) int
}

func newReceiver(t testing.TB) *receiver {
	rc := &receiver{t: t}
	rc.srv = httptest.NewServer(http.HandlerFunc(rc.serve))
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) serve(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	d := delivery{id: r.Header.Get("webhook-id"), timestamp: r.Header.Get("webhook-timestamp"),
		signature: r.Header.Get("webhook-signature"), body: b}
	_ = json.Unmarshal(b, &d.payload)
	rc.mu.Lock()
	rc.got = append(rc.got, d)
	n := len(rc.got)
	rc.mu.Unlock()
	status := http.StatusOK
	if rc.answer != nil {
		status = rc.answer(n)
	}
	w.WriteHeader(status)
}

func (rc *receiver) deliveries() []delivery {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]delivery(nil), rc.got...)
}

// waitFor waits until the receiver got n requests.
func (rc *receiver) waitFor(n int) []delivery {
	rc.t.Helper()
	require.Eventually(rc.t, func() bool { return len(rc.deliveries()) >= n }, 15*time.Second, 20*time.Millisecond,
		"want %d deliveries", n)
	return rc.deliveries()
}

// verify checks a delivery's signature with the Standard Webhooks library
// and, independently, by the definition: base64 HMAC-SHA256 over
// "id.timestamp.body" keyed with the secret's decoded bytes.
func verify(t testing.TB, d delivery, secret string) {
	t.Helper()
	wh, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	h := http.Header{}
	h.Set("webhook-id", d.id)
	h.Set("webhook-timestamp", d.timestamp)
	h.Set("webhook-signature", d.signature)
	require.NoError(t, wh.Verify(d.body, h), "signature %q", d.signature)
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	require.NoError(t, err)
	m := hmac.New(sha256.New, key)
	m.Write([]byte(d.id + "." + d.timestamp + "."))
	m.Write(d.body)
	require.Contains(t, strings.Split(d.signature, " "), "v1,"+base64.StdEncoding.EncodeToString(m.Sum(nil)))
}

// dataID is the id of the resource a delivery carries.
func dataID(d delivery) string {
	return d.payload["data"].(map[string]any)["id"].(string)
}
