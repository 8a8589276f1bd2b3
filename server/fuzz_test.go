package server_test

import (
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// FuzzImport posts arbitrary CSV to the real server over HTTP (SQLite): the
// import may refuse a file or reject rows, but never panics, never answers
// 5xx, writes nothing of a refused file, and its report adds up: every data
// row counted once, the workspace grown by exactly the rows it says it
// imported, and each failed row reported once, at a data line of the file.
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
		before := tb.contactTotal()
		r := tb.postCSV(tb.tokA, query, csv)
		require.Less(t, r.status, 500, "body: %s", r.body)
		if r.status != 200 {
			// A refused file is the client's fault, in the envelope, and
			// none of it is written.
			requireError(t, r, 400, "invalid_request")
			require.Equal(t, before, tb.contactTotal(), "a refused file writes nothing")
			return
		}
		d := r.data()
		imported, updated := counter(t, d, "imported"), counter(t, d, "updated")
		skipped, failed := counter(t, d, "skipped"), counter(t, d, "failed")
		require.Equal(t, dataRows(csv), imported+updated+skipped+failed,
			"every data row is accounted for once: %s", r.body)
		require.Equal(t, before+imported, tb.contactTotal(), "the workspace grew by the imported rows: %s", r.body)
		if !update {
			require.Zero(t, updated, "nothing is updated without onDuplicate=update")
		}

		errs, ok := d["errors"].([]any)
		require.True(t, ok, "the report lists its errors: %s", r.body)
		require.Equal(t, min(failed, 1000), len(errs), "each failed row is reported, up to 1000")
		// Errors come in line order, each line once, whether the CSV reader
		// or the row's rules refused it.
		lines := strings.Count(csv, "\n") + 1
		last := 1
		for _, e := range errs {
			re := e.(map[string]any)
			row := counter(t, re, "row")
			require.Greater(t, row, last, "errors name data lines, in order, once each: %s", r.body)
			require.LessOrEqual(t, row, lines, "an error names a line of the file: %s", r.body)
			last = row
			require.NotEmpty(t, re["field"], "an error names its field")
			require.NotEmpty(t, re["message"], "an error says what is wrong")
		}
		ignored, ok := d["ignoredColumns"].([]any)
		require.True(t, ok, "the report lists the ignored columns: %s", r.body)
		require.LessOrEqual(t, len(ignored), 100)
		require.GreaterOrEqual(t, counter(t, d, "ignoredColumnCount"), len(ignored))
	})
}

// counter reads a report's count: present, a whole number, never negative.
func counter(t testing.TB, d map[string]any, key string) int {
	t.Helper()
	v, ok := d[key].(float64)
	require.True(t, ok, "%q is a number in %v", key, d)
	require.Equal(t, float64(int(v)), v, "%q is whole", key)
	require.GreaterOrEqual(t, v, 0.0, "%q is not negative", key)
	return int(v)
}

// contactTotal is workspace A's contact count as the list reports it.
func (tb *testBundle) contactTotal() int {
	tb.t.Helper()
	r := tb.do("GET", "/v1/contacts?limit=1", tb.tokA, nil)
	require.Equal(tb.t, 200, r.status, "body: %s", r.body)
	require.Equal(tb.t, true, r.meta()["totalExact"])
	return counter(tb.t, r.meta(), "total")
}

// importSeeds are the CSV import's fuzz seeds, also thrown at the server by
// the hostile-request run.
var importSeeds = []string{
	"First Name,Last Name,Phone\nAda,Lovelace,(415) 555-2671\n",
	"\ufeffphone\n+442079460958\n020 7946 0958\n",
	"name,phone,email\n\"Quoted, Name\",4155550100,a@b.example\n\"broken,4155550101\n",
	"phone\n\n\n",
	"phone\n0\n\"0", // a refused row, then one the CSV reader cannot parse: reported in line order
	"a,b,c\n1,2,3\n",
	"phone,phone\n1,2\n",
	"",
	"\"",
	"first name\n" + string([]byte{0xff, 0xfe}) + "\n",
	"phone\n+1 (415) 555-2671 ext. 1234\n",
	"name,notes\nAda,\"multi\nline\"\nBob,nul\x00here\n",
	"phone,name\n+14155550100,\x1b[31mred\n",
	// Invalid UTF-8 (overlong, a CESU-8 surrogate) and a bidi override in
	// a name each fail their row alone.
	"first name,company\nAda,\xc0\xaf\nGrace,Yale\n",
	"name,phone\nA\xed\xa0\x80da,+14155550100\nBob,+14155550101\n",
	"first name,last name\nAda,\u202eecalevoL\nAlan,Turing\n",
}

// FuzzJSONText posts a contact whose firstName is written as arbitrary raw
// JSON string content (SQLite): a body is refused whole with 400 and
// writes nothing, or the contact it creates holds no U+FFFD the body did
// not spell: no invalid byte or lone surrogate is ever mended and stored.
func FuzzJSONText(f *testing.F) {
	for _, seed := range []string{"Ada", "\xff", "a\xc0\xafb", "\xed\xa0\x80", `\ud800`, `x\udc00`,
		`\ud83d\ude00`, "\U0001F600", `\\ud800`, "\ufffd", `\uFFFD`, "\u202e", `\u2066`, "\x00", `\"`, "a\xff\" x", `\u00e9" ]`} {
		f.Add(seed)
	}
	tb := setup(f, storetest.OpenSQLite)
	f.Fuzz(func(t *testing.T, s string) {
		tb.t = t
		before := tb.contactTotal()
		r := tb.do("POST", "/v1/contacts", tb.tokA, `{"firstName":"`+s+`","notes":"fuzz"}`)
		require.Less(t, r.status, 500, "body: %s", r.body)
		if r.status != 201 {
			require.Contains(t, []string{"invalid_request", "invalid_phone", "contact_exists"}, r.errCode(), "body: %s", r.body)
			require.Equal(t, before, tb.contactTotal(), "a refused body writes nothing")
			return
		}
		name, _ := r.data()["firstName"].(string)
		spelled := strings.Count(s, "\ufffd") + strings.Count(strings.ToLower(s), `\ufffd`)
		require.LessOrEqual(t, strings.Count(name, "\ufffd"), spelled, "a U+FFFD the body did not send: %q", s)
		_, bidi := sb.BidiControl(name)
		require.False(t, bidi, "a bidi control stored in a name: %q", name)
	})
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
