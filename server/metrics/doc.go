// Package metrics holds Switchboard's Prometheus metrics: what they are, the
// Echo middleware that times every HTTP request, the http.RoundTripper that
// counts the provider's REST requests, the functions the CSV imports and the
// webhook delivery worker report through, and the collectors that read the
// calls by status and the job queue's depth when Prometheus scrapes.
//
// Every Metrics owns its own prometheus.Registry instead of registering on
// the client library's global default: two servers in one process (tests
// start several, and an instance may be started and stopped within a
// process) would otherwise collide on the same metric names, and nothing a
// dependency registers globally leaks into what Switchboard serves.
//
// Metrics are served on a listener of their own (METRICS_ADDR), never on the
// API's: the API may be public, and what the metrics show (routes, volumes,
// the process) is for operators. A nil *Metrics is valid and records nothing,
// so code that reports to it needs no check for "metrics off".
//
// Labels are bounded by construction: HTTP requests by the Echo route
// template (never the raw path), method and status; provider requests by the
// operation telephony.Operation names; imports by kind and outcome; webhook
// deliveries by a result from a small set. Nothing labels by workspace,
// contact or call.
package metrics
