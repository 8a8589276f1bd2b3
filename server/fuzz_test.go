package server_test

import (
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// FuzzImport posts arbitrary CSV to the real server over HTTP (SQLite): the
// import may refuse a file or reject rows, but never panics, never answers
// 5xx, and its report always adds up.
func FuzzImport(f *testing.F) {
	for _, seed := range importSeeds {
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
			// A refused file is the client's fault, in the envelope.
			requireError(t, r, 400, "invalid_request")
			return
		}
		d := r.data()
		rows := dataRows(csv)
		require.Equal(t, rows, num(d["imported"])+num(d["updated"])+num(d["skipped"])+num(d["failed"]),
			"every data row is accounted for once: %s", r.body)
		errs := d["errors"].([]any)
		require.LessOrEqual(t, len(errs), 1000)
		require.Equal(t, min(num(d["failed"]), 1000), len(errs), "each failed row is reported, up to 1000")
		require.LessOrEqual(t, len(d["ignoredColumns"].([]any)), 100)
		require.GreaterOrEqual(t, num(d["ignoredColumnCount"]), len(d["ignoredColumns"].([]any)))
	})
}

// importSeeds are the CSV import's fuzz seeds, also thrown at the server by
// the hostile-request run.
var importSeeds = []string{
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
	"name,notes\nAda,\"multi\nline\"\nBob,nul\x00here\n",
	"phone,name\n+14155550100,\x1b[31mred\n",
}

// dataRows counts the records after the header as encoding/csv reads them,
// malformed ones included, as the import must account for each.
func dataRows(s string) int {
	s = strings.TrimPrefix(s, "\ufeff")
	cr := csv.NewReader(strings.NewReader(s))
	cr.FieldsPerRecord = -1
	n := -1 // the header
	for {
		_, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return max(n, 0)
		}
		var pe *csv.ParseError
		if err != nil && !errors.As(err, &pe) {
			return max(n, 0)
		}
		n++
	}
}
