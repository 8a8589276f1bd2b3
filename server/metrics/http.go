package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
)

// RouteUnmatched is the route label of a request no route matched.
const RouteUnmatched = "unmatched"

// Middleware times every request by route, method and status. It is meant
// for Echo's Pre chain, which runs before routing and outside every other
// middleware: by the time the handler returns, the router has set the route
// template (c.Path()), and a request refused early (a body too large, a CORS
// preflight, a panic turned into a 500) is timed too.
//
// An error from the chain is handed to Echo's error handler here, as Echo's
// own logger middleware does, so that the status written is the one
// recorded; Echo then has nothing left to handle.
func (m *Metrics) Middleware() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		if m == nil {
			return next
		}
		return func(c echo.Context) error {
			start := time.Now()
			if err := next(c); err != nil {
				c.Error(err)
			}
			route := c.Path()
			if route == "" {
				route = RouteUnmatched
			}
			m.httpObserver(route, c.Request().Method, c.Response().Status).Observe(time.Since(start).Seconds())
			return nil
		}
	}
}

// httpKey names one series of the request histogram.
type httpKey struct {
	route, method string
	status        int
}

// httpObserver returns the series for a request, from a map of the series
// already seen: WithLabelValues hashes its labels and allocates on every
// call, which would be most of the middleware's cost on a cheap request.
func (m *Metrics) httpObserver(route, method string, status int) prometheus.Observer {
	k := httpKey{route, method, status}
	m.httpMu.RLock()
	o, ok := m.httpSeries[k]
	m.httpMu.RUnlock()
	if ok {
		return o
	}
	o = m.httpDuration.WithLabelValues(route, methodLabel(method), statusLabel(status))
	m.httpMu.Lock()
	// The key is bounded as the labels are: every method outside the
	// standard ones shares the label OTHER, but not the key, so keep
	// only standard methods' keys.
	if methodLabel(method) == method && len(m.httpSeries) < maxHTTPSeries {
		m.httpSeries[k] = o
	}
	m.httpMu.Unlock()
	return o
}

// maxHTTPSeries bounds the map of series seen (routes × methods × statuses
// in use are far fewer); past it, lookups go through WithLabelValues.
const maxHTTPSeries = 4096

// methodLabel keeps the method label to the methods HTTP defines: a client
// may send any token as a method.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "OTHER"
}

// statusLabel is the status as a number, kept to the range HTTP defines.
func statusLabel(code int) string {
	if code < 100 || code > 599 {
		return "other"
	}
	return strconv.Itoa(code)
}
