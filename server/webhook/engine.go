package webhook

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"

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
	// queue is River's queue for deliveries and the retention job.
	queue = "webhooks"
)

// Config tunes the engine; the zero value is production's.
type Config struct {
	// AllowPrivateNetworks lets deliveries reach loopback, private and
	// link-local addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS; local
	// development, the simulator, tests).
	AllowPrivateNetworks bool
	// RetryDelays are the waits before each attempt after the first;
	// nil means DefaultRetryDelays. Tests shorten them.
	RetryDelays []time.Duration
	// Timeout bounds one attempt, connection to last byte of the answer
	// (DefaultTimeout).
	Timeout time.Duration
	// RescueAfter is how long a delivery may run before River takes it for
	// the job of a dead process and runs it again (DefaultRescueAfter; at
	// least Timeout plus a margin).
	RescueAfter time.Duration
	// Workers is how many deliveries one process runs at once
	// (DefaultWorkers).
	Workers int
	// PollInterval is how often River looks for jobs without a
	// notification, and the relay for events other processes recorded
	// (1 s, River's default, when 0).
	PollInterval time.Duration
	// Now is the clock of attempts and retention; nil means time.Now.
	Now func() time.Time
	// OnAttempt, when set, is told each attempt's result (succeeded,
	// retrying, failed) and latency: the hook for metrics.
	OnAttempt func(result string, latency time.Duration)
	// Client overrides the HTTP client (tests); nil builds the guarded one.
	Client *http.Client
}

// Store is what the engine needs of the store.
type Store interface {
	DeliveryTarget(ctx context.Context, eventID, endpointID string) (*sb.Event, *sb.WebhookEndpoint, error)
	RecordDelivery(ctx context.Context, d *sb.WebhookDelivery) (bool, error)
	PruneEvents(ctx context.Context, before time.Time) (int64, error)
	RelayEvents(ctx context.Context, limit int, enqueue sb.EnqueueFunc) (int, error)
	EventsRecorded() <-chan struct{}
	// JobDriver is River's driver for the store's database, its tables
	// migrated; release closes what it opened.
	JobDriver(ctx context.Context, notify bool) (driver riverdriver.Driver[*sql.Tx], release func(), err error)
	JobQueueDepth(ctx context.Context) (int, error)
}

// Engine queues and runs deliveries; its Enqueue is the store's queue.
type Engine struct {
	cfg     Config
	store   Store
	release func()
	client  *river.Client[*sql.Tx]
	http    *http.Client
	log     *slog.Logger
	// stopRelay ends the relay started by Start; relayDone closes when it
	// has.
	stopRelay context.CancelFunc
	relayDone chan struct{}
}

var _ sb.EnqueueFunc = (*Engine)(nil).Enqueue

// New builds the engine on the store's database (River's tables migrated
// there). With notify, a queued delivery starts at once where the database
// can say so (PostgreSQL's LISTEN/NOTIFY); otherwise River polls. Nothing
// runs before Start; Enqueue works at once.
func New(ctx context.Context, st Store, notify bool, cfg Config, logger *slog.Logger) (*Engine, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if cfg.RetryDelays == nil {
		cfg.RetryDelays = DefaultRetryDelays
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.RescueAfter <= 0 {
		cfg.RescueAfter = DefaultRescueAfter
	}
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = time.Second // River's default, and the relay's
	}
	e := &Engine{cfg: cfg, store: st, log: logger}
	e.http = cfg.Client
	if e.http == nil {
		e.http = newHTTPClient(cfg.Timeout, cfg.AllowPrivateNetworks)
	}
	driver, release, err := st.JobDriver(ctx, notify)
	if err != nil {
		return nil, fmt.Errorf("webhook: %w", err)
	}
	e.release = release
	workers := river.NewWorkers()
	river.AddWorker(workers, &deliveryWorker{e: e})
	river.AddWorker(workers, &pruneWorker{e: e})
	client, err := river.NewClient(driver, &river.Config{
		Logger:               logger.With("component", "river"),
		Queues:               map[string]river.QueueConfig{queue: {MaxWorkers: cfg.Workers}},
		Workers:              workers,
		FetchPollInterval:    cfg.PollInterval,
		JobTimeout:           cfg.Timeout + 5*time.Second,
		RescueStuckJobsAfter: max(cfg.RescueAfter, cfg.Timeout+10*time.Second),
		MaxAttempts:          len(cfg.RetryDelays) + 1,
		// The rescuer of a dead process's jobs schedules their next
		// attempt with the client's policy: the same schedule.
		RetryPolicy: retryPolicy{e},
		PeriodicJobs: []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
			func() (river.JobArgs, *river.InsertOpts) { return pruneArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true})},
	})
	if err != nil {
		e.close()
		return nil, fmt.Errorf("webhook: river client: %w", err)
	}
	e.client = client
	return e, nil
}

// Enqueue is an sb.EnqueueFunc: one delivery job per event and endpoint,
// in the caller's transaction.
func (e *Engine) Enqueue(ctx context.Context, tx *sql.Tx, jobs []sb.DeliveryJob) error {
	params := make([]river.InsertManyParams, len(jobs))
	for i, j := range jobs {
		params[i] = river.InsertManyParams{Args: deliveryArgs{EventID: j.EventID, EndpointID: j.EndpointID}}
	}
	_, err := e.client.InsertManyFastTx(ctx, tx, params)
	return err
}

// Start runs the relay of recorded events to jobs, and deliveries, until
// Stop.
func (e *Engine) Start(ctx context.Context) error {
	if err := e.client.Start(ctx); err != nil {
		return err
	}
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	e.stopRelay, e.relayDone = cancel, make(chan struct{})
	go e.relay(rctx, e.relayDone)
	return nil
}

// Stop lets running deliveries finish (until ctx ends, when they are
// cancelled and run again later) and closes what the engine opened.
func (e *Engine) Stop(ctx context.Context) error {
	if e.stopRelay != nil {
		e.stopRelay()
		<-e.relayDone
		e.stopRelay = nil
	}
	err := e.client.Stop(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		err = e.client.StopAndCancel(context.Background())
	}
	e.close()
	return err
}

func (e *Engine) close() {
	if e.release != nil {
		e.release()
		e.release = nil
	}
}

// QueueDepth is how many jobs wait or run (the metric of the queue's
// backlog).
func (e *Engine) QueueDepth(ctx context.Context) (int, error) {
	return e.store.JobQueueDepth(ctx)
}

// pruneArgs is the hourly job that deletes events and attempts older than
// sb.EventRetention.
type pruneArgs struct{}

func (pruneArgs) Kind() string { return "event_prune" }

func (pruneArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: queue, MaxAttempts: 3} }

type pruneWorker struct {
	river.WorkerDefaults[pruneArgs]
	e *Engine
}

func (w *pruneWorker) Work(ctx context.Context, _ *river.Job[pruneArgs]) error {
	n, err := w.e.store.PruneEvents(ctx, w.e.cfg.Now().Add(-sb.EventRetention))
	if err != nil {
		return err
	}
	if n > 0 {
		w.e.log.InfoContext(ctx, "old events pruned", "events", n)
	}
	return nil
}
