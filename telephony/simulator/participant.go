package simulator

import (
	"net/http"
	"time"
)

func (s *Simulator) participantJSONLocked(conf *conference, p *participant) map[string]any {
	var label any
	if p.label != "" {
		label = p.label
	}
	return map[string]any{
		"account_sid":               s.cfg.AccountSid,
		"call_sid":                  p.callSid,
		"label":                     label,
		"call_sid_to_coach":         nil,
		"coaching":                  false,
		"conference_sid":            conf.sid,
		"date_created":              twilioTime(p.created),
		"date_updated":              twilioTime(p.updated),
		"end_conference_on_exit":    p.end,
		"start_conference_on_enter": p.start,
		"muted":                     p.muted,
		"hold":                      p.hold,
		"status":                    p.status,
		"queue_time":                "0",
		"uri":                       s.accountURI("/Conferences/" + conf.sid + "/Participants/" + p.callSid + ".json"),
	}
}

// participantOfLocked resolves {sid} as a CallSid or a participant label,
// as Twilio does.
func (s *Simulator) participantOfLocked(conf *conference, r *http.Request) *participant {
	key, ok := sidParam(r, "sid")
	if !ok {
		return nil
	}
	if p := conf.parts[key]; p != nil {
		return p
	}
	for _, p := range conf.parts {
		if p.label == key {
			return p
		}
	}
	return nil
}

// conferenceParticipantLocked resolves a participant route's conference and
// participant; p is nil when either is unknown.
func (s *Simulator) conferenceParticipantLocked(r *http.Request) (*conference, *participant) {
	conf := s.conferenceOfLocked(r)
	if conf == nil {
		return nil, nil
	}
	return conf, s.participantOfLocked(conf, r)
}

