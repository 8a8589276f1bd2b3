package server_test

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// POST /v1/caller-ids takes the deprecated `default` beside `isDefault`:
// it works, and its answer says it is deprecated (Deprecation, Sunset and
// a Link, the dates openapi.yaml gives the field); a request without it
// gets none of those headers; both fields saying opposite things is 400
// naming `default`, and creates nothing.
func TestCallerIdDefaultDeprecated(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		deprecatedAt := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
		requireDeprecated := func(r resp) {
			t.Helper()
			require.Equal(t, "@"+strconv.FormatInt(deprecatedAt.Unix(), 10), r.header.Get("Deprecation"))
			require.Equal(t, "Wed, 01 Dec 2027 00:00:00 GMT", r.header.Get("Sunset"))
			require.Equal(t, `</docs#operation/createCallerId>; rel="deprecation"; type="text/html"`, r.header.Get("Link"))
		}
		requireCurrent := func(r resp) {
			t.Helper()
			for _, h := range []string{"Deprecation", "Sunset", "Link"} {
				require.Empty(t, r.header.Values(h), h)
			}
		}

		r := vb.do("POST", "/v1/caller-ids", vb.tokAdm, map[string]any{"phoneNumber": "+15005550006", "default": true})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, true, r.data()["isDefault"])
		requireDeprecated(r)

		// The old name says false: the number is not made the default.
		r = vb.do("POST", "/v1/caller-ids", vb.tokAdm, map[string]any{"phoneNumber": "+15005550007", "default": false})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, false, r.data()["isDefault"])
		requireDeprecated(r)

		r = vb.do("POST", "/v1/caller-ids", vb.tokAdm, map[string]any{"phoneNumber": "+14155550123", "isDefault": true})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, true, r.data()["isDefault"])
		requireCurrent(r)

		// Both, agreeing: fine, and deprecated; disagreeing: 400.
		r = vb.do("POST", "/v1/caller-ids", vb.tokAdm, map[string]any{"phoneNumber": "+14155550124", "isDefault": true, "default": true})
		require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
		require.Equal(t, true, r.data()["isDefault"])
		requireDeprecated(r)
		r = vb.do("POST", "/v1/caller-ids", vb.tokAdm, map[string]any{"phoneNumber": "+14155550125", "isDefault": true, "default": false})
		requireError(t, r, http.StatusBadRequest, sb.EInvalid, "default")
		requireDeprecated(r)
		r = vb.do("POST", "/v1/caller-ids", vb.tokAdm, map[string]any{"phoneNumber": "+14155550125", "default": "yes"})
		requireError(t, r, http.StatusBadRequest, sb.EInvalid, "default")

		list := vb.do("GET", "/v1/caller-ids", vb.tokA, nil)
		require.Equal(t, 4, num(list.meta()["total"]), "the refused ones created nothing")
		requireCurrent(list)
		defaults := 0
		for _, c := range list.list() {
			if c["isDefault"] == true {
				defaults++
				require.Equal(t, "+14155550124", c["phoneNumber"], "the last one asked to be the default is")
			}
		}
		require.Equal(t, 1, defaults)
	})
}
