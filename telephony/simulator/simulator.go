package simulator

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"
)

// APIVersion is the only REST API version the simulator speaks; it is sent as
// ApiVersion in every webhook, as Twilio does.
const APIVersion = "2010-04-01"

// Timing says how long the simulated parties take. The zero value of a field
// means its default (DefaultTiming); tests set every field to a few
// milliseconds.
type Timing struct {
	// DialDelay is the time from a call's creation to the callee's phone
	// ringing (queued → initiated → ringing), and to a busy or failed
	// outcome.
	DialDelay time.Duration
	// RingDelay is how long an ordinary number, and the simulated browser of
	// a client: call, rings before answering.
	RingDelay time.Duration
	// SlowAnswerDelay is how long the slow test number rings before
	// answering.
	SlowAnswerDelay time.Duration
	// NoAnswerTimeout is how long the no-answer test number rings before the
	// call ends as no-answer. A call's own Timeout parameter, when shorter,
	// wins, as it does at Twilio.
	NoAnswerTimeout time.Duration
	// TalkTime is how long the hang-up test number talks before it hangs
	// up by itself.
	TalkTime time.Duration
	// ValidationDelay is how long the owner of a number takes to key in the
	// code of an outgoing caller ID validation request.
	ValidationDelay time.Duration
	// WebhookTimeout bounds every webhook request (Twilio gives up after 15 s).
	WebhookTimeout time.Duration
	// MachineGreeting is how long the machine test number's greeting lasts
	// before its beep: when detection that waits for the end of the
	// message reports it.
	MachineGreeting time.Duration
	// HumanDetection is how long answering-machine detection listens
	// before it reports a person (or, for a number that is neither test
	// number, unknown), and a machine with MachineDetection=Enable.
	HumanDetection time.Duration
}

// DefaultTiming is human-scale, so a person watching GET /sim/calls or the
// service's call view can follow the call.
var DefaultTiming = Timing{
	DialDelay:       500 * time.Millisecond,
	RingDelay:       3 * time.Second,
	SlowAnswerDelay: 12 * time.Second,
	NoAnswerTimeout: 20 * time.Second,
	TalkTime:        30 * time.Second,
	ValidationDelay: 10 * time.Second,
	WebhookTimeout:  15 * time.Second,
	MachineGreeting: 5 * time.Second,
	HumanDetection:  2 * time.Second,
}

func (t Timing) withDefaults() Timing {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&t.DialDelay, DefaultTiming.DialDelay)
	def(&t.RingDelay, DefaultTiming.RingDelay)
	def(&t.SlowAnswerDelay, DefaultTiming.SlowAnswerDelay)
	def(&t.NoAnswerTimeout, DefaultTiming.NoAnswerTimeout)
	def(&t.TalkTime, DefaultTiming.TalkTime)
	def(&t.ValidationDelay, DefaultTiming.ValidationDelay)
	def(&t.WebhookTimeout, DefaultTiming.WebhookTimeout)
	def(&t.MachineGreeting, DefaultTiming.MachineGreeting)
	def(&t.HumanDetection, DefaultTiming.HumanDetection)
	return t
}

// Default credentials, used when Config leaves them empty. twilio-go refuses
// credentials that are not alphanumeric, so these are.
const (
	DefaultAccountSid = "AC00000000000000000000000000000000"
)

// DefaultIncomingNumbers are the account's phone numbers when Config names
// none: numbers a call may come From.
var DefaultIncomingNumbers = []string{"+15005550006", "+15005550007"}

// Config configures a Simulator.
type Config struct {
	// AccountSid and AuthToken are the account's credentials: REST requests
	// must carry them as HTTP Basic auth, and webhooks are signed with the
	// token. An empty AccountSid means DefaultAccountSid; an empty AuthToken
	// a random one (see AuthToken): a constant would let anyone who reads
	// the source sign webhooks.
	AccountSid string
	AuthToken  string

	// IncomingNumbers are the account's phone numbers (E.164), listed by
	// IncomingPhoneNumbers.json; nil means DefaultIncomingNumbers.
	IncomingNumbers []string
	// VerifiedCallerIDs are numbers already verified as outgoing caller IDs.
	VerifiedCallerIDs []string
	// AcceptAnyFrom turns off Twilio's check that a call's From is one of the
	// account's numbers or verified caller IDs (error 21210).
	AcceptAnyFrom bool

	// CallControlURL is the default call-control webhook of POST
	// /sim/connect (the TwiML App's Voice URL at Twilio), e.g.
	// PUBLIC_BASE_URL/v1/voice/callml.
	CallControlURL string
	// AppStatusCallbackURL is the TwiML App's Status Callback URL at Twilio:
	// where the end of a browser leg of POST /sim/connect is reported (the
	// `completed` event), e.g. PUBLIC_BASE_URL/v1/voice/status. Empty
	// reports nothing, like an app without one.
	AppStatusCallbackURL string
	// BaseURL is where the simulator's REST API is reached; it is the prefix
	// of recording media URLs. Empty means https://api.twilio.com.
	BaseURL string

	Timing     Timing
	Logger     *slog.Logger
	HTTPClient *http.Client // for webhooks; nil means a plain client
}

