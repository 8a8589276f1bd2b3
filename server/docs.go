package server

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// serveDocs serves the rendered API reference.
func (s *Server) serveDocs(c echo.Context) error {
	return c.HTML(http.StatusOK, "<!doctype html><title>Switchboard API</title><p>See <a href=\"/openapi.yaml\">openapi.yaml</a>.")
}
