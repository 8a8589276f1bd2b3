package simulator

import (
	"encoding/json"
	"net/http"
	"time"
)

// ConnectRequest is the body of POST /sim/connect: what the browser passes to
// the Voice SDK's Device.connect, and who is signed in.
type ConnectRequest struct {
	Identity    string `json:"identity"`    // the client identity; the leg is client:<identity>
	To          string `json:"to"`          // custom parameter To: the customer number
	CallerID    string `json:"callerId"`    // custom parameter callerId
	WorkspaceID string `json:"workspaceId"` // custom parameter workspaceId
	// CallControlURL is the webhook to request; empty means
	// Config.CallControlURL (the TwiML App's Voice URL).
	CallControlURL string `json:"callControlUrl,omitempty"`
}

// ConnectResponse answers POST /sim/connect once the call-control TwiML has
// been acted on: the leg is in its conference, or already ended.
type ConnectResponse struct {
	CallSid       string `json:"callSid"`
	Status        string `json:"status"`
	ConferenceSid string `json:"conferenceSid,omitempty"`
	// WebhookError says why the call-control webhook failed, if it did.
	WebhookError string `json:"webhookError,omitempty"`
}

func simError(w http.ResponseWriter, status int, code, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]string{"code": code, "message": msg}})
}

// simConnect plays Device.connect: a new client leg (Direction inbound,
// From = Caller = client:<identity>) whose call-control webhook carries the
// custom parameters, then whatever TwiML it gets back.
func (s *Simulator) simConnect(w http.ResponseWriter, r *http.Request) {
	var req ConnectRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		simError(w, http.StatusBadRequest, "invalid_request", "body: "+err.Error())
		return
	}
	if !identityPattern.MatchString(req.Identity) {
		simError(w, http.StatusBadRequest, "invalid_request", "identity must be 1-121 of A-Z a-z 0-9 _ . @ -")
		return
	}
	target := req.CallControlURL
	if target == "" {
		target = s.cfg.CallControlURL
	}
	if !absoluteURL(target) {
		simError(w, http.StatusBadRequest, "invalid_request",
			"callControlUrl must be an absolute http(s) URL (none is configured)")
		return
	}

	s.mu.Lock()
	c := s.newCall("client:"+req.Identity, req.To, "inbound")
	c.url, c.behaviour = target, answers // To names the customer, not this leg
	c.custom = map[string][]string{"To": {req.To}}
	if cb := s.cfg.AppStatusCallbackURL; cb != "" {
		// Twilio reports a TwiML App's calls to the app's status callback
		// when they complete.
		c.statusCallback, c.statusCallbackMethod = cb, http.MethodPost
		c.events = map[string]bool{"completed": true}
	}
	if req.CallerID != "" {
		c.custom.Set("callerId", req.CallerID)
	}
	if req.WorkspaceID != "" {
		c.custom.Set("workspaceId", req.WorkspaceID)
	}
	s.mu.Unlock()
	s.log.Info("browser connects", "call_sid", c.sid, "identity", req.Identity, "to", req.To)

	if !s.spawn(func() { s.runInbound(c) }) {
		simError(w, http.StatusServiceUnavailable, "closed", "the simulator is shut down")
		return
	}
	t := time.NewTimer(s.timing.WebhookTimeout + time.Second)
	defer t.Stop()
	select {
	case <-c.ready:
	case <-t.C:
	case <-r.Context().Done():
	}

	s.mu.Lock()
	resp := ConnectResponse{CallSid: c.sid, Status: c.status, ConferenceSid: c.confSid}
	for _, wh := range c.webhooks {
		if wh.Kind == "twiml" && wh.Error != "" {
			resp.WebhookError = wh.Error
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, resp)
}

// simHangup is a party hanging up: an answered call completes, a ringing one
// is rejected (busy, as Twilio reports a declined call).
func (s *Simulator) simHangup(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	c := s.calls[r.PathValue("sid")]
	if c == nil {
		s.mu.Unlock()
		simError(w, http.StatusNotFound, "not_found", "no such call")
		return
	}
	if c.final() {
		s.mu.Unlock()
		simError(w, http.StatusConflict, "call_not_active", "the call has already ended ("+c.status+")")
		return
	}
	if c.status == "in-progress" {
		c.requestEnd("completed")
	} else {
		c.requestEnd("busy")
	}
	v := s.callViewLocked(c)
	s.mu.Unlock()
	writeJSON(w, http.StatusAccepted, v)
}

func (s *Simulator) simCalls(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.State())
}
