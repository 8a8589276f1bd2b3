package server_test

import (
	"context"
	"fmt"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// walk follows meta.nextCursor from the first page of path (a GET with a
// query string) and returns the ids in the order served.
func (tb *testBundle) walk(path, token string) []string {
	tb.t.Helper()
	return tb.walkThen(path, token, nil)
}

// walkThen is walk, calling afterPage (when not nil) after each page.
func (tb *testBundle) walkThen(path, token string, afterPage func()) []string {
	tb.t.Helper()
	var ids []string
	next := ""
	for pages := 0; ; pages++ {
		require.Less(tb.t, pages, 100, "the walk ends")
		p := path
		if next != "" {
			p += "&cursor=" + url.QueryEscape(next)
		}
		r := tb.do("GET", p, token, nil)
		require.Equal(tb.t, 200, r.status, string(r.body))
		for _, item := range r.list() {
			ids = append(ids, item["id"].(string))
		}
		if afterPage != nil {
			afterPage()
		}
		meta := r.meta()
		require.Equal(tb.t, 0, num(meta["offset"]))
		if meta["hasMore"] != true {
			require.Nil(tb.t, meta["nextCursor"], "null on the last page")
			return ids
		}
		next = meta["nextCursor"].(string)
		require.NotEmpty(tb.t, next)
	}
}

func ids(items []map[string]any) []string {
	out := []string{}
	for _, c := range items {
		out = append(out, c["id"].(string))
	}
	return out
}

func TestCursorPaging(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		tb := setup(t, open)
		// Names starting with "ada" rank first; "Adaptive" only matches
		// inside the company, so those come after.
		for i := range 7 {
			tb.createContact(map[string]any{"firstName": fmt.Sprintf("Ada%d", i), "phone": fmt.Sprintf("+1415555%04d", 100+i)})
			tb.createContact(map[string]any{"firstName": fmt.Sprintf("Zed%d", i), "company": "Adaptive", "phone": fmt.Sprintf("+1415555%04d", 200+i)})
		}
		for i := range 4 {
			r := tb.do("POST", "/v1/contacts", tb.tokB, map[string]any{"firstName": fmt.Sprintf("Ada%d", i)})
			require.Equal(t, 201, r.status)
		}

		t.Run("WalksEqualTheWholeList", func(t *testing.T) {
			all := tb.do("GET", "/v1/contacts?limit=200", tb.tokA, nil)
			require.Len(t, all.list(), 14)
			require.Equal(t, ids(all.list()), tb.walk("/v1/contacts?limit=3", tb.tokA))

			found := tb.do("GET", "/v1/contacts/search?q=ada&limit=200", tb.tokA, nil)
			require.Len(t, found.list(), 14)
			require.Equal(t, "Ada6", found.list()[0]["firstName"], "name prefixes first, newest first")
			require.Equal(t, "Zed6", found.list()[7]["firstName"], "then the rest, newest first")
			for _, limit := range []int{1, 2, 5, 7, 13} {
				require.Equal(t, ids(found.list()), tb.walk(fmt.Sprintf("/v1/contacts/search?q=ada&limit=%d", limit), tb.tokA), "limit %d", limit)
			}
		})

		t.Run("PostSearchTakesTheCursorInTheBody", func(t *testing.T) {
			body := map[string]any{"query": "ada", "filters": map[string]any{"company": "adaptive"}, "limit": 4}
			first := tb.do("POST", "/v1/contacts/search", tb.tokA, body)
			require.Equal(t, 200, first.status)
			require.Len(t, first.list(), 4)
			body["cursor"] = first.meta()["nextCursor"]
			second := tb.do("POST", "/v1/contacts/search", tb.tokA, body)
			require.Equal(t, 200, second.status, string(second.body))
			require.Len(t, second.list(), 3)
			require.Nil(t, second.meta()["nextCursor"])
			require.Equal(t, "Zed2", second.list()[0]["firstName"])
		})

		t.Run("ForeignOrChangedCursorsAre400", func(t *testing.T) {
			first := tb.do("GET", "/v1/contacts/search?q=ada&limit=2", tb.tokA, nil)
			cur := first.meta()["nextCursor"].(string)
			listCur := tb.do("GET", "/v1/contacts?limit=2", tb.tokA, nil).meta()["nextCursor"].(string)
			bCur := tb.do("GET", "/v1/contacts/search?q=ada&limit=2", tb.tokB, nil).meta()["nextCursor"].(string)
			// One character changed anywhere, even in the key part.
			flip := func(s string, i int) string {
				b := []byte(s)
				if b[i] == 'A' {
					b[i] = 'B'
				} else {
					b[i] = 'A'
				}
				return string(b)
			}
			// The last character of each: every other one it could be (its
			// low bits are padding that a lax decoder would ignore).
			for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" {
				if changed := cur[:len(cur)-1] + string(c); changed != cur {
					r := tb.do("GET", "/v1/contacts/search?q=ada&limit=2&cursor="+changed, tb.tokA, nil)
					require.Equal(t, 400, r.status, "last character %q", c)
				}
			}
			for name, path := range map[string]string{
				"tampered head":     "/v1/contacts/search?q=ada&limit=2&cursor=" + flip(cur, 3),
				"tampered id":       "/v1/contacts/search?q=ada&limit=2&cursor=" + flip(cur, 20),
				"tampered mac":      "/v1/contacts/search?q=ada&limit=2&cursor=" + flip(cur, len(cur)-1),
				"another query":     "/v1/contacts/search?q=ad&limit=2&cursor=" + cur,
				"another filter":    "/v1/contacts/search?q=ada&company=x&limit=2&cursor=" + cur,
				"another list":      "/v1/contacts/search?q=ada&limit=2&cursor=" + listCur,
				"another workspace": "/v1/contacts/search?q=ada&limit=2&cursor=" + bCur,
				"list with search":  "/v1/contacts?limit=2&cursor=" + cur,
				"not base64":        "/v1/contacts?cursor=%21%21%21",
				"empty":             "/v1/contacts?cursor=",
				"with offset":       "/v1/contacts/search?q=ada&limit=2&offset=0&cursor=" + cur,
			} {
				r := tb.do("GET", path, tb.tokA, nil)
				require.Equal(t, 400, r.status, name)
				require.Equal(t, "invalid_request", r.errCode(), name)
			}
			r := tb.do("POST", "/v1/contacts/search", tb.tokA, map[string]any{"query": "ada", "limit": 2, "offset": 2, "cursor": cur})
			require.Equal(t, 400, r.status)
			require.Equal(t, "invalid_request", r.errCode())
			require.Equal(t, []string{"cursor"}, r.errFields())
			// The same cursor, unchanged, works in both forms of the search.
			require.Equal(t, 200, tb.do("GET", "/v1/contacts/search?q=ada&limit=2&cursor="+cur, tb.tokA, nil).status)
			require.Equal(t, 200, tb.do("POST", "/v1/contacts/search", tb.tokA, map[string]any{"query": "ada", "cursor": cur}).status)
		})

		t.Run("DNC", func(t *testing.T) {
			var want []string
			for i := range 5 {
				r := tb.do("POST", "/v1/dnc", tb.tokA, map[string]any{"phone": fmt.Sprintf("+1415555%04d", 900+i)})
				require.Equal(t, 201, r.status)
				want = append([]string{r.data()["id"].(string)}, want...)
			}
			require.Equal(t, want, tb.walk("/v1/dnc?limit=2", tb.tokA))
		})
	})
}

