package simulator

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// announcement is one AnnounceUrl a conference update asked for: Twilio
// answers the update at once, then fetches the document (signed, like any
// webhook) and plays it to everyone in the conference.
type announcement struct {
	url, method string
	requested   time.Time
	status      string // queued, then played or failed
	said        []string
	played      []string // the <Play> URLs (or the URL itself for audio)
	playedTo    []string // call sids of the participants connected then
	log         WebhookLog
}

// AnnouncementView is one announcement of a conference, shown by GET
// /sim/calls: what was fetched, what it said, and to whom.
type AnnouncementView struct {
	URL         string     `json:"url"`
	Method      string     `json:"method"`
	RequestedAt time.Time  `json:"requestedAt"`
	Status      string     `json:"status"` // queued, played, failed
	Said        []string   `json:"said"`
	Played      []string   `json:"played"`
	PlayedTo    []string   `json:"playedTo"`
	Webhook     WebhookLog `json:"webhook"`
}

func (a *announcement) view() AnnouncementView {
	return AnnouncementView{URL: a.url, Method: a.method, RequestedAt: a.requested, Status: a.status,
		Said: append([]string{}, a.said...), Played: append([]string{}, a.played...),
		PlayedTo: append([]string{}, a.playedTo...), Webhook: a.log}
}

// updateConference is POST Conferences/{Sid}.json: Status=completed ends the
// conference; AnnounceUrl (with AnnounceMethod, POST by default) announces
// into it. The conference is named by its CF sid only, as at Twilio.
func (s *Simulator) updateConference(w http.ResponseWriter, r *http.Request) {
	sid, _ := sidParam(r, "sid")
	status, announce := r.Form.Get("Status"), r.Form.Get("AnnounceUrl")
	if status != "" && status != "completed" {
		fail(w, http.StatusBadRequest, 21218, "Status must be completed, not %q", status)
		return
	}
	if announce != "" && !absoluteURL(announce) {
		fail(w, http.StatusBadRequest, 21205, "AnnounceUrl is not a valid URL: %s", announce)
		return
	}
	m, ok := method(w, r, "AnnounceMethod", http.MethodPost)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	conf := s.confs[sid]
	if conf == nil {
		notFound(w, r)
		return
	}
	if conf.status == "completed" && (status != "" || announce != "") {
		fail(w, http.StatusBadRequest, 20404, "Conference %s has ended", conf.sid)
		return
	}
	if announce != "" {
		a := &announcement{url: announce, method: m, requested: time.Now().UTC(), status: "queued"}
		conf.announcements = append(conf.announcements, a)
		params := url.Values{"AccountSid": {s.cfg.AccountSid}, "ConferenceSid": {conf.sid},
			"FriendlyName": {conf.name}, "ApiVersion": {APIVersion}}
		s.log.Info("conference announcement asked for", "conference_sid", conf.sid, "url", announce)
		s.spawn(func() { s.announce(conf, a, params) })
	}
	if status == "completed" {
		s.endConferenceLocked(conf, "conference-ended-via-api", "")
	}
	conf.updated = time.Now().UTC()
	writeJSON(w, http.StatusOK, s.conferenceJSONLocked(conf))
}

// announce fetches an announcement and "plays" it: it notes what the
// document says and plays, and the participants connected to hear it. A
// document that cannot be had or is not TwiML (Twilio: 11200, 12100) plays
// nothing; an audio answer (an MP3 or WAV) is played as itself.
func (s *Simulator) announce(conf *conference, a *announcement, params url.Values) {
	entry := WebhookLog{At: time.Now().UTC(), Kind: "announcement", Method: a.method, URL: a.url}
	body, code, err := s.send(a.method, a.url, params)
	entry.Status = code
	var said, played []string
	if err == nil {
		said, played, err = announcementContent(a.url, body)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		entry.Error = err.Error()
		a.status, a.log = "failed", entry
		s.log.Warn("conference announcement failed", "conference_sid", conf.sid, "url", a.url, "err", err)
		return
	}
	a.status, a.log, a.said, a.played = "played", entry, said, played
	for _, sid := range conf.order {
		if p := conf.parts[sid]; p != nil && p.left != nil {
			a.playedTo = append(a.playedTo, sid)
		}
	}
	s.log.Info("conference announcement played", "conference_sid", conf.sid, "said", strings.Join(said, " "),
		"to", len(a.playedTo))
}

// announcementContent reads an announcement's answer: TwiML's <Say> texts
// and <Play> URLs, or a body that is not XML taken for audio. An empty
// answer is neither (Twilio: 12100).
func announcementContent(docURL string, body []byte) (said, played []string, err error) {
	trimmed := strings.TrimSpace(string(body))
	if trimmed == "" {
		return nil, nil, errors.New("the announcement's answer is empty (Twilio error 12100)")
	}
	if !strings.HasPrefix(trimmed, "<") {
		return nil, []string{docURL}, nil
	}
	verbs, err := parseTwiML(body)
	if err != nil {
		return nil, nil, err
	}
	for _, v := range verbs {
		switch v.XMLName.Local {
		case "Say":
			said = append(said, strings.TrimSpace(v.Text))
		case "Play":
			played = append(played, strings.TrimSpace(v.Text))
		}
	}
	return said, played, nil
}
