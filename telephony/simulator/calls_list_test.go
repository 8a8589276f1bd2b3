package simulator_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// The Calls list filters and pages as Twilio's does, through twilio-go
// (which follows next_page_uri) and as raw JSON.
func TestListCallsFiltersAndPages(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var sids []string
	for _, to := range []string{simulator.NumberBusy, simulator.NumberBusy, simulator.NumberBusy, simulator.NumberFails} {
		p := &openapi.CreateCallParams{}
		p.SetTo(to).SetFrom(callerID).SetUrl(b.hooks.url + "/hangup")
		c, err := b.api.CreateCall(p)
		require.NoError(t, err)
		sids = append(sids, *c.Sid)
	}
	for _, sid := range sids[:3] {
		b.waitCallStatus(t, sid, "busy")
	}
	b.waitCallStatus(t, sids[3], "failed")

	list := func(p *openapi.ListCallParams) []string {
		t.Helper()
		calls, err := b.api.ListCall(p.SetTo(simulator.NumberBusy).SetFrom(callerID))
		require.NoError(t, err)
		out := []string{}
		for _, c := range calls {
			require.NotNil(t, c.StartTime, "a dialled call has a start_time")
			out = append(out, *c.Sid)
		}
		return out
	}
	newestFirst := []string{sids[2], sids[1], sids[0]}
	// Windows are taken from the calls' own start_time, never from the
	// clock of the test, so no time of day changes the answers.
	starts := map[string]time.Time{}
	for _, sid := range sids[:3] {
		c, err := b.api.FetchCall(sid, nil)
		require.NoError(t, err)
		require.NotNil(t, c.StartTime)
		st, err := time.Parse(time.RFC1123Z, *c.StartTime)
		require.NoError(t, err)
		starts[sid] = st.UTC()
	}
	first, last := starts[sids[0]], starts[sids[2]]
	midnight := first.Truncate(24 * time.Hour)
	sameDay := []string{}
	for _, sid := range newestFirst {
		if starts[sid].Format(time.DateOnly) == first.Format(time.DateOnly) {
			sameDay = append(sameDay, sid)
		}
	}
	require.Equal(t, newestFirst, list(&openapi.ListCallParams{}))
	require.Equal(t, newestFirst, list((&openapi.ListCallParams{}).SetPageSize(2)), "twilio-go follows next_page_uri")
	require.Equal(t, newestFirst, list((&openapi.ListCallParams{}).SetStartTimeAfter(midnight)))
	require.Equal(t, sameDay, list((&openapi.ListCallParams{}).SetStartTime(first)), "StartTime is a date")
	require.Equal(t, newestFirst, list((&openapi.ListCallParams{}).SetEndTimeAfter(midnight)))
	require.Empty(t, list((&openapi.ListCallParams{}).SetStartTimeAfter(last.Add(time.Hour))))
	require.Empty(t, list((&openapi.ListCallParams{}).SetStartTimeBefore(first.Add(-time.Hour))))
	require.Empty(t, list((&openapi.ListCallParams{}).SetStartTime(first.Add(-48*time.Hour))))
	require.Empty(t, list((&openapi.ListCallParams{}).SetStatus("queued")), "none is still queued")
	require.Equal(t, newestFirst, list((&openapi.ListCallParams{}).SetStatus("busy")))

	// The page envelope, as Twilio writes it.
	get := func(rawURL string) (int, map[string]any) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, rawURL, nil)
		require.NoError(t, err)
		req.SetBasicAuth(accountSid, authToken)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		var body map[string]any
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
		return resp.StatusCode, body
	}
	q := url.Values{"To": {simulator.NumberBusy}, "StartTime>": {midnight.Format(time.DateOnly)}, "PageSize": {"2"}}
	status, page0 := get(b.simURL + "/2010-04-01/Accounts/" + accountSid + "/Calls.json?" + q.Encode())
	require.Equal(t, http.StatusOK, status)
	require.Len(t, page0["calls"], 2)
	require.EqualValues(t, 0, page0["page"])
	require.EqualValues(t, 2, page0["page_size"])
	require.EqualValues(t, 0, page0["start"])
	require.EqualValues(t, 1, page0["end"])
	require.Nil(t, page0["previous_page_uri"])
	next, ok := page0["next_page_uri"].(string)
	require.True(t, ok, "a second page exists")
	nq, err := url.Parse(next)
	require.NoError(t, err)
	require.Equal(t, simulator.NumberBusy, nq.Query().Get("To"), "the next page keeps the filters")
	require.NotEmpty(t, nq.Query().Get("PageToken"))
	status, second := get(b.simURL + next)
	require.Equal(t, http.StatusOK, status)
	require.Len(t, second["calls"], 1)
	require.Equal(t, sids[0], second["calls"].([]any)[0].(map[string]any)["sid"])
	require.Nil(t, second["next_page_uri"])
	require.NotNil(t, second["previous_page_uri"])

	status, bad := get(b.simURL + "/2010-04-01/Accounts/" + accountSid + "/Calls.json?StartTime%3E=yesterday")
	require.Equal(t, http.StatusBadRequest, status)
	require.EqualValues(t, 20001, bad["code"])
	status, _ = get(b.simURL + "/2010-04-01/Accounts/" + accountSid + "/Calls.json?PageSize=1001")
	require.Equal(t, http.StatusBadRequest, status)
}
