package simulator

import (
	"math"
	"strconv"
	"time"
)

// runOutbound plays an outbound call (REST or Participants API) from queued
// to its end, on its own goroutine.
func (s *Simulator) runOutbound(c *call) {
	s.finish(c, s.dial(c))
}

// dial rings the callee and, when it answers, runs the call; it returns the
// call's final status.
func (s *Simulator) dial(c *call) string {
	s.setStatus(c, "initiated")
	if st, ok := s.wait(c, s.timing.DialDelay); !ok {
		return st
	}
	switch c.behaviour {
	case busy:
		return "busy"
	case fails:
		return "failed"
	}
	s.setStatus(c, "ringing")
	ringFor, picksUp := s.timing.RingDelay, true
	switch c.behaviour {
	case slow:
		ringFor = s.timing.SlowAnswerDelay
	case noAnswer:
		ringFor, picksUp = s.timing.NoAnswerTimeout, false
	}
	if c.timeout > 0 && c.timeout < ringFor {
		ringFor, picksUp = c.timeout, false
	}
	if st, ok := s.wait(c, ringFor); !ok {
		return st
	}
	if !picksUp {
		return "no-answer"
	}

	s.setStatus(c, "in-progress")
	if c.amd.mode != "" {
		if c.amd.async {
			s.spawn(func() { s.detectAsync(c) })
		} else if !s.detectSync(c) {
			return "completed"
		}
	}
	if c.behaviour == hangsUp {
		t := time.AfterFunc(s.timing.TalkTime, func() {
			s.log.Info("test number hangs up after its talk time", "call_sid", c.sid)
			c.requestEnd("completed")
		})
		defer t.Stop()
	}
	if c.join != nil {
		s.dialConference(c, *c.join)
	} else {
		s.runTwiML(c, c.url, c.method, c.twiml)
	}
	return "completed"
}

// runInbound plays a browser leg from /sim/connect: the call-control webhook
// is fetched while the leg rings, and its TwiML answers it.
func (s *Simulator) runInbound(c *call) {
	s.setStatus(c, "ringing")
	s.runTwiML(c, c.url, c.method, "")
	s.finish(c, "completed")
}

// wait lets a call that is not yet answered ring (or dial) for d, unless a
// hang-up is asked for first: then it reports the final status (hanging up
// an unanswered call cancels it; a party rejecting it makes it busy) and
// false.
func (s *Simulator) wait(c *call, d time.Duration) (string, bool) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return "", true
	case st := <-c.end:
		if st == "completed" {
			st = "canceled"
		}
		return st, false
	case <-s.ctx.Done():
		return "canceled", false
	}
}

// answer moves a ringing inbound leg to in-progress when its TwiML first
// needs the call answered (as Twilio does on the first verb other than
// Hangup or Reject).
func (s *Simulator) answer(c *call) {
	s.mu.Lock()
	ringing := c.status == "ringing" || c.status == "queued"
	s.mu.Unlock()
	if ringing {
		s.setStatus(c, "in-progress")
	}
}

// setStatus records a status change and sends its status callback when the
// call subscribed to that event.
func (s *Simulator) setStatus(c *call, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.final() || c.status == status {
		return
	}
	now := time.Now().UTC()
	c.status, c.updated = status, now
	c.history = append(c.history, StatusChange{status, now})
	if status == "in-progress" {
		c.answered = now
	}
	if p := s.pendingParticipantLocked(c); p != nil {
		p.status = participantStatus(status)
		p.updated = now
	}
	s.statusCallbackLocked(c, now)
}

// finish ends the call with status: it leaves any conference, completes its
// recordings and sends the completed callback. Only the first call counts.
func (s *Simulator) finish(c *call, status string) {
	defer s.markReady(c)
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.final() {
		return
	}
	now := time.Now().UTC()
	if c.confSid != "" {
		if conf := s.confs[c.confSid]; conf != nil {
			s.removeParticipantLocked(conf, c.sid, "")
		}
	}
	c.status, c.updated, c.ended = status, now, now
	c.history = append(c.history, StatusChange{status, now})
	s.log.Info("call ended", "call_sid", c.sid, "status", status, "duration", c.duration())
	s.statusCallbackLocked(c, now)
	for _, sid := range s.recOrder {
		if rec := s.recs[sid]; rec.callSid == c.sid {
			s.completeRecordingLocked(rec, now)
		}
	}
}

// statusCallbackLocked queues the callback for c's current status when its
// event is subscribed; busy, no-answer, failed and canceled are the
// CallStatus of the completed event, as at Twilio.
func (s *Simulator) statusCallbackLocked(c *call, now time.Time) {
	event := ""
	switch c.status {
	case "initiated", "ringing":
		event = c.status
	case "in-progress":
		event = "answered"
	case "completed", "busy", "no-answer", "failed", "canceled":
		event = "completed"
	}
	if c.statusCallback == "" || !c.events[event] {
		return
	}
	params := s.callParamsLocked(c)
	params.Set("SequenceNumber", strconv.Itoa(c.seq))
	params.Set("Timestamp", twilioTime(now))
	params.Set("CallbackSource", "call-progress-events")
	if event == "completed" {
		d := c.duration()
		params.Set("CallDuration", strconv.Itoa(d))
		params.Set("Duration", strconv.Itoa(int(math.Ceil(float64(d)/60))))
	}
	c.seq++
	u, m := c.statusCallback, c.statusCallbackMethod
	s.post(&c.out, func() {
		_, _ = s.webhook(c, "status:"+event, m, u, params)
	})
}
