package server_test

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeTwilio is a stand-in for Twilio's REST API that records every request
// exactly as twilio-go sent it and answers what the test sets. It keeps the
// calls it created and lists them as Twilio does (GET Calls.json, filtered
// and paged), and it can misbehave after creating a call (fakeCreate), so
// that a create whose outcome the client never learns can be reconciled.
type fakeTwilio struct {
	t   testing.TB
	url string

	mu       sync.Mutex
	requests []fakeRequest
	failNext *fakeError // answered to every Calls.json create while set
	// route, when set, answers the requests it knows (returning true)
	// before the defaults below; call-control tests serve conferences,
	// participants and recordings with it.
	route func(w http.ResponseWriter, r *http.Request, prefix string) bool

	legs      []*fakeLeg   // every call created, oldest first
	script    []fakeCreate // how the next creates behave, in order
	accepted  chan string  // the SID of each call created, as it is created
	pageMax   int          // caps PageSize, so lists span pages; 0: Twilio's 1000
	listFails int          // the next Calls lists that answer 500
}

type fakeRequest struct {
	Method string
	Path   string
	Form   url.Values
	Query  url.Values
}

type fakeError struct {
	Status  int
	Code    int
	Message string
}

// fakeCreate is how one Calls.json create behaves.
type fakeCreate struct {
	// mode: "" answers 201 at once; "hang" creates the call and holds the
	// answer until the client gives up; "reset" creates it and resets the
	// connection; "5xx" creates it and answers 500; "5xx-none" answers 500
	// without creating anything.
	mode string
	// dialled makes the call ringing, with a start_time; otherwise it stays
	// queued, with none, as in Twilio's calls-per-second queue.
	dialled bool
}

// fakeLeg is a call the fake created.
type fakeLeg struct {
	sid, to, from, status, conference string
	created, started                  time.Time
}

func newFakeTwilio(t testing.TB) *fakeTwilio {
	f := &fakeTwilio{t: t, accepted: make(chan string, 100)}
	ts := httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(ts.Close)
	f.url = ts.URL
	return f
}

var fakeSeq struct {
	sync.Mutex
	n int
}

func fakeSid() string {
	fakeSeq.Lock()
	defer fakeSeq.Unlock()
	fakeSeq.n++
	return fmt.Sprintf("CA%032x", fakeSeq.n+int(time.Now().UnixNano()%1e9)*1000)
}

func writeTwilioError(w http.ResponseWriter, e *fakeError) {
	writeFake(w, e.Status, map[string]any{"code": e.Code, "message": e.Message,
		"more_info": fmt.Sprintf("https://www.twilio.com/docs/errors/%d", e.Code), "status": e.Status})
}

func (f *fakeTwilio) serve(w http.ResponseWriter, r *http.Request) {
	user, pass, ok := r.BasicAuth()
	if !ok || user != fakeAccount || pass != fakeToken {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	_ = r.ParseForm()
	f.mu.Lock()
	f.requests = append(f.requests, fakeRequest{Method: r.Method, Path: r.URL.Path, Form: r.PostForm, Query: r.URL.Query()})
	fail, route := f.failNext, f.route
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	prefix := "/2010-04-01/Accounts/" + fakeAccount
	if route != nil && route(w, r, prefix) {
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == prefix+"/Calls.json":
		if fail != nil {
			writeTwilioError(w, fail)
			return
		}
		f.create(w, r)
	case r.Method == http.MethodGet && r.URL.Path == prefix+"/Calls.json":
		f.list(w, r)
	case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, prefix+"/Calls/"):
		sid := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, prefix+"/Calls/"), ".json")
		f.mu.Lock()
		for _, l := range f.legs {
			if l.sid == sid && r.PostForm.Get("Status") != "" {
				l.status = r.PostForm.Get("Status")
			}
		}
		f.mu.Unlock()
		_ = json.NewEncoder(w).Encode(map[string]any{"sid": sid, "status": r.PostForm.Get("Status")})
	default:
		w.WriteHeader(http.StatusNotFound)
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 20404, "message": "not found", "status": 404})
	}
}

