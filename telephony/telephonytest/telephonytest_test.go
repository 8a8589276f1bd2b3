package telephonytest_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

func TestParseTwiML(t *testing.T) {
	t.Parallel()
	a, err := telephonytest.ParseTwiML([]byte(`<Response><Dial><Conference b="2" a="1"> sb-x </Conference></Dial></Response>`))
	require.NoError(t, err)
	b, err := telephonytest.ParseTwiML([]byte(`<?xml version="1.0"?><Response><Dial><Conference a="1" b="2">sb-x</Conference></Dial></Response>`))
	require.NoError(t, err)
	require.Equal(t, a, b, "attribute order and surrounding space do not matter")
	require.Equal(t, telephonytest.El("Response", nil, "", telephonytest.El("Dial", nil, "",
		telephonytest.El("Conference", map[string]string{"a": "1", "b": "2"}, "sb-x"))), a)
	require.Equal(t, "2", a.Kids[0].Kids[0].Attr("b"))

	_, err = telephonytest.ParseTwiML([]byte(`<Dial/>`))
	require.ErrorContains(t, err, "not <Response>")
	_, err = telephonytest.ParseTwiML([]byte(`<Response><Say>`))
	require.Error(t, err)
}

// recorder is a testing.TB whose Fatalf is recorded instead of ending the
// test.
type recorder struct {
	testing.TB
	fatal string
}

func (r *recorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }

func TestEventually(t *testing.T) {
	t.Parallel()
	n := 0
	telephonytest.Eventually(t, "the third poll", func() bool { n++; return n == 3 })
	require.Equal(t, 3, n)

	r := &recorder{TB: t}
	start := time.Now()
	telephonytest.EventuallyWithin(r, 30*time.Millisecond, "never", func() bool { return false })
	require.GreaterOrEqual(t, time.Since(start), 30*time.Millisecond)
	require.Equal(t, "timed out after 30ms waiting for never", r.fatal)
}

func TestFakeTwilio(t *testing.T) {
	t.Parallel()
	f := telephonytest.NewTwilio(t)
	prefix := "/2010-04-01/Accounts/" + telephonytest.Account
	send := func(method, path, user string, body string) (int, string) {
		req, err := http.NewRequest(method, f.URL+path, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(user, telephonytest.AuthToken)
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	status, _ := send("GET", prefix+"/Calls.json", "ACsomeoneelse", "")
	require.Equal(t, http.StatusUnauthorized, status, "another account's credentials")

	status, body := send("POST", prefix+"/Calls.json", telephonytest.Account, "To=%2B15005550100&From=%2B15005550006&Url=http%3A%2F%2Fx%2Fj%3Fconference%3Dsb-1")
	require.Equal(t, http.StatusCreated, status, body)
	require.Len(t, f.LegsFor("sb-1"), 1)
	require.Contains(t, body, f.LegsFor("sb-1")[0])

	f.Answer("GET", prefix+"/Conferences.json", 200, `{"conferences": []}`)
	status, body = send("GET", prefix+"/Conferences.json?FriendlyName=sb-1", telephonytest.Account, "")
	require.Equal(t, 200, status)
	require.JSONEq(t, `{"conferences": []}`, body)
	status, _ = send("DELETE", prefix+"/Nothing.json", telephonytest.Account, "")
	require.Equal(t, http.StatusNotFound, status)

	reqs := f.Requests()
	require.Len(t, reqs, 3, "every request is recorded, the refused one aside")
	require.Equal(t, "+15005550100", reqs[0].Form.Get("To"))
	require.Equal(t, "sb-1", reqs[1].Form.Get("FriendlyName"), "a GET's parameters are its query")
	require.Len(t, f.Creates(), 1)
	require.Len(t, f.Since(1), 2)
}