// Walks by cursor over caller IDs and the do-not-call history serve every
// row exactly once, in the order of the whole list, at any page size: rows
// created in one transaction (a DNC import) share their createdAt, removed
// entries and a number listed again are rows of their own, and rows added
// during a walk do not push any other row out of it or into it twice.
func TestCursorWalksCallerIDsAndDNCHistory(t *testing.T) {
	forEachDB(t, func(t *testing.T, open storetest.Opener) {
		vb := setupVoice(t, open, voiceOpts{})
		ctx := context.Background()

		t.Run("CallerIDs", func(t *testing.T) {
			var created []string
			for i := range 7 {
				c := &sb.CallerID{WorkspaceID: vb.wsA, PhoneNumber: fmt.Sprintf("+1415555%04d", 300+i), Status: sb.CallerIDVerified}
				require.NoError(t, vb.db.CreateCallerID(ctx, c))
				created = append(created, c.ID)
			}
			for i := range 2 {
				require.NoError(t, vb.db.CreateCallerID(ctx, &sb.CallerID{WorkspaceID: vb.wsB, PhoneNumber: fmt.Sprintf("+1415555%04d", 400+i), Status: sb.CallerIDVerified}))
			}
			all := vb.do("GET", "/v1/caller-ids?limit=200", vb.tokA, nil)
			require.Equal(t, 200, all.status, string(all.body))
			require.ElementsMatch(t, created, ids(all.list()), "A's caller IDs, B's not")
			for _, limit := range []int{1, 2, 3, 6, 7} {
				require.Equal(t, ids(all.list()), vb.walk(fmt.Sprintf("/v1/caller-ids?limit=%d", limit), vb.tokA), "limit %d", limit)
			}
			require.Len(t, vb.walk("/v1/caller-ids?limit=1", vb.tokB), 2)
		})

		t.Run("DNCHistory", func(t *testing.T) {
			for i := range 3 {
				r := vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": fmt.Sprintf("+1415555%04d", 500+i)})
				require.Equal(t, 201, r.status)
			}
			// One transaction: four entries with one createdAt.
			csv := "phone\n+14155550510\n+14155550511\n+14155550512\n+14155550513\n"
			r := vb.postCSVTo("/v1/dnc/import", vb.tokA, csv)
			require.Equal(t, 200, r.status, string(r.body))
			require.Equal(t, 4, num(r.data()["imported"]))
			// Two removed, one of them listed again.
			listed := vb.do("GET", "/v1/dnc?limit=200", vb.tokA, nil).list()
			require.Len(t, listed, 7)
			for _, e := range listed[:2] {
				require.Equal(t, 204, vb.do("DELETE", "/v1/dnc/"+e["id"].(string), vb.admA, nil).status)
			}
			again := listed[0]["phone"].(string)
			require.Equal(t, 201, vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": again}).status)

			all := vb.do("GET", "/v1/dnc/history?limit=200", vb.admA, nil)
			require.Equal(t, 200, all.status, string(all.body))
			require.Len(t, all.list(), 8, "seven entries listed, one listed again")
			at := map[any]int{}
			for _, e := range all.list() {
				at[e["createdAt"]]++
			}
			require.Contains(t, at, all.list()[1]["createdAt"])
			require.Equal(t, 4, at[all.list()[1]["createdAt"]], "the import's entries share their createdAt: the walks cross a tie")
			for _, limit := range []int{1, 2, 3, 5, 8} {
				require.Equal(t, ids(all.list()), vb.walk(fmt.Sprintf("/v1/dnc/history?limit=%d", limit), vb.admA), "limit %d", limit)
			}
			one := vb.walk("/v1/dnc/history?limit=1&phone="+url.QueryEscape(again), vb.admA)
			require.Len(t, one, 2, "the number's removed entry and its new one")

			// Entries added while a walk goes on: every entry that existed
			// throughout is served exactly once.
			n := 0
			walked := vb.walkThen("/v1/dnc/history?limit=2", vb.admA, func() {
				n++
				require.Equal(t, 201, vb.do("POST", "/v1/dnc", vb.tokA, map[string]any{"phone": fmt.Sprintf("+1415555%04d", 600+n)}).status)
			})
			seen := map[string]int{}
			for _, id := range walked {
				seen[id]++
			}
			for _, id := range ids(all.list()) {
				require.Equal(t, 1, seen[id], "entry %s once", id)
			}
			for id, k := range seen {
				require.Equal(t, 1, k, "entry %s served %d times", id, k)
			}
		})
	})
}
