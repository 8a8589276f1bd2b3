package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// The do-not-call rules (E.164, one listed entry per number, each
// workspace's list, removal as history, the import's rows) are tested in
// contacts; these check statuses, roles, the token's identity as the
// author, the query's parameters and the answers' shapes.
func TestDNC(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		r := tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"workspaceId": tb.wsA, "phone": "(415) 555-2671", "reason": "asked"})
		require.Equal(t, 201, r.status, "body: %s", r.body)
		e := r.data()
		require.Equal(t, "+14155552671", e["phone"])
		require.Equal(t, "asked", e["reason"])
		require.Equal(t, tb.wsA, e["workspaceId"])
		require.NotEmpty(t, e["id"])
		require.NotEmpty(t, e["createdAt"])

		r = tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": "+14155552671", "reason": "again"})
		require.Equal(t, 200, r.status, "an already listed number answers 200")
		require.Equal(t, e, r.data(), "with the existing entry")

		r = tb.do("GET", "/v1/dnc", tb.tokA, nil)
		require.Equal(t, 200, r.status)
		require.Equal(t, []map[string]any{e}, r.list())
		require.Equal(t, 1, num(r.meta()["total"]))

		r = tb.do("GET", "/v1/dnc/check?phone=415-555-2671", tb.tokA, nil)
		require.Equal(t, 200, r.status)
		require.Equal(t, true, r.data()["blocked"])
		require.Equal(t, "+14155552671", r.data()["phone"])
		require.Equal(t, e, r.data()["entry"])

		// Not listed: entry is written as null.
		r = tb.do("GET", "/v1/dnc/check?phone=%2B14155552671", tb.tokB, nil)
		require.Equal(t, 200, r.status)
		require.Equal(t, false, r.data()["blocked"])
		require.Contains(t, string(r.body), `"entry":null`)

		// Only an admin removes an entry.
		requireError(t, tb.do("DELETE", "/v1/dnc/"+e["id"].(string), tb.tokA, nil), 403, "forbidden")
		require.Equal(t, true, tb.do("GET", "/v1/dnc/check?phone=4155552671", tb.tokA, nil).data()["blocked"])
		r = tb.do("DELETE", "/v1/dnc/"+e["id"].(string)+"?reason=consent", tb.admA, nil)
		require.Equal(t, 204, r.status)
		require.Empty(t, r.body)
		requireError(t, tb.do("DELETE", "/v1/dnc/"+e["id"].(string), tb.admA, nil), 404, "not_found")

		requireError(t, tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"reason": "x"}), 400, "invalid_request", "phone")
		requireError(t, tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": "+14155552671", "why": "x"}), 400, "invalid_request")
		requireError(t, tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"workspaceId": tb.wsB, "phone": "+14155552671"}), 403, "forbidden")
		requireError(t, tb.do("GET", "/v1/dnc/check", tb.tokA, nil), 400, "invalid_request", "phone")
		requireError(t, tb.do("GET", "/v1/dnc?limit=0", tb.tokA, nil), 400, "invalid_request", "limit")
		requireError(t, tb.do("GET", "/v1/dnc", "", nil), 401, "unauthorized")
	})
}

// The history is the admin's; its entries say who added and removed them
// (the tokens' identities), why (the body's reason, the query's reason)
// and from where; its phone parameter is read in any notation.
func TestDNCHistory(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		r := tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": "+14155552671", "reason": "asked"})
		require.Equal(t, 201, r.status, "body: %s", r.body)
		first := r.data()
		require.Equal(t, "api", first["source"])
		require.Equal(t, "ada", first["addedBy"])
		require.Equal(t, 204, tb.do("DELETE", "/v1/dnc/"+first["id"].(string)+"?reason=consent", tb.admA, nil).status)
		r = tb.do("POST", "/v1/dnc", tb.tokA2, map[string]any{"phone": "+14155552671", "reason": "asked again"})
		require.Equal(t, 201, r.status, "listing again is a new entry")
		second := r.data()
		require.Equal(t, "grace", second["addedBy"])

		requireError(t, tb.do("GET", "/v1/dnc/history", tb.tokA, nil), 403, "forbidden")
		r = tb.do("GET", "/v1/dnc/history?phone=415-555-2671", tb.admA, nil)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		require.Len(t, r.list(), 2)
		require.Equal(t, second["id"], r.list()[0]["id"])
		require.Nil(t, r.list()[0]["removedAt"])
		old := r.list()[1]
		require.Equal(t, first["id"], old["id"])
		require.Equal(t, "boss", old["removedBy"])
		require.Equal(t, "consent", old["removalReason"])
		require.NotEmpty(t, old["removedAt"])
		require.Equal(t, "ada", old["addedBy"])
		require.Equal(t, "asked", old["reason"])
		require.Empty(t, tb.do("GET", "/v1/dnc/history?phone=%2B14155550100", tb.admA, nil).list(), "the phone parameter filters")
	})
}

// The DNC import takes a text/csv body and answers the report; the author
// of its entries is the token's identity.
func TestDNCImport(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": "+14155550100"})
		csv := "Phone Number,Reason,Extra\n" +
			"(415) 555-2671,asked\n" + // line 2: listed
			"+14155550100,dup of store\n" + // line 3: already listed
			"12,bad\n" // line 4: not a number
		req, err := http.NewRequest("POST", tb.url+"/v1/dnc/import", strings.NewReader(csv))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "text/csv")
		req.Header.Set("Authorization", "Bearer "+tb.tokA2)
		r := tb.send(req)
		require.Equal(t, 200, r.status, "body: %s", r.body)
		d := r.data()
		require.Equal(t, 1, num(d["imported"]))
		require.Equal(t, 1, num(d["skipped"]))
		require.Equal(t, 1, num(d["failed"]))
		require.Equal(t, []any{"Extra"}, d["ignoredColumns"])
		require.Equal(t, 1, num(d["ignoredColumnCount"]))
		errs := d["errors"].([]any)
		require.Len(t, errs, 1)
		require.Equal(t, 4, num(errs[0].(map[string]any)["row"]))
		require.Equal(t, "phone", errs[0].(map[string]any)["field"])
		require.NotEmpty(t, errs[0].(map[string]any)["message"])

		r = tb.do("GET", "/v1/dnc/check?phone=4155552671", tb.tokA, nil)
		entry := r.data()["entry"].(map[string]any)
		require.Equal(t, "import", entry["source"])
		require.Equal(t, "grace", entry["addedBy"])
		require.Equal(t, "asked", entry["reason"])

		req, _ = http.NewRequest("POST", tb.url+"/v1/dnc/import", strings.NewReader("name\nAda\n"))
		req.Header.Set("Content-Type", "text/csv")
		req.Header.Set("Authorization", "Bearer "+tb.tokA)
		requireError(t, tb.send(req), 400, "invalid_request", "file")
	})
}
