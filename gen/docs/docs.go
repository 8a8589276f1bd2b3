// Package docs is the API reference served at GET /docs, built from
// openapi.yaml by Redocly (`make generate` runs build.mjs here): index.html
// and the scripts it loads from assets/, so the page needs no internet. Do
// not edit index.html or assets/redoc.standalone.js and assets/mermaid.min.js
// by hand; change openapi.yaml and run `make generate`.
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
