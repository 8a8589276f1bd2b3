package telephonytest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// The fake's account: the real twilio-go client must send these as its
// basic auth, or the fake answers 401.
const (
	Account   = "AC11111111111111111111111111111111"
	AuthToken = "faketwilioauthtoken123"
)

// Twilio is a stand-in for Twilio's REST API, served over real HTTP, that
// records every request exactly as twilio-go sent it and answers what the
// test sets. Out of the box it creates calls (POST Calls.json), lists them
// as Twilio does (GET Calls.json, filtered and paged) and updates them,
// and answers for an account without numbers of its own (caller IDs get a
// validation request); it
// can misbehave after creating a call (Plan), so that a create whose
// outcome the client never learns can be reconciled. Answer and Route
// serve anything else.
type Twilio struct {
	t testing.TB
	// URL is the base URL to give the client (TWILIO_API_BASE_URL).
	URL string

	mu       sync.Mutex
	requests []Request
	answers  map[string]answer
	failNext *Error // answered to every Calls.json create while set
	route    func(w http.ResponseWriter, r *http.Request, prefix string) bool

	legs      []*leg      // every call created, oldest first
	script    []Create    // how the next creates behave, in order
	accepted  chan string // the SID of each call created, as it is created
	pageMax   int         // caps PageSize, so lists span pages; 0: Twilio's 1000
	listFails int         // the next Calls lists that answer 500
}

// Request is one request the fake received.
type Request struct {
	Method, Path string
	// Form is the POST body's form, or, for other methods, the query:
	// the parameters twilio-go sent.
	Form       url.Values
	Query      url.Values
	User, Pass string // basic auth
}

// Error is a refusal in Twilio's JSON error format.
type Error struct {
	Status  int
	Code    int
	Message string
}

// Create is how one Calls.json create behaves.
type Create struct {
	// Mode: "" answers 201 at once; "hang" creates the call and holds the
	// answer until the client gives up; "reset" creates it and resets the
	// connection; "5xx" creates it and answers 500; "5xx-none" answers 500
	// without creating anything.
	Mode string
	// Dialled makes the call ringing, with a start_time; otherwise it stays
	// queued, with none, as in Twilio's calls-per-second queue.
	Dialled bool
}

type answer struct {
	status int
	body   string
}

// leg is a call the fake created.
type leg struct {
	sid, to, from, status, conference string
	created, started                  time.Time
}

// NewTwilio starts a fake on its own listener, closed when t ends.
func NewTwilio(t testing.TB) *Twilio {
	f := &Twilio{t: t, accepted: make(chan string, 100), answers: map[string]answer{}}
	ts := httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(ts.Close)
	f.URL = ts.URL
	return f
}

var sidSeq struct {
	sync.Mutex
	n int
}

func NewSid() string {
	sidSeq.Lock()
	defer sidSeq.Unlock()
	sidSeq.n++
	return fmt.Sprintf("CA%032x", sidSeq.n+int(time.Now().UnixNano()%1e9)*1000)
}

