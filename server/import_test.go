package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

func TestImport(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		existing := tb.createContact(map[string]any{"firstName": "Old", "phone": "+14155550100", "company": "Keep"})

		csv := "\ufeffFirst Name,last_name,Phone Number,E-Mail,Organization,Birthday,notes\n" +
			"Ada,Lovelace,(415) 555-2671,ada@example.com,AE,1815-12-10,first\n" + // line 2: ok
			"Bad,Phone,12,,,,\n" + // line 3: invalid phone
			"Bad,Email,4155550101,nope,,,\n" + // line 4: invalid email
			",,,,Nobody Inc,,\n" + // line 5: no name, no phone
			"Ada,Again,+1 415 555 2671,,,,\n" + // line 6: duplicate of line 2
			"New,Name,415-555-0100,,New Co,,\n" + // line 7: duplicate of a stored contact
			"Grace,Hopper,,grace@example.com,,,\n" + // line 8: no phone is fine
			"\"Quoted, Name\",X,4155550102\n" // line 9: short row, quoted comma

		r := tb.upload(tb.tokA, [][2]string{{"workspaceId", tb.wsA}}, csv, false)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		d := r.data()
		require.Equal(t, 3, num(d["imported"]), "body: %s", r.body)
		require.Equal(t, 0, num(d["updated"]))
		require.Equal(t, 2, num(d["skipped"]), "in-file and stored duplicates")
		require.Equal(t, 3, num(d["failed"]))
		require.Equal(t, []any{"Birthday"}, d["ignoredColumns"])
		errs := d["errors"].([]any)
		require.Len(t, errs, 3)
		want := []struct {
			row   int
			field string
		}{{3, "phone"}, {4, "email"}, {5, "row"}}
		for i, w := range want {
			e := errs[i].(map[string]any)
			require.Equal(t, w.row, num(e["row"]), "%v", e)
			require.Equal(t, w.field, e["field"], "%v", e)
			require.NotEmpty(t, e["message"])
		}

		list := tb.do("GET", "/v1/contacts?limit=200", tb.tokA, nil)
		require.Equal(t, 4, num(list.meta()["total"]))
		byPhone := map[string]map[string]any{}
		for _, c := range list.list() {
			byPhone[c["phone"].(string)] = c
		}
		require.Equal(t, "Lovelace", byPhone["+14155552671"]["lastName"], "the first of two in-file duplicates wins when skipping")
		require.Equal(t, "first", byPhone["+14155552671"]["notes"])
		require.Equal(t, "Quoted, Name", byPhone["+14155550102"]["firstName"])
		require.Equal(t, "Old", byPhone["+14155550100"]["firstName"], "a stored duplicate is skipped")
		require.Equal(t, existing["id"], byPhone["+14155550100"]["id"])

		// onDuplicate=update, as a text/csv body with query parameters.
		r = tb.postCSV(tb.tokA, "?onDuplicate=update&workspaceId="+tb.wsA,
			"name,mobile,company\nAugusta Ada King,4155552671,\nNew Name,(415) 555-0100,\nSecond Update,4155550100,Latest\nFresh Person,4155550103,\n")
		require.Equal(t, 200, r.status, "body: %s", r.body)
		d = r.data()
		require.Equal(t, 1, num(d["imported"]), "body: %s", r.body)
		require.Equal(t, 3, num(d["updated"]), "body: %s", r.body)
		require.Equal(t, 0, num(d["skipped"]))
		c := tb.do("GET", "/v1/contacts/"+existing["id"].(string), tb.tokA, nil).data()
		require.Equal(t, "Second", c["firstName"], "the later duplicate in the file wins")
		require.Equal(t, "Update", c["lastName"])
		require.Equal(t, "Latest", c["company"], "non-empty cells replace")
		s := tb.do("POST", "/v1/contacts/search", tb.tokA, map[string]any{"filters": map[string]any{"phone": "+14155552671"}})
		require.Equal(t, "Augusta Ada", s.list()[0]["firstName"], "a full name splits at its last space")
		require.Equal(t, "King", s.list()[0]["lastName"])
		require.Equal(t, "AE", s.list()[0]["company"], "empty cells leave stored values alone")
		require.Equal(t, 5, num(tb.do("GET", "/v1/contacts", tb.tokA, nil).meta()["total"]))

		// GB numbers in national format with defaultRegion.
		r = tb.upload(tb.tokA, [][2]string{{"defaultRegion", "GB"}}, "phone\n020 7946 0958\n", true)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, 1, num(r.data()["imported"]))
	})
}

