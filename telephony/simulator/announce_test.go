package simulator_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard/telephony/simulator"
	"github.com/switchboard-oss/switchboard/telephony/telephonytest"
)

// TestConferenceAnnouncement: a conference update's AnnounceUrl is answered
// with the conference's JSON, then fetched signed (the hooks refuse a bad
// signature and the clean-up fails on one) and played to everyone
// connected; what it said shows in the state. Bad requests get Twilio's
// errors and announce nothing.
func TestConferenceAnnouncement(t *testing.T) {
	t.Parallel()
	b := setup(t)
	agent, customer, conf := activeCall(t, b, simulator.NumberAnswers)

	announcements := func() []simulator.AnnouncementView {
		for _, c := range b.state(t).Conferences {
			if c.Sid == conf {
				return c.Announcements
			}
		}
		t.Fatalf("no conference %s in the state", conf)
		return nil
	}

	got, err := b.api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).
		SetAnnounceUrl(b.hooks.url+"/announce?workspaceId=ws_1").SetAnnounceMethod("POST"))
	require.NoError(t, err)
	require.Equal(t, conf, *got.Sid)
	require.Equal(t, "in-progress", *got.Status, "an announcement does not end the conference")

	telephonytest.Eventually(t, "the announcement played", func() bool {
		a := announcements()
		return len(a) == 1 && a[0].Status != "queued"
	})
	a := announcements()[0]
	require.Equal(t, "played", a.Status, "%+v", a)
	require.Equal(t, []string{"This call is recorded."}, a.Said)
	require.ElementsMatch(t, []string{agent, customer}, a.PlayedTo, "everyone in the conference hears it")
	require.Equal(t, http.MethodPost, a.Webhook.Method)
	require.Equal(t, http.StatusOK, a.Webhook.Status)
	hits := b.hooks.received("/announce", "")
	require.Len(t, hits, 1)
	require.Equal(t, "ws_1", hits[0].Query.Get("workspaceId"), "the URL is fetched as given")
	require.Equal(t, conf, hits[0].Form.Get("ConferenceSid"))
	require.Equal(t, accountSid, hits[0].Form.Get("AccountSid"))

	// GET puts the parameters in the query, signed with it.
	_, err = b.api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).
		SetAnnounceUrl(b.hooks.url+"/announce").SetAnnounceMethod("GET"))
	require.NoError(t, err)
	telephonytest.Eventually(t, "the second announcement played", func() bool {
		a := announcements()
		return len(a) == 2 && a[1].Status == "played"
	})
	require.Equal(t, conf, b.hooks.received("/announce", "")[1].Query.Get("ConferenceSid"))

	// A document that is no TwiML plays nothing.
	_, err = b.api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).SetAnnounceUrl(b.hooks.url+"/nothing"))
	require.NoError(t, err, "Twilio answers before it fetches")
	telephonytest.Eventually(t, "the bad announcement failed", func() bool {
		a := announcements()
		return len(a) == 3 && a[2].Status != "queued"
	})
	bad := announcements()[2]
	require.Equal(t, "failed", bad.Status)
	require.Empty(t, bad.Said)
	require.Empty(t, bad.PlayedTo)
	require.NotEmpty(t, bad.Webhook.Error)

	// Twilio's errors: a URL that is none, a method that is none, an
	// unknown conference; none is announced.
	_, err = b.api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).SetAnnounceUrl("not a url"))
	restError(t, err, http.StatusBadRequest, 21205)
	_, err = b.api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).SetAnnounceUrl("ftp://example.com/a.mp3"))
	restError(t, err, http.StatusBadRequest, 21205)
	_, err = b.api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).
		SetAnnounceUrl(b.hooks.url+"/announce").SetAnnounceMethod("PUT"))
	restError(t, err, http.StatusBadRequest, 21609)
	_, err = b.api.UpdateConference("CF00000000000000000000000000000000", (&openapi.UpdateConferenceParams{}).
		SetAnnounceUrl(b.hooks.url+"/announce"))
	restError(t, err, http.StatusNotFound, 20404)
	require.Len(t, announcements(), 3)

	// Status=completed ends it; an ended conference takes no announcement.
	ended, err := b.api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).SetStatus("completed"))
	require.NoError(t, err)
	require.Equal(t, "completed", *ended.Status)
	b.waitCallStatus(t, customer, "completed")
	_, err = b.api.UpdateConference(conf, (&openapi.UpdateConferenceParams{}).SetAnnounceUrl(b.hooks.url+"/announce"))
	restError(t, err, http.StatusBadRequest, 20404)
	require.Len(t, announcements(), 3)
	require.Len(t, b.hooks.received("/announce", ""), 2)
}
