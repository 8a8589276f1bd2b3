package main

import (
	"strconv"
	"strings"

	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// setting is one environment variable the program reads.
type setting struct {
	name string
	// def is the value read when the variable is unset, as the README's
	// configuration table and --help write it; "" means none ("unset").
	def     string
	meaning string
}

// settings is the one table of the environment: LoadConfig reads every
// default from it, --help prints it, and a test holds the README's
// configuration table to its names and defaults. A default that depends on
// other variables (SWITCHBOARD_ADDR in simulator mode,
// WEBHOOK_ALLOW_PRIVATE_NETWORKS) is the plain one here; LoadConfig and the
// meaning say when it changes.
var settings = []setting{
	{"SWITCHBOARD_ADDR", ":8080", "listen address; " + LocalOnlyAddr + " when the simulator runs"},
	{"DATABASE_URL", "sqlite:switchboard.db", "sqlite:<file> (embedded) or postgres://user@host:5432/db"},
	{"PUBLIC_BASE_URL", "http://localhost:8080", "the base URL Twilio reaches (webhook URLs, signature checks)"},
	{"DEFAULT_REGION", phone.DefaultRegion, "region for national-format phone numbers"},
	{"TWILIO_ACCOUNT_SID", "", "a real Twilio account; unset runs the embedded simulator"},
	{"TWILIO_AUTH_TOKEN", "", "the account's auth token (required with TWILIO_ACCOUNT_SID)"},
	{"TWILIO_API_KEY", "", "API key for Voice SDK access tokens"},
	{"TWILIO_API_SECRET", "", "the API key's secret"},
	{"TWILIO_TWIML_APP_SID", "", "the TwiML App the access tokens name"},
	{"TWILIO_API_BASE_URL", telephony.DefaultAPIBaseURL, "any Twilio-compatible API"},
	{"TWILIO_REQUEST_TIMEOUT", "10s", "bound on each REST request to the provider"},
	{"DIAL_CLAIM", "30s", "how long one process owns a pending customer dial; recovery runs this often"},
	{"DIAL_LIST_LEASE", "10m", "how long an entry a dial list's next hands out stays the agent's while undialled"},
	{"CORS_ALLOWED_ORIGINS", "", "comma-separated browser origins allowed to call the API; unset sends no CORS headers"},
	{"WEBHOOK_ALLOW_PRIVATE_NETWORKS", "", "true lets webhook deliveries reach loopback, private and other special-purpose addresses; unset: true only in simulator mode"},
	{"WEBHOOK_RESCUE_AFTER", "1m", "how long a webhook delivery may run before another process retries it as a dead process's"},
	{"RATE_LIMIT", "100", "requests per second per bearer token; 0 turns it off"},
	{"LOG_LEVEL", "info", "debug, info, warn, error"},
	{"LOG_FORMAT", "json", "json or text"},
	{"SHUTDOWN_GRACE", "15s", "how long in-flight requests may finish on SIGINT/SIGTERM"},
	{"HOLD_MUSIC_URL", "", "an MP3 or WAV a held customer hears; unset says \"Please hold.\""},
	{"GOMEMLIMIT", "100MiB", "the Go runtime's soft memory limit (512MiB, off); the collector works harder near it"},
	{"METRICS_ADDR", "", "serve Prometheus metrics at /metrics on this address (127.0.0.1:9090); unset serves none"},
}

// lookupSetting returns the table's row for name. A name missing from the
// table is a programming error, caught by any test that loads the
// configuration or prints --help.
func lookupSetting(name string) setting {
	for _, s := range settings {
		if s.name == name {
			return s
		}
	}
	panic("cmd/switchboard: " + name + " is not in the settings table")
}

// envReader reads variables, trimmed, falling back to the table's default.
type envReader func(string) string

func (getenv envReader) get(name string) string {
	def := lookupSetting(name).def
	if v := strings.TrimSpace(getenv(name)); v != "" {
		return v
	}
	return def
}

// isSet tells whether the environment gives name a value of its own.
func (getenv envReader) isSet(name string) bool {
	lookupSetting(name)
	return strings.TrimSpace(getenv(name)) != ""
}

// mebibytes reads a size written as "<n>MiB", the one form the table's
// GOMEMLIMIT default takes.
func mebibytes(s string) int64 {
	n, err := strconv.ParseInt(strings.TrimSuffix(s, "MiB"), 10, 64)
	if err != nil || !strings.HasSuffix(s, "MiB") {
		panic("cmd/switchboard: " + s + " is not a size in MiB")
	}
	return n << 20
}