// createParticipant dials To from the conference (Participants create): the
// new call has its own sid, callbacks and test-number behaviour, and joins
// with the given settings when answered. A friendly name that names no live
// conference creates one, as at Twilio.
func (s *Simulator) createParticipant(w http.ResponseWriter, r *http.Request) {
	f := r.Form
	to, from, label := f.Get("To"), f.Get("From"), f.Get("Label")
	switch {
	case to == "":
		fail(w, http.StatusBadRequest, 21201, "No 'To' number is specified")
		return
	case from == "":
		fail(w, http.StatusBadRequest, 21213, "No 'From' number is specified")
		return
	case !validAddress(to):
		fail(w, http.StatusBadRequest, 21211, "Invalid 'To' Phone Number: %s", to)
		return
	case !validAddress(from):
		fail(w, http.StatusBadRequest, 21212, "Invalid 'From' Phone Number: %s", from)
		return
	}
	cb, events, cbMethod, ok := statusCallback(w, r)
	if !ok {
		return
	}
	var spec joinSpec
	spec.label = label
	if spec.start, ok = boolParam(w, r, "StartConferenceOnEnter", true); !ok {
		return
	}
	if spec.end, ok = boolParam(w, r, "EndConferenceOnExit", false); !ok {
		return
	}
	if spec.muted, ok = boolParam(w, r, "Muted", false); !ok {
		return
	}
	if _, ok = boolParam(w, r, "EarlyMedia", false); !ok { // accepted; no media here
		return
	}
	timeout, ok := timeoutParam(w, r)
	if !ok {
		return
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	conf := s.conferenceOfLocked(r)
	if conf == nil {
		if v := r.PathValue("conf"); len(v) > 2 && v[:2] == "CF" {
			notFound(w, r)
			return
		}
		conf = s.newConferenceLocked(r.PathValue("conf"))
	}
	if conf.status == "completed" {
		fail(w, http.StatusBadRequest, 20404, "Conference %s has ended", conf.sid)
		return
	}
	if label != "" {
		for _, p := range conf.parts {
			if p.label == label {
				fail(w, http.StatusBadRequest, 16025, "Participant label %q is already in use in this conference", label)
				return
			}
		}
	}
	if !s.callerIDAllowed(from, to) {
		fail(w, http.StatusBadRequest, 21210,
			"The source phone number provided, %s, is not yet verified for your account", from)
		return
	}
	c := s.newCall(from, to, "outbound-api")
	spec.confSid = conf.sid
	c.join, c.confSid = &spec, conf.sid
	c.statusCallback, c.events, c.statusCallbackMethod = cb, events, cbMethod
	c.timeout = timeout
	p := s.addParticipantLocked(conf, c.sid, spec)
	s.log.Info("participant dialing", "conference_sid", conf.sid, "call_sid", c.sid, "to", to,
		"label", label, "behaviour", c.behaviour.String())
	s.spawn(func() { s.runOutbound(c) })
	writeJSON(w, http.StatusCreated, s.participantJSONLocked(conf, p))
}

func (s *Simulator) listParticipants(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	conf := s.conferenceOfLocked(r)
	if conf == nil {
		notFound(w, r)
		return
	}
	f := r.Form
	items := []map[string]any{}
	for _, sid := range conf.order {
		p := conf.parts[sid]
		if p == nil ||
			(f.Get("Muted") != "" && f.Get("Muted") != boolString(p.muted)) ||
			(f.Get("Hold") != "" && f.Get("Hold") != boolString(p.hold)) ||
			(f.Get("Label") != "" && f.Get("Label") != p.label) {
			continue
		}
		items = append(items, s.participantJSONLocked(conf, p))
	}
	writeJSON(w, http.StatusOK, page(r, "participants", items, len(items)))
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func (s *Simulator) fetchParticipant(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	conf, p := s.conferenceParticipantLocked(r)
	if p == nil {
		notFound(w, r)
		return
	}
	writeJSON(w, http.StatusOK, s.participantJSONLocked(conf, p))
}

// updateParticipant changes Hold (with HoldUrl/HoldMethod: the music is not
// fetched, it is only remembered) and Muted, and EndConferenceOnExit.
func (s *Simulator) updateParticipant(w http.ResponseWriter, r *http.Request) {
	hold, okHold := optionalBool(w, r, "Hold")
	if okHold == nil {
		return
	}
	muted, okMuted := optionalBool(w, r, "Muted")
	if okMuted == nil {
		return
	}
	end, okEnd := optionalBool(w, r, "EndConferenceOnExit")
	if okEnd == nil {
		return
	}
	holdMethod, ok := method(w, r, "HoldMethod", http.MethodGet)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	conf, p := s.conferenceParticipantLocked(r)
	if p == nil {
		notFound(w, r)
		return
	}
	if *okHold {
		p.hold = hold
		if u := r.Form.Get("HoldUrl"); hold && u != "" {
			p.holdURL, p.holdMethod = u, holdMethod
		}
	}
	if *okMuted {
		p.muted = muted
	}
	if *okEnd {
		p.end = end
	}
	p.updated = time.Now().UTC()
	s.log.Info("participant updated", "conference_sid", conf.sid, "call_sid", p.callSid,
		"hold", p.hold, "muted", p.muted)
	writeJSON(w, http.StatusOK, s.participantJSONLocked(conf, p))
}

// optionalBool reads a boolean that may be absent: it returns the value and a
// pointer to whether it was present, or nil after answering 400.
func optionalBool(w http.ResponseWriter, r *http.Request, name string) (bool, *bool) {
	present := r.Form.Get(name) != ""
	v, ok := boolParam(w, r, name, false)
	if !ok {
		return false, nil
	}
	return v, &present
}

// deleteParticipant kicks the participant: its call leaves the conference
// (and, with nothing after its <Dial>, ends); one still ringing is canceled.
func (s *Simulator) deleteParticipant(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	conf, p := s.conferenceParticipantLocked(r)
	if p == nil {
		notFound(w, r)
		return
	}
	s.removeParticipantLocked(conf, p.callSid, "kicked")
	w.WriteHeader(http.StatusNoContent)
}
