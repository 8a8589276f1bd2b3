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
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// Provider is what the flow needs of the provider's REST API;
// *telephony.Client implements it.
type Provider interface {
	CreateCall(ctx context.Context, p telephony.CallParams) (string, error)
	// FindLegs lists the calls created to `to` from `from` since a time,
	// oldest first: how a create whose outcome is unknown is reconciled.
	FindLegs(ctx context.Context, to, from string, since time.Time) ([]telephony.Leg, error)
	HangUp(ctx context.Context, callSid string) error
	// EndCall ends a leg as canceled (while queued or ringing) or
	// completed, and returns its status as the provider then reports it
	// (hangup.go).
	EndCall(ctx context.Context, callSid, status string) (string, error)
	IsAccountNumber(ctx context.Context, e164 string) (bool, error)
	CreateValidationRequest(ctx context.Context, e164, friendlyName string) (string, error)

	// Call control (hold.go, transfer.go, recording.go).
	FindConference(ctx context.Context, friendlyName string) (string, error)
	AddParticipant(ctx context.Context, confSid string, p telephony.ParticipantParams) (string, error)
	UpdateParticipant(ctx context.Context, confSid, callSid string, hold *bool, holdURL string, muted *bool) error
	RemoveParticipant(ctx context.Context, confSid, callSid string) error
	// AnnounceConference has the provider fetch announceURL's TwiML and
	// play it to the whole conference (announcement.go).
	AnnounceConference(ctx context.Context, confSid, announceURL string) error
	// RedirectCall gives a live leg new TwiML, taking it out of its
	// conference (voicemail.go).
	RedirectCall(ctx context.Context, callSid, twiml string) error
	StartRecording(ctx context.Context, callSid, channels, statusCallback string) (telephony.Recording, error)
	UpdateRecording(ctx context.Context, callSid, recSid, status string) (telephony.Recording, error)
}

// Deps are the ports the flow drives.
type Deps struct {
	Calls     sb.CallStore
	CallerIDs sb.CallerIDStore
	DNC       sb.DNCStore
	// Workspaces tells whether an agent belongs to a workspace and gives
	// each workspace's calling hours and time zone.
	Workspaces sb.WorkspaceStore
	// Recordings keeps call recordings; nil leaves them unserved.
	Recordings sb.RecordingStore
	Provider   Provider
	// Outcomes keeps the workspace's call outcomes and the calls' after-call
	// work; Contacts finds the contact a click-to-call names. Either, when
	// nil, is taken from Calls when the store there is one.
	Outcomes sb.OutcomeStore
	Contacts ContactFinder
	// Dials answers the dial check's questions (do-not-call, the contact's
	// zone, the calls to a number); taken from Calls when nil.
	Dials sb.DialFactStore
	// VoicemailDrops keeps the workspaces' voicemail drops; taken from
	// Calls when nil.
	VoicemailDrops sb.VoicemailDropStore
	// DialLists keeps the dial lists; taken from Calls when nil.
	DialLists sb.DialListStore
}

// ContactFinder is what the flow needs of the contacts: the one a
// click-to-call names.
type ContactFinder interface {
	// FindContact errors: ENotFound (also for another workspace's).
	FindContact(ctx context.Context, workspaceID, id string) (*sb.Contact, error)
}

// Config tunes the flow.
type Config struct {
	// PublicBaseURL is where the provider reaches the service; every URL
	// handed to the provider is built on it.
	PublicBaseURL string
	// DefaultRegion reads national-format numbers; "" means
	// phone.DefaultRegion.
	DefaultRegion string
	// DialClaim is how long a process owns a pending dial before another
	// may take it over (default 30 s), and how often Recover runs. A
	// process works at a dial until its claim ends and sends a create only
	// while that create can settle inside the claim (latedial.go), so a
	// claim shorter than 2 × RequestTimeout + LateCreateMargin is raised.
	DialClaim time.Duration
	// MaxPendingAge is how old a pending dial found by Recover may be and
	// still be dialled (default 2 min); an older one is failed instead.
	MaxPendingAge time.Duration
	// RequestTimeout bounds each create of a customer leg (default: the
	// provider client's own timeout when it reports one, else 10 s). It is
	// what tells when a create that got no answer was last on its way.
	RequestTimeout time.Duration
	// LateCreateMargin is how long past its RequestTimeout a create that
	// got no answer may still reach the provider (held by a proxy,
	// retransmitted): default 5 s. Nobody is dialled again before the
	// provider's Calls list, read after that, shows no leg (latedial.go).
	LateCreateMargin time.Duration
	// LateLegWatch is how long, after a dial settles, the provider's Calls
	// list is still watched when a create of it may yet arrive, so that
	// the leg it makes is hung up as soon as it is listed (default 2 min).
	LateLegWatch time.Duration
	// RingTimeout is how long the customer's phone, and a transfer
	// target's, may ring, in seconds; 0 leaves the provider's default (60).
	RingTimeout int
	// HoldMusicURL is an MP3 or WAV the held customer hears in a loop
	// (HOLD_MUSIC_URL); "" says "Please hold." instead. Either way the
	// provider fetches the document from PathHoldMusic.
	HoldMusicURL string
	// AllowHTTPAudio accepts a voicemail drop's audio URL over plain http:
	// for the embedded simulator, which serves one machine. Against a real
	// provider the audio must be https.
	AllowHTTPAudio bool
	// Now is the clock the calling hours are read on (default time.Now),
	// and dial lists' leases; tests pin it.
	Now func() time.Time
	// DialListLease is how long an entry next hands out stays the agent's
	// while undialled (default sb.DialListLease, 10 minutes).
	DialListLease time.Duration
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
	inflight tasks

	// locks serializes, per call, the operations that call the provider and
	// then write what it did (hold, mute, transfer) with the callbacks that
	// act on the same state (see lockCall).
	locks callLocks

	// watches are the late-leg watches (watchLate): not work that Wait
	// waits for, but stopped by Close.
	watches *watches
}

