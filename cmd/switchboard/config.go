package main

import (
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"time"

	sb "github.com/switchboard-oss/switchboard"
)

// Config is the deployment's configuration, read from the environment
// (settings, in env.go, names every variable and its default).
type Config struct {
	// Addr is SWITCHBOARD_ADDR; unset, it is ":8080", or "127.0.0.1:8080"
	// when the simulator runs (its /sim routes and webhooks must not be
	// reachable from the network).
	Addr          string
	DatabaseURL   string // DATABASE_URL
	PublicBaseURL string // PUBLIC_BASE_URL
	DefaultRegion string // DEFAULT_REGION
	RateLimit     float64
	LogLevel      slog.Level
	LogFormat     string
	ShutdownGrace time.Duration

	TwilioAccountSid  string
	TwilioAuthToken   string
	TwilioAPIKey      string
	TwilioAPISecret   string
	TwilioTwiMLAppSid string
	TwilioAPIBaseURL  string
	// TwilioRequestTimeout bounds each REST request to the provider
	// (TWILIO_REQUEST_TIMEOUT).
	TwilioRequestTimeout time.Duration
	// DialClaim is how long one process owns a pending customer dial
	// before another may take it over (DIAL_CLAIM, at least 1s); recovery
	// runs that often.
	DialClaim time.Duration
	// DialListLease is how long a dial list's entry handed out by next
	// stays the agent's while undialled (DIAL_LIST_LEASE, at least 1s).
	DialListLease time.Duration

	// HoldMusicURL is an MP3 or WAV a held customer hears in a loop
	// (HOLD_MUSIC_URL); "" says "Please hold." instead.
	HoldMusicURL string

	// CORSAllowedOrigins are the browser origins allowed to call the API
	// (CORS_ALLOWED_ORIGINS, comma-separated); none turns CORS off.
	CORSAllowedOrigins []string

	// MetricsAddr is where Prometheus metrics are served, at /metrics, on a
	// listener of their own (METRICS_ADDR); "" serves none.
	MetricsAddr string
	// WebhookAllowPrivateNetworks lets webhook deliveries reach loopback,
	// private and link-local addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS);
	// unset, it is true only in simulator mode, which serves one machine.
	WebhookAllowPrivateNetworks bool
	// WebhookRescueAfter is how long a delivery may run before another
	// process takes it for the job of a dead one (WEBHOOK_RESCUE_AFTER, at
	// least 20s: the 10 s attempt and a margin).
	WebhookRescueAfter time.Duration
}

// LocalOnlyAddr is where the service listens in simulator mode unless
// SWITCHBOARD_ADDR says otherwise.
const LocalOnlyAddr = "127.0.0.1:8080"

