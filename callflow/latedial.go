package callflow

import (
	"context"
	"log/slog"
	"sync"
	"time"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// A create that got no answer (a timeout, a broken connection, a proxy's
// error page) may still be on its way: Go's client gives up on a request, but a
// proxy that has read it can forward it afterwards, and the provider then
// rings the customer. The only bound the service can know is the time the
// create was sent, plus the request's own timeout, plus a margin it
// documents (Config.LateCreateMargin). So:
//
//   - before any new create, the provider's Calls list is read until that
//     bound has passed (a leg listed meanwhile is adopted);
//   - a create is sent only while it can settle inside the dial's claim, so
//     the process that claims the dial next may trust its first list;
//   - a create held past the margin is the case the watch covers: once the
//     dial has settled, the list is read for Config.LateLegWatch more, and a
//     leg that no call recorded is hung up as soon as it is listed, before
//     the customer can answer it. The call keeps exactly one leg.

// defaultLateCreateMargin is the documented margin (docs/voice.md).
const defaultLateCreateMargin = 5 * time.Second

// lateDialDefaults fills the late-create settings of cfg and raises a claim
// too short for one create to settle in it.
func lateDialDefaults(cfg *Config, p Provider) {
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = 10 * time.Second
		if rt, ok := p.(interface{ RequestTimeout() time.Duration }); ok && rt.RequestTimeout() > 0 {
			cfg.RequestTimeout = rt.RequestTimeout()
		}
	}
	if cfg.LateCreateMargin <= 0 {
		cfg.LateCreateMargin = defaultLateCreateMargin
	}
	if cfg.LateLegWatch <= 0 {
		cfg.LateLegWatch = 2 * time.Minute
	}
	// One create, and the reconciliation and writes before it, must fit in
	// a claim with the time the create needs to settle.
	if least := 2*cfg.RequestTimeout + cfg.LateCreateMargin; cfg.DialClaim < least {
		cfg.Logger.Warn("the dial claim is too short for a create to settle in it; raising it",
			"dial_claim", cfg.DialClaim, "raised_to", least, "request_timeout", cfg.RequestTimeout,
			"late_create_margin", cfg.LateCreateMargin)
		cfg.DialClaim = least
	}
}

// settleAfter is how long after it was sent a create can no longer reach
// the provider.
func (s *Service) settleAfter() time.Duration { return s.cfg.RequestTimeout + s.cfg.LateCreateMargin }

// pollEvery is how often the provider's list is read while a create
// settles and while late legs are watched for: often enough that a late
// leg is hung up while it still rings, at most once a second.
func (s *Service) pollEvery() time.Duration {
	return min(max(s.settleAfter()/10, 10*time.Millisecond), time.Second)
}

// mayCreate reports whether a create sent now settles before d's claim
// ends.
func (s *Service) mayCreate(d *sb.PendingDial) bool {
	return !time.Now().Add(s.settleAfter()).After(d.ClaimedUntil)
}

// create sends one create of the customer leg, bounded by RequestTimeout
// whatever the client's own timeout is, so that settleAfter holds.
func (s *Service) create(ctx context.Context, p telephony.CallParams) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.RequestTimeout)
	defer cancel()
	return s.deps.Provider.CreateCall(ctx, p)
}

// laterUntil reserves f at once, like later, with a context that ends at
// deadline: a dial's work ends with its claim.
func (s *Service) laterUntil(deadline time.Time, f func(ctx context.Context)) func() {
	s.inflight.add()
	return func() {
		go func() {
			defer s.inflight.done()
			ctx, cancel := context.WithDeadline(context.Background(), deadline)
			defer cancel()
			f(ctx)
		}()
	}
}

// lateCreates is what one dial knows of its creates that got no answer
// from the provider.
type lateCreates struct {
	// open counts those whose leg nobody has listed yet; -1 when unknown
	// (a recovered dial: an earlier process's creates are not known).
	open int
	// settles is when the last of them can no longer reach the provider;
	// last is when it was sent.
	settles, last time.Time
}

// unknownCreates is the state of a recovered dial.
func unknownCreates() *lateCreates { return &lateCreates{open: -1, last: time.Now()} }

// sent notes a create sent at that got no answer.
func (l *lateCreates) sent(at time.Time, settleAfter time.Duration) {
	if l.open >= 0 {
		l.open++
	}
	l.last, l.settles = at, at.Add(settleAfter)
}

// listed notes that a leg of one of them was listed.
func (l *lateCreates) listed() {
	if l.open > 0 {
		l.open--
	}
}

// settled reports whether every create sent can no longer arrive (by the
// documented bound).
func (l *lateCreates) settled() bool { return !time.Now().Before(l.settles) }

