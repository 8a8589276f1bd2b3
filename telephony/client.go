package telephony

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/twilio/twilio-go/client"
	openapi "github.com/twilio/twilio-go/rest/api/v2010"

	"github.com/switchboard-oss/switchboard"
)

// DefaultAPIBaseURL is Twilio's REST API, the default of TWILIO_API_BASE_URL.
const DefaultAPIBaseURL = "https://api.twilio.com"

// Config configures a Client.
type Config struct {
	AccountSID string // TWILIO_ACCOUNT_SID; alphanumeric, or twilio-go refuses it (21222)
	AuthToken  string // TWILIO_AUTH_TOKEN; alphanumeric, or twilio-go refuses it (21224)
	// BaseURL is where requests go instead of https://api.twilio.com: the
	// simulator, a local fake or a compatible provider. A path is kept as a
	// prefix. "" means DefaultAPIBaseURL.
	BaseURL string
	// Transport carries the requests; nil means http.DefaultTransport. The
	// in-process simulator can hand its handler in here.
	Transport http.RoundTripper
	// Timeout bounds each request; 0 means 10 s, twilio-go's own default.
	Timeout time.Duration
}

// Client calls the provider's REST API through twilio-go, at the configured
// base URL, and speaks in this package's small types rather than twilio-go's.
//
// twilio-go's requests carry no context (it builds them on
// context.Background()), so the Client builds a cheap twilio-go API service
// per call whose HTTP transport attaches the caller's context: cancelling the
// context or reaching its deadline ends the request in flight.
//
// Errors: a non-2xx answer from the provider is a *ProviderError, which
// unwraps to a *switchboard.Error with code EProviderError (so the HTTP layer
// maps it like any domain error, with the provider's code in the details) and
// to twilio-go's *client.TwilioRestError. Invalid arguments (a SID or label
// that could not safely go into a URL path) are a *switchboard.Error with code
// EInvalid. Transport failures are wrapped plain errors, i.e. internal.
type Client struct {
	accountSID, authToken string
	base                  *url.URL // nil: leave twilio-go's hosts alone
	transport             http.RoundTripper
	timeout               time.Duration
}

// NewClient returns a Client for cfg. It checks the base URL and the
// credentials' shape, so a misconfiguration shows at start-up rather than on
// the first call.
func NewClient(cfg Config) (*Client, error) {
	if cfg.AccountSID == "" || cfg.AuthToken == "" {
		return nil, errors.New("telephony: an account SID and an auth token are required")
	}
	if !isToken(cfg.AccountSID) || !isToken(cfg.AuthToken) {
		return nil, errors.New("telephony: account SID and auth token must be alphanumeric")
	}
	c := &Client{accountSID: cfg.AccountSID, authToken: cfg.AuthToken, transport: cfg.Transport, timeout: cfg.Timeout}
	if c.transport == nil {
		c.transport = http.DefaultTransport
	}
	if c.timeout == 0 {
		c.timeout = 10 * time.Second
	}
	raw := strings.TrimRight(cfg.BaseURL, "/")
	if raw != "" && raw != DefaultAPIBaseURL {
		u, ok := switchboard.ParseHTTPURL(raw)
		if !ok || u.RawQuery != "" {
			return nil, fmt.Errorf("telephony: API base URL %q must be http(s)://host[:port][/path]", cfg.BaseURL)
		}
		c.base = u
	}
	return c, nil
}

// AccountSID is the account the client acts for; webhooks carry it as
// AccountSid.
func (c *Client) AccountSID() string { return c.accountSID }

// RequestTimeout is the bound on each request (Config.Timeout): how long
// after it was sent a request the client gave up on stopped being its own.
func (c *Client) RequestTimeout() time.Duration { return c.timeout }

