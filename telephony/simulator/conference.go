package simulator

import (
	"net/http"
	"strings"
	"time"
)

// conference is a room that calls join by name (<Dial><Conference>) or
// through the Participants API. A name maps to one live conference at a
// time; once completed, the name starts a new one with a new sid.
type conference struct {
	sid, name string
	status    string // init, in-progress, completed
	created   time.Time
	updated   time.Time
	reason    string // reason_conference_ended
	endedBy   string // call_sid_ending_conference
	parts     map[string]*participant
	order     []string // call sids in joining order
	// announcements are the AnnounceUrls asked for, oldest first.
	announcements []*announcement
}

// participant is a call in a conference, or being dialed into one by the
// Participants API (status queued/ringing until it answers).
type participant struct {
	callSid, label string
	start, end     bool // startConferenceOnEnter, endConferenceOnExit
	muted, hold    bool
	holdURL        string
	holdMethod     string
	status         string // queued, connecting, ringing, connected
	created        time.Time
	updated        time.Time
	left           chan struct{} // closed when it leaves; nil until connected
}

// joinSpec is what joining says about the participant: from TwiML
// attributes or from Participants create parameters.
type joinSpec struct {
	confSid, name string
	label         string
	start, end    bool
	muted         bool
}

func participantStatus(callStatus string) string {
	switch callStatus {
	case "initiated":
		return "connecting"
	case "ringing":
		return "ringing"
	case "in-progress":
		return "connected"
	}
	return "queued"
}

// liveConferenceLocked finds the conference named by a CF sid or a friendly
// name, if it has not ended.
func (s *Simulator) liveConferenceLocked(sidOrName string) *conference {
	if conf := s.confs[sidOrName]; conf != nil {
		if conf.status == "completed" {
			return nil
		}
		return conf
	}
	for i := len(s.confOrder) - 1; i >= 0; i-- {
		conf := s.confs[s.confOrder[i]]
		if conf.name == sidOrName && conf.status != "completed" {
			return conf
		}
	}
	return nil
}

func (s *Simulator) newConferenceLocked(name string) *conference {
	now := time.Now().UTC()
	conf := &conference{
		sid: newSid("CF"), name: name, status: "init",
		created: now, updated: now, parts: map[string]*participant{},
	}
	s.confs[conf.sid] = conf
	s.confOrder = append(s.confOrder, conf.sid)
	s.log.Info("conference created", "conference_sid", conf.sid, "name", name)
	return conf
}

func (s *Simulator) addParticipantLocked(conf *conference, callSid string, spec joinSpec) *participant {
	now := time.Now().UTC()
	p := &participant{
		callSid: callSid, label: spec.label, start: spec.start, end: spec.end,
		muted: spec.muted, status: "queued", created: now, updated: now,
	}
	conf.parts[callSid] = p
	conf.order = append(conf.order, callSid)
	return p
}

// pendingParticipantLocked is the participant entry of a call being dialed
// by the Participants API.
func (s *Simulator) pendingParticipantLocked(c *call) *participant {
	if c.join == nil || c.confSid == "" {
		return nil
	}
	if conf := s.confs[c.confSid]; conf != nil {
		if p := conf.parts[c.sid]; p != nil && p.left == nil {
			return p
		}
	}
	return nil
}

// dialConference puts an answered call into a conference and holds it there
// until it leaves: it reports true when the call hung up, false when it was
// taken out (kicked, or the conference ended), after which its TwiML goes on.
func (s *Simulator) dialConference(c *call, spec joinSpec) (hungUp bool) {
	s.mu.Lock()
	var conf *conference
	if spec.confSid != "" {
		conf = s.liveConferenceLocked(spec.confSid)
	} else if conf = s.liveConferenceLocked(spec.name); conf == nil {
		conf = s.newConferenceLocked(spec.name)
	}
	if conf == nil { // ended while this participant was being dialed
		s.mu.Unlock()
		return false
	}
	p := conf.parts[c.sid]
	if p == nil && spec.confSid != "" { // kicked while it was being dialed
		s.mu.Unlock()
		return false
	}
	if p == nil {
		p = s.addParticipantLocked(conf, c.sid, spec)
	}
	now := time.Now().UTC()
	p.status, p.updated, p.left = "connected", now, make(chan struct{})
	c.confSid = conf.sid
	if p.start && conf.status == "init" {
		conf.status, conf.updated = "in-progress", now
		s.log.Info("conference started", "conference_sid", conf.sid, "by", c.sid)
	}
	left := p.left
	s.log.Info("participant joined", "conference_sid", conf.sid, "call_sid", c.sid, "label", p.label)
	s.mu.Unlock()
	s.markReady(c)

	select {
	case <-left:
		return false
	case <-c.end:
		s.mu.Lock()
		s.removeParticipantLocked(conf, c.sid, "participant hung up")
		s.mu.Unlock()
		return true
	case t := <-c.redirect:
		// New TwiML takes the call out of the conference (ending it when
		// the call had endConferenceOnExit); the document runs next.
		s.mu.Lock()
		s.removeParticipantLocked(conf, c.sid, "call redirected")
		c.confSid = ""
		s.mu.Unlock()
		c.next = &t
		return true
	case <-s.ctx.Done():
		return true
	}
}

