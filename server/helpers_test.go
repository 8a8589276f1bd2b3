package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// testBundle is one running server over a fresh database, with tokens for two
// agents of workspace A and one of workspace B.
type testBundle struct {
	t      testing.TB
	url    string
	db     *store.DB
	wsA    string
	wsB    string
	tokA   string // agent "ada" of A
	tokA2  string // agent "grace" of A
	tokB   string // agent "alan" of B
	tokAdm string // admin "root" of A
	admA   string // admin "boss" of A
	admB   string // admin "chief" of B
	client *http.Client
}

type setupOpts struct {
	rateLimit   float64
	corsOrigins []string
	now         func() time.Time
}

// forEachDB runs fn once per database dialect (PostgreSQL skips when
// TEST_DATABASE_URL is unset).
func forEachDB(t *testing.T, fn func(t *testing.T, open storetest.Opener)) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			fn(t, d.Open)
		})
	}
}

func setup(t testing.TB, open storetest.Opener, opts ...setupOpts) *testBundle {
	t.Helper()
	var o setupOpts
	if len(opts) > 0 {
		o = opts[0]
	}
	db := open(t, store.WithEvents(server.EncodeEvent))
	key, err := db.ServerKey(context.Background(), "cursor")
	require.NoError(t, err)
	srv, err := server.New(server.Config{RateLimit: o.rateLimit, PublicBaseURL: "http://localhost:8080", CORSAllowedOrigins: o.corsOrigins, Now: o.now, CursorKey: key},
		coreDeps(t, db), testLogger())
	require.NoError(t, err)
	return newBundle(t, srv, db)
}

// coreDeps are the dependencies of a server whose tests do not place calls:
// the store for everything, and a real call flow over it whose provider is
// a fake Twilio nobody scripts, so a voice operation behaves as it would
// against an account that has nothing in it.
func coreDeps(t testing.TB, db *store.DB) server.Deps {
	t.Helper()
	fake := telephonytest.NewTwilio(t)
	client, err := telephony.NewClient(telephony.Config{AccountSID: fakeAccount, AuthToken: fakeToken, BaseURL: fake.URL})
	require.NoError(t, err)
	flow, err := callflow.New(callflow.Config{PublicBaseURL: "http://localhost:8080", Logger: testLogger()},
		callflow.Deps{Calls: db, CallerIDs: db, DNC: db, Workspaces: db, Recordings: db, Provider: client})
	require.NoError(t, err)
	return server.Deps{Auth: db, Contacts: newContacts(t, db), Workspaces: db, Events: newEvents(t, db, events.Config{}), Ping: db.Ping, Voice: flow,
		Signatures: telephony.NewValidator(fakeToken, "http://localhost:8080"), PendingMigrations: db.PendingMigrations}
}

// newBundle serves srv over real HTTP and creates the bundle's tokens in db.
func newBundle(t testing.TB, srv *server.Server, db *store.DB) *testBundle {
	t.Helper()
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	tb := &testBundle{t: t, url: ts.URL, db: db, wsA: storetest.NewWorkspaceID(), wsB: storetest.NewWorkspaceID(), client: ts.Client()}
	tb.makeTokens()
	return tb
}

// makeTokens creates the bundle's tokens: agents ada and grace and admins
// root and boss of A, agent alan and admin chief of B.
func (tb *testBundle) makeTokens() {
	mk := func(ws, id string, role sb.Role) string {
		tok, _, err := tb.db.CreateToken(context.Background(), ws, id, role)
		require.NoError(tb.t, err)
		return tok
	}
	tb.tokA, tb.tokA2, tb.tokB = mk(tb.wsA, "ada", sb.RoleAgent), mk(tb.wsA, "grace", sb.RoleAgent), mk(tb.wsB, "alan", sb.RoleAgent)
	tb.tokAdm = mk(tb.wsA, "root", sb.RoleAdmin)
	tb.admA, tb.admB = mkAdmin(tb.t, tb.db, tb.wsA, "boss"), mkAdmin(tb.t, tb.db, tb.wsB, "chief")
}

func mkAdmin(t testing.TB, db *store.DB, ws, identity string) string {
	t.Helper()
	tok, _, err := db.CreateToken(context.Background(), ws, identity, sb.RoleAdmin)
	require.NoError(t, err)
	return tok
}

