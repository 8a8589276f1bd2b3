package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
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
			m.httpDuration.WithLabelValues(route, methodLabel(c.Request().Method), statusLabel(c.Response().Status)).
				Observe(time.Since(start).Seconds())
			return nil
		}
	}
}

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
