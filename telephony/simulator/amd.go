package simulator

import (
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Answering-machine detection (AMD) on calls created through the REST API:
// MachineDetection (Enable or DetectMessageEnd), AsyncAmd, and for the
// asynchronous kind AsyncAmdStatusCallback and AsyncAmdStatusCallbackMethod.
// The verdict depends on the number called (testnumbers.go): the machine
// number answers with a greeting of Timing.MachineGreeting that ends in a
// beep, the human number says hello and is known as a person after
// Timing.HumanDetection; every other number that answers is "unknown"
// after Timing.HumanDetection, which is what Twilio answers when it cannot
// tell.

// amdSpec is what a call asked of detection.
type amdSpec struct {
	mode     string // "" (off), Enable, DetectMessageEnd
	async    bool
	callback string
	method   string
}

// amdParams reads a create's AMD parameters, answering Twilio's error for a
// bad one.
func amdParams(w http.ResponseWriter, r *http.Request) (amdSpec, bool) {
	var a amdSpec
	switch mode := r.Form.Get("MachineDetection"); mode {
	case "", "Enable", "DetectMessageEnd":
		a.mode = mode
	default:
		fail(w, http.StatusBadRequest, 21218, "MachineDetection must be Enable or DetectMessageEnd, not %q", mode)
		return a, false
	}
	async, ok := boolParam(w, r, "AsyncAmd", false)
	if !ok {
		return a, false
	}
	a.async = async
	a.callback = r.Form.Get("AsyncAmdStatusCallback")
	if a.callback != "" && !absoluteURL(a.callback) {
		fail(w, http.StatusBadRequest, 21609, "Invalid AsyncAmdStatusCallback URL: %s", a.callback)
		return a, false
	}
	a.method, ok = method(w, r, "AsyncAmdStatusCallbackMethod", http.MethodPost)
	return a, ok
}

// verdict is what detection reports for a call, and how long it listens
// first.
func (s *Simulator) verdict(c *call) (string, time.Duration) {
	switch {
	case c.behaviour == machine && c.amd.mode == "DetectMessageEnd":
		return "machine_end_beep", s.timing.MachineGreeting
	case c.behaviour == machine:
		return "machine_start", s.timing.HumanDetection
	case c.behaviour == human:
		return "human", s.timing.HumanDetection
	}
	return "unknown", s.timing.HumanDetection
}

// detectSync runs synchronous detection on an answered call before its Url
// is requested (which then carries AnsweredBy). It reports false when the
// call was hung up meanwhile.
func (s *Simulator) detectSync(c *call) bool {
	by, d := s.verdict(c)
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case st := <-c.end:
		c.requestEnd(st) // put it back for the caller to finish the call
		return false
	case <-s.ctx.Done():
		return false
	}
	s.mu.Lock()
	c.answeredBy = by
	s.mu.Unlock()
	s.log.Info("answering-machine detection", "call_sid", c.sid, "answered_by", by, "async", false)
	return true
}

// detectAsync listens on an answered call while its TwiML runs, then keeps
// the verdict and posts it to AsyncAmdStatusCallback (signed, in order with
// the call's other callbacks) with AccountSid, CallSid, AnsweredBy and
// MachineDetectionDuration (ms). A call that ended first gets no verdict.
func (s *Simulator) detectAsync(c *call) {
	by, d := s.verdict(c)
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-s.ctx.Done():
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.final() {
		return
	}
	c.answeredBy = by
	s.log.Info("answering-machine detection", "call_sid", c.sid, "answered_by", by, "async", true)
	if c.amd.callback == "" {
		return // Twilio warns (21262) and keeps the verdict on the call
	}
	v := url.Values{}
	v.Set("AccountSid", s.cfg.AccountSid)
	v.Set("CallSid", c.sid)
	v.Set("AnsweredBy", by)
	v.Set("MachineDetectionDuration", strconv.FormatInt(d.Milliseconds(), 10))
	u, m := c.amd.callback, c.amd.method
	s.post(&c.out, func() {
		_, _ = s.webhook(c, "amd", m, u, v)
	})
}
