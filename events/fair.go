package events

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"
)

// Fair delivery. River runs a queue's jobs in the order they were queued,
// on Workers goroutines per process; without more, a workspace whose
// endpoints hold every connection until the timeout (a tarpit) would take
// all of them for Timeout at a time, and every other workspace's
// deliveries would wait behind its jobs. Two rules keep a slow endpoint's
// cost on its own workspace:
//
//   - A workspace holds at most WorkspaceWorkers of a process's workers
//     at once. A job past that share is snoozed (river.JobSnooze: put back
//     for a moment, its attempt not counted) and the workers go to other
//     workspaces' jobs, queued later but waiting behind it.
//   - An endpoint that gave no answer within Timeout has its circuit open:
//     its jobs take no worker (they are snoozed, never failed, and leave no
//     attempt in the history) until CircuitCooldown has passed. Then one
//     job is let through as a probe: an answer, any answer, closes the
//     circuit; no answer opens it again for twice as long, up to
//     maxCooldown.
//
// River's open-source queue has no limit per group of jobs (River Pro's
// concurrency limits do this in its fetch query), so both rules are kept
// here, in the process, as a worker's first step: they bound what one
// process gives a workspace, which is what a worker pool is, and each
// instance learns an endpoint's circuit from its own attempts.
type fairness struct {
	share    int
	cooldown time.Duration
	probe    time.Duration // how long others wait while a probe runs
	hold     time.Duration // how long a job past the share may wait for a worker

	mu       sync.Mutex
	busy     map[string]int           // workspace → attempts running
	freed    map[string]chan struct{} // workspace → closed when one of its attempts ends
	circuits map[string]*circuit      // endpoint → its open circuit
	owner    map[string]string        // endpoint → its workspace, as seen
}

// maxOwners bounds what fairness remembers of endpoints' workspaces; past
// it, it starts afresh.
const maxOwners = 100_000

// circuit is an endpoint's open circuit: closed circuits are not kept.
type circuit struct {
	until    time.Time     // no attempt before; a probe after
	cooldown time.Duration // how long it opened for last
	probing  bool          // a probe is running
}

// maxCooldown bounds how long a circuit stays open between probes.
const maxCooldown = 10 * time.Minute

func newFairness(share int, cooldown, probe time.Duration) *fairness {
	return &fairness{share: share, cooldown: cooldown, probe: probe, hold: 250 * time.Millisecond,
		busy: map[string]int{}, freed: map[string]chan struct{}{},
		circuits: map[string]*circuit{}, owner: map[string]string{}}
}

// jitter spreads snoozed jobs over a tenth more than d, so that those
// snoozed together do not all come back at the same instant.
func jitter(d time.Duration) time.Duration {
	return d + rand.N(d/10+1)
}

// blocked is how long a job for endpoint must wait for its circuit, 0 when
// it may try now (closed, or half-open without a probe running).
func (f *fairness) blocked(endpoint string, now time.Time) time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.blockedLocked(endpoint, now)
}

func (f *fairness) blockedLocked(endpoint string, now time.Time) time.Duration {
	c := f.circuits[endpoint]
	switch {
	case c == nil:
		return 0
	case now.Before(c.until):
		return jitter(c.until.Sub(now))
	case c.probing:
		return jitter(f.probe)
	}
	return 0
}

// admit takes a worker for an attempt to endpoint of workspace, and returns
// done, to be called with whether the attempt went unanswered; or, when
// the attempt must wait, how long to snooze it. A job of a workspace at
// its share waits here up to hold for one of its workspace's attempts to
// end (a fast endpoint's end in milliseconds: a snooze would cost more than
// the wait, and River would give the job back seconds later); then it is
// snoozed. Waiting jobs keep their workers for that moment only: a
// workspace whose attempts hang holds its share for the timeout and the
// rest for at most hold, and jobs of the other workspaces, queued at a
// higher priority (crowded), are fetched first as those come free.
func (f *fairness) admit(ctx context.Context, workspace, endpoint string, now time.Time) (done func(noAnswer bool), wait time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.owner) >= maxOwners {
		clear(f.owner)
	}
	f.owner[endpoint] = workspace
	if wait := f.blockedLocked(endpoint, now); wait > 0 {
		return nil, wait
	}
	if f.busy[workspace] >= f.share {
		deadline := time.Now().Add(f.hold)
		for f.busy[workspace] >= f.share {
			left := time.Until(deadline)
			if left <= 0 || ctx.Err() != nil {
				break
			}
			freed := f.freed[workspace]
			if freed == nil {
				freed = make(chan struct{})
				f.freed[workspace] = freed
			}
			f.mu.Unlock()
			select {
			case <-freed:
			case <-time.After(left):
			case <-ctx.Done():
			}
			f.mu.Lock()
		}
		if wait := f.blockedLocked(endpoint, time.Now()); wait > 0 {
			return nil, wait // its circuit opened meanwhile
		}
	}
	if f.busy[workspace] >= f.share {
		// River's scheduler makes snoozed jobs available again every few
		// seconds: asking for less than a second would not be kept.
		return nil, jitter(time.Second)
	}
	f.busy[workspace]++
	if c := f.circuits[endpoint]; c != nil {
		c.probing = true
	}
	return func(noAnswer bool) { f.done(workspace, endpoint, noAnswer, time.Now()) }, 0
}

// crowded reports whether endpoint's workspace, as far as this process
// has seen, holds its whole share now: a job queued for it then goes after
// the other workspaces' (a lower River priority), which are fetched first
// however many of its jobs wait.
func (f *fairness) crowded(endpoint string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	ws, ok := f.owner[endpoint]
	return ok && f.busy[ws] >= f.share
}

func (f *fairness) done(workspace, endpoint string, noAnswer bool, now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.busy[workspace]--; f.busy[workspace] <= 0 {
		delete(f.busy, workspace)
	}
	if freed := f.freed[workspace]; freed != nil {
		close(freed)
		delete(f.freed, workspace)
	}
	c := f.circuits[endpoint]
	switch {
	case !noAnswer:
		delete(f.circuits, endpoint) // it answers: closed
	case c == nil:
		f.circuits[endpoint] = &circuit{until: now.Add(f.cooldown), cooldown: f.cooldown}
	case c.probing:
		c.cooldown = min(2*c.cooldown, maxCooldown)
		c.until, c.probing = now.Add(c.cooldown), false
	}
	// Otherwise an attempt that started before the circuit opened ended
	// as the one that opened it did: it stays open as it is.
}
