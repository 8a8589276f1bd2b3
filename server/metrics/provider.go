package metrics

import (
	"net/http"
	"strconv"
	"time"
)

// InstrumentProvider wraps the transport of the provider's REST client so
// that every request is counted and timed under the operation that
// operation names (telephony.RequestOperation: "Calls.create", ...). next nil
// means http.DefaultTransport. With metrics off (m nil) it returns next
// unchanged.
//
// Wrapping the transport rather than each client method means every request
// twilio-go makes is seen, pages of a list included, and the client code is
// left alone.
func (m *Metrics) InstrumentProvider(next http.RoundTripper, operation func(*http.Request) string) http.RoundTripper {
	if m == nil {
		return next
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return &providerTransport{m: m, next: next, operation: operation}
}

type providerTransport struct {
	m         *Metrics
	next      http.RoundTripper
	operation func(*http.Request) string
}

func (t *providerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	op := t.operation(r)
	start := time.Now()
	res, err := t.next.RoundTrip(r)
	t.m.providerDuration.WithLabelValues(op).Observe(time.Since(start).Seconds())
	if err != nil {
		t.m.providerRequests.WithLabelValues(op, "none").Inc()
		t.m.providerErrors.WithLabelValues(op, "network").Inc()
		return res, err
	}
	code := res.StatusCode
	t.m.providerRequests.WithLabelValues(op, statusLabel(code)).Inc()
	if code >= 300 {
		reason := "other"
		if code <= 599 {
			reason = strconv.Itoa(code/100) + "xx"
		}
		t.m.providerErrors.WithLabelValues(op, reason).Inc()
	}
	return res, nil
}
