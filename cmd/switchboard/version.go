package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is the release this binary was built from, set by the build:
//
//	go build -ldflags "-X main.version=$(git describe --tags --always --dirty)" ./cmd/switchboard
//
// (the Makefile's build target and the Dockerfile do). Unset, Version reads
// what the Go toolchain stamped into the binary instead.
var version string

// Version is the program's version: the one the build set, else the
// module's version (`go install …@v1.2.0` stamps it), else the commit the
// toolchain recorded (`devel+<commit>`, `-dirty` with uncommitted changes),
// else "devel" (go run, or a build with -buildvcs=false).
func Version() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	return versionFromBuildInfo(info)
}

func versionFromBuildInfo(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev string
	var dirty bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "-dirty"
	}
	return "devel+" + rev
}

// printVersion is `switchboard version` and `switchboard --version`: the
// version first, alone as the second word, so scripts can cut it.
func printVersion(w io.Writer) {
	fmt.Fprintf(w, "switchboard %s (%s, %s/%s)\n", Version(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
