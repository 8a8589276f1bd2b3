package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// The tests of the event payloads drive the real program (Main, on SQLite
// or PostgreSQL, with its embedded simulator) the way a partner's
// integration meets it: over HTTP, with webhook endpoints on this machine
// (simulator mode lets deliveries reach loopback).

// program is the real program under test, with an agent's (ada) and an
// admin's token of workspace ws.
type program struct {
	t            *testing.T
	base, ws     string
	agent, admin string
}

// eachDatabase runs fn on SQLite and on PostgreSQL (skipped without
// TEST_DATABASE_URL), each with a database URL of its own.
func eachDatabase(t *testing.T, fn func(t *testing.T, dbURL string)) {
	dbs := []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "sb.db") }},
		{"postgres", func(t *testing.T) string { return storetest.PostgresURL(t) }},
	}
	for _, d := range dbs {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			fn(t, d.url(t))
		})
	}
}

// startProgram runs the program on dbURL until the test ends. It listens
// on a port chosen beforehand because the simulator calls PUBLIC_BASE_URL
// back.
func startProgram(t *testing.T, dbURL, ws string) *program {
	t.Helper()
	port := freePort(t)
	base := "http://127.0.0.1:" + port
	getenv := testEnv(t, map[string]string{"DATABASE_URL": dbURL, "SWITCHBOARD_ADDR": "127.0.0.1:" + port, "PUBLIC_BASE_URL": base})
	p := &program{t: t, base: base, ws: ws,
		agent: newToken(t, getenv, ws, "ada", "agent"), admin: newToken(t, getenv, ws, "root", "admin")}
	cfg, err := LoadConfig(getenv)
	require.NoError(t, err)
	m := NewMain(cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, m.Run(context.Background()))
	t.Cleanup(func() { _ = m.Close() })
	return p
}

