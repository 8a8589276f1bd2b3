package server

// GET /docs is the API reference Redocly renders from openapi.yaml at
// `make generate` time (gen/docs): one page, with every operation's
// examples and code samples (curl and the TypeScript client), the error
// codes, the call-flow diagram and the simulator's test numbers, laid out
// for phones as well as desktops. It is embedded in the binary together with the scripts it loads
// (Redoc and mermaid, under /docs/assets/), so it works where the browser
// has no internet, as self-hosted deployments often are.

import (
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/switchboard-oss/switchboard/gen/docs"
)

// serveDocs serves the reference at /docs and its scripts at /docs/assets/*.
func (s *Server) serveDocs(c echo.Context) error {
	name := strings.TrimPrefix(c.Request().URL.Path, "/docs")
	if name == "" || name == "/" {
		c.Response().Header().Set("Cache-Control", "no-cache")
		return c.HTMLBlob(http.StatusOK, docs.Index())
	}
	asset, ok := strings.CutPrefix(name, "/assets/")
	if !ok || asset == "" || path.Clean(asset) != asset || strings.Contains(asset, "/") {
		return echo.ErrNotFound
	}
	b, err := fs.ReadFile(docs.Assets(), asset)
	if err != nil {
		return echo.ErrNotFound
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, mime.TypeByExtension(path.Ext(asset)), b)
}
