package server

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	oapimw "github.com/oapi-codegen/echo-middleware"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/contacts"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/gen/api"
	"github.com/switchboard-oss/switchboard/gen/docs"
	"github.com/switchboard-oss/switchboard/server/metrics"
)

// Body limits: imports stream up to 50 MiB (openapi.yaml, importContacts); nothing else
// needs more than a small JSON document.
const (
	importBodyLimit  = 50 << 20
	defaultBodyLimit = 1 << 20
)

// Config is what the HTTP layer needs to know of the deployment.
type Config struct {
	// RateLimit is the steady requests per second allowed per bearer token
	// (burst twice that); 0 turns the limiter off.
	RateLimit float64
	// PublicBaseURL is the base URL the provider reaches (webhook URLs and
	// their signature checks are built on it, never on the request's Host).
	PublicBaseURL string
	// CORSAllowedOrigins are the browser origins ("https://app.example.com",
	// or "*" for any) allowed to call the API; none sends no CORS headers.
	CORSAllowedOrigins []string
	// Now is the clock token expiry is read on; nil means time.Now.
	Now func() time.Time
	// AuthCacheTTL is how long an authenticated token is trusted without
	// asking the database again, and so how long a revoked token may still
	// work on an instance; 0 means DefaultAuthCacheTTL, negative turns the
	// cache off.
	AuthCacheTTL time.Duration
	// ReadTimeout, WriteTimeout and IdleTimeout bound a request's reading,
	// its response and an idle keep-alive connection; 0 means the default
	// below. A CSV import gets ImportTimeout for both instead.
	ReadTimeout, WriteTimeout, IdleTimeout, ImportTimeout time.Duration
	// CursorKey signs list cursors. Every instance serving the same
	// database needs the same key (the store keeps one); empty means a
	// random key, whose cursors die with the process.
	CursorKey []byte
	// Metrics times every request and counts import rows; nil: none.
	Metrics *metrics.Metrics
}

// Default HTTP timeouts. A JSON body is at most 1 MiB, so 30 s is a slow
// client's lot; an import streams up to 50 MiB, so it gets ten minutes.
const (
	DefaultReadTimeout   = 30 * time.Second
	DefaultWriteTimeout  = 60 * time.Second
	DefaultIdleTimeout   = 120 * time.Second
	DefaultImportTimeout = 10 * time.Minute
)

// DefaultAuthCacheTTL keeps a revoked token working for less than the five
// seconds the README promises.
const DefaultAuthCacheTTL = 4 * time.Second

// Deps are the services the handlers call.
type Deps struct {
	Auth sb.AuthStore
	// Contacts runs contacts, their search and import, the do-not-call
	// list and phone normalization.
	Contacts *contacts.Service
	// Workspaces keeps the workspace settings.
	Workspaces sb.WorkspaceStore
	// Ping answers whether the database answers (for /healthz).
	Ping func(context.Context) error
	// PendingMigrations names the migrations of this build the database
	// lacks (for /readyz, which fails without it).
	PendingMigrations func(context.Context) ([]string, error)
	// Voice runs the call flow, call control, recordings and caller IDs.
	Voice *callflow.Service
	// Tokens mints voice access tokens; nil answers 501.
	Tokens TokenIssuer
	// Events runs the webhook endpoints, the event log and redelivery
	// (501 while its engine does not run).
	Events *events.Service
	// Signatures checks the provider's webhook signatures; nil refuses
	// every webhook.
	Signatures SignatureValidator
}

// Server is the HTTP application.
type Server struct {
	echo    *echo.Echo
	cfg     Config
	deps    Deps
	log     *slog.Logger
	tokens  *tokenCache
	cursors cursorCodec
}

func (s *Server) now() time.Time { return s.cfg.Now() }

// strict implements the generated strict interface; it is the Server under
// another name so that handler methods do not clash with Server's own.
type strict Server

var _ api.StrictServerInterface = (*strict)(nil)

