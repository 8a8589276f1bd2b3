package main

import (
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/switchboard-oss/switchboard/examples/softphone"
	"github.com/switchboard-oss/switchboard/server"
)

// mountSoftphone serves the reference softphone (examples/softphone, built
// and embedded) at /softphone/. The page signs in with a bearer token and
// calls the API on the same origin; with the embedded simulator it places
// its calls through /sim/connect, with Twilio through the Voice SDK.
func mountSoftphone(e *echo.Echo) {
	files := softphone.Files()
	headers := server.SecurityHeaders(server.SoftphoneCSP)
	e.GET("/softphone", func(c echo.Context) error {
		return c.Redirect(http.StatusMovedPermanently, "/softphone/")
	}, headers)
	e.GET("/softphone/*", func(c echo.Context) error {
		name := strings.TrimPrefix(c.Request().URL.Path, "/softphone/")
		if name == "" {
			name = "index.html"
		}
		if path.Clean(name) != name || !fs.ValidPath(name) {
			return echo.ErrNotFound
		}
		b, err := fs.ReadFile(files, name)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrInvalid) {
			return echo.ErrNotFound
		}
		if err != nil {
			return err
		}
		if strings.HasPrefix(name, "assets/") {
			// Vite names every asset by its content hash.
			c.Response().Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			c.Response().Header().Set("Cache-Control", "no-cache")
		}
		return c.Blob(http.StatusOK, mime.TypeByExtension(path.Ext(name)), b)
	}, headers)
}