// api returns twilio-go's v2010 API service bound to ctx. This is what
// twilio.NewRestClientWithParams does for its Api field, minus the sixty
// other services it would also build on every call.
func (c *Client) api(ctx context.Context) *openapi.ApiService {
	tc := &client.Client{
		Credentials: client.NewCredentials(c.accountSID, c.authToken),
		HTTPClient: &http.Client{
			Transport: &rewriter{ctx: ctx, base: c.base, next: c.transport},
			Timeout:   c.timeout,
			// As twilio-go's default client: a redirect is an answer, not
			// something to follow with the credentials attached.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
	}
	tc.SetAccountSid(c.accountSID)
	return openapi.NewApiService(client.NewRequestHandler(tc))
}

// rewriter sends every request twilio-go makes to the configured base URL
// and under the caller's context. twilio-go builds absolute URLs on
// api.twilio.com (and, with TWILIO_EDGE/TWILIO_REGION, on edge and region
// hosts); all of them keep their path and query and change scheme and host.
type rewriter struct {
	ctx  context.Context
	base *url.URL
	next http.RoundTripper
}

func (t *rewriter) RoundTrip(req *http.Request) (*http.Response, error) {
	// A RoundTripper must not change the request it is given: work on a
	// clone (which also deep-copies the URL).
	out := req.Clone(t.ctx)
	if t.base != nil {
		out.URL.Scheme = t.base.Scheme
		out.URL.Host = t.base.Host
		out.URL.Path = strings.TrimRight(t.base.Path, "/") + out.URL.Path
		out.URL.RawPath = ""
		out.Host = ""
	}
	return t.next.RoundTrip(out)
}

// ProviderError is an error answer of the provider's REST API
// ({code, message, more_info, status}).
type ProviderError struct {
	Status   int    // HTTP status
	Code     int    // Twilio error code, e.g. 21211 (invalid To), 21626 (bad StatusCallbackEvent)
	Message  string // the provider's message
	MoreInfo string // link to the provider's documentation of Code
	Op       string // what the client was doing, e.g. "create call"

	cause error
}

func (e *ProviderError) Error() string {
	return fmt.Sprintf("telephony: %s: provider error %d (HTTP %d): %s", e.Op, e.Code, e.Status, e.Message)
}

// Unwrap exposes the domain error (for switchboard.ErrorCode and the HTTP
// layer's table) and twilio-go's original error.
func (e *ProviderError) Unwrap() []error {
	return []error{e.Domain(), e.cause}
}

// Domain is the error as the API's caller may see it: code provider_error,
// the provider's message, and its code under details field "providerCode".
func (e *ProviderError) Domain() *switchboard.Error {
	return &switchboard.Error{
		Code:    switchboard.EProviderError,
		Message: fmt.Sprintf("The telephony provider refused to %s: %s", e.Op, e.Message),
		Details: []switchboard.FieldError{{Field: "providerCode", Message: strconv.Itoa(e.Code)}},
	}
}

// wrapErr turns what twilio-go returned into the errors the Client
// documents.
func wrapErr(op string, err error) error {
	if err == nil {
		return nil
	}
	var tre *client.TwilioRestError
	if errors.As(err, &tre) {
		return &ProviderError{Status: tre.Status, Code: tre.Code, Message: tre.Message, MoreInfo: tre.MoreInfo, Op: op, cause: err}
	}
	return fmt.Errorf("telephony: %s: %w", op, err)
}

// isToken reports whether s is non-empty and only [A-Za-z0-9]: SIDs (they
// go unescaped into URL paths) and twilio-go's credential rule.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// isLabel reports whether s is a usable participant label: [A-Za-z0-9_-],
// 1 to 64 characters. twilio-go puts labels into URL paths unescaped.
func isLabel(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// checkSIDs returns an EInvalid error naming the first argument that is not
// a SID; name/value pairs.
func checkSIDs(pairs ...string) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if !isToken(pairs[i+1]) {
			return switchboard.FieldErrorf(switchboard.EInvalid, pairs[i], "%s is not a provider SID", pairs[i])
		}
	}
	return nil
}
