package events

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"

	sb "github.com/switchboard-oss/switchboard"
)

// Store is what the service needs of the database: the event log and the
// endpoints (sb.EventStore), and what the engine reads and writes around
// each delivery. *store.DB satisfies it.
type Store interface {
	sb.EventStore
	// DeliveryTarget reads a job's event and endpoint as they are now;
	// ENotFound when either is gone.
	DeliveryTarget(ctx context.Context, eventID, endpointID string) (*sb.Event, *sb.WebhookEndpoint, error)
	// RecordDelivery writes an attempt and reports whether it disabled the
	// endpoint (every attempt failed for sb.AutoDisableAfter). d.ID, when
	// set, is the attempt's identity: a second write of the same id writes
	// nothing and reports false.
	RecordDelivery(ctx context.Context, d *sb.WebhookDelivery) (bool, error)
	// GiveUpDelivery writes the attempts of an event to an endpoint that
	// still read retrying as failed, with no next attempt: the delivery
	// ends without another (its endpoint was disabled meanwhile).
	GiveUpDelivery(ctx context.Context, endpointID, eventID string) error
	PruneEvents(ctx context.Context, before time.Time) (int64, error)
	// FoldsCallTotals and FoldCallTotals: the calls' totals that wait
	// for a fold, and the fold, which the engine runs every
	// CallTotalsFoldInterval on one instance (River's leader).
	FoldsCallTotals() bool
	FoldCallTotals(ctx context.Context) (int64, error)
	// CreateWebhookEndpointWithin is sb.EventStore's CreateWebhookEndpoint
	// for a workspace that may have at most limit endpoints:
	// ELimitReached when it has them already.
	CreateWebhookEndpointWithin(ctx context.Context, e *sb.WebhookEndpoint, limit int) error
	// RelayEvents turns up to limit recorded events into delivery jobs
	// through enqueue, once each, and says how many it relayed.
	RelayEvents(ctx context.Context, limit int, enqueue sb.EnqueueFunc) (int, error)
	// EventsRecorded receives after a commit of this process that recorded
	// events.
	EventsRecorded() <-chan struct{}
	// JobDriver is River's driver for the store's database, its tables
	// migrated; release closes what it opened. With notify, a queued job
	// starts at once where the database can say so.
	JobDriver(ctx context.Context, notify bool) (driver riverdriver.Driver[*sql.Tx], release func(), err error)
	JobQueueDepth(ctx context.Context) (int, error)
}

// Deps are the ports the service drives.
type Deps struct {
	Store Store
}

// Config tunes the service; the zero value is production's.
type Config struct {
	// AllowPrivateNetworks lets deliveries reach loopback, private and
	// link-local addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS; local
	// development, the simulator, tests).
	AllowPrivateNetworks bool
	// Notify starts a queued delivery at once where the database can say
	// so (PostgreSQL's LISTEN/NOTIFY, on a connection pool of its own);
	// otherwise River polls every PollInterval.
	Notify bool
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
	// WorkspaceWorkers is how many of those one workspace may hold at once
	// (a quarter of Workers, at least 1, when 0); its further jobs wait
	// (fair.go).
	WorkspaceWorkers int
	// CircuitCooldown is how long an endpoint that gave no answer within
	// Timeout takes no worker before a probe (DefaultCircuitCooldown).
	CircuitCooldown time.Duration
	// PollInterval is how often River looks for jobs without a
	// notification, and the relay for events other processes recorded
	// (1 s, River's default, when 0).
	PollInterval time.Duration
	// RelayGather is how long the relay waits, once this process has
	// recorded an event, for more to relay with it in one transaction
	// (DefaultRelayGather when 0; negative: none, at once).
	RelayGather time.Duration
	// Now is the clock of attempts and retention; nil means time.Now.
	Now func() time.Time
	// OnAttempt, when set, is told each attempt's result (succeeded,
	// retrying, failed) and latency: the hook for metrics.
	OnAttempt func(result string, latency time.Duration)
	// Client overrides the HTTP client (tests); nil builds the guarded one.
	Client *http.Client
	// Logger is the base logger; RequestLogger, when set, gives the
	// request-scoped one (with the request id) for a context.
	Logger        *slog.Logger
	RequestLogger func(context.Context) *slog.Logger
}

