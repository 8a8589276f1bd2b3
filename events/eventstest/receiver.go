package eventstest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"
)

// Delivery is one request a Receiver got: the Standard Webhooks headers,
// the raw body (what the signature covers) and the body decoded.
type Delivery struct {
	ID, Timestamp, Signature string
	Body                     []byte
	Payload                  map[string]any
}

// Receiver is a webhook endpoint under test: it keeps every request and
// answers with what Answer says.
type Receiver struct {
	// Answer is the status of the nth request (counted from 1); nil
	// answers 200. Set it before the first delivery can arrive: the
	// receiver reads it without a lock.
	Answer func(n int) int

	t   testing.TB
	srv *httptest.Server
	mu  sync.Mutex
	got []Delivery
}

// NewReceiver starts a receiver on a loopback port until the test ends.
func NewReceiver(t testing.TB) *Receiver {
	rc := &Receiver{t: t}
	rc.srv = httptest.NewServer(rc)
	t.Cleanup(rc.srv.Close)
	return rc
}

// NewReceiverOn starts a receiver on ln until the test ends, for a test
// that chose the address before the receiver was up.
func NewReceiverOn(t testing.TB, ln net.Listener) *Receiver {
	rc := &Receiver{t: t}
	rc.srv = &httptest.Server{Listener: ln, Config: &http.Server{Handler: rc}}
	rc.srv.Start()
	t.Cleanup(rc.srv.Close)
	return rc
}

// URL is the receiver's base URL, http://127.0.0.1:port.
func (rc *Receiver) URL() string { return rc.srv.URL }

// ServeHTTP records the request and answers it.
func (rc *Receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	d := Delivery{ID: r.Header.Get("webhook-id"), Timestamp: r.Header.Get("webhook-timestamp"),
		Signature: r.Header.Get("webhook-signature"), Body: b}
	_ = json.Unmarshal(b, &d.Payload)
	rc.mu.Lock()
	rc.got = append(rc.got, d)
	n := len(rc.got)
	rc.mu.Unlock()
	status := http.StatusOK
	if rc.Answer != nil {
		status = rc.Answer(n)
	}
	w.WriteHeader(status)
}

// Deliveries is a copy of the requests got so far, in arrival order.
func (rc *Receiver) Deliveries() []Delivery {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]Delivery(nil), rc.got...)
}

// WaitFor waits until the receiver got n requests and returns them all.
func (rc *Receiver) WaitFor(n int) []Delivery {
	rc.t.Helper()
	require.Eventually(rc.t, func() bool { return len(rc.Deliveries()) >= n }, 15*time.Second, 20*time.Millisecond,
		"want %d deliveries", n)
	return rc.Deliveries()
}

// Verify checks a delivery's signature with the Standard Webhooks library
// and, independently, by the definition: base64 HMAC-SHA256 over
// "id.timestamp.body" keyed with the secret's decoded bytes, so that the
// check does not rest on the library alone.
func Verify(t testing.TB, d Delivery, secret string) {
	t.Helper()
	wh, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	h := http.Header{}
	h.Set("webhook-id", d.ID)
	h.Set("webhook-timestamp", d.Timestamp)
	h.Set("webhook-signature", d.Signature)
	require.NoError(t, wh.Verify(d.Body, h), "signature %q", d.Signature)
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	require.NoError(t, err)
	m := hmac.New(sha256.New, key)
	m.Write([]byte(d.ID + "." + d.Timestamp + "."))
	m.Write(d.Body)
	require.Contains(t, strings.Split(d.Signature, " "), "v1,"+base64.StdEncoding.EncodeToString(m.Sum(nil)))
}

// DataID is the id of the resource a delivery carries (payload.data.id).
func DataID(d Delivery) string {
	return d.Payload["data"].(map[string]any)["id"].(string)
}