// pending reports whether a create may still make a leg nobody has seen.
func (l *lateCreates) pending() bool { return l.open != 0 }

// legEnded is a leg status after which there is nothing to hang up.
var legEnded = map[string]bool{"completed": true, "busy": true, "failed": true, "no-answer": true, "canceled": true}

// watchLate, when a create of d may still make a leg, reads the provider's
// list for LateLegWatch after the last such create (or the recovery), and
// hangs up every leg to d's customer from d's caller ID that no call
// recorded. A leg is hung up when two lists in a row show it unrecorded:
// a create that another call is awaiting answers and is recorded within
// that time. It stops early once every such create's leg has been listed,
// or when the call was answered by a leg nobody recorded (a conference-join
// without CallSid), since that leg cannot be told from a late one.
func (s *Service) watchLate(log *slog.Logger, d *sb.PendingDial, late *lateCreates) {
	if !late.pending() {
		return
	}
	until := late.last.Add(s.cfg.LateLegWatch)
	log = log.With("watch_until", until)
	log.Info("a create of this dial may still reach the provider; watching its calls for a late leg")
	s.watches.start(until, func(ctx context.Context) {
		done := map[string]bool{}
		unrecorded := map[string]int{}
		for {
			if s.watchOnce(ctx, log, d, late, done, unrecorded) {
				return
			}
			if !sleep(ctx, s.pollEvery()) {
				return
			}
		}
	})
}

// watchOnce is one read of the list for watchLate; it reports whether the
// watch is over.
func (s *Service) watchOnce(ctx context.Context, log *slog.Logger, d *sb.PendingDial, late *lateCreates,
	done map[string]bool, unrecorded map[string]int) bool {
	legs, err := s.deps.Provider.FindLegs(ctx, d.To, d.From, d.CreatedAt.Add(-reconcileSkew))
	if err != nil {
		log.Warn("listing the provider's calls for a late leg failed", "error", err)
		return false
	}
	for _, l := range legs {
		if done[l.SID] || (l.Direction != "" && l.Direction != "outbound-api") {
			continue
		}
		_, err := s.deps.Calls.FindCallByLeg(ctx, l.SID)
		switch {
		case err == nil: // a call's leg: this call's, or another's
			done[l.SID] = true
			continue
		case sb.ErrorCode(err) != sb.ENotFound:
			log.Warn("reading the call of a listed leg failed", "leg_sid", l.SID, "error", err)
			continue
		case legEnded[l.Status]:
			done[l.SID] = true
			late.listed()
			continue
		}
		if unrecorded[l.SID]++; unrecorded[l.SID] < 2 {
			continue
		}
		call, err := s.deps.Calls.FindCallByLeg(ctx, d.CallSID)
		if err != nil {
			log.Warn("reading the call before hanging up a late leg failed", "error", err)
			continue
		}
		if call.CustomerCallSID == "" && call.Status == sb.CallAnswered {
			log.Warn("the call was answered by a leg nobody recorded; a late leg cannot be told from it, so the watch ends")
			return true
		}
		done[l.SID] = true
		late.listed()
		log.Warn("a customer leg no call recorded appeared at the provider (a create that arrived late); hanging it up",
			"leg_sid", l.SID, "leg_status", l.Status, "recorded_customer_call_sid", call.CustomerCallSID)
		wctx, cancel := detached(ctx)
		s.hangUp(wctx, log, l.SID, "a create that arrived late made a second customer leg")
		cancel()
	}
	return !late.pending()
}

// watches runs the late-leg watches. They outlive the dial and may run
// for minutes, so a shutdown does not wait for them (Wait): a leg that
// arrives after the process is gone is still hung up at conference-join,
// when answered. Close stops them.
type watches struct {
	ctx     context.Context
	stop    context.CancelFunc
	running tasks
	once    sync.Once
}

func newWatches() *watches {
	ctx, stop := context.WithCancel(context.Background())
	return &watches{ctx: ctx, stop: stop}
}

// start runs f until deadline or Close, in the background.
func (w *watches) start(deadline time.Time, f func(ctx context.Context)) {
	w.running.add()
	go func() {
		defer w.running.done()
		ctx, cancel := context.WithDeadline(w.ctx, deadline)
		defer cancel()
		f(ctx)
	}()
}

// Close stops the late-leg watches and waits for them to return; call it
// after Wait, before the store closes. Nothing is watched afterwards.
func (s *Service) Close() {
	s.watches.once.Do(s.watches.stop)
	_ = s.watches.running.wait(context.Background())
}

// sleep waits for d, or reports false when ctx ends first.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
