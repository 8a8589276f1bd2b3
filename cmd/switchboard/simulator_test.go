package main

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/telephony"
)

// In simulator mode the service listens on loopback unless SWITCHBOARD_ADDR
// says otherwise; with a Twilio account, on every interface as before.
func TestSimulatorModeListensLocalOnly(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	cfg, err := LoadConfig(env())
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:8080", cfg.Addr)
	cfg, err = LoadConfig(env("TWILIO_ACCOUNT_SID", "AC1", "TWILIO_AUTH_TOKEN", "t"))
	require.NoError(t, err)
	require.Equal(t, ":8080", cfg.Addr)
	cfg, err = LoadConfig(env("SWITCHBOARD_ADDR", "0.0.0.0:9000"))
	require.NoError(t, err)
	require.Equal(t, "0.0.0.0:9000", cfg.Addr, "an explicit address is the operator's choice")
}

// The simulator's auth token is random per database and kept there: two
// instances on one database share it, another database has its own, and a
// webhook signed with anything else is refused.
func TestSimulatorAuthTokenPerDatabase(t *testing.T) {
	dbA := "sqlite:" + filepath.Join(t.TempDir(), "a.db")
	start := func(dbURL string) (*Main, string) {
		t.Helper()
		var logs bytes.Buffer
		cfg, err := LoadConfig(testEnv(t, map[string]string{"DATABASE_URL": dbURL}))
		require.NoError(t, err)
		m := NewMain(cfg, slog.New(slog.NewTextHandler(&logs, nil)))
		require.NoError(t, m.Run(context.Background()))
		t.Cleanup(func() { _ = m.Close() })
		require.Equal(t, 1, strings.Count(logs.String(), "simulator on, local-only"), logs.String())
		return m, m.voice.sim.AuthToken()
	}
	m1, tok1 := start(dbA)
	_, tok2 := start(dbA)
	_, tok3 := start("sqlite:" + filepath.Join(t.TempDir(), "b.db"))
	require.Equal(t, tok1, tok2, "one token per database")
	require.NotEqual(t, tok1, tok3, "each database its own")
	require.Len(t, tok1, 64)
	require.NotEqual(t, "simulatorauthtoken0000000000000000", tok1)

	post := func(token string) int {
		form := url.Values{"CallSid": {"CA0123456789abcdef0123456789abcdef"}, "CallStatus": {"completed"}}
		req, _ := http.NewRequest("POST", "http://"+m1.Addr+"/v1/voice/status", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set(telephony.SignatureHeader, telephony.Sign(token, m1.Config.PublicBaseURL+"/v1/voice/status", form))
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		return res.StatusCode
	}
	require.Equal(t, 403, post("simulatorauthtoken0000000000000000"), "the old constant signs nothing")
	require.Equal(t, 403, post(tok3), "another database's token signs nothing")
	require.Equal(t, 204, post(tok1), "the database's own token signs (an unknown CallSid is acknowledged)")
}