// Simulator is an in-process stand-in for Twilio's voice API. Its zero value
// is not usable; call New.
type Simulator struct {
	cfg    Config
	timing Timing
	log    *slog.Logger
	client *http.Client
	mux    *http.ServeMux
	// restRoutes are the REST routes mux serves ("POST
	// /2010-04-01/Accounts/{account}/Calls.json"): the check against
	// Twilio's description drives each of them.
	restRoutes []string

	ctx    context.Context // canceled by Close: stops waits and webhooks
	cancel context.CancelFunc

	lifeMu sync.Mutex // guards closed and wg.Add, so nothing starts after Close
	closed bool
	wg     sync.WaitGroup

	mu          sync.Mutex // guards everything below and the records they hold
	calls       map[string]*call
	callOrder   []string
	confs       map[string]*conference
	confOrder   []string
	recs        map[string]*recording
	recOrder    []string
	numbers     []*phoneNumber
	callerIDs   []*phoneNumber
	validations map[string]string // phone number → pending validation code
}

// RandomAuthToken returns a new auth token: 32 random bytes in hex,
// alphanumeric as twilio-go requires.
func RandomAuthToken() string {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return hex.EncodeToString(b[:])
}

// New returns a running simulator. Call Close to stop its calls.
func New(cfg Config) *Simulator {
	if cfg.AccountSid == "" {
		cfg.AccountSid = DefaultAccountSid
	}
	if cfg.AuthToken == "" {
		cfg.AuthToken = RandomAuthToken()
	}
	if cfg.IncomingNumbers == nil {
		cfg.IncomingNumbers = DefaultIncomingNumbers
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = "https://api.twilio.com"
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	s := &Simulator{
		cfg:         cfg,
		timing:      cfg.Timing.withDefaults(),
		log:         cfg.Logger,
		client:      cfg.HTTPClient,
		calls:       map[string]*call{},
		confs:       map[string]*conference{},
		recs:        map[string]*recording{},
		validations: map[string]string{},
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.log = s.log.With("component", "simulator")
	if s.client == nil {
		s.client = &http.Client{}
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	now := time.Now().UTC()
	for _, n := range cfg.IncomingNumbers {
		s.numbers = append(s.numbers, &phoneNumber{sid: newSid("PN"), number: n, created: now})
	}
	for _, n := range cfg.VerifiedCallerIDs {
		s.callerIDs = append(s.callerIDs, &phoneNumber{sid: newSid("PN"), number: n, created: now})
	}
	s.routes()
	return s
}

// Handler serves Twilio's REST paths (/2010-04-01/Accounts/{AccountSid}/…)
// and the simulator's own /sim/… routes.
func (s *Simulator) Handler() http.Handler { return s.mux }

// AccountSid returns the account the simulator serves.
func (s *Simulator) AccountSid() string { return s.cfg.AccountSid }

// AuthToken returns the token REST requests authenticate with and webhooks
// are signed with.
func (s *Simulator) AuthToken() string { return s.cfg.AuthToken }

// Close stops every call in flight, cancels pending webhooks and waits for the
// simulator's goroutines. Calls stop where they are; no further webhooks are
// sent.
func (s *Simulator) Close() {
	s.lifeMu.Lock()
	s.closed = true
	s.lifeMu.Unlock()
	s.cancel()
	s.wg.Wait()
}

// spawn runs f on a goroutine Close waits for; after Close it does nothing.
func (s *Simulator) spawn(f func()) bool {
	s.lifeMu.Lock()
	defer s.lifeMu.Unlock()
	if s.closed {
		return false
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		f()
	}()
	return true
}

// sleep waits d, or less when the simulator closes (then it reports false).
func (s *Simulator) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.ctx.Done():
		return false
	}
}

// newSid returns a Twilio-shaped SID: a two-letter prefix and 32 hex digits.
func newSid(prefix string) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

// twilioTime formats t the way the 2010-04-01 API does (RFC 2822).
func twilioTime(t time.Time) string {
	return t.UTC().Format(time.RFC1123Z)
}

// outbox delivers one record's webhooks in order, on a goroutine of its own,
// so that the state machine never waits for the service and callbacks still
// arrive in SequenceNumber order.
type outbox struct {
	mu      sync.Mutex
	queue   []func()
	running bool
}

func (s *Simulator) post(o *outbox, f func()) {
	o.mu.Lock()
	o.queue = append(o.queue, f)
	if o.running {
		o.mu.Unlock()
		return
	}
	o.running = true
	o.mu.Unlock()
	started := s.spawn(func() {
		for {
			o.mu.Lock()
			if len(o.queue) == 0 {
				o.running = false
				o.mu.Unlock()
				return
			}
			next := o.queue[0]
			o.queue = o.queue[1:]
			o.mu.Unlock()
			next()
		}
	})
	if !started {
		o.mu.Lock()
		o.queue, o.running = nil, false
		o.mu.Unlock()
	}
}
