package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// cors lets the browser pages of the origins in allowed call the API with a
// bearer token: a front-end on its own dev server, a partner's app. With no
// origin configured it adds nothing at all, so a deployment that never asked
// for CORS answers no Access-Control-* header.
//
// A preflight (OPTIONS with Access-Control-Request-Method) is answered here,
// before authentication and the rate limiter: the browser sends it without
// the Authorization header, so it could only ever get a 401. Credentials
// (cookies) are never allowed: the API authenticates by bearer token only,
// which is also why "*" is safe to offer.
func cors(allowed []string) echo.MiddlewareFunc {
	if len(allowed) == 0 {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	return middleware.CORSWithConfig(middleware.CORSConfig{
		// Echo treats every OPTIONS as a preflight; one without
		// Access-Control-Request-Method is not, and goes on to the API
		// (which answers 401 or 405 like any other method it lacks).
		Skipper: func(c echo.Context) bool {
			r := c.Request()
			return r.Method == http.MethodOptions && r.Header.Get(echo.HeaderAccessControlRequestMethod) == ""
		},
		AllowOrigins: allowed,
		AllowMethods: []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPatch, http.MethodDelete},
		AllowHeaders: []string{echo.HeaderAuthorization, echo.HeaderContentType, echo.HeaderXRequestID},
		// Scripts may read the request id (to quote it in a bug report),
		// how long to wait after a 429, and that what they used is
		// deprecated (deprecation.go).
		ExposeHeaders: []string{echo.HeaderXRequestID, echo.HeaderRetryAfter, headerDeprecation, headerSunset, headerLink},
		MaxAge:        600,
	})
}
