package events

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	sb "github.com/switchboard-oss/switchboard"
)

// DefaultRetryDelays are the waits before the second to the ninth attempt.
var DefaultRetryDelays = []time.Duration{
	5 * time.Second, 30 * time.Second, 2 * time.Minute, 10 * time.Minute,
	time.Hour, 4 * time.Hour, 12 * time.Hour, 24 * time.Hour,
}

// Defaults of Config.
const (
	DefaultTimeout     = 10 * time.Second
	DefaultRescueAfter = time.Minute
	DefaultWorkers     = 100
	// DefaultCircuitCooldown is the first wait of an endpoint that gave no
	// answer, doubled after each probe that gets none, to maxCooldown.
	DefaultCircuitCooldown = 30 * time.Second
	// MaxEndpoints is how many webhook endpoints a workspace may have: one
	// event is a delivery per endpoint.
	MaxEndpoints = 20
	// queue is River's queue for deliveries and the retention job.
	queue = "webhooks"
	// maintenanceQueue is the fold's, so that a backlog of deliveries
	// never holds it back.
	maintenanceQueue = "maintenance"
)

// newJobClient builds River's client on the store's database, River's
// tables migrated there; release closes what the store's driver opened.
func (s *Service) newJobClient(ctx context.Context) (*river.Client[*sql.Tx], func(), error) {
	cfg := s.cfg
	driver, release, err := s.store.JobDriver(ctx, cfg.Notify)
	if err != nil {
		return nil, nil, fmt.Errorf("events: %w", err)
	}
	workers := river.NewWorkers()
	river.AddWorker(workers, &deliveryWorker{s: s})
	river.AddWorker(workers, &pruneWorker{s: s})
	river.AddWorker(workers, &foldWorker{s: s})
	periodic := []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return pruneArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
	if s.store.FoldsCallTotals() {
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(CallTotalsFoldInterval),
			func() (river.JobArgs, *river.InsertOpts) { return foldArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true}))
	}
	client, err := river.NewClient(driver, &river.Config{
		Logger:               s.log.With("component", "river"),
		Queues:               map[string]river.QueueConfig{queue: {MaxWorkers: cfg.Workers}, maintenanceQueue: {MaxWorkers: 1}},
		Workers:              workers,
		FetchPollInterval:    cfg.PollInterval,
		JobTimeout:           cfg.Timeout + 5*time.Second,
		RescueStuckJobsAfter: max(cfg.RescueAfter, cfg.Timeout+10*time.Second),
		MaxAttempts:          len(cfg.RetryDelays) + 1,
		// The rescuer of a dead process's jobs schedules their next
		// attempt with the client's policy: the same schedule.
		RetryPolicy:  retryPolicy{s},
		PeriodicJobs: periodic,
	})
	if err != nil {
		release()
		return nil, nil, fmt.Errorf("events: river client: %w", err)
	}
	return client, release, nil
}

// crowdedPriority is River's priority (1 first, 4 last) of a job queued for
// a workspace that holds its whole share of workers.
const crowdedPriority = 3

// enqueueOn is an sb.EnqueueFunc on client: one delivery job per event and
// endpoint, in the caller's transaction. River fetches jobs by priority,
// then in the order they were queued: a job for an endpoint whose circuit
// is open is queued for when it half-opens (until then it would only be
// fetched to be snoozed, before the jobs queued after it), and one for a
// workspace that holds its share of the workers goes after the others'.
func (s *Service) enqueueOn(client *river.Client[*sql.Tx]) sb.EnqueueFunc {
	return func(ctx context.Context, tx *sql.Tx, jobs []sb.DeliveryJob) error {
		params := make([]river.InsertManyParams, len(jobs))
		now := time.Now()
		for i, j := range jobs {
			params[i] = river.InsertManyParams{Args: deliveryArgs{EventID: j.EventID, EndpointID: j.EndpointID}}
			if wait := s.fair.blocked(j.EndpointID, now); wait > 0 {
				params[i].InsertOpts = &river.InsertOpts{ScheduledAt: now.Add(wait)}
			} else if s.fair.crowded(j.EndpointID) {
				params[i].InsertOpts = &river.InsertOpts{Priority: crowdedPriority}
			}
		}
		_, err := client.InsertManyFastTx(ctx, tx, params)
		return err
	}
}

// pruneArgs is the hourly job that deletes events and attempts older than
// sb.EventRetention.
type pruneArgs struct{}

func (pruneArgs) Kind() string { return "event_prune" }

func (pruneArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: queue, MaxAttempts: 3} }

type pruneWorker struct {
	river.WorkerDefaults[pruneArgs]
	s *Service
}

func (w *pruneWorker) Work(ctx context.Context, _ *river.Job[pruneArgs]) error {
	n, err := w.s.store.PruneEvents(ctx, w.s.cfg.Now().Add(-sb.EventRetention))
	if err != nil {
		return err
	}
	if n > 0 {
		w.s.log.InfoContext(ctx, "old events pruned", "events", n)
	}
	return nil
}

// CallTotalsFoldInterval is how often the calls' logged totals are folded
// (store.FoldCallTotals). A report reads what is not folded yet beside the
// totals, so the interval bounds only how long that log grows: at 600
// calls written a second, 6,000 rows.
const CallTotalsFoldInterval = 10 * time.Second

// foldArgs is the periodic job that folds the calls' totals.
type foldArgs struct{}

func (foldArgs) Kind() string { return "call_totals_fold" }

// One attempt: the next period's job is the retry.
func (foldArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: maintenanceQueue, MaxAttempts: 1}
}

type foldWorker struct {
	river.WorkerDefaults[foldArgs]
	s *Service
}

func (w *foldWorker) Work(ctx context.Context, _ *river.Job[foldArgs]) error {
	n, err := w.s.store.FoldCallTotals(ctx)
	if err != nil {
		return err
	}
	w.s.log.DebugContext(ctx, "call totals folded", "changes", n)
	return nil
}
