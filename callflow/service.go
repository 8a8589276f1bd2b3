package callflow

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony"
)

// Provider is what the flow needs of the provider's REST API;
// *telephony.Client implements it.
type Provider interface {
	CreateCall(ctx context.Context, p telephony.CallParams) (string, error)
	HangUp(ctx context.Context, callSid string) error
	IsAccountNumber(ctx context.Context, e164 string) (bool, error)
	CreateValidationRequest(ctx context.Context, e164, friendlyName string) (string, error)

	// Call control (hold.go, transfer.go, recording.go).
	FindConference(ctx context.Context, friendlyName string) (string, error)
	AddParticipant(ctx context.Context, confSid string, p telephony.ParticipantParams) (string, error)
	UpdateParticipant(ctx context.Context, confSid, callSid string, hold *bool, holdURL string, muted *bool) error
	RemoveParticipant(ctx context.Context, confSid, callSid string) error
	StartRecording(ctx context.Context, callSid, channels, statusCallback string) (telephony.Recording, error)
	UpdateRecording(ctx context.Context, callSid, recSid, status string) (telephony.Recording, error)
}

// Deps are the ports the flow drives.
type Deps struct {
	Calls     sb.CallService
	CallerIDs sb.CallerIDService
	DNC       sb.DNCService
	// Workspaces tells whether an agent belongs to a workspace and gives
	// each workspace's calling hours and time zone.
	Workspaces sb.WorkspaceService
	// Recordings keeps call recordings; nil leaves them unserved.
	Recordings sb.RecordingService
	Provider   Provider
}

// Config tunes the flow.
type Config struct {
	// PublicBaseURL is where the provider reaches the service; every URL
	// handed to the provider is built on it.
	PublicBaseURL string
	// DefaultRegion reads national-format numbers ("US").
	DefaultRegion string
	// DialClaim is how long a process owns a pending dial before another
	// may take it over (default 30 s; it must outlast the REST call and its
	// retries).
	DialClaim time.Duration
	// MaxPendingAge is how old a pending dial found by Recover may be and
	// still be dialled (default 2 min); an older one is failed instead.
	MaxPendingAge time.Duration
	// RingTimeout is how long the customer's phone, and a transfer
	// target's, may ring, in seconds; 0 leaves the provider's default (60).
	RingTimeout int
	// HoldMusicURL is an MP3 or WAV the held customer hears in a loop
	// (HOLD_MUSIC_URL); "" says "Please hold." instead. Either way the
	// provider fetches the document from PathHoldMusic.
	HoldMusicURL string
	// Now is the clock the calling hours are read on (default time.Now);
	// tests pin it.
	Now func() time.Time
	// Logger is the base logger; RequestLogger, when set, gives the
	// request-scoped one (with the request id) for a context.
	Logger        *slog.Logger
	RequestLogger func(context.Context) *slog.Logger
}

// Service is the call flow. It is safe for concurrent use.
type Service struct {
	cfg  Config
	deps Deps
	log  *slog.Logger
	base string

	// Work started after an answer (dials, hang-ups) runs on goroutines that
	// Wait waits for.
	wg sync.WaitGroup

	// locks serializes, per call, the operations that call the provider and
	// then write what it did (hold, mute, transfer) with the callbacks that
	// act on the same state (see lockCall).
	locks callLocks
}

