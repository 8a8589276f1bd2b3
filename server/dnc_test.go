package server_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

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

		tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": "+14155550100"})
		r = tb.do("GET", "/v1/dnc", tb.tokA, nil)
		require.Equal(t, 200, r.status)
		require.Len(t, r.list(), 2)
		require.Equal(t, "+14155550100", r.list()[0]["phone"], "newest first")
		require.Equal(t, 2, num(r.meta()["total"]))

		r = tb.do("GET", "/v1/dnc/check?phone=415-555-2671", tb.tokA, nil)
		require.Equal(t, 200, r.status)
		require.Equal(t, true, r.data()["blocked"])
		require.Equal(t, "+14155552671", r.data()["phone"])
		require.Equal(t, e["id"], r.data()["entry"].(map[string]any)["id"])

		// Workspace B's list is its own.
		r = tb.do("GET", "/v1/dnc/check?phone=%2B14155552671", tb.tokB, nil)
		require.Equal(t, false, r.data()["blocked"])
		require.Nil(t, r.data()["entry"])
		require.Contains(t, string(r.body), `"entry":null`)
		require.Empty(t, tb.do("GET", "/v1/dnc", tb.tokB, nil).list())
		requireError(t, tb.do("DELETE", "/v1/dnc/"+e["id"].(string), tb.tokB, nil), 404, "not_found")

		require.Equal(t, 204, tb.do("DELETE", "/v1/dnc/"+e["id"].(string), tb.tokA, nil).status)
		requireError(t, tb.do("DELETE", "/v1/dnc/"+e["id"].(string), tb.tokA, nil), 404, "not_found")
		require.Equal(t, false, tb.do("GET", "/v1/dnc/check?phone=4155552671", tb.tokA, nil).data()["blocked"])

		requireError(t, tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": "12"}), 400, "invalid_phone", "phone")
		requireError(t, tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"reason": "x"}), 400, "invalid_request", "phone")
		requireError(t, tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": "+14155552671", "why": "x"}), 400, "invalid_request")
		requireError(t, tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"workspaceId": tb.wsB, "phone": "+14155552671"}), 403, "forbidden")
		requireError(t, tb.do("GET", "/v1/dnc/check", tb.tokA, nil), 400, "invalid_request", "phone")
		requireError(t, tb.do("GET", "/v1/dnc/check?phone=abc", tb.tokA, nil), 400, "invalid_phone", "phone")
		requireError(t, tb.do("GET", "/v1/dnc?limit=0", tb.tokA, nil), 400, "invalid_request", "limit")
		requireError(t, tb.do("GET", "/v1/dnc", "", nil), 401, "unauthorized")
	})
}
