// Package softphone is the reference softphone's built page (dist/, made by
// `npm run build` here, which `make generate` runs), embedded so that
// `switchboard serve` serves it at /softphone/ from a binary built with Go
// alone. The sources are in src/; dist/ is committed and `make drift` checks
// it is what they build.
package softphone

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Files is the built page: index.html and assets/.
func Files() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // embedded at build time: cannot happen
	}
	return sub
}
