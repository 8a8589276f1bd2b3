package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"

	sb "github.com/switchboard-oss/switchboard"
)

type ctxKey int

const (
	loggerKey ctxKey = iota
	tokenKey
)

func newRequestID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// attachLogger gives the request a logger that carries its id, so that every
// line logged while serving it can be joined to the access log line.
func (s *Server) attachLogger(c echo.Context, requestID string) {
	r := c.Request()
	log := s.log.With("request_id", requestID)
	c.SetRequest(r.WithContext(context.WithValue(r.Context(), loggerKey, log)))
}

// loggerFrom returns the request's logger, or fallback outside a request.
func loggerFrom(ctx context.Context, fallback *slog.Logger) *slog.Logger {
	if l, ok := ctx.Value(loggerKey).(*slog.Logger); ok {
		return l
	}
	return fallback
}

// withLogAttrs adds attributes (a CallSid, say) to the request's logger.
func withLogAttrs(ctx context.Context, fallback *slog.Logger, args ...any) context.Context {
	return context.WithValue(ctx, loggerKey, loggerFrom(ctx, fallback).With(args...))
}

// accessLog writes one structured line per request. It never logs headers or
// bodies: they carry bearer tokens, signatures and personal data.
func (s *Server) accessLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		if err := next(c); err != nil {
			c.Error(err)
		}
		req, res := c.Request(), c.Response()
		loggerFrom(req.Context(), s.log).Info("request",
			"method", req.Method,
			"path", req.URL.Path,
			"route", c.Path(),
			"status", res.Status,
			"bytes", res.Size,
			"duration_ms", float64(time.Since(start).Microseconds())/1000,
		)
		return nil
	}
}

// tokenFrom returns the authenticated token. Handlers of operations with
// bearer security always have one.
func tokenFrom(ctx context.Context) *sb.Token {
	tok, _ := ctx.Value(tokenKey).(*sb.Token)
	if tok == nil {
		// Only reachable if a route is wired without authentication; refuse
		// rather than act for nobody.
		return &sb.Token{}
	}
	return tok
}

// workspaceOf resolves the workspace a request acts on: the token's own, and
// only that one. A different workspaceId answers 403 rather than 404 so that
// a misconfigured client learns what is wrong.
func workspaceOf(ctx context.Context, requested *string) (string, error) {
	tok := tokenFrom(ctx)
	if tok.WorkspaceID == "" {
		return "", sb.Errorf(sb.EUnauthorized, "A valid bearer token is required.")
	}
	if requested != nil && *requested != tok.WorkspaceID {
		return "", sb.FieldErrorf(sb.EForbidden, "workspaceId", "the token does not belong to workspace %q", *requested)
	}
	return tok.WorkspaceID, nil
}

// rateLimiter limits each bearer token to cfg.RateLimit requests per second
// (burst twice that). Provider webhooks are not limited: refusing Twilio
// would fail live calls.
func (s *Server) rateLimiter() echo.MiddlewareFunc {
	if s.cfg.RateLimit <= 0 {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	store := middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
		Rate:      rate.Limit(s.cfg.RateLimit),
		Burst:     int(2*s.cfg.RateLimit) + 1,
		ExpiresIn: 3 * time.Minute,
	})
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper: func(c echo.Context) bool {
			return c.Request().Context().Value(tokenKey) == nil
		},
		Store: store,
		IdentifierExtractor: func(c echo.Context) (string, error) {
			return tokenFrom(c.Request().Context()).ID, nil
		},
		ErrorHandler: func(c echo.Context, err error) error { return err },
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			c.Response().Header().Set("Retry-After", "1")
			return sb.Errorf(sb.ERateLimited, "Too many requests for this token; retry after a second.")
		},
	})
}
