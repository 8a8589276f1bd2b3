package telephonytest

import (
	"testing"
	"time"
)

// DefaultWait is how long Eventually waits.
const DefaultWait = 5 * time.Second

// Eventually polls cond until it holds, failing t when DefaultWait passes
// first. cond runs on the test's goroutine, so it may itself use require
// (testify's Eventually runs it on another goroutine, where FailNow must not
// be called).
func Eventually(t testing.TB, what string, cond func() bool) {
	t.Helper()
	EventuallyWithin(t, DefaultWait, what, cond)
}

// EventuallyWithin is Eventually with its own limit. It polls at once, then
// after 1 ms, doubling the pause up to 20 ms: quick conditions are seen
// quickly, slow ones are not polled in a busy loop.
func EventuallyWithin(t testing.TB, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	pause := time.Millisecond
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", d, what)
			return
		}
		time.Sleep(pause)
		pause = min(2*pause, 20*time.Millisecond)
	}
}
