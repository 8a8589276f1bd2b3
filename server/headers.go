package server

import (
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"strings"

	"github.com/labstack/echo/v4"
)

// Security headers of the two pages the service serves to browsers.
//
// Scripts are never allowed inline: the softphone has none, and the docs'
// two inline scripts (Redoc's colour-mode switch and its hydration with the
// spec) are allowed by their SHA-256 alone, computed from the embedded page
// at start-up, so a page rebuilt by `make generate` stays covered. Styles
// are another matter on /docs: Redoc (styled-components) and mermaid write
// <style> elements and style attributes at run time, which no hash can
// name, so /docs allows inline styles ('unsafe-inline' in style-src only;
// a style cannot run script). The softphone needs none. Redoc also builds
// its search worker with Function(), so /docs allows 'unsafe-eval' (the
// page evaluates nothing but its own bundle; without it search degrades
// and every load logs a violation). Images come from the page itself (the
// Redocly badge's logo is a local file), never from another host.
const (
	commonCSP = "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; font-src 'self' data:"
	docsCSP   = commonCSP + "; img-src 'self' data:"
	// SoftphoneCSP also lets the Twilio Voice SDK reach Twilio's signalling
	// and event gateways and play its sounds from sdk.twilio.com.
	SoftphoneCSP = commonCSP + "; img-src 'self' data:; script-src 'self'; style-src 'self'; connect-src 'self' wss://*.twilio.com https://*.twilio.com; media-src 'self' blob: https://sdk.twilio.com"
)

var inlineScript = regexp.MustCompile(`(?s)<script(?:\s[^>]*)?>(.*?)</script>`)

// pageCSP is the policy of an HTML page: commonCSP, scripts from 'self'
// and the page's own inline scripts by hash, inline styles allowed.
func pageCSP(html []byte) string {
	var hashes []string
	for _, m := range inlineScript.FindAllSubmatch(html, -1) {
		if len(m[1]) == 0 {
			continue // a <script src=…></script>
		}
		sum := sha256.Sum256(m[1])
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	// Redoc's search runs in a worker it starts from a blob: URL.
	return docsCSP + "; script-src 'self' 'unsafe-eval' " + strings.Join(hashes, " ") +
		"; style-src 'self' 'unsafe-inline'; connect-src 'self'; worker-src 'self' blob:"
}

// SecurityHeaders sets the page headers: the policy, no MIME sniffing, no
// framing (also for browsers without frame-ancestors), no referrer.
func SecurityHeaders(csp string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			h := c.Response().Header()
			h.Set("Content-Security-Policy", csp)
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Referrer-Policy", "no-referrer")
			return next(c)
		}
	}
}