// removeParticipantLocked takes a call out of a conference and applies the
// conference's end rules: it ends when a participant with
// endConferenceOnExit leaves, or when nobody is left.
func (s *Simulator) removeParticipantLocked(conf *conference, callSid, why string) {
	p := conf.parts[callSid]
	if p == nil {
		return
	}
	delete(conf.parts, callSid)
	connected := p.left != nil
	if connected {
		close(p.left)
		s.log.Info("participant left", "conference_sid", conf.sid, "call_sid", callSid, "why", why)
	} else if c := s.calls[callSid]; c != nil {
		c.requestEnd("canceled") // still being dialed: stop ringing
	}
	if conf.status == "completed" {
		return
	}
	switch {
	case connected && p.end:
		s.endConferenceLocked(conf, "participant-with-end-conference-on-exit-left", callSid)
	case len(conf.parts) == 0:
		s.endConferenceLocked(conf, "last-participant-left", callSid)
	}
}

// endConferenceLocked completes the conference and takes every remaining
// participant out: their TwiML goes on after <Dial>, which here ends their
// calls; those still being dialed are canceled.
func (s *Simulator) endConferenceLocked(conf *conference, reason, bySid string) {
	conf.status, conf.updated = "completed", time.Now().UTC()
	conf.reason, conf.endedBy = reason, bySid
	s.log.Info("conference ended", "conference_sid", conf.sid, "reason", reason, "by", bySid)
	for _, sid := range conf.order {
		s.removeParticipantLocked(conf, sid, "conference ended")
	}
}

func (s *Simulator) conferenceJSONLocked(conf *conference) map[string]any {
	base := "/Conferences/" + conf.sid
	j := map[string]any{
		"sid":                        conf.sid,
		"account_sid":                s.cfg.AccountSid,
		"api_version":                APIVersion,
		"friendly_name":              conf.name,
		"status":                     conf.status,
		"region":                     "us1",
		"date_created":               twilioTime(conf.created),
		"date_updated":               twilioTime(conf.updated),
		"reason_conference_ended":    nil,
		"call_sid_ending_conference": nil,
		"uri":                        s.accountURI(base + ".json"),
		"subresource_uris": map[string]string{
			"participants": s.accountURI(base + "/Participants.json"),
			"recordings":   s.accountURI(base + "/Recordings.json"),
		},
	}
	if conf.reason != "" {
		j["reason_conference_ended"] = conf.reason
	}
	// A conference ended through the API, or by its last participant
	// leaving, was ended by no call: null, as at Twilio, never "".
	if conf.endedBy != "" {
		j["call_sid_ending_conference"] = conf.endedBy
	}
	return j
}

func (s *Simulator) listConferences(w http.ResponseWriter, r *http.Request) {
	name, status := r.Form.Get("FriendlyName"), r.Form.Get("Status")
	s.mu.Lock()
	items := []map[string]any{}
	for i := len(s.confOrder) - 1; i >= 0; i-- { // newest first
		conf := s.confs[s.confOrder[i]]
		if (name != "" && conf.name != name) || (status != "" && conf.status != status) {
			continue
		}
		items = append(items, s.conferenceJSONLocked(conf))
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, page(r, "conferences", items, len(items)))
}

func (s *Simulator) fetchConference(w http.ResponseWriter, r *http.Request) {
	sid, _ := sidParam(r, "sid")
	s.mu.Lock()
	defer s.mu.Unlock()
	conf := s.confs[sid]
	if conf == nil {
		notFound(w, r)
		return
	}
	writeJSON(w, http.StatusOK, s.conferenceJSONLocked(conf))
}

// conferenceOf resolves the {conf} path value: a CF sid of any conference,
// or the friendly name of a live one.
func (s *Simulator) conferenceOfLocked(r *http.Request) *conference {
	v := r.PathValue("conf")
	if strings.HasPrefix(v, "CF") {
		return s.confs[v]
	}
	return s.liveConferenceLocked(v)
}
