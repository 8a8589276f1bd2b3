package server

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func (s *strict) Healthz(ctx context.Context, _ api.HealthzRequestObject) (api.HealthzResponseObject, error) {
	if s.deps.Ping != nil {
		if err := s.deps.Ping(ctx); err != nil {
			loggerFrom(ctx, s.log).Error("health check: database does not answer", "error", err)
			return nil, sb.Errorf(sb.EUnavailable, "The database does not answer.")
		}
	}
	var out api.Healthz200JSONResponse
	out.Data.Status = "ok"
	return out, nil
}

// serveSpec publishes openapi.yaml exactly as written.
func (s *Server) serveSpec(c echo.Context) error {
	return c.Blob(http.StatusOK, "application/yaml", sb.OpenAPISpec)
}
