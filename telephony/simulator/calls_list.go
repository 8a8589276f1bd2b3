package simulator

import (
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Paging of the Calls list, as Twilio's: PageSize defaults to 50 and may be
// up to 1000.
const (
	defaultPageSize = 50
	maxPageSize     = 1000
)

// callFilter is the Calls list's query: To, From, Status, ParentCallSid and
// the StartTime and EndTime filters, each as a date (YYYY-MM-DD, UTC) or a
// timestamp (RFC 3339, which twilio-go sends). "StartTime=D" keeps the calls
// that started on D's date; "StartTime>=" and "StartTime<=" (twilio-go's
// StartTimeAfter and StartTimeBefore, sent as the keys "StartTime>" and
// "StartTime<") keep the calls that started at or after, at or before, the
// instant (midnight for a date). A call not yet dialled has no start_time
// and matches no StartTime filter; one not ended matches no EndTime filter.
type callFilter struct {
	to, from, status, parent string
	start, end               timeFilter
}

type timeFilter struct {
	on, after, before time.Time // zero: no filter
}

func (f timeFilter) matches(t time.Time) bool {
	if f.on.IsZero() && f.after.IsZero() && f.before.IsZero() {
		return true
	}
	if t.IsZero() {
		return false
	}
	t = t.UTC()
	if !f.on.IsZero() && t.Format(time.DateOnly) != f.on.Format(time.DateOnly) {
		return false
	}
	return (f.after.IsZero() || !t.Before(f.after)) && (f.before.IsZero() || !t.After(f.before))
}

// readTimeFilter reads name, name> and name< (the form decoder has already
// turned "StartTime>=X" into the key "StartTime>" with the value X).
func readTimeFilter(q url.Values, name string) (timeFilter, bool) {
	var f timeFilter
	for _, p := range []struct {
		key string
		to  *time.Time
	}{{name, &f.on}, {name + ">", &f.after}, {name + "<", &f.before}} {
		v := q.Get(p.key)
		if v == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			if t, err = time.Parse(time.DateOnly, v); err != nil {
				return f, false
			}
		}
		*p.to = t.UTC()
	}
	return f, true
}

func (f callFilter) matches(c *call) bool {
	return (f.to == "" || c.to == f.to) && (f.from == "" || c.from == f.from) &&
		(f.status == "" || restStatus(c.status) == f.status) && f.parent == "" && // no call here has a parent
		f.start.matches(c.started()) && f.end.matches(c.ended)
}

// listCalls is GET Calls.json: the account's calls, newest first, filtered
// and paged as Twilio does. next_page_uri keeps the filters and carries
// Page and PageToken, and twilio-go follows it.
func (s *Simulator) listCalls(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := callFilter{to: q.Get("To"), from: q.Get("From"), status: q.Get("Status"), parent: q.Get("ParentCallSid")}
	var ok bool
	if f.start, ok = readTimeFilter(q, "StartTime"); !ok {
		fail(w, http.StatusBadRequest, 20001, "Invalid StartTime: want YYYY-MM-DD or an RFC 3339 timestamp")
		return
	}
	if f.end, ok = readTimeFilter(q, "EndTime"); !ok {
		fail(w, http.StatusBadRequest, 20001, "Invalid EndTime: want YYYY-MM-DD or an RFC 3339 timestamp")
		return
	}
	size, pageNo := defaultPageSize, 0
	if v := q.Get("PageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPageSize {
			fail(w, http.StatusBadRequest, 20001, "PageSize must be between 1 and %d", maxPageSize)
			return
		}
		size = n
	}
	if v := q.Get("Page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			fail(w, http.StatusBadRequest, 20001, "Page must be a number from 0")
			return
		}
		pageNo = n
	}

	s.mu.Lock()
	items := []map[string]any{}
	matched := 0
	for i := len(s.callOrder) - 1; i >= 0; i-- { // newest first
		c := s.calls[s.callOrder[i]]
		if !f.matches(c) {
			continue
		}
		if matched >= pageNo*size && matched < (pageNo+1)*size {
			items = append(items, s.callJSONLocked(c))
		}
		matched++
	}
	s.mu.Unlock()

	pageURI := func(n int) string {
		p := url.Values{}
		for k, v := range q {
			if k != "Page" && k != "PageToken" && k != "PageSize" {
				p[k] = v
			}
		}
		p.Set("PageSize", strconv.Itoa(size))
		p.Set("Page", strconv.Itoa(n))
		if n > 0 {
			p.Set("PageToken", "PA"+strconv.Itoa(n))
		}
		return r.URL.Path + "?" + p.Encode()
	}
	body := map[string]any{
		"calls":             items,
		"uri":               pageURI(pageNo),
		"first_page_uri":    pageURI(0),
		"next_page_uri":     nil,
		"previous_page_uri": nil,
		"page":              pageNo,
		"page_size":         size,
		"start":             pageNo * size,
		"end":               pageNo*size + max(len(items)-1, 0),
	}
	if matched > (pageNo+1)*size {
		body["next_page_uri"] = pageURI(pageNo + 1)
	}
	if pageNo > 0 {
		body["previous_page_uri"] = pageURI(pageNo - 1)
	}
	writeJSON(w, http.StatusOK, body)
}
