package callflow_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// lateProxy stands between the REST client and the fake Twilio as the
// hostile round's proxy did: it reads a create whole and holds it before
// forwarding it, whether or not the client is still waiting (a request
// whose deadline passed can still be in a proxy's buffer). It notes when
// each leg reached the provider and when it was hung up.
type lateProxy struct {
	URL    string
	target string
	// hold is how long the n-th create (from 0) into a conference is
	// held; a negative hold never forwards it.
	hold func(conference string, n int) time.Duration

	mu      sync.Mutex
	creates map[string]int // creates seen, by conference
	arrived map[string]time.Time
	hungUp  map[string]time.Time
}

func newLateProxy(t *testing.T, target string, hold func(conference string, n int) time.Duration) *lateProxy {
	p := &lateProxy{target: target, hold: hold, creates: map[string]int{},
		arrived: map[string]time.Time{}, hungUp: map[string]time.Time{}}
	ts := httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(ts.Close)
	p.URL = ts.URL
	return p
}

// heldFor holds every create for d.
func heldFor(d time.Duration) func(int) time.Duration { return func(int) time.Duration { return d } }

// sameForAll holds the creates of every conference as hold says.
func sameForAll(hold func(n int) time.Duration) func(string, int) time.Duration {
	return func(_ string, n int) time.Duration { return hold(n) }
}

// firstHeldFor holds a conference's first create for d, and no other.
func firstHeldFor(d time.Duration) func(int) time.Duration {
	return func(n int) time.Duration {
		if n == 0 {
			return d
		}
		return 0
	}
}

func (p *lateProxy) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return
	}
	form, _ := url.ParseQuery(string(body))
	create := r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/Calls.json")
	if create {
		conference := ""
		if u, err := url.Parse(form.Get("Url")); err == nil {
			conference = u.Query().Get("conference")
		}
		p.mu.Lock()
		n := p.creates[conference]
		p.creates[conference]++
		p.mu.Unlock()
		hold := p.hold(conference, n)
		if hold < 0 {
			<-r.Context().Done()
			return
		}
		time.Sleep(hold) // the client's giving up does not stop it
	}
	if r.Method == http.MethodPost && strings.Contains(r.URL.Path, "/Calls/") && form.Get("Status") == "completed" {
		sid := strings.TrimSuffix(r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:], ".json")
		p.mu.Lock()
		p.hungUp[sid] = time.Now()
		p.mu.Unlock()
	}
	at := time.Now()
	out, err := http.NewRequestWithContext(context.WithoutCancel(r.Context()), r.Method, p.target+r.URL.RequestURI(), bytes.NewReader(body))
	if err != nil {
		return
	}
	out.Header = r.Header.Clone()
	res, err := http.DefaultTransport.RoundTrip(out)
	if err != nil {
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	if create {
		var leg struct{ Sid string }
		if json.Unmarshal(answer, &leg) == nil && leg.Sid != "" {
			p.mu.Lock()
			p.arrived[leg.Sid] = at
			p.mu.Unlock()
		}
	}
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	_, _ = w.Write(answer)
}

// ringing is how long leg rang before it was hung up (it reached the
// provider at arrived), and whether it was.
func (p *lateProxy) ringing(leg string) (time.Duration, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	end, ok := p.hungUp[leg]
	return end.Sub(p.arrived[leg]), ok
}
