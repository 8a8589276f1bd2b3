package main

import (
	"runtime/debug"
	"testing"
)

// TestMemoryLimit: with GOMEMLIMIT unset the program sets its default soft
// limit; with it set, the runtime's reading of it stands.
func TestMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })

	debug.SetMemoryLimit(512 << 20) // as GOMEMLIMIT=512MiB would have
	if got := applyMemoryLimit(func(string) string { return "512MiB" }); got != 512<<20 {
		t.Fatalf("GOMEMLIMIT set: limit %d, want the environment's %d", got, 512<<20)
	}
	if got := applyMemoryLimit(func(string) string { return "" }); got != defaultMemoryLimit {
		t.Fatalf("GOMEMLIMIT unset: limit %d, want %d", got, defaultMemoryLimit)
	}
}
