package simulator

import "time"

// State is a snapshot of everything the simulator holds, oldest first; GET
// /sim/calls answers it as JSON, for people watching and for tests.
type State struct {
	Calls       []CallView       `json:"calls"`
	Conferences []ConferenceView `json:"conferences"`
	Recordings  []RecordingView  `json:"recordings"`
}

// CallView is one call leg with its status history and the webhooks sent
// about it.
type CallView struct {
	Sid           string         `json:"sid"`
	From          string         `json:"from"`
	To            string         `json:"to"`
	Direction     string         `json:"direction"`
	Status        string         `json:"status"`
	Behaviour     string         `json:"behaviour"` // of the called number, see doc.go
	ConferenceSid string         `json:"conferenceSid,omitempty"`
	Duration      int            `json:"duration"`
	CreatedAt     time.Time      `json:"createdAt"`
	AnsweredAt    *time.Time     `json:"answeredAt,omitempty"`
	EndedAt       *time.Time     `json:"endedAt,omitempty"`
	History       []StatusChange `json:"history"`
	Webhooks      []WebhookLog   `json:"webhooks"`
	// AnsweredBy is answering-machine detection's verdict, once known.
	AnsweredBy string `json:"answeredBy,omitempty"`
	// Played lists the <Play> URLs the call played, in order.
	Played []string `json:"played"`
}

// ConferenceView is one conference and the participants in it now.
type ConferenceView struct {
	Sid          string            `json:"sid"`
	FriendlyName string            `json:"friendlyName"`
	Status       string            `json:"status"`
	EndedReason  string            `json:"endedReason,omitempty"`
	Participants []ParticipantView `json:"participants"`
	// Announcements are the conference's AnnounceUrls, oldest first.
	Announcements []AnnouncementView `json:"announcements"`
}

// ParticipantView is a participant's state.
type ParticipantView struct {
	CallSid                string `json:"callSid"`
	Label                  string `json:"label,omitempty"`
	Status                 string `json:"status"`
	Hold                   bool   `json:"hold"`
	Muted                  bool   `json:"muted"`
	StartConferenceOnEnter bool   `json:"startConferenceOnEnter"`
	EndConferenceOnExit    bool   `json:"endConferenceOnExit"`
}

// RecordingView is one recording.
type RecordingView struct {
	Sid      string `json:"sid"`
	CallSid  string `json:"callSid"`
	Status   string `json:"status"`
	Channels int    `json:"channels"`
	Duration int    `json:"duration"`
}

// State returns a snapshot of the simulator's calls, conferences and
// recordings.
func (s *Simulator) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := State{Calls: []CallView{}, Conferences: []ConferenceView{}, Recordings: []RecordingView{}}
	for _, sid := range s.callOrder {
		st.Calls = append(st.Calls, s.callViewLocked(s.calls[sid]))
	}
	for _, sid := range s.confOrder {
		conf := s.confs[sid]
		cv := ConferenceView{Sid: conf.sid, FriendlyName: conf.name, Status: conf.status,
			EndedReason: conf.reason, Participants: []ParticipantView{}, Announcements: []AnnouncementView{}}
		for _, a := range conf.announcements {
			cv.Announcements = append(cv.Announcements, a.view())
		}
		for _, callSid := range conf.order {
			if p := conf.parts[callSid]; p != nil {
				cv.Participants = append(cv.Participants, ParticipantView{
					CallSid: p.callSid, Label: p.label, Status: p.status, Hold: p.hold, Muted: p.muted,
					StartConferenceOnEnter: p.start, EndConferenceOnExit: p.end,
				})
			}
		}
		st.Conferences = append(st.Conferences, cv)
	}
	now := time.Now().UTC()
	for _, sid := range s.recOrder {
		rec := s.recs[sid]
		st.Recordings = append(st.Recordings, RecordingView{Sid: rec.sid, CallSid: rec.callSid,
			Status: rec.status, Channels: rec.channels, Duration: rec.duration(now)})
	}
	return st
}

func (s *Simulator) callViewLocked(c *call) CallView {
	v := CallView{
		Sid: c.sid, From: c.from, To: c.to, Direction: c.direction, Status: c.status,
		Behaviour: c.behaviour.String(), ConferenceSid: c.confSid, Duration: c.duration(),
		CreatedAt:  c.created,
		History:    append([]StatusChange(nil), c.history...),
		Webhooks:   append([]WebhookLog{}, c.webhooks...),
		AnsweredBy: c.answeredBy,
		Played:     append([]string{}, c.played...),
	}
	if !c.answered.IsZero() {
		t := c.answered
		v.AnsweredAt = &t
	}
	if !c.ended.IsZero() {
		t := c.ended
		v.EndedAt = &t
	}
	return v
}
