package main

import "runtime/debug"

// defaultMemoryLimit is the Go runtime's soft memory limit when GOMEMLIMIT is
// unset: its default in settings. Without one the heap may grow to twice what is live before a
// collection: a 1,000,000-contact import in 200,000-row uploads peaked at
// 163-170 MB. With it the collector works harder as the heap nears the
// limit, and the same import peaked at 126 MB (docs/performance.md). A soft
// limit never fails an allocation; set GOMEMLIMIT (e.g. 512MiB, or off) to
// change it.
var defaultMemoryLimit = mebibytes(lookupSetting("GOMEMLIMIT").def)

// applyMemoryLimit sets defaultMemoryLimit unless the environment set
// GOMEMLIMIT, which the runtime has applied already. It returns the limit
// in force.
func applyMemoryLimit(getenv func(string) string) int64 {
	if !envReader(getenv).isSet("GOMEMLIMIT") {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	return debug.SetMemoryLimit(-1)
}
