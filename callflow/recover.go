package callflow

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// reconcileSkew widens the window in which a leg listed by the provider may
// have been created for a pending dial: the provider's clock (date_created)
// and the database's (the dial's CreatedAt) are not the same clock.
const reconcileSkew = time.Minute

// findLeg returns the SID of a leg the provider created for d, or "" when
// it has none: the oldest call to d.To from d.From, created through the REST
// API since d was stored, that no other call has recorded. The provider's
// call records carry nothing of ours (not the conference in the leg's URL),
// so number, caller ID and time are what identify a leg.
func (s *Service) findLeg(ctx context.Context, d *sb.PendingDial) (string, error) {
	legs, err := s.deps.Provider.FindLegs(ctx, d.To, d.From, d.CreatedAt.Add(-reconcileSkew))
	if err != nil {
		return "", err
	}
	for _, l := range legs {
		if l.Direction != "" && l.Direction != "outbound-api" {
			continue
		}
		call, err := s.deps.Calls.FindCallByLeg(ctx, l.SID)
		switch {
		case sb.ErrorCode(err) == sb.ENotFound:
			return l.SID, nil
		case err != nil:
			return "", err
		case call.CallSID == d.CallSID:
			return l.SID, nil // recorded already, by conference-join
		}
	}
	return "", nil
}

// Recover claims the pending dials whose claim expired (their process died
// or gave up, perhaps after the provider had created the leg) and takes each
// up in the background (resume). It returns how many it took.
func (s *Service) Recover(ctx context.Context) (int, error) {
	dials, err := s.deps.Calls.ClaimPendingDials(ctx, s.cfg.DialClaim, 100)
	if err != nil {
		return 0, fmt.Errorf("callflow: claiming pending dials: %w", err)
	}
	for _, d := range dials {
		log := s.log.With("call_sid", d.CallSID, "claim", d.Attempts)
		s.laterUntil(d.ClaimedUntil, func(ctx context.Context) { s.resume(ctx, log, d) })()
	}
	return len(dials), nil
}

// resume takes up a recovered pending dial. The call is read first: one
// that already has a leg, has ended, or was answered is never dialled; the
// provider's calls are listed before anything else, and a leg found there is
// adopted (or, for an ended call, hung up). A call still waiting for its
// customer is dialled as a dial whose first outcome is unknown, unless it is
// older than MaxPendingAge: nobody is listening any more, so it fails and
// its agent leg is hung up. The creates of the processes before are not
// known, so whatever happens, later legs are watched for (watchLate).
func (s *Service) resume(ctx context.Context, log *slog.Logger, d *sb.PendingDial) {
	call, err := s.deps.Calls.FindCallByLeg(ctx, d.CallSID)
	if err != nil {
		log.Error("reading a recovered call failed; the dial stays pending", "error", err)
		return
	}
	wctx, cancel := detached(ctx)
	defer cancel()
	late := unknownCreates()
	if call.CustomerCallSID != "" {
		log.Info("recovered call has its customer leg already; dropping the pending dial", "customer_call_sid", call.CustomerCallSID)
		if err := s.deps.Calls.DeletePendingDial(wctx, d.CallSID); err != nil {
			log.Error("dropping the pending dial failed", "error", err)
		}
		s.watchLate(log, d, late)
		return
	}
	stale := time.Since(d.CreatedAt) > s.cfg.MaxPendingAge
	if call.Status == sb.CallInitiated && !stale {
		log.Info("pending dial recovered; reconciling with the provider before dialling")
		s.dial(ctx, log, d, late)
		return
	}
	leg, err := s.findLeg(ctx, d)
	if err != nil {
		log.Warn("listing the provider's calls failed; the dial stays pending", "error", err)
		return
	}
	switch {
	case call.Status.Final():
		if leg != "" {
			log.Warn("a customer leg exists for an ended call; hanging it up", "customer_call_sid", leg, "status", call.Status)
			s.hangUp(wctx, log, leg, "the call had ended")
		}
		if _, err := s.deps.Calls.FailCall(wctx, d.CallSID, reasonNotDialled); err != nil {
			log.Error("dropping the pending dial of an ended call failed", "error", err)
		}
	case leg != "":
		s.record(ctx, log, d, leg, "customer leg found at the provider and adopted")
	case call.Status != sb.CallInitiated:
		// Answered by a leg nobody recorded: a late leg cannot be told
		// from it, so nothing is watched.
		log.Warn("the call was answered but the provider lists no customer leg; not dialling", "status", call.Status)
		if err := s.deps.Calls.DeletePendingDial(wctx, d.CallSID); err != nil {
			log.Error("dropping the pending dial failed", "error", err)
		}
		return
	default:
		log.Warn("pending dial too old to place; failing the call", "age", time.Since(d.CreatedAt).Round(time.Second))
		s.fail(ctx, log, d, reasonNotDialled, nil)
	}
	s.watchLate(log, d, late)
}

// RunRecovery calls Recover now and then every DialClaim until ctx ends.
func (s *Service) RunRecovery(ctx context.Context) {
	t := time.NewTicker(s.cfg.DialClaim)
	defer t.Stop()
	for {
		if _, err := s.Recover(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("recovering pending dials failed", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