// do sends a request with tok (none when ""); body is nil, a string sent
// as is, or a value sent as JSON. It returns the status and the decoded
// answer (nil when it is not a JSON object).
func (p *program) do(method, path, tok string, body any) (int, map[string]any) {
	p.t.Helper()
	var rd io.Reader
	ct := "application/json"
	switch b := body.(type) {
	case nil:
	case csvBody:
		rd, ct = strings.NewReader(string(b)), "text/csv"
	case string:
		rd = strings.NewReader(b)
	default:
		buf, err := json.Marshal(b)
		require.NoError(p.t, err)
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequest(method, p.base+path, rd)
	require.NoError(p.t, err)
	if rd != nil {
		req.Header.Set("Content-Type", ct)
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(p.t, err)
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	require.NoError(p.t, err)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

// csvBody is a request body sent as text/csv.
type csvBody string

// must is do for a request that must answer want; it returns the answer's
// data.
func (p *program) must(want int, method, path, tok string, body any) map[string]any {
	p.t.Helper()
	status, out := p.do(method, path, tok, body)
	require.Equal(p.t, want, status, "%s %s: %v", method, path, out)
	d, _ := out["data"].(map[string]any)
	return d
}

// endpoints registers webhook endpoints for every event type: one at each
// URL, the types split between them (an endpoint's list holds at most 12
// types, fewer than there are). It returns each endpoint's secret.
func (p *program) endpoints(urls ...string) []string {
	p.t.Helper()
	var secrets []string
	n := len(sb.EventTypes)
	for i, u := range urls {
		var types []string
		for _, e := range sb.EventTypes[i*n/len(urls) : (i+1)*n/len(urls)] {
			types = append(types, string(e))
		}
		ep := p.must(http.StatusCreated, "POST", "/v1/webhook-endpoints", p.admin, map[string]any{"url": u, "events": types})
		secrets = append(secrets, ep["secret"].(string))
	}
	return secrets
}

// eventually polls cond until it holds; the deadline is for a loaded
// machine, not a measure of anything.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(60 * time.Second); !cond(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
	}
}

// everyEvent makes the program record at least one event of every type
// in p.ws: contacts created, changed, imported and deleted, a number listed
// and removed, and a call through the simulator that rings, is answered,
// recorded, transferred, hung up and given an outcome, and one refused. It
// returns the deleted contact as its last GET showed it and the refused
// call's SID.
func (p *program) everyEvent() (deleted map[string]any, refused string) {
	t := p.t
	t.Helper()
	p.must(http.StatusOK, "PATCH", "/v1/workspace", p.admin, map[string]any{"callingHours": nil}) // calls at any hour
	p.must(http.StatusCreated, "POST", "/v1/caller-ids", p.admin, map[string]any{"phoneNumber": "+15005550006"})

	hedy := p.must(http.StatusCreated, "POST", "/v1/contacts", p.agent,
		map[string]any{"firstName": "Hedy", "lastName": "Lamarr", "phone": "+14155550177", "timeZone": "America/Chicago"})
	id := hedy["id"].(string)
	p.must(http.StatusOK, "PATCH", "/v1/contacts/"+id, p.agent, map[string]any{"company": "Frequency Hopping Inc."})
	deleted = p.must(http.StatusOK, "GET", "/v1/contacts/"+id, p.agent, nil)
	p.must(http.StatusNoContent, "DELETE", "/v1/contacts/"+id, p.agent, nil)
	p.must(http.StatusOK, "POST", "/v1/contacts/import", p.agent, csvBody("first name,phone\nGrace,+14155550102\nBad,12\n"))
	entry := p.must(http.StatusCreated, "POST", "/v1/dnc", p.agent, map[string]any{"phone": "+14155550199", "reason": "Asked not to be called"})
	p.must(http.StatusNoContent, "DELETE", "/v1/dnc/"+entry["id"].(string)+"?reason="+url.QueryEscape("Listed by mistake"), p.admin, nil)

	// A dial list of one listed contact: next skips it for good, and the
	// list is done (dial_list.done).
	ida := p.must(http.StatusCreated, "POST", "/v1/contacts", p.agent, map[string]any{"firstName": "Ida", "phone": "+14155550166"})
	p.must(http.StatusCreated, "POST", "/v1/dnc", p.agent, map[string]any{"phone": "+14155550166"})
	list := p.must(http.StatusCreated, "POST", "/v1/dial-lists", p.admin, map[string]any{"name": "Every event", "contactIds": []string{ida["id"].(string)}})
	p.must(http.StatusOK, "POST", "/v1/dial-lists/"+list["id"].(string)+"/next", p.agent, nil)

	// A dial the call-control webhook refuses: a listed number.
	p.must(http.StatusCreated, "POST", "/v1/dnc", p.agent, map[string]any{"phone": "+14155550188"})
	identity, err := telephony.ClientIdentity(p.ws, "ada")
	require.NoError(t, err)
	var conn simulator.ConnectResponse
	p.sim("POST", "/sim/connect", map[string]any{"identity": identity, "to": "+14155550188"}, http.StatusCreated, &conn)
	refused = conn.CallSid

	// The customer is a contact, so the call carries its contactId.
	p.must(http.StatusCreated, "POST", "/v1/contacts", p.agent, map[string]any{"firstName": "Charles", "phone": simulator.NumberAnswers})
	p.sim("POST", "/sim/connect", map[string]any{"identity": identity, "to": simulator.NumberAnswers}, http.StatusCreated, &conn)
	sid := conn.CallSid
	var call map[string]any
	eventually(t, "the customer to answer and enter the conference", func() bool {
		call = p.must(http.StatusOK, "GET", "/v1/calls/"+sid, p.agent, nil)
		return call["status"] == "answered" && call["customerCallSid"] != "" && p.inConference(call)
	})
	rec := p.must(http.StatusCreated, "POST", "/v1/recordings", p.agent, map[string]any{"callSid": sid})
	p.must(http.StatusOK, "POST", "/v1/recordings/"+rec["recordingSid"].(string), p.agent, map[string]any{"status": "stopped"})
	p.must(http.StatusOK, "POST", "/v1/calls/"+sid+"/transfer", p.agent, map[string]any{"target": simulator.NumberAnswers, "type": "warm"})
	eventually(t, "the transfer's target to answer", func() bool {
		tr, _ := p.must(http.StatusOK, "GET", "/v1/calls/"+sid, p.agent, nil)["transfer"].(map[string]any)
		return tr["status"] == "talking"
	})
	p.sim("POST", "/sim/calls/"+call["customerCallSid"].(string)+"/hangup", nil, http.StatusAccepted, nil)
	eventually(t, "the call to complete", func() bool {
		return p.must(http.StatusOK, "GET", "/v1/calls/"+sid, p.agent, nil)["status"] == "completed"
	})
	_, outcomes := p.do("GET", "/v1/call-outcomes", p.agent, nil)
	var interested string
	for _, o := range outcomes["data"].([]any) {
		if o := o.(map[string]any); o["name"] == "Interested" {
			interested = o["id"].(string)
		}
	}
	require.NotEmpty(t, interested)
	p.must(http.StatusOK, "PATCH", "/v1/calls/"+sid, p.agent,
		map[string]any{"outcomeId": interested, "notes": "Wants a quote.", "tags": []string{"renewal"}})
	return deleted, refused
}

// sim calls the simulator's own routes (not the API): no token.
func (p *program) sim(method, path string, body any, want int, out any) {
	p.t.Helper()
	status, got := p.do(method, path, "", body)
	require.Equal(p.t, want, status, "%s %s: %v", method, path, got)
	if out != nil {
		b, err := json.Marshal(got)
		require.NoError(p.t, err)
		require.NoError(p.t, json.Unmarshal(b, out))
	}
}

// inConference reports whether the call's customer leg is in its
// conference at the simulator (holding or transferring before it entered
// is the provider's 20404).
func (p *program) inConference(call map[string]any) bool {
	var st simulator.State
	p.sim("GET", "/sim/calls", nil, http.StatusOK, &st)
	for _, cf := range st.Conferences {
		if cf.FriendlyName != call["conferenceName"] {
			continue
		}
		for _, pt := range cf.Participants {
			if pt.CallSid == call["customerCallSid"] {
				return true
			}
		}
	}
	return false
}
