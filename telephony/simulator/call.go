package simulator

import (
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// call is one leg: a call created through the REST API (Direction
// outbound-api), a participant dialed by the Participants API, or a browser
// leg started by /sim/connect (Direction inbound).
type call struct {
	sid       string
	from, to  string
	direction string // outbound-api | inbound
	behaviour behaviour

	url, method, twiml string   // what to run on answer
	amd                amdSpec  // answering-machine detection asked for
	answeredBy         string   // its verdict, once known
	played             []string // the <Play> URLs it played, in order
	// redirect carries a live call's new TwiML (a Calls update with Url or
	// Twiml) to its goroutine; next holds the one taken, for runTwiML.
	// next is the call goroutine's own.
	redirect chan twimlTarget
	next     *twimlTarget
	custom   url.Values // extra webhook parameters (Device.connect params)
	join     *joinSpec  // Participants API: join this conference on answer instead

	statusCallback, statusCallbackMethod string
	events                               map[string]bool
	timeout                              time.Duration // ring limit (Timeout parameter)

	status   string
	created  time.Time
	updated  time.Time
	answered time.Time
	ended    time.Time
	seq      int // next SequenceNumber
	history  []StatusChange
	webhooks []WebhookLog
	confSid  string // the conference it is in, or is being dialed into

	end       chan string   // hang-up requests, carrying the status asked for; cap 1
	ready     chan struct{} // closed once the call settled: in a conference, or ended
	readyOnce sync.Once
	out       outbox // status and recording callbacks, in order
}

// StatusChange is one step of a call's status history.
type StatusChange struct {
	Status string    `json:"status"`
	At     time.Time `json:"at"`
}

// final reports whether the call has ended; the caller holds s.mu.
func (c *call) final() bool {
	switch c.status {
	case "completed", "busy", "no-answer", "failed", "canceled":
		return true
	}
	return false
}

// started is when the call was dialled (it left the queue), as Twilio's
// start_time: zero while it is queued, and for a call canceled in the queue.
// The caller holds s.mu.
func (c *call) started() time.Time {
	for _, h := range c.history {
		switch h.Status {
		case "initiated", "ringing", "in-progress":
			return h.At
		}
	}
	return time.Time{}
}

func (c *call) duration() int {
	if c.answered.IsZero() || c.ended.IsZero() {
		return 0
	}
	return int(c.ended.Sub(c.answered).Round(time.Second) / time.Second)
}

// requestEnd asks the call's goroutine to hang up with the given status; the
// first request wins. The caller need not hold s.mu.
func (c *call) requestEnd(status string) {
	select {
	case c.end <- status:
	default:
	}
}

func (s *Simulator) markReady(c *call) {
	c.readyOnce.Do(func() { close(c.ready) })
}

func (s *Simulator) newCall(from, to, direction string) *call {
	now := time.Now().UTC()
	c := &call{
		sid:       newSid("CA"),
		from:      from,
		to:        to,
		direction: direction,
		behaviour: behaviourOf(to),
		method:    http.MethodPost,
		status:    "queued",
		created:   now,
		updated:   now,
		history:   []StatusChange{{"queued", now}},
		end:       make(chan string, 1),
		redirect:  make(chan twimlTarget, 1),
		ready:     make(chan struct{}),
	}
	s.calls[c.sid] = c
	s.callOrder = append(s.callOrder, c.sid)
	return c
}

// callerIDAllowed is Twilio's 21210 check: a PSTN call must come from one of
// the account's numbers or a verified caller ID. The caller holds s.mu.
func (s *Simulator) callerIDAllowed(from, to string) bool {
	if s.cfg.AcceptAnyFrom || isClient(to) || isClient(from) {
		return true
	}
	for _, list := range [][]*phoneNumber{s.numbers, s.callerIDs} {
		for _, n := range list {
			if n.number == from {
				return true
			}
		}
	}
	return false
}

// callParams are the parameters of every webhook about c.
func (s *Simulator) callParamsLocked(c *call) url.Values {
	v := url.Values{}
	v.Set("AccountSid", s.cfg.AccountSid)
	v.Set("ApiVersion", APIVersion)
	v.Set("CallSid", c.sid)
	v.Set("CallStatus", c.status)
	v.Set("Direction", c.direction)
	v.Set("From", c.from)
	v.Set("Caller", c.from)
	v.Set("To", c.to)
	v.Set("Called", c.to)
	for k, vals := range c.custom {
		v[k] = vals
	}
	if c.answeredBy != "" && !c.amd.async {
		v.Set("AnsweredBy", c.answeredBy) // synchronous detection, as Twilio
	}
	return v
}

func (s *Simulator) callJSONLocked(c *call) map[string]any {
	uri := s.accountURI("/Calls/" + c.sid + ".json")
	j := map[string]any{
		"sid":              c.sid,
		"account_sid":      s.cfg.AccountSid,
		"api_version":      APIVersion,
		"date_created":     twilioTime(c.created),
		"date_updated":     twilioTime(c.updated),
		"parent_call_sid":  nil,
		"to":               c.to,
		"to_formatted":     c.to,
		"from":             c.from,
		"from_formatted":   c.from,
		"phone_number_sid": nil,
		"status":           restStatus(c.status),
		"start_time":       nil,
		"end_time":         nil,
		"duration":         nil,
		"price":            nil,
		"price_unit":       "USD",
		"direction":        c.direction,
		"answered_by":      nil,
		"forwarded_from":   nil,
		"group_sid":        nil,
		"caller_name":      nil,
		"queue_time":       "0",
		"trunk_sid":        nil,
		"uri":              uri,
		"subresource_uris": map[string]string{
			"recordings": s.accountURI("/Calls/" + c.sid + "/Recordings.json"),
		},
	}
	if t := c.started(); !t.IsZero() {
		j["start_time"] = twilioTime(t)
	}
	if c.answeredBy != "" {
		j["answered_by"] = c.answeredBy
	}
	if !c.ended.IsZero() {
		j["end_time"] = twilioTime(c.ended)
		j["duration"] = strconv.Itoa(c.duration())
	}
	return j
}

// restStatus is a call's status as the REST resource shows it. The
// resource's statuses are queued, ringing, in-progress and the final ones;
// initiated (the call left the queue and is being dialled) is a status
// callback's event only, and the resource still reads queued then.
func restStatus(status string) string {
	if status == "initiated" {
		return "queued"
	}
	return status
}

// createCall is POST Calls.json.
func (s *Simulator) createCall(w http.ResponseWriter, r *http.Request) {
	f := r.Form
	to, from, u, twiml := f.Get("To"), f.Get("From"), f.Get("Url"), f.Get("Twiml")
	switch {
	case to == "":
		fail(w, http.StatusBadRequest, 21201, "No 'To' number is specified")
		return
	case from == "":
		fail(w, http.StatusBadRequest, 21213, "No 'From' number is specified")
		return
	case u == "" && twiml == "":
		fail(w, http.StatusBadRequest, 21205, "Url parameter is required")
		return
	case u != "" && !absoluteURL(u):
		fail(w, http.StatusBadRequest, 21205, "Url is not a valid URL: %s", u)
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
	m, ok := method(w, r, "Method", http.MethodPost)
	if !ok {
		return
	}
	timeout, ok := timeoutParam(w, r)
	if !ok {
		return
	}
	amd, ok := amdParams(w, r)
	if !ok {
		return
	}

	s.mu.Lock()
	if !s.callerIDAllowed(from, to) {
		s.mu.Unlock()
		fail(w, http.StatusBadRequest, 21210,
			"The source phone number provided, %s, is not yet verified for your account", from)
		return
	}
	c := s.newCall(from, to, "outbound-api")
	c.url, c.method, c.twiml = u, m, twiml
	c.statusCallback, c.events, c.statusCallbackMethod = cb, events, cbMethod
	c.timeout = timeout
	c.amd = amd
	body := s.callJSONLocked(c)
	s.mu.Unlock()

	s.log.Info("call created", "call_sid", c.sid, "to", to, "from", from, "behaviour", c.behaviour.String())
	s.spawn(func() { s.runOutbound(c) })
	writeJSON(w, http.StatusCreated, body)
}

// statusCallback reads StatusCallback, StatusCallbackEvent and
// StatusCallbackMethod, shared by Calls and Participants.
func statusCallback(w http.ResponseWriter, r *http.Request) (string, map[string]bool, string, bool) {
	cb := r.Form.Get("StatusCallback")
	if cb != "" && !absoluteURL(cb) {
		fail(w, http.StatusBadRequest, 21609, "Invalid StatusCallback URL: %s", cb)
		return "", nil, "", false
	}
	events, ok := statusEvents(w, r)
	if !ok {
		return "", nil, "", false
	}
	m, ok := method(w, r, "StatusCallbackMethod", http.MethodPost)
	return cb, events, m, ok
}

func timeoutParam(w http.ResponseWriter, r *http.Request) (time.Duration, bool) {
	v := r.Form.Get("Timeout")
	if v == "" {
		return 60 * time.Second, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 600 {
		fail(w, http.StatusBadRequest, 21219, "Timeout must be an integer between 1 and 600")
		return 0, false
	}
	return time.Duration(n) * time.Second, true
}

func (s *Simulator) fetchCall(w http.ResponseWriter, r *http.Request) {
	sid, _ := sidParam(r, "sid")
	s.mu.Lock()
	c := s.calls[sid]
	var body map[string]any
	if c != nil {
		body = s.callJSONLocked(c)
	}
	s.mu.Unlock()
	if c == nil {
		notFound(w, r)
		return
	}
	writeJSON(w, http.StatusOK, body)
}

// updateCall is POST Calls/{sid}.json: Status=completed hangs up whatever
// the state, Status=canceled only a call not yet answered, as at Twilio.
// Without Status, Url (with Method) or Twiml gives the call new TwiML: a
// call in progress leaves what it runs (a conference included) and runs
// it; a call not answered yet runs it when it answers; an ended call is
// 21220.
func (s *Simulator) updateCall(w http.ResponseWriter, r *http.Request) {
	sid, _ := sidParam(r, "sid")
	status := r.Form.Get("Status")
	if status != "" && status != "completed" && status != "canceled" {
		fail(w, http.StatusBadRequest, 21218, "Status must be completed or canceled, not %q", status)
		return
	}
	u, twiml := r.Form.Get("Url"), r.Form.Get("Twiml")
	if u != "" && !absoluteURL(u) {
		fail(w, http.StatusBadRequest, 21205, "Url is not a valid URL: %s", u)
		return
	}
	m, ok := method(w, r, "Method", http.MethodPost)
	if !ok {
		return
	}
	s.mu.Lock()
	c := s.calls[sid]
	if c == nil {
		s.mu.Unlock()
		notFound(w, r)
		return
	}
	switch {
	case status != "":
		if !c.final() && (status == "completed" || c.status != "in-progress") {
			c.requestEnd(status)
		}
	case u != "" || twiml != "":
		t := twimlTarget{url: u, method: m, twiml: twiml}
		switch {
		case c.final():
			s.mu.Unlock()
			fail(w, http.StatusBadRequest, 21220, "Call is not in-progress. Cannot redirect.")
			return
		case c.status == "in-progress":
			select { // the latest document wins
			case <-c.redirect:
			default:
			}
			c.redirect <- t
			s.log.Info("call redirected", "call_sid", c.sid, "url", u, "inline", twiml != "")
		default:
			c.url, c.method, c.twiml = t.url, t.method, t.twiml
		}
	}
	body := s.callJSONLocked(c)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, body)
}
