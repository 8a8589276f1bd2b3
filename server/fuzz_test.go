package server_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// FuzzImport posts arbitrary CSV to the real server over HTTP (SQLite): the
// import may refuse a file or reject rows, but never panics, never answers
// 5xx, and its report always adds up.
func FuzzImport(f *testing.F) {
	for _, seed := range []string{
		"First Name,Last Name,Phone\nAda,Lovelace,(415) 555-2671\n",
		"\ufeffphone\n+442079460958\n020 7946 0958\n",
		"name,phone,email\n\"Quoted, Name\",4155550100,a@b.example\n\"broken,4155550101\n",
		"phone\n\n\n",
		"a,b,c\n1,2,3\n",
		"phone,phone\n1,2\n",
		"",
		"\"",
		"first name\n" + string([]byte{0xff, 0xfe}) + "\n",
		"phone\n+1 (415) 555-2671 ext. 1234\n",
	} {
		f.Add(seed, false)
	}
	tb := setup(f, storetest.OpenSQLite)
	f.Fuzz(func(t *testing.T, csv string, update bool) {
		query := ""
		if update {
			query = "?onDuplicate=update"
		}
		tb.t = t
		r := tb.postCSV(tb.tokA, query, csv)
		require.Less(t, r.status, 500, "body: %s", r.body)
		if r.status != 200 {
			requireError(t, r, r.status, r.errCode())
			require.Equal(t, 400, r.status, "body: %s", r.body)
			return
		}
		d := r.data()
		require.GreaterOrEqual(t, num(d["imported"])+num(d["updated"])+num(d["skipped"])+num(d["failed"]), 0)
		require.LessOrEqual(t, len(d["errors"].([]any)), 1000)
		require.LessOrEqual(t, len(d["errors"].([]any)), num(d["failed"]))
	})
}