// create is POST Calls.json, played as the next fakeCreate says.
func (f *fakeTwilio) create(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	var how fakeCreate
	if len(f.script) > 0 {
		how, f.script = f.script[0], f.script[1:]
	}
	f.mu.Unlock()
	if how.mode == "5xx-none" {
		writeTwilioError(w, &fakeError{Status: 500, Code: 20500, Message: "Internal Server Error"})
		return
	}
	conference := ""
	if u, err := url.Parse(r.PostForm.Get("Url")); err == nil {
		conference = u.Query().Get("conference")
	}
	leg := f.addLeg(r.PostForm.Get("To"), r.PostForm.Get("From"), conference, how.dialled)
	switch how.mode {
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
		writeTwilioError(w, &fakeError{Status: 503, Code: 20503, Message: "Service Unavailable"})
		return
	}
	writeFake(w, http.StatusCreated, f.legJSON(leg))
}

// addLeg creates a call as the provider would, without a request: the leg a
// dead process had asked for.
func (f *fakeTwilio) addLeg(to, from, conference string, dialled bool) *fakeLeg {
	f.mu.Lock()
	now := time.Now().UTC()
	l := &fakeLeg{sid: fakeSid(), to: to, from: from, status: "queued", conference: conference, created: now}
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

func (f *fakeTwilio) legJSON(l *fakeLeg) map[string]any {
	j := map[string]any{"sid": l.sid, "to": l.to, "from": l.from, "status": l.status, "direction": "outbound-api",
		"date_created": l.created.Format(time.RFC1123Z), "start_time": nil, "account_sid": fakeAccount}
	if !l.started.IsZero() {
		j["start_time"] = l.started.Format(time.RFC1123Z)
	}
	return j
}

// list is GET Calls.json as Twilio serves it: newest first; To, From,
// Status and the StartTime filters (a call not yet dialled has no
// start_time and matches none); PageSize and Page, with next_page_uri.
func (f *fakeTwilio) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.listFails > 0 {
		f.listFails--
		writeTwilioError(w, &fakeError{Status: 500, Code: 20500, Message: "Internal Server Error"})
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
	var match []*fakeLeg
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
	writeFake(w, http.StatusOK, body)
}

// plan sets how the next creates behave.
func (f *fakeTwilio) plan(creates ...fakeCreate) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.script = creates
}

// drainLegs forgets the calls created so far; nextLeg then waits for the
// next one.
func (f *fakeTwilio) drainLegs() {
	for {
		select {
		case <-f.accepted:
		default:
			return
		}
	}
}

// nextLeg waits (at most 10 s) for the next call the fake creates.
func (f *fakeTwilio) nextLeg() string {
	f.t.Helper()
	select {
	case sid := <-f.accepted:
		return sid
	case <-time.After(10 * time.Second):
		f.t.Fatal("fake Twilio: no call was created")
		return ""
	}
}

// setListFails makes the next n Calls lists answer 500.
func (f *fakeTwilio) setListFails(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.listFails = n
}

// legsFor returns the calls the fake created into conference: the
// customer legs of one call.
func (f *fakeTwilio) legsFor(conference string) []string {
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

// lists returns the queries of the Calls lists.
func (f *fakeTwilio) callLists() []url.Values {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []url.Values
	for _, r := range f.requests {
		if r.Method == http.MethodGet && strings.HasSuffix(r.Path, "/Accounts/"+fakeAccount+"/Calls.json") {
			out = append(out, r.Query)
		}
	}
	return out
}

// creates returns the recorded Calls.json creates.
func (f *fakeTwilio) creates() []fakeRequest { return f.matching(http.MethodPost, "/Calls.json") }

// hangUps returns the recorded updates of call sid.
func (f *fakeTwilio) hangUps(sid string) []fakeRequest {
	return f.matching(http.MethodPost, "/Calls/"+sid+".json")
}

func (f *fakeTwilio) matching(method, suffix string) []fakeRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []fakeRequest
	for _, r := range f.requests {
		if r.Method == method && strings.HasSuffix(r.Path, "/Accounts/"+fakeAccount+suffix) {
			out = append(out, r)
		}
	}
	return out
}

func (f *fakeTwilio) fail(e *fakeError) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failNext = e
}
