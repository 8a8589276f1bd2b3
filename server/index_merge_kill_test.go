package server_test

import (
	"bytes"
	"database/sql"
	"math/rand/v2"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite" // database/sql driver "sqlite", to read the index as the program left it

	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// TestIndexMergeKilled: the real program is killed with SIGKILL while it
// merges its SQLite search index after an import (a second and a few steps
// after the import's answer). Started again, the index passes FTS5's
// integrity check, searches answer exactly as before, and the next large
// import's merge leaves the index in one segment.
func TestIndexMergeKilled(t *testing.T) {
	t.Parallel()
	if !storetest.Wanted("sqlite") {
		t.Skip("SQLite only: the search index PostgreSQL keeps is not merged")
	}
	bin := buildProgram(t)
	path := filepath.Join(t.TempDir(), "switchboard.db")
	dbURL := "sqlite:" + path
	_, token := adminOf(t, dbURL)
	raw, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(10000)")
	require.NoError(t, err)
	t.Cleanup(func() { _ = raw.Close() })
	segments := func() int {
		t.Helper()
		var n int
		require.NoError(t, raw.QueryRow("SELECT count(DISTINCT segid) FROM contacts_fts_idx").Scan(&n))
		return n
	}
	checkIndex := func() {
		t.Helper()
		_, err := raw.Exec("INSERT INTO contacts_fts (contacts_fts, rank) VALUES ('integrity-check', 1)")
		require.NoError(t, err, "FTS5's integrity check")
	}
	r := rand.New(rand.NewPCG(5, 6))
	upload := func(p *childProgram, from, to int) time.Time {
		t.Helper()
		req, err := http.NewRequest("POST", p.url+"/v1/contacts/import", bytes.NewReader(csvRows(r, from, to)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "text/csv")
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := (&http.Client{Timeout: 2 * time.Minute}).Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode)
		return time.Now()
	}
	pages := func(p *childProgram) []string {
		t.Helper()
		var out []string
		for _, q := range []string{"ada love", "lovel", "415 20", "labs", "hedy l", "zzqx"} {
			got := p.call("GET", "/v1/contacts/search?limit=50&q="+url.QueryEscape(q), token, "")
			require.Equal(t, http.StatusOK, got.status, "%s: %s", q, got.body)
			out = append(out, q+": "+string(got.body))
		}
		return out
	}

	first := startChild(t, bin, hookEnv(t, dbURL))
	answered := upload(first, 0, 40000)
	before := pages(first)
	imported := segments()
	// The merge waits a second after the import's last batch, then steps.
	time.Sleep(time.Until(answered.Add(1300 * time.Millisecond)))
	first.kill()
	merged := strings.Contains(first.log(), "search index merged")
	t.Logf("segments: %d after the import, %d when killed (merge finished: %v)", imported, segments(), merged)
	require.Contains(t, first.log(), "merging the search index after an import")

	second := startChild(t, bin, hookEnv(t, dbURL))
	checkIndex()
	require.Equal(t, before, pages(second), "the searches answer as before the kill")

	upload(second, 40000, 50000) // a fifth of the table: merged again
	telephonytest.EventuallyWithin(t, time.Minute, "the index merged into one segment", func() bool { return segments() == 1 })
	checkIndex()
	second.kill()
}
