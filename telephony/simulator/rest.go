package simulator

import (
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
)

// routes registers the REST subset and the /sim routes. Go's ServeMux cannot
// match "{sid}.json" inside one segment, so REST routes take the whole last
// segment and sidParam strips the ".json".
func (s *Simulator) routes() {
	m := http.NewServeMux()
	const acct = "/2010-04-01/Accounts/{account}"
	handle := func(pattern string, h http.HandlerFunc) {
		method, path, _ := strings.Cut(pattern, " ")
		m.Handle(method+" "+acct+path, s.authenticated(h))
		s.restRoutes = append(s.restRoutes, method+" "+acct+path)
	}
	handle("POST /Calls.json", s.createCall)
	handle("GET /Calls.json", s.listCalls)
	handle("GET /Calls/{sid}", s.fetchCall)
	handle("POST /Calls/{sid}", s.updateCall)
	handle("POST /Calls/{call}/Recordings.json", s.createRecording)
	handle("GET /Calls/{call}/Recordings.json", s.listCallRecordings)
	handle("GET /Calls/{call}/Recordings/{sid}", s.fetchCallRecording)
	handle("POST /Calls/{call}/Recordings/{sid}", s.updateRecording)
	handle("GET /Recordings/{sid}", s.fetchRecording)
	handle("GET /Conferences.json", s.listConferences)
	handle("GET /Conferences/{sid}", s.fetchConference)
	handle("POST /Conferences/{sid}", s.updateConference)
	handle("POST /Conferences/{conf}/Participants.json", s.createParticipant)
	handle("GET /Conferences/{conf}/Participants.json", s.listParticipants)
	handle("GET /Conferences/{conf}/Participants/{sid}", s.fetchParticipant)
	handle("POST /Conferences/{conf}/Participants/{sid}", s.updateParticipant)
	handle("DELETE /Conferences/{conf}/Participants/{sid}", s.deleteParticipant)
	handle("GET /IncomingPhoneNumbers.json", s.listIncomingNumbers)
	handle("GET /OutgoingCallerIds.json", s.listCallerIDs)
	handle("POST /OutgoingCallerIds.json", s.createValidationRequest)
	// Anything else under the API answers Twilio's 404, never an HTML page.
	m.HandleFunc("/2010-04-01/", func(w http.ResponseWriter, r *http.Request) {
		notFound(w, r)
	})

	m.HandleFunc("POST /sim/connect", s.simConnect)
	m.HandleFunc("GET /sim/calls", s.simCalls)
	m.HandleFunc("POST /sim/calls/{sid}/hangup", s.simHangup)
	s.mux = m
}

// apiError is Twilio's error body; twilio-go decodes it into
// client.TwilioRestError.
type apiError struct {
	Code     int    `json:"code"`
	Message  string `json:"message"`
	MoreInfo string `json:"more_info"`
	Status   int    `json:"status"`
}

func fail(w http.ResponseWriter, status, code int, format string, args ...any) {
	writeJSON(w, status, apiError{
		Code:     code,
		Message:  fmt.Sprintf(format, args...),
		MoreInfo: fmt.Sprintf("https://www.twilio.com/docs/errors/%d", code),
		Status:   status,
	})
}

func notFound(w http.ResponseWriter, r *http.Request) {
	fail(w, http.StatusNotFound, 20404, "The requested resource %s was not found", r.URL.Path)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// authenticated checks HTTP Basic auth against the account, as Twilio does
// (20003), and that the path names that same account.
func (s *Simulator) authenticated(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, pass, ok := r.BasicAuth()
		if !ok || user != s.cfg.AccountSid ||
			subtle.ConstantTimeCompare([]byte(pass), []byte(s.cfg.AuthToken)) != 1 {
			w.Header().Set("WWW-Authenticate", `Basic realm="Twilio API"`)
			fail(w, http.StatusUnauthorized, 20003, "Authenticate")
			return
		}
		if r.PathValue("account") != s.cfg.AccountSid {
			notFound(w, r)
			return
		}
		if err := r.ParseForm(); err != nil {
			fail(w, http.StatusBadRequest, 20001, "Malformed request: %v", err)
			return
		}
		h(w, r)
	})
}

// sidParam returns the path value name without its ".json" suffix; the
// suffix is required, as twilio-go always sends it.
func sidParam(r *http.Request, name string) (string, bool) {
	v, ok := strings.CutSuffix(r.PathValue(name), ".json")
	return v, ok && v != ""
}

var (
	e164Pattern     = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)
	identityPattern = regexp.MustCompile(`^[A-Za-z0-9_.@-]{1,121}$`)
)

// validAddress reports whether v is something a call can go to or come from:
// an E.164 number or client:<identity>.
func validAddress(v string) bool {
	if id, ok := strings.CutPrefix(v, "client:"); ok {
		return identityPattern.MatchString(id)
	}
	return e164Pattern.MatchString(v)
}

func isClient(v string) bool { return strings.HasPrefix(v, "client:") }

// statusEvents reads StatusCallbackEvent values, repeated or space-separated,
// and rejects the names Twilio rejects (21626).
func statusEvents(w http.ResponseWriter, r *http.Request) (map[string]bool, bool) {
	events := map[string]bool{}
	for _, v := range r.Form["StatusCallbackEvent"] {
		for _, e := range strings.Fields(v) {
			switch e {
			case "initiated", "ringing", "answered", "completed":
				events[e] = true
			default:
				fail(w, http.StatusBadRequest, 21626,
					"StatusCallbackEvents %s is not a valid event; use initiated, ringing, answered or completed", e)
				return nil, false
			}
		}
	}
	if len(events) == 0 {
		// Twilio's default when a StatusCallback is given without events.
		events["completed"] = true
	}
	return events, true
}

// method reads an HTTP method parameter (Method, StatusCallbackMethod, …).
func method(w http.ResponseWriter, r *http.Request, name, def string) (string, bool) {
	v := strings.ToUpper(r.Form.Get(name))
	switch v {
	case "":
		return def, true
	case http.MethodGet, http.MethodPost:
		return v, true
	}
	fail(w, http.StatusBadRequest, 21609, "%s must be GET or POST", name)
	return "", false
}

// absoluteURL rejects what Twilio rejects as an invalid URL (21205, 21609):
// the service's own rule for a URL to call.
func absoluteURL(v string) bool {
	_, ok := sb.ParseHTTPURL(v)
	return ok
}

// boolParam reads "true"/"false"; absent gives def.
func boolParam(w http.ResponseWriter, r *http.Request, name string, def bool) (bool, bool) {
	v := r.Form.Get(name)
	if v == "" {
		return def, true
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		fail(w, http.StatusBadRequest, 21218, "Invalid value for %s: %q", name, v)
		return false, false
	}
	return b, true
}

// page wraps items in the 2010-04-01 list envelope. Everything fits on one
// page, so next_page_uri is null and twilio-go stops after one request.
func page(r *http.Request, key string, items any, n int) map[string]any {
	uri := r.URL.RequestURI()
	return map[string]any{
		key:                 items,
		"uri":               uri,
		"first_page_uri":    uri,
		"next_page_uri":     nil,
		"previous_page_uri": nil,
		"page":              0,
		"page_size":         max(n, 50),
		"start":             0,
		"end":               max(n-1, 0),
	}
}

func (s *Simulator) accountURI(rest string) string {
	return "/" + APIVersion + "/Accounts/" + s.cfg.AccountSid + rest
}