// New returns the flow.
func New(cfg Config, deps Deps) (*Service, error) {
	if _, ok := sb.ParseHTTPURL(cfg.PublicBaseURL); !ok {
		return nil, fmt.Errorf("callflow: public base URL %q must be an absolute http(s) URL", cfg.PublicBaseURL)
	}
	if deps.Calls == nil || deps.CallerIDs == nil || deps.DNC == nil || deps.Workspaces == nil || deps.Provider == nil {
		return nil, errors.New("callflow: every dependency is required")
	}
	if deps.Outcomes == nil {
		deps.Outcomes, _ = deps.Calls.(sb.OutcomeStore)
	}
	if deps.Contacts == nil {
		deps.Contacts, _ = deps.Calls.(ContactFinder)
	}
	if deps.Dials == nil {
		deps.Dials, _ = deps.Calls.(sb.DialFactStore)
	}
	if deps.VoicemailDrops == nil {
		deps.VoicemailDrops, _ = deps.Calls.(sb.VoicemailDropStore)
	}
	if deps.DialLists == nil {
		deps.DialLists, _ = deps.Calls.(sb.DialListStore)
	}
	if deps.Outcomes == nil || deps.Contacts == nil || deps.Dials == nil || deps.VoicemailDrops == nil || deps.DialLists == nil {
		return nil, errors.New("callflow: the outcomes, contacts, dial, voicemail drop and dial list stores are required (Deps.Outcomes, Deps.Contacts, Deps.Dials, Deps.VoicemailDrops, Deps.DialLists)")
	}
	if cfg.DefaultRegion == "" {
		cfg.DefaultRegion = phone.DefaultRegion
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
	if cfg.DialListLease <= 0 {
		cfg.DialListLease = sb.DialListLease
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	lateDialDefaults(&cfg, deps.Provider)
	return &Service{cfg: cfg, deps: deps, log: cfg.Logger, base: strings.TrimRight(cfg.PublicBaseURL, "/"),
		watches: newWatches()}, nil
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
	// PathAnnouncement serves a workspace's recording announcement (the
	// conference's AnnounceUrl), with ?workspaceId=<id> in its query.
	PathAnnouncement = "/v1/voice/announcement"
	// PathAMDStatus receives the asynchronous answering-machine verdict on
	// a customer leg created with detection.
	PathAMDStatus = "/v1/voice/amd-status"
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

// e164 normalizes a number given in field (any common notation, national
// ones read in the configured region) to E.164: the flow's one reading of
// a number. Errors: EInvalidPhone naming field.
func (s *Service) e164(field, input string) (string, error) {
	return phone.NormalizeField(field, input, s.cfg.DefaultRegion)
}

// background runs f after the request that started it: with a context of its
// own (the request's ends with the response) bounded by timeout.
func (s *Service) background(timeout time.Duration, f func(ctx context.Context)) {
	s.later(timeout, f)()
}

// later reserves f at once (Wait waits for it from now on) and returns what
// starts it; the caller must call that exactly once.
func (s *Service) later(timeout time.Duration, f func(ctx context.Context)) func() {
	s.inflight.add()
	return func() {
		go func() {
			defer s.inflight.done()
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			f(ctx)
		}()
	}
}

// Wait waits for the work started after answers (dials, hang-ups), or for
// ctx. A dial cut short stays pending and is taken up by the next Recover.
func (s *Service) Wait(ctx context.Context) error {
	return s.inflight.wait(ctx)
}

// tasks counts work in flight. Unlike a sync.WaitGroup it lets new work be
// added while a Wait is under way: a webhook may arrive during a shutdown,
// or while one test's clean-up waits on a service another test still calls.
type tasks struct {
	mu sync.Mutex
	n  int
	// idle is closed while n is zero; nil before the first task.
	idle chan struct{}
}

func (t *tasks) add() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.n == 0 {
		t.idle = make(chan struct{})
	}
	t.n++
}

func (t *tasks) done() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.n--
	if t.n == 0 {
		close(t.idle)
	}
}

// wait returns once no task is in flight, or when ctx ends.
func (t *tasks) wait(ctx context.Context) error {
	t.mu.Lock()
	idle := t.idle
	t.mu.Unlock()
	if idle == nil {
		return nil
	}
	select {
	case <-idle:
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
