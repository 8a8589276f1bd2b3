package server

// Who may call an operation is decided by the operation's `security` in
// openapi.yaml, and only there: New reads it into one policy per
// operationId and hangs one guard in front of each generated handler.
// Adding a route is an edit to openapi.yaml; a scheme this file does not
// know stops the server at start-up rather than serving a route unguarded.

import (
	"context"
	"fmt"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"

	sb "github.com/switchboard-oss/switchboard"
)

// The security schemes of openapi.yaml.
const (
	// schemeBearer admits any token of the workspace (agent or admin).
	schemeBearer = "bearerAuth"
	// schemeAdmin admits a token whose role is admin; others get 403.
	schemeAdmin = "adminBearerAuth"
	// schemeSignature admits a request signed by the provider.
	schemeSignature = "twilioSignature"
)

// access is what an operation asks of a request.
type access int

const (
	accessPublic access = iota
	accessBearer
	accessAdmin
	accessSigned
)

// policy is one operation's access rule.
type policy struct {
	operationID string
	access      access
}

// policies reads every operation's security (its own, else the document's)
// into a policy keyed by operationId. An operation may name one scheme, or
// none (`security: []`, public); alternatives and unknown schemes are
// refused so that the contract cannot say something this server would not
// enforce.
func policies(doc *openapi3.T) (map[string]policy, error) {
	out := map[string]policy{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.OperationID == "" {
				return nil, fmt.Errorf("%s %s has no operationId", method, path)
			}
			reqs := doc.Security
			if op.Security != nil {
				reqs = *op.Security
			}
			a, err := accessOf(reqs)
			if err != nil {
				return nil, fmt.Errorf("operation %s: %w", op.OperationID, err)
			}
			out[op.OperationID] = policy{operationID: op.OperationID, access: a}
		}
	}
	return out, nil
}

func accessOf(reqs openapi3.SecurityRequirements) (access, error) {
	switch len(reqs) {
	case 0:
		return accessPublic, nil
	case 1:
	default:
		return 0, fmt.Errorf("security names %d alternatives; name exactly one scheme", len(reqs))
	}
	if len(reqs[0]) != 1 {
		return 0, fmt.Errorf("a security requirement must name exactly one scheme, not %d", len(reqs[0]))
	}
	for name := range reqs[0] {
		switch name {
		case schemeBearer:
			return accessBearer, nil
		case schemeAdmin:
			return accessAdmin, nil
		case schemeSignature:
			return accessSigned, nil
		default:
			return 0, fmt.Errorf("unknown security scheme %q", name)
		}
	}
	return 0, nil
}

// guard enforces p on every request of its operation, before the rate
// limiter, the request validator and the handler.
func (s *Server) guard(p policy) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			switch p.access {
			case accessPublic:
				return next(c)
			case accessSigned:
				if err := s.checkSignature(c); err != nil {
					return err
				}
				return next(c)
			}
			tok, err := s.bearer(c)
			if err != nil {
				return err
			}
			if p.access == accessAdmin && tok.Role != sb.RoleAdmin {
				return sb.Errorf(sb.EForbidden, "Only an admin token may do that (%s).", p.operationID)
			}
			r := c.Request()
			ctx := context.WithValue(r.Context(), tokenKey, tok)
			ctx = withLogAttrs(ctx, s.log, "workspace_id", tok.WorkspaceID, "identity", tok.Identity)
			c.SetRequest(r.WithContext(ctx))
			return next(c)
		}
	}
}

// bearer resolves the request's bearer token: unknown, revoked and expired
// tokens are all 401.
func (s *Server) bearer(c echo.Context) (*sb.Token, error) {
	h := c.Request().Header.Get(echo.HeaderAuthorization)
	scheme, token, ok := strings.Cut(h, " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return nil, sb.Errorf(sb.EUnauthorized, "A valid bearer token is required.")
	}
	tok, err := s.tokens.authenticate(c.Request().Context(), token)
	if err != nil {
		return nil, err
	}
	if tok.Expired(s.now()) {
		return nil, sb.Errorf(sb.EUnauthorized, "The bearer token has expired.")
	}
	return tok, nil
}

// operationMiddlewares is the chain in front of each generated handler,
// keyed by operationId: the guard, then, for an operation with deprecated
// parts, the deprecation headers (deprecation.go), then the per-token rate
// limiter, then request validation.
func (s *Server) operationMiddlewares(pols map[string]policy, deps map[string]*deprecations, after ...echo.MiddlewareFunc) map[string][]echo.MiddlewareFunc {
	out := make(map[string][]echo.MiddlewareFunc, 2*len(pols))
	for id, p := range pols {
		chain := []echo.MiddlewareFunc{s.guard(p)}
		if d := deps[id]; d != nil {
			chain = append(chain, d.middleware)
		}
		chain = append(chain, after...)
		// The embedded spec spells operationIds as Go names (GetCall);
		// the generated routes look them up as openapi.yaml does (getCall).
		out[id] = chain
		out[strings.ToLower(id[:1])+id[1:]] = chain
	}
	return out
}