// New builds the Echo application with every route and middleware.
func New(cfg Config, deps Deps, logger *slog.Logger) (*Server, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.AuthCacheTTL == 0 {
		cfg.AuthCacheTTL = DefaultAuthCacheTTL
	}
	for _, d := range []struct {
		v   *time.Duration
		def time.Duration
	}{{&cfg.ReadTimeout, DefaultReadTimeout}, {&cfg.WriteTimeout, DefaultWriteTimeout},
		{&cfg.IdleTimeout, DefaultIdleTimeout}, {&cfg.ImportTimeout, DefaultImportTimeout}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	if deps.Auth == nil || deps.Contacts == nil || deps.Workspaces == nil || deps.Voice == nil || deps.Events == nil {
		return nil, errors.New("server: Auth, Contacts, Workspaces, Voice and Events are required")
	}
	swagger, err := api.GetSwagger()
	if err != nil {
		return nil, fmt.Errorf("loading the embedded spec: %w", err)
	}
	pols, err := policies(swagger)
	if err != nil {
		return nil, fmt.Errorf("reading the spec's security: %w", err)
	}
	deprecated, err := readDeprecations(swagger)
	if err != nil {
		return nil, fmt.Errorf("reading the spec's deprecations: %w", err)
	}
	s := &Server{echo: echo.New(), cfg: cfg, deps: deps, log: logger, cursors: cursorCodec{key: cfg.CursorKey}}
	s.tokens = newTokenCache(deps.Auth, cfg.AuthCacheTTL, cfg.Now)
	if len(s.cursors.key) == 0 {
		s.cursors.key = make([]byte, 32)
		if _, err := rand.Read(s.cursors.key); err != nil {
			return nil, fmt.Errorf("cursor key: %w", err)
		}
	}
	e := s.echo
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	e.JSONSerializer = jsonSerializer{}
	if cfg.Metrics != nil {
		e.Pre(cfg.Metrics.Middleware())
	}

	e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{
		DisableStackAll: true,
		LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
			loggerFrom(c.Request().Context(), s.log).Error("panic", "error", err, "stack", string(stack))
			return err
		},
	}))
	e.Use(middleware.RequestIDWithConfig(middleware.RequestIDConfig{
		Generator:        newRequestID,
		RequestIDHandler: s.attachLogger,
	}))
	e.Use(s.accessLog)
	e.Use(cors(cfg.CORSAllowedOrigins))
	e.Use(s.importDeadline)
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{
		Limit:   fmt.Sprintf("%dB", defaultBodyLimit),
		Skipper: func(c echo.Context) bool { return isImport(c.Path()) },
	}))
	e.Use(middleware.BodyLimitWithConfig(middleware.BodyLimitConfig{
		Limit:   fmt.Sprintf("%dB", importBodyLimit),
		Skipper: func(c echo.Context) bool { return !isImport(c.Path()) },
	}))

	e.GET("/openapi.yaml", s.serveSpec)
	docsHeaders := SecurityHeaders(pageCSP(docs.Index()))
	e.GET("/docs", s.serveDocs, docsHeaders)
	e.GET("/docs/*", s.serveDocs, docsHeaders)

	// The spec's servers are for the docs; the validator must match paths
	// only, or every request fails with "no matching operation".
	swagger.Servers = nil
	// Bearer tokens and Twilio signatures are checked by the guard each
	// operation's security in the spec puts in front of it (access.go),
	// before validation, with the contract's envelope. The validator's own
	// security check would only repeat it, and it reads the whole body into
	// memory to do so, which would defeat the streaming import: the
	// validator's copy of the spec has no security.
	swagger.Security = nil
	for _, item := range swagger.Paths.Map() {
		for _, op := range item.Operations() {
			op.Security = &openapi3.SecurityRequirements{}
		}
	}
	validate := oapimw.OapiRequestValidatorWithOptions(swagger, &oapimw.Options{
		Options:               openapi3filter.Options{},
		SilenceServersWarning: true,
		Skipper: func(c echo.Context) bool {
			return !strings.HasPrefix(c.Request().URL.Path, "/v1/") || isImport(c.Path())
		},
		ErrorHandler: routeErrors,
	})
	// The import body is a stream of up to 50 MiB that the handler reads
	// once; kin-openapi would buffer it all to validate it, so the import
	// route has its parameters validated and its body left alone.
	validateImport := oapimw.OapiRequestValidatorWithOptions(swagger, &oapimw.Options{
		Options:               openapi3filter.Options{ExcludeRequestBody: true},
		SilenceServersWarning: true,
		Skipper:               func(c echo.Context) bool { return !isImport(c.Path()) },
		ErrorHandler:          routeErrors,
	})

	// The text checks (textcheck.go) come before validation: the validator
	// decodes JSON, and with it invalid UTF-8 into U+FFFD, and a
	// parameter's own error is clearer than a schema's about mended text.
	api.RegisterHandlersWithOptions(e, api.NewStrictHandler((*strict)(s), nil), api.RegisterHandlersOptions{
		OperationMiddlewares: s.operationMiddlewares(pols, deprecated, s.rateLimiter(), s.retryReads, checkParams, checkJSONBody, validate, validateImport),
	})
	return s, nil
}

// isImport tells the CSV upload routes: their bodies stream up to 50 MiB
// and are read once, by the handler.
func isImport(route string) bool {
	return route == "/v1/contacts/import" || route == "/v1/dnc/import"
}

// importDeadline gives a CSV upload longer to arrive and be answered than
// the server's timeouts allow other requests.
func (s *Server) importDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if isImport(c.Path()) {
			rc := http.NewResponseController(c.Response().Writer)
			at := time.Now().Add(s.cfg.ImportTimeout)
			// Not every ResponseWriter supports deadlines (httptest's
			// recorder, say); the server's own timeouts then apply.
			_ = rc.SetReadDeadline(at)
			_ = rc.SetWriteDeadline(at)
		}
		return next(c)
	}
}

// Handler returns the application as an http.Handler.
func (s *Server) Handler() http.Handler { return s.echo }

// Echo exposes the Echo instance so that cmd can mount more routes (the
// embedded provider simulator) on the same listener.
func (s *Server) Echo() *echo.Echo { return s.echo }

// Serve serves on ln until ctx is cancelled, then shuts down gracefully:
// in-flight requests finish (within the grace period) before it returns.
func (s *Server) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	srv := &http.Server{
		Handler:           s.echo,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	return ServeUntil(ctx, srv, ln, grace)
}

// ServeUntil serves srv on ln until ctx is cancelled, then shuts it down
// gracefully: in-flight requests finish (within grace) before it returns.
// It returns nil after a clean shutdown, and the error that stopped srv
// otherwise. The service and the standalone simulator both serve this way.
func ServeUntil(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("graceful shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// routeErrors restores the 405 that echo-middleware reports as a 404 (it
// keeps only the router's reason).
func routeErrors(_ echo.Context, err *echo.HTTPError) error {
	if err.Code == http.StatusNotFound && err.Message == routers.ErrMethodNotAllowed.Error() {
		return methodNotAllowed()
	}
	return err
}