// Service is the events service. It is safe for concurrent use.
type Service struct {
	cfg   Config
	store Store
	log   *slog.Logger
	http  *http.Client
	fair  *fairness

	// jobs is River's client while the engine runs (between Start and
	// Stop); nil otherwise, when redelivery answers ENotImplemented.
	jobs atomic.Pointer[river.Client[*sql.Tx]]
	// mu serializes Start and Stop; release closes what the job driver
	// opened; stopRelay ends the relay and relayDone closes when it has.
	mu        sync.Mutex
	release   func()
	stopRelay context.CancelFunc
	relayDone chan struct{}
}

// New returns the service. It reads and writes endpoints and the log at
// once; nothing is delivered before Start.
func New(cfg Config, deps Deps) (*Service, error) {
	if deps.Store == nil {
		return nil, errors.New("events: every dependency is required")
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
	if cfg.WorkspaceWorkers <= 0 {
		cfg.WorkspaceWorkers = max(1, cfg.Workers/4)
	}
	if cfg.CircuitCooldown <= 0 {
		cfg.CircuitCooldown = DefaultCircuitCooldown
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = time.Second // River's default, and the relay's
	}
	if cfg.RelayGather == 0 {
		cfg.RelayGather = DefaultRelayGather
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Service{cfg: cfg, store: deps.Store, log: cfg.Logger, http: cfg.Client,
		fair: newFairness(cfg.WorkspaceWorkers, cfg.CircuitCooldown, cfg.Timeout)}
	if s.http == nil {
		var control func(string, string, syscall.RawConn) error
		if !cfg.AllowPrivateNetworks {
			control = guard
		}
		s.http = newHTTPClient(cfg.Timeout, control)
	}
	return s, nil
}

// logger is the request's logger when there is one.
func (s *Service) logger(ctx context.Context) *slog.Logger {
	if s.cfg.RequestLogger != nil {
		if l := s.cfg.RequestLogger(ctx); l != nil {
			return l
		}
	}
	return s.log
}

// Start migrates River's tables in the store's database and runs the
// engine until Stop: the relay of recorded events to delivery jobs, the
// deliveries and the retention job. ctx bounds the start only.
func (s *Service) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.jobs.Load() != nil {
		return errors.New("events: already started")
	}
	client, release, err := s.newJobClient(ctx)
	if err != nil {
		return err
	}
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		release()
		return fmt.Errorf("events: starting river: %w", err)
	}
	s.jobs.Store(client)
	s.release = release
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s.stopRelay, s.relayDone = cancel, make(chan struct{})
	go s.relay(rctx, s.relayDone, s.enqueueOn(client))
	return nil
}

// Stop lets running deliveries finish (until ctx ends, when they are
// cancelled and run again later, here or on another instance) and closes
// what Start opened.
func (s *Service) Stop(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	client := s.jobs.Swap(nil)
	if client == nil {
		return nil
	}
	s.stopRelay()
	<-s.relayDone
	err := client.Stop(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		err = client.StopAndCancel(context.Background())
	}
	s.release()
	s.release, s.stopRelay, s.relayDone = nil, nil, nil
	return err
}

// QueueDepth is how many jobs wait or run (the metric of the queue's
// backlog).
func (s *Service) QueueDepth(ctx context.Context) (int, error) {
	return s.store.JobQueueDepth(ctx)
}

// enqueue is the running engine's sb.EnqueueFunc, nil while none runs.
func (s *Service) enqueue() sb.EnqueueFunc {
	if c := s.jobs.Load(); c != nil {
		return s.enqueueOn(c)
	}
	return nil
}