func writeError(w http.ResponseWriter, e *Error) {
	writeJSON(w, e.Status, map[string]any{"code": e.Code, "message": e.Message,
		"more_info": fmt.Sprintf("https://www.twilio.com/docs/errors/%d", e.Code), "status": e.Status})
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

func (f *Twilio) serve(w http.ResponseWriter, r *http.Request) {
	user, pass, ok := r.BasicAuth()
	if !ok || user != Account || pass != AuthToken {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	_ = r.ParseForm()
	form := r.PostForm
	if r.Method != http.MethodPost {
		form = r.URL.Query()
	}
	f.mu.Lock()
	f.requests = append(f.requests, Request{Method: r.Method, Path: r.URL.Path, Form: form, Query: r.URL.Query(), User: user, Pass: pass})
	a, answered := f.answers[r.Method+" "+r.URL.Path]
	fail, route := f.failNext, f.route
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if answered {
		w.WriteHeader(a.status)
		_, _ = io.WriteString(w, a.body)
		return
	}
	prefix := "/2010-04-01/Accounts/" + Account
	if route != nil && route(w, r, prefix) {
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == prefix+"/Calls.json":
		if fail != nil {
			writeError(w, fail)
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
		writeJSON(w, http.StatusOK, map[string]any{"sid": sid, "status": r.PostForm.Get("Status")})
	// An account with no numbers of its own and no verified caller IDs:
	// a new caller ID gets a validation request.
	case r.Method == http.MethodGet && r.URL.Path == prefix+"/IncomingPhoneNumbers.json":
		writeJSON(w, http.StatusOK, map[string]any{"incoming_phone_numbers": []any{}, "next_page_uri": nil})
	case r.Method == http.MethodGet && r.URL.Path == prefix+"/OutgoingCallerIds.json":
		writeJSON(w, http.StatusOK, map[string]any{"outgoing_caller_ids": []any{}, "next_page_uri": nil})
	case r.Method == http.MethodPost && r.URL.Path == prefix+"/OutgoingCallerIds.json":
		writeJSON(w, http.StatusOK, map[string]any{"account_sid": Account, "phone_number": r.PostForm.Get("PhoneNumber"),
			"friendly_name": r.PostForm.Get("FriendlyName"), "validation_code": "123456", "call_sid": NewSid()})
	default:
		writeError(w, &Error{Status: 404, Code: 20404, Message: "The requested resource was not found"})
	}
}

// Answer makes the fake answer "method path" with status and a JSON body,
// before anything else it would do.
func (f *Twilio) Answer(method, path string, status int, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.answers[method+" "+path] = answer{status, body}
}

// Route sets a handler that answers the requests it knows (returning true)
// before the fake's own calls; prefix is the account's path. Call-control
// tests serve conferences, participants and recordings with it.
func (f *Twilio) Route(fn func(w http.ResponseWriter, r *http.Request, prefix string) bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.route = fn
}

// Fail makes every Calls.json create answer e (nil: stop failing).
func (f *Twilio) Fail(e *Error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failNext = e
}

// Plan sets how the next creates behave.
func (f *Twilio) Plan(creates ...Create) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.script = creates
}

// SetPageMax caps the page size of Calls lists, so that they span pages.
func (f *Twilio) SetPageMax(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.pageMax = n
}

// SetListFails makes the next n Calls lists answer 500.
func (f *Twilio) SetListFails(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.listFails = n
}

// Requests returns every request received, in order.
func (f *Twilio) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.requests...)
}

// Count is how many requests the fake has received: a mark for Since.
func (f *Twilio) Count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

// Since returns the requests received after the first n.
func (f *Twilio) Since(n int) []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.requests[n:]...)
}

// Only returns the one request the fake received, failing t unless there
// was exactly one, with method and path.
func (f *Twilio) Only(t testing.TB, method, path string) Request {
	t.Helper()
	reqs := f.Requests()
	if len(reqs) != 1 {
		t.Fatalf("fake Twilio received %d requests, want 1: %+v", len(reqs), reqs)
	}
	if r := reqs[0]; r.Method != method || r.Path != path {
		t.Fatalf("request %s %s, want %s %s", r.Method, r.Path, method, path)
	}
	return reqs[0]
}

// CallLists returns the queries of the Calls lists.
func (f *Twilio) CallLists() []url.Values {
	var out []url.Values
	for _, r := range f.Matching(http.MethodGet, "/Calls.json") {
		out = append(out, r.Query)
	}
	return out
}

// Creates returns the recorded Calls.json creates.
func (f *Twilio) Creates() []Request { return f.Matching(http.MethodPost, "/Calls.json") }

// HangUps returns the recorded updates of call sid.
func (f *Twilio) HangUps(sid string) []Request {
	return f.Matching(http.MethodPost, "/Calls/"+sid+".json")
}

// Matching returns the requests with method to the account's path suffix.
func (f *Twilio) Matching(method, suffix string) []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Request
	for _, r := range f.requests {
		if r.Method == method && strings.HasSuffix(r.Path, "/Accounts/"+Account+suffix) {
			out = append(out, r)
		}
	}
	return out
}
