// Package docs is the API reference served at GET /docs, built from
// openapi.yaml by Redocly (`make generate` runs build.mjs here): index.html
// and what it loads from assets/, so the page needs no internet. index.html,
// assets/redoc.standalone.js, assets/mermaid.min.js and
// assets/redocly-logo.svg are written by build.mjs: change openapi.yaml (or
// build.mjs) and run `make generate`. assets/diagrams.js and assets/docs.css
// are hand-written.
package docs

import (
	"embed"
	"io/fs"
)

//go:embed index.html assets
var files embed.FS

// Index is the reference page.
func Index() []byte {
	b, err := files.ReadFile("index.html")
	if err != nil {
		panic(err) // embedded at build time: cannot happen
	}
	return b
}

// Assets holds the scripts the page loads, served under /docs/assets/.
func Assets() fs.FS {
	sub, err := fs.Sub(files, "assets")
	if err != nil {
		panic(err)
	}
	return sub
}
