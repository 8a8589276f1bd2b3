package simulator

import (
	"encoding/binary"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// recording records one call (Calls/{sid}/Recordings). It is in-progress
// from creation, may be paused and resumed, and completes when stopped or
// when its call ends; its callbacks go through the call's outbox so they stay
// in order with the call's own.
type recording struct {
	sid, callSid, confSid string
	channels              int
	status                string // in-progress, paused, stopped, completed
	created, updated      time.Time
	recorded              time.Duration // time spent in-progress before the last pause
	since                 time.Time     // when it last went in-progress
	callback, cbMethod    string
	events                map[string]bool
}

func (rec *recording) duration(now time.Time) int {
	d := rec.recorded
	if rec.status == "in-progress" {
		d += now.Sub(rec.since)
	}
	return int(d.Round(time.Second) / time.Second)
}

func (s *Simulator) mediaURL(rec *recording) string {
	return s.cfg.BaseURL + s.accountURI("/Recordings/"+rec.sid)
}

func (s *Simulator) recordingJSONLocked(rec *recording) map[string]any {
	duration := "-1" // Twilio's value until the recording is done
	if rec.status == "completed" {
		duration = strconv.Itoa(int(rec.recorded.Round(time.Second) / time.Second))
	}
	var conf any
	if rec.confSid != "" {
		conf = rec.confSid
	}
	return map[string]any{
		"sid":                rec.sid,
		"account_sid":        s.cfg.AccountSid,
		"api_version":        APIVersion,
		"call_sid":           rec.callSid,
		"conference_sid":     conf,
		"date_created":       twilioTime(rec.created),
		"date_updated":       twilioTime(rec.updated),
		"start_time":         twilioTime(rec.created),
		"duration":           duration,
		"price":              nil,
		"price_unit":         "USD",
		"status":             rec.status,
		"channels":           rec.channels,
		"source":             "StartCallRecordingAPI",
		"error_code":         nil,
		"track":              "both",
		"encryption_details": nil,
		"media_url":          s.mediaURL(rec),
		"uri":                s.accountURI("/Calls/" + rec.callSid + "/Recordings/" + rec.sid + ".json"),
	}
}

// recordingCallbackLocked queues a RecordingStatusCallback for rec's status
// when subscribed (default: completed only, as at Twilio).
func (s *Simulator) recordingCallbackLocked(c *call, rec *recording, now time.Time) {
	if rec.callback == "" || !rec.events[rec.status] {
		return
	}
	v := url.Values{}
	v.Set("AccountSid", s.cfg.AccountSid)
	v.Set("CallSid", rec.callSid)
	v.Set("RecordingSid", rec.sid)
	v.Set("RecordingUrl", s.mediaURL(rec))
	v.Set("RecordingStatus", rec.status)
	v.Set("RecordingChannels", strconv.Itoa(rec.channels))
	v.Set("RecordingStartTime", twilioTime(rec.created))
	v.Set("RecordingSource", "StartCallRecordingAPI")
	v.Set("RecordingTrack", "both")
	v.Set("ErrorCode", "0")
	if rec.status == "completed" {
		v.Set("RecordingDuration", strconv.Itoa(rec.duration(now)))
	}
	if rec.confSid != "" {
		v.Set("ConferenceSid", rec.confSid)
	}
	u, m, status := rec.callback, rec.cbMethod, rec.status
	s.post(&c.out, func() { _, _ = s.webhook(c, "recording:"+status, m, u, v) })
}

// completeRecordingLocked ends a recording that is in progress or paused.
func (s *Simulator) completeRecordingLocked(rec *recording, now time.Time) {
	if rec.status != "in-progress" && rec.status != "paused" {
		return
	}
	if rec.status == "in-progress" {
		rec.recorded += now.Sub(rec.since)
	}
	rec.status, rec.updated = "completed", now
	s.log.Info("recording completed", "recording_sid", rec.sid, "call_sid", rec.callSid)
	if c := s.calls[rec.callSid]; c != nil {
		s.recordingCallbackLocked(c, rec, now)
	}
}

func (s *Simulator) createRecording(w http.ResponseWriter, r *http.Request) {
	f := r.Form
	channels := 1
	switch f.Get("RecordingChannels") {
	case "", "mono":
	case "dual":
		channels = 2
	default:
		fail(w, http.StatusBadRequest, 21218, "RecordingChannels must be mono or dual")
		return
	}
	cb := f.Get("RecordingStatusCallback")
	if cb != "" && !absoluteURL(cb) {
		fail(w, http.StatusBadRequest, 21609, "Invalid RecordingStatusCallback URL: %s", cb)
		return
	}
	cbMethod, ok := method(w, r, "RecordingStatusCallbackMethod", http.MethodPost)
	if !ok {
		return
	}
	events := map[string]bool{}
	for _, v := range f["RecordingStatusCallbackEvent"] {
		for _, e := range strings.Fields(v) {
			switch e {
			case "in-progress", "completed", "absent":
				events[e] = true
			default:
				fail(w, http.StatusBadRequest, 21626, "RecordingStatusCallbackEvent %s is not valid; use in-progress, completed or absent", e)
				return
			}
		}
	}
	if len(events) == 0 {
		events["completed"] = true
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.calls[r.PathValue("call")]
	if c == nil {
		notFound(w, r)
		return
	}
	if c.status != "in-progress" {
		fail(w, http.StatusBadRequest, 21220, "Call %s is not in-progress; cannot start a recording", c.sid)
		return
	}
	now := time.Now().UTC()
	rec := &recording{
		sid: newSid("RE"), callSid: c.sid, confSid: c.confSid, channels: channels,
		status: "in-progress", created: now, updated: now, since: now,
		callback: cb, cbMethod: cbMethod, events: events,
	}
	s.recs[rec.sid] = rec
	s.recOrder = append(s.recOrder, rec.sid)
	s.log.Info("recording started", "recording_sid", rec.sid, "call_sid", c.sid, "channels", channels)
	s.recordingCallbackLocked(c, rec, now)
	writeJSON(w, http.StatusCreated, s.recordingJSONLocked(rec))
}

// updateRecording is POST Calls/{call}/Recordings/{sid}.json: Status paused,
// in-progress (resume) or stopped. A stopped recording is completed at once
// (there is no audio to process); the answer still says "stopped", as
// Twilio's does.
func (s *Simulator) updateRecording(w http.ResponseWriter, r *http.Request) {
	status := r.Form.Get("Status")
	switch status {
	case "paused", "in-progress", "stopped":
	default:
		fail(w, http.StatusBadRequest, 21218, "Status must be paused, in-progress or stopped")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.callRecordingLocked(r)
	if rec == nil {
		notFound(w, r)
		return
	}
	if rec.status != "in-progress" && rec.status != "paused" {
		fail(w, http.StatusBadRequest, 21220, "Recording %s is %s and cannot be updated", rec.sid, rec.status)
		return
	}
	now := time.Now().UTC()
	switch {
	case status == "paused" && rec.status == "in-progress":
		rec.recorded += now.Sub(rec.since)
		rec.status, rec.updated = "paused", now
	case status == "in-progress" && rec.status == "paused":
		rec.status, rec.updated, rec.since = "in-progress", now, now
	case status == "stopped":
		s.completeRecordingLocked(rec, now)
		body := s.recordingJSONLocked(rec)
		body["status"] = "stopped"
		writeJSON(w, http.StatusOK, body)
		return
	}
	writeJSON(w, http.StatusOK, s.recordingJSONLocked(rec))
}

func (s *Simulator) callRecordingLocked(r *http.Request) *recording {
	sid, ok := sidParam(r, "sid")
	rec := s.recs[sid]
	if !ok || rec == nil || rec.callSid != r.PathValue("call") {
		return nil
	}
	return rec
}

func (s *Simulator) fetchCallRecording(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.callRecordingLocked(r)
	if rec == nil {
		notFound(w, r)
		return
	}
	writeJSON(w, http.StatusOK, s.recordingJSONLocked(rec))
}

func (s *Simulator) listCallRecordings(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	items := []map[string]any{}
	for _, sid := range s.recOrder {
		if rec := s.recs[sid]; rec.callSid == r.PathValue("call") {
			items = append(items, s.recordingJSONLocked(rec))
		}
	}
	writeJSON(w, http.StatusOK, page(r, "recordings", items, len(items)))
}

// fetchRecording is GET Recordings/{sid}: JSON with ".json", otherwise the
// media: a silent WAV of the recording's length (behind the same Basic auth
// as the rest of the API, which Twilio also accepts for media).
func (s *Simulator) fetchRecording(w http.ResponseWriter, r *http.Request) {
	v := r.PathValue("sid")
	sid, isJSON := strings.CutSuffix(v, ".json")
	if !isJSON {
		sid = strings.TrimSuffix(strings.TrimSuffix(v, ".wav"), ".mp3")
	}
	s.mu.Lock()
	rec := s.recs[sid]
	var body map[string]any
	var secs int
	if rec != nil {
		body = s.recordingJSONLocked(rec)
		secs = rec.duration(time.Now().UTC())
	}
	s.mu.Unlock()
	switch {
	case rec == nil:
		notFound(w, r)
	case isJSON:
		writeJSON(w, http.StatusOK, body)
	default:
		w.Header().Set("Content-Type", "audio/x-wav")
		_, _ = w.Write(silentWAV(min(secs, 600)))
	}
}

// silentWAV is secs seconds of 8 kHz 8-bit mono silence.
func silentWAV(secs int) []byte {
	const rate = 8000
	n := secs * rate
	b := make([]byte, 44+n)
	copy(b[0:], "RIFF")
	binary.LittleEndian.PutUint32(b[4:], uint32(36+n))
	copy(b[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(b[16:], 16)
	binary.LittleEndian.PutUint16(b[20:], 1) // PCM
	binary.LittleEndian.PutUint16(b[22:], 1) // mono
	binary.LittleEndian.PutUint32(b[24:], rate)
	binary.LittleEndian.PutUint32(b[28:], rate)
	binary.LittleEndian.PutUint16(b[32:], 1)
	binary.LittleEndian.PutUint16(b[34:], 8)
	copy(b[36:], "data")
	binary.LittleEndian.PutUint32(b[40:], uint32(n))
	for i := 44; i < len(b); i++ {
		b[i] = 0x80 // silence for unsigned 8-bit PCM
	}
	return b
}
