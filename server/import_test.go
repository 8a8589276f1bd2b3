package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// The import's rules (header mapping, row errors, duplicates of the file
// and of the store, the two duplicate modes, the region) are tested in
// contacts; these check the two uploads (multipart, fields before or after
// the file, and text/csv with query parameters) and the report's shape.
func TestImport(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		existing := tb.createContact(map[string]any{"firstName": "Old", "phone": "+14155550100", "company": "Keep"})

		csv := "First Name,Phone Number,E-Mail,Birthday\n" +
			"Ada,(415) 555-2671,ada@example.com,1815-12-10\n" + // line 2: ok
			"Bad,4155550101,nope,\n" + // line 3: invalid email
			"New,415-555-0100,,\n" // line 4: duplicate of a stored contact
		r := tb.upload(tb.tokA, [][2]string{{"workspaceId", tb.wsA}}, csv, false)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		d := r.data()
		require.Equal(t, 1, num(d["imported"]), "body: %s", r.body)
		require.Equal(t, 0, num(d["updated"]))
		require.Equal(t, 1, num(d["skipped"]))
		require.Equal(t, 1, num(d["failed"]))
		require.Equal(t, []any{"Birthday"}, d["ignoredColumns"])
		errs := d["errors"].([]any)
		require.Len(t, errs, 1)
		e := errs[0].(map[string]any)
		require.Equal(t, 3, num(e["row"]), "%v", e)
		require.Equal(t, "email", e["field"], "%v", e)
		require.NotEmpty(t, e["message"])
		require.Equal(t, 2, num(tb.do("GET", "/v1/contacts", tb.tokA, nil).meta()["total"]))

		// onDuplicate=update, as a text/csv body with query parameters.
		r = tb.postCSV(tb.tokA, "?onDuplicate=update&workspaceId="+tb.wsA, "name,mobile,company\nSecond Update,4155550100,Latest\n")
		require.Equal(t, 200, r.status, "body: %s", r.body)
		d = r.data()
		require.Equal(t, 0, num(d["imported"]), "body: %s", r.body)
		require.Equal(t, 1, num(d["updated"]), "body: %s", r.body)
		c := tb.do("GET", "/v1/contacts/"+existing["id"].(string), tb.tokA, nil).data()
		require.Equal(t, "Second", c["firstName"])
		require.Equal(t, "Latest", c["company"])

		// defaultRegion as a multipart field after the file.
		r = tb.upload(tb.tokA, [][2]string{{"defaultRegion", "GB"}}, "phone\n020 7946 0958\n", true)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Equal(t, 1, num(r.data()["imported"]))
		require.Equal(t, 0, num(r.data()["failed"]), "read as a GB number: %s", r.body)
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

		require.Equal(t, 0, num(tb.do("GET", "/v1/contacts", tb.tokA, nil).meta()["total"]), "nothing was imported")
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