func testLogger() *slog.Logger {
	if os.Getenv("SERVER_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

// resp is a decoded response.
type resp struct {
	status int
	header http.Header
	body   []byte
	json   map[string]any
}

// errCode returns the envelope's error code ("" when there is none).
func (r resp) errCode() string {
	e, _ := r.json["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func (r resp) errFields() []string {
	e, _ := r.json["error"].(map[string]any)
	ds, _ := e["details"].([]any)
	var out []string
	for _, d := range ds {
		m, _ := d.(map[string]any)
		f, _ := m["field"].(string)
		out = append(out, f)
	}
	return out
}

func (r resp) data() map[string]any {
	d, _ := r.json["data"].(map[string]any)
	return d
}

func (r resp) list() []map[string]any {
	ds, _ := r.json["data"].([]any)
	out := make([]map[string]any, len(ds))
	for i, d := range ds {
		out[i], _ = d.(map[string]any)
	}
	return out
}

func (r resp) meta() map[string]any {
	m, _ := r.json["meta"].(map[string]any)
	return m
}

// do sends a request; body may be nil, a string (sent as is, JSON content
// type), or any value (marshalled to JSON).
func (tb *testBundle) do(method, path, token string, body any) resp {
	tb.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		require.NoError(tb.t, err)
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, tb.url+path, rd)
	require.NoError(tb.t, err)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return tb.send(req)
}

func (tb *testBundle) send(req *http.Request) resp {
	tb.t.Helper()
	res, err := tb.client.Do(req)
	require.NoError(tb.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(tb.t, err)
	r := resp{status: res.StatusCode, header: res.Header, body: b}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") && len(b) > 0 {
		require.NoError(tb.t, json.Unmarshal(b, &r.json), "body: %s", b)
	}
	return r
}

// requireError asserts an error response: status, code, the envelope's
// content type, and (when given) the fields named in details.
func requireError(t testing.TB, r resp, status int, code string, fields ...string) {
	t.Helper()
	require.Equal(t, status, r.status, "body: %s", r.body)
	require.True(t, strings.HasPrefix(r.header.Get("Content-Type"), "application/json"), "content type %q", r.header.Get("Content-Type"))
	require.Equal(t, code, r.errCode(), "body: %s", r.body)
	e := r.json["error"].(map[string]any)
	require.NotEmpty(t, e["message"], "an error has a message")
	for _, f := range fields {
		require.Contains(t, r.errFields(), f, "body: %s", r.body)
	}
}

// createContact creates a contact in workspace A and returns its data.
func (tb *testBundle) createContact(body map[string]any) map[string]any {
	tb.t.Helper()
	r := tb.do("POST", "/v1/contacts", tb.tokA, body)
	require.Equal(tb.t, http.StatusCreated, r.status, "body: %s", r.body)
	return r.data()
}

// upload posts a multipart import with the given fields (in order) and file.
func (tb *testBundle) upload(token string, fields [][2]string, csv string, fileFirst bool) resp {
	tb.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	writeFile := func() {
		fw, err := mw.CreateFormFile("file", "contacts.csv")
		require.NoError(tb.t, err)
		_, err = io.WriteString(fw, csv)
		require.NoError(tb.t, err)
	}
	if fileFirst {
		writeFile()
	}
	for _, f := range fields {
		require.NoError(tb.t, mw.WriteField(f[0], f[1]))
	}
	if !fileFirst {
		writeFile()
	}
	require.NoError(tb.t, mw.Close())
	req, err := http.NewRequest("POST", tb.url+"/v1/contacts/import", &buf)
	require.NoError(tb.t, err)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return tb.send(req)
}

func (tb *testBundle) postCSV(token, query, csv string) resp {
	tb.t.Helper()
	req, err := http.NewRequest("POST", tb.url+"/v1/contacts/import"+query, strings.NewReader(csv))
	require.NoError(tb.t, err)
	req.Header.Set("Content-Type", "text/csv")
	req.Header.Set("Authorization", "Bearer "+token)
	return tb.send(req)
}

func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

// hideLength hides a reader's length so the client sends it chunked.
func hideLength(s string) io.Reader { return io.MultiReader(strings.NewReader(s)) }