// LoadConfig reads and checks the configuration; an unset variable takes
// its default from settings.
func LoadConfig(getenv func(string) string) (Config, error) {
	env := envReader(getenv)
	get := env.get
	cfg := Config{
		Addr:              get("SWITCHBOARD_ADDR"),
		DatabaseURL:       get("DATABASE_URL"),
		PublicBaseURL:     strings.TrimRight(get("PUBLIC_BASE_URL"), "/"),
		DefaultRegion:     strings.ToUpper(get("DEFAULT_REGION")),
		LogFormat:         get("LOG_FORMAT"),
		TwilioAccountSid:  get("TWILIO_ACCOUNT_SID"),
		TwilioAuthToken:   get("TWILIO_AUTH_TOKEN"),
		TwilioAPIKey:      get("TWILIO_API_KEY"),
		TwilioAPISecret:   get("TWILIO_API_SECRET"),
		TwilioTwiMLAppSid: get("TWILIO_TWIML_APP_SID"),
		TwilioAPIBaseURL:  strings.TrimRight(get("TWILIO_API_BASE_URL"), "/"),
		HoldMusicURL:      get("HOLD_MUSIC_URL"),
		MetricsAddr:       get("METRICS_ADDR"),
	}
	var err error
	if cfg.RateLimit, err = strconv.ParseFloat(get("RATE_LIMIT"), 64); err != nil || cfg.RateLimit < 0 {
		return cfg, fmt.Errorf("RATE_LIMIT: want requests per second >= 0 (0 turns it off), got %q", getenv("RATE_LIMIT"))
	}
	if cfg.ShutdownGrace, err = time.ParseDuration(get("SHUTDOWN_GRACE")); err != nil {
		return cfg, fmt.Errorf("SHUTDOWN_GRACE: %w", err)
	}
	if cfg.TwilioRequestTimeout, err = time.ParseDuration(get("TWILIO_REQUEST_TIMEOUT")); err != nil || cfg.TwilioRequestTimeout <= 0 {
		return cfg, fmt.Errorf("TWILIO_REQUEST_TIMEOUT: want a positive duration such as 10s, got %q", getenv("TWILIO_REQUEST_TIMEOUT"))
	}
	if cfg.DialClaim, err = time.ParseDuration(get("DIAL_CLAIM")); err != nil || cfg.DialClaim < time.Second {
		return cfg, fmt.Errorf("DIAL_CLAIM: want a duration of at least 1s such as 30s, got %q", getenv("DIAL_CLAIM"))
	}
	if cfg.DialListLease, err = time.ParseDuration(get("DIAL_LIST_LEASE")); err != nil || cfg.DialListLease < time.Second {
		return cfg, fmt.Errorf("DIAL_LIST_LEASE: want a duration of at least 1s such as 10m, got %q", getenv("DIAL_LIST_LEASE"))
	}
	if err := cfg.LogLevel.UnmarshalText([]byte(get("LOG_LEVEL"))); err != nil {
		return cfg, fmt.Errorf("LOG_LEVEL: %w", err)
	}
	if _, ok := sb.ParseHTTPURL(cfg.PublicBaseURL); !ok {
		return cfg, fmt.Errorf("PUBLIC_BASE_URL: want an absolute http(s) URL, got %q", cfg.PublicBaseURL)
	}
	if _, ok := sb.ParseHTTPURL(cfg.HoldMusicURL); cfg.HoldMusicURL != "" && !ok {
		return cfg, fmt.Errorf("HOLD_MUSIC_URL: want an absolute http(s) URL of an MP3 or WAV, got %q", cfg.HoldMusicURL)
	}
	if cfg.CORSAllowedOrigins, err = parseOrigins(get("CORS_ALLOWED_ORIGINS")); err != nil {
		return cfg, fmt.Errorf("CORS_ALLOWED_ORIGINS: %w", err)
	}
	if _, _, err := net.SplitHostPort(cfg.MetricsAddr); cfg.MetricsAddr != "" && err != nil {
		return cfg, fmt.Errorf("METRICS_ADDR: want host:port or :port such as 127.0.0.1:9090, got %q", cfg.MetricsAddr)
	}
	if len(cfg.DefaultRegion) != 2 {
		return cfg, fmt.Errorf("DEFAULT_REGION: want a two-letter ISO region, got %q", cfg.DefaultRegion)
	}
	if !env.isSet("SWITCHBOARD_ADDR") && cfg.TwilioAccountSid == "" {
		cfg.Addr = LocalOnlyAddr
	}
	cfg.WebhookAllowPrivateNetworks = cfg.TwilioAccountSid == ""
	if v := get("WEBHOOK_ALLOW_PRIVATE_NETWORKS"); v != "" {
		if cfg.WebhookAllowPrivateNetworks, err = strconv.ParseBool(v); err != nil {
			return cfg, fmt.Errorf("WEBHOOK_ALLOW_PRIVATE_NETWORKS: want true or false, got %q", v)
		}
	}
	if cfg.WebhookRescueAfter, err = time.ParseDuration(get("WEBHOOK_RESCUE_AFTER")); err != nil || cfg.WebhookRescueAfter < 20*time.Second {
		return cfg, fmt.Errorf("WEBHOOK_RESCUE_AFTER: want a duration of at least 20s such as 1m, got %q", getenv("WEBHOOK_RESCUE_AFTER"))
	}
	if cfg.TwilioAccountSid != "" && cfg.TwilioAuthToken == "" {
		return cfg, fmt.Errorf("TWILIO_AUTH_TOKEN is required when TWILIO_ACCOUNT_SID is set")
	}
	return cfg, nil
}

// parseOrigins reads a comma-separated list of origins. Each must be exactly
// what a browser sends in Origin (scheme://host[:port], no path, no trailing
// slash), or "*" for any: a near miss would match nothing and fail only in
// the browser, so it is refused here.
func parseOrigins(list string) ([]string, error) {
	var out []string
	for _, o := range strings.Split(list, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if o != "*" {
			u, ok := sb.ParseHTTPURL(o)
			if !ok || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil || strings.HasSuffix(o, "?") {
				return nil, fmt.Errorf("want origins like https://app.example.com or http://localhost:5173 (scheme, host, port; no path), or *; got %q", o)
			}
		}
		out = append(out, o)
	}
	return out, nil
}