func TestImportRejects(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		// The workspace field after the file still guards the import.
		r := tb.upload(tb.tokA, [][2]string{{"workspaceId", tb.wsB}}, "phone\n4155552671\n", true)
		requireError(t, r, 403, "forbidden", "workspaceId")
		requireError(t, tb.postCSV(tb.tokA, "?workspaceId="+tb.wsB, "phone\n4155552671\n"), 403, "forbidden")
		requireError(t, tb.postCSV("", "", "phone\n4155552671\n"), 401, "unauthorized")
		requireError(t, tb.postCSV(tb.tokA, "", "birthday,city\n1815,London\n"), 400, "invalid_request", "file")
		requireError(t, tb.postCSV(tb.tokA, "", ""), 400, "invalid_request", "file")
		requireError(t, tb.postCSV(tb.tokA, "?onDuplicate=merge", "phone\n"), 400, "invalid_request", "onDuplicate")
		requireError(t, tb.postCSV(tb.tokA, "?defaultRegion=USA", "phone\n"), 400, "invalid_request", "defaultRegion")
		requireError(t, tb.upload(tb.tokA, [][2]string{{"onDuplicate", "merge"}}, "phone\n", true), 400, "invalid_request", "onDuplicate")
		requireError(t, tb.do("POST", "/v1/contacts/import", tb.tokA, map[string]any{"phone": "1"}), 400, "invalid_request")

		req, _ := http.NewRequest("POST", tb.url+"/v1/contacts/import", strings.NewReader("--x\r\n"))
		req.Header.Set("Content-Type", "multipart/form-data")
		req.Header.Set("Authorization", "Bearer "+tb.tokA)
		requireError(t, tb.send(req), 400, "invalid_request")

		req, _ = http.NewRequest("POST", tb.url+"/v1/contacts/import", strings.NewReader("--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nphone\n41555"))
		req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
		req.Header.Set("Authorization", "Bearer "+tb.tokA)
		requireError(t, tb.send(req), 400, "invalid_request")

		// A broken quote is a row error, not a failed import.
		r = tb.postCSV(tb.tokA, "", "name,phone\n\"Ada,4155552671\n")
		require.Equal(t, 200, r.status, "body: %s", r.body)

		require.Equal(t, 0, num(tb.do("GET", "/v1/contacts", tb.tokA, nil).meta()["total"]), "nothing was imported: %s", r.body)
		require.Equal(t, 0, num(tb.do("GET", "/v1/contacts", tb.tokB, nil).meta()["total"]))
	})
}

// A body over 50 MiB is refused with 413 whether or not it announces its
// length, and what was read before the limit is not half-written.
func TestImportTooLarge(t *testing.T) {
	tb := setup(t, storetest.OpenSQLite)
	var b strings.Builder
	b.WriteString("first name,phone\n")
	for b.Len() <= 50<<20 {
		fmt.Fprintf(&b, "Someone With A Long Enough Name To Fill The File Quickly,+1415555%04d\n", b.Len()%10000)
	}
	body := b.String()
	requireError(t, tb.postCSV(tb.tokA, "", body), 413, "payload_too_large")

	req, _ := http.NewRequest("POST", tb.url+"/v1/contacts/import", hideLength(body))
	req.ContentLength = -1 // chunked: the limit is met while streaming
	req.Header.Set("Content-Type", "text/csv")
	req.Header.Set("Authorization", "Bearer "+tb.tokA)
	requireError(t, tb.send(req), 413, "payload_too_large")
	require.Equal(t, 0, num(tb.do("GET", "/v1/contacts", tb.tokA, nil).meta()["total"]), "nothing of a refused body is imported")
}