// New returns the flow.
func New(cfg Config, deps Deps) (*Service, error) {
	u, err := url.Parse(cfg.PublicBaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("callflow: public base URL %q must be an absolute http(s) URL", cfg.PublicBaseURL)
	}
	if deps.Calls == nil || deps.CallerIDs == nil || deps.DNC == nil || deps.Workspaces == nil || deps.Provider == nil {
		return nil, errors.New("callflow: every dependency is required")
	}
	if cfg.DefaultRegion == "" {
		cfg.DefaultRegion = "US"
	}
	if cfg.DialClaim <= 0 {
		cfg.DialClaim = 30 * time.Second
	}
	if cfg.MaxPendingAge <= 0 {
		cfg.MaxPendingAge = 2 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{cfg: cfg, deps: deps, log: cfg.Logger, base: strings.TrimRight(cfg.PublicBaseURL, "/")}, nil
}

// Paths of the provider-facing endpoints, joined to PublicBaseURL.
const (
	PathCallControl    = "/v1/voice/callml"
	PathConferenceJoin = "/v1/voice/conference-join"
	PathStatus         = "/v1/voice/status"
	// PathTransferStatus receives a transfer target's status callbacks,
	// with ?call=<the Call's SID> in its query.
	PathTransferStatus = "/v1/voice/transfer-status"
	// PathRecordingStatus receives recording status callbacks.
	PathRecordingStatus = "/v1/voice/recording-status"
	// PathHoldMusic serves the held customer's TwiML (the HoldUrl); it is
	// public: the document is the same for everyone and changes nothing.
	PathHoldMusic = "/v1/voice/hold-music"
)

// url builds PUBLIC_BASE_URL + path + query.
func (s *Service) url(path string, q url.Values) string {
	if len(q) == 0 {
		return s.base + path
	}
	return s.base + path + "?" + q.Encode()
}

func (s *Service) logger(ctx context.Context) *slog.Logger {
	if s.cfg.RequestLogger != nil {
		if l := s.cfg.RequestLogger(ctx); l != nil {
			return l
		}
	}
	return s.log
}

// background runs f after the request that started it: with a context of its
// own (the request's ends with the response) bounded by timeout.
func (s *Service) background(timeout time.Duration, f func(ctx context.Context)) {
	s.later(timeout, f)()
}

// later reserves f at once (Wait waits for it from now on) and returns what
// starts it; the caller must call that exactly once.
func (s *Service) later(timeout time.Duration, f func(ctx context.Context)) func() {
	s.wg.Add(1)
	return func() {
		go func() {
			defer s.wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			f(ctx)
		}()
	}
}

// Wait waits for the work started after answers (dials, hang-ups), or for
// ctx. A dial cut short stays pending and is taken up by the next Recover.
func (s *Service) Wait(ctx context.Context) error {
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// newConferenceName is unique by construction (a UUIDv7), and made only of
// characters that need no escaping in a query string or a TwiML text.
func newConferenceName() string {
	return "sb-" + uuid.Must(uuid.NewV7()).String()
}

// hangUp ends a leg, logging rather than failing: it is always a clean-up.
func (s *Service) hangUp(ctx context.Context, log *slog.Logger, legSID, why string) {
	if legSID == "" {
		return
	}
	if err := s.deps.Provider.HangUp(ctx, legSID); err != nil {
		log.Warn("hanging up a leg failed", "leg_sid", legSID, "why", why, "error", err)
		return
	}
	log.Info("leg hung up", "leg_sid", legSID, "why", why)
}

// Recover claims the pending dials whose claim expired (their process died
// or gave up) and dials them, or fails them when they are too old for anyone
// to be waiting. It returns how many it took.
func (s *Service) Recover(ctx context.Context) (int, error) {
	dials, err := s.deps.Calls.ClaimPendingDials(ctx, s.cfg.DialClaim, 100)
	if err != nil {
		return 0, fmt.Errorf("callflow: claiming pending dials: %w", err)
	}
	for _, d := range dials {
		log := s.log.With("call_sid", d.CallSID, "attempt", d.Attempts)
		if age := time.Since(d.CreatedAt); age > s.cfg.MaxPendingAge {
			log.Warn("pending dial too old to place; failing the call", "age", age.Round(time.Second))
			s.background(s.cfg.DialClaim, func(ctx context.Context) {
				if _, err := s.deps.Calls.FailCall(ctx, d.CallSID, reasonNotDialled); err != nil {
					log.Error("failing a stale call failed", "error", err)
				}
				s.hangUp(ctx, log, d.CallSID, "the customer was never dialled")
			})
			continue
		}
		if s.closedOnRecovery(ctx, log, d) {
			continue
		}
		log.Info("pending dial recovered; dialling the customer")
		s.startDial(log, d)
	}
	return len(dials), nil
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
