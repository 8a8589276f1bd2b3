package telephonytest

import (
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// The fake's calls: what POST Calls.json creates and GET Calls.json lists.

// create is POST Calls.json, played as the next Create says.
func (f *Twilio) create(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	var how Create
	if len(f.script) > 0 {
		how, f.script = f.script[0], f.script[1:]
	}
	f.mu.Unlock()
	if how.Mode == "5xx-none" {
		writeError(w, &Error{Status: 500, Code: 20500, Message: "Internal Server Error"})
		return
	}
	conference := ""
	if u, err := url.Parse(r.PostForm.Get("Url")); err == nil {
		conference = u.Query().Get("conference")
	}
	l := f.addLeg(r.PostForm.Get("To"), r.PostForm.Get("From"), conference, how.Dialled)
	switch how.Mode {
	case "hang":
		select {
		case <-r.Context().Done(): // the client gave up, or was killed
		case <-time.After(10 * time.Second):
		}
		return
	case "reset":
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			f.t.Errorf("fake Twilio: hijack: %v", err)
			return
		}
		if tcp, ok := conn.(*net.TCPConn); ok {
			_ = tcp.SetLinger(0) // close sends RST, not FIN
		}
		_ = conn.Close()
		return
	case "5xx":
		writeError(w, &Error{Status: 503, Code: 20503, Message: "Service Unavailable"})
		return
	}
	writeJSON(w, http.StatusCreated, f.legJSON(l))
}

// AddLeg creates a call as the provider would, without a request (the leg
// a dead process had asked for), and returns its SID.
func (f *Twilio) AddLeg(to, from, conference string, dialled bool) string {
	return f.addLeg(to, from, conference, dialled).sid
}

func (f *Twilio) addLeg(to, from, conference string, dialled bool) *leg {
	f.mu.Lock()
	now := time.Now().UTC()
	l := &leg{sid: NewSid(), to: to, from: from, status: "queued", conference: conference, created: now}
	if dialled {
		l.status, l.started = "ringing", now
	}
	f.legs = append(f.legs, l)
	f.mu.Unlock()
	select {
	case f.accepted <- l.sid:
	default: // nobody is watching
	}
	return l
}

func (f *Twilio) legJSON(l *leg) map[string]any {
	j := map[string]any{"sid": l.sid, "to": l.to, "from": l.from, "status": l.status, "direction": "outbound-api",
		"date_created": l.created.Format(time.RFC1123Z), "start_time": nil, "account_sid": Account}
	if !l.started.IsZero() {
		j["start_time"] = l.started.Format(time.RFC1123Z)
	}
	return j
}

// list is GET Calls.json as Twilio serves it: newest first; To, From,
// Status and the StartTime filters (a call not yet dialled has no
// start_time and matches none); PageSize and Page, with next_page_uri.
func (f *Twilio) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.listFails > 0 {
		f.listFails--
		writeError(w, &Error{Status: 500, Code: 20500, Message: "Internal Server Error"})
		return
	}
	bound := func(key string) (time.Time, bool) {
		v := q.Get(key)
		if v == "" {
			return time.Time{}, false
		}
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			t, err = time.Parse(time.DateOnly, v)
		}
		if err != nil {
			f.t.Errorf("fake Twilio: bad %s %q", key, v)
		}
		return t, true
	}
	after, hasAfter := bound("StartTime>")
	before, hasBefore := bound("StartTime<")
	on, hasOn := bound("StartTime")
	size, _ := strconv.Atoi(q.Get("PageSize"))
	if size <= 0 {
		size = 50
	}
	if f.pageMax > 0 {
		size = min(size, f.pageMax)
	}
	page, _ := strconv.Atoi(q.Get("Page"))
	var match []*leg
	for i := len(f.legs) - 1; i >= 0; i-- {
		l := f.legs[i]
		timed := hasAfter || hasBefore || hasOn
		switch {
		case q.Get("To") != "" && l.to != q.Get("To"), q.Get("From") != "" && l.from != q.Get("From"),
			q.Get("Status") != "" && l.status != q.Get("Status"),
			timed && l.started.IsZero(),
			hasAfter && l.started.Before(after), hasBefore && l.started.After(before),
			hasOn && l.started.Format(time.DateOnly) != on.Format(time.DateOnly):
			continue
		}
		match = append(match, l)
	}
	items := []map[string]any{}
	for i := page * size; i < len(match) && i < (page+1)*size; i++ {
		items = append(items, f.legJSON(match[i]))
	}
	body := map[string]any{"calls": items, "page": page, "page_size": size, "uri": r.URL.RequestURI(),
		"start": page * size, "end": page*size + max(len(items)-1, 0), "next_page_uri": nil, "previous_page_uri": nil}
	if len(match) > (page+1)*size {
		next := url.Values{}
		for k, v := range q {
			next[k] = v
		}
		next.Set("Page", strconv.Itoa(page+1))
		next.Set("PageSize", strconv.Itoa(size))
		next.Set("PageToken", "PA"+strconv.Itoa(page+1))
		body["next_page_uri"] = r.URL.Path + "?" + next.Encode()
	}
	writeJSON(w, http.StatusOK, body)
}

// DrainLegs forgets the calls created so far; NextLeg then waits for the
// next one.
func (f *Twilio) DrainLegs() {
	for {
		select {
		case <-f.accepted:
		default:
			return
		}
	}
}

// NextLeg waits (at most 10 s) for the next call the fake creates.
func (f *Twilio) NextLeg() string {
	f.t.Helper()
	select {
	case sid := <-f.accepted:
		return sid
	case <-time.After(10 * time.Second):
		f.t.Fatal("fake Twilio: no call was created")
		return ""
	}
}

// LegsFor returns the calls the fake created into conference: the
// customer legs of one call.
func (f *Twilio) LegsFor(conference string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, l := range f.legs {
		if l.conference == conference {
			out = append(out, l.sid)
		}
	}
	return out
}
