package metrics

import (
	"log/slog"
	"net/http"
	"regexp"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	sb "github.com/switchboard-oss/switchboard"
)

// Namespace prefixes every metric of Switchboard's own.
const Namespace = "switchboard"

// Import kinds (the kind label of switchboard_import_rows_total).
const (
	ImportContacts = "contacts"
	ImportDNC      = "dnc"
)

// Import outcomes (the outcome label of switchboard_import_rows_total), as
// the import's result counts them.
const (
	OutcomeImported = "imported"
	OutcomeUpdated  = "updated"
	OutcomeSkipped  = "skipped"
	OutcomeFailed   = "failed"
)

// Metrics is one set of Switchboard's metrics on a registry of its own. Its
// methods are safe for concurrent use, and every method of a nil *Metrics
// does nothing (metrics off).
type Metrics struct {
	reg *prometheus.Registry
	log *slog.Logger

	httpDuration      *prometheus.HistogramVec
	providerRequests  *prometheus.CounterVec
	providerErrors    *prometheus.CounterVec
	providerDuration  *prometheus.HistogramVec
	webhookDeliveries *prometheus.CounterVec
	webhookDuration   *prometheus.HistogramVec
	importRows        *prometheus.CounterVec

	httpMu     sync.RWMutex
	httpSeries map[httpKey]prometheus.Observer

	webhookMu      sync.Mutex
	webhookResults map[string]bool

	scraped *scrapeCollector
}

// httpBuckets reach from a cached read (well under a millisecond) to a CSV
// import of tens of megabytes (a minute).
var httpBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}

// providerBuckets and webhookBuckets end at the requests' own timeouts
// (TWILIO_REQUEST_TIMEOUT's default and the webhook's 10 s), with room above.
var (
	providerBuckets = []float64{.01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 20}
	webhookBuckets  = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 15}
)

// New returns the metrics on a fresh registry that also holds the Go runtime
// and process collectors. logger receives what goes wrong while collecting.
func New(logger *slog.Logger) *Metrics {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		log: logger,
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Time to serve an HTTP request, by Echo route template, method and response status.",
			Buckets: httpBuckets,
		}, []string{"route", "method", "status"}),
		providerRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "provider", Name: "requests_total",
			Help: "REST requests to the telephony provider, by operation (Calls.create, ...) and HTTP status (\"none\" when no response arrived).",
		}, []string{"operation", "status"}),
		providerErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "provider", Name: "request_errors_total",
			Help: "REST requests to the telephony provider that failed, by operation and reason (network, 3xx, 4xx, 5xx).",
		}, []string{"operation", "reason"}),
		providerDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "provider", Name: "request_duration_seconds",
			Help:    "Time from sending a REST request to the provider to its response headers (or failure), by operation.",
			Buckets: providerBuckets,
		}, []string{"operation"}),
		webhookDeliveries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "webhook", Name: "deliveries_total",
			Help: "Webhook delivery attempts, by result.",
		}, []string{"result"}),
		webhookDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "webhook", Name: "delivery_duration_seconds",
			Help:    "Time of a webhook delivery attempt, from sending to the receiver's answer or the failure, by result.",
			Buckets: webhookBuckets,
		}, []string{"result"}),
		importRows: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Subsystem: "import", Name: "rows_total",
			Help: "CSV rows of contact and do-not-call imports, by kind and outcome.",
		}, []string{"kind", "outcome"}),
		webhookResults: map[string]bool{},
		httpSeries:     map[httpKey]prometheus.Observer{},
	}
	m.scraped = newScrapeCollector(logger)
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.httpDuration, m.providerRequests, m.providerErrors, m.providerDuration,
		m.webhookDeliveries, m.webhookDuration, m.importRows, m.scraped,
	)
	// Series that exist from the start, at zero, so that rate() and alerts
	// see the first import rather than a series appearing from nothing.
	for _, o := range []string{OutcomeImported, OutcomeUpdated, OutcomeSkipped, OutcomeFailed} {
		m.importRows.WithLabelValues(ImportContacts, o)
		if o != OutcomeUpdated {
			m.importRows.WithLabelValues(ImportDNC, o)
		}
	}
	for _, r := range []string{WebhookSucceeded, WebhookRetrying, WebhookFailed} {
		m.webhookResults[r] = true
		m.webhookDeliveries.WithLabelValues(r)
	}
	return m
}

// Registry is where the metrics are registered; tests and embedders may
// gather from it or add collectors of their own.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the registry in Prometheus' exposition format. A collector
// that fails leaves its own series out and the rest is served: a database
// that does not answer must not blind the operator to everything else.
func (m *Metrics) Handler() http.Handler {
	h := promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorLog:            slog.NewLogLogger(m.log.Handler(), slog.LevelWarn),
		ErrorHandling:       promhttp.ContinueOnError,
		Registry:            m.reg,
		Timeout:             ScrapeTimeout + 5*time.Second,
		MaxRequestsInFlight: 4,
	})
	return promhttp.InstrumentMetricHandler(m.reg, h)
}

// NewServer returns an http.Server that serves Handler at /metrics and
// nothing else (404), for its own listener.
func (m *Metrics) NewServer() *http.Server {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	return &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(m.log.Handler(), slog.LevelWarn),
	}
}

// AddImportRows counts the rows of one import (kind ImportContacts or
// ImportDNC) by outcome. An import that stopped half-way reports the rows it
// got through.
func (m *Metrics) AddImportRows(kind string, imported, updated, skipped, failed int) {
	if m == nil {
		return
	}
	if kind != ImportDNC {
		kind = ImportContacts
	}
	for _, c := range []struct {
		outcome string
		n       int
	}{{OutcomeImported, imported}, {OutcomeUpdated, updated}, {OutcomeSkipped, skipped}, {OutcomeFailed, failed}} {
		if c.n > 0 {
			m.importRows.WithLabelValues(kind, c.outcome).Add(float64(c.n))
		}
	}
}

// Webhook delivery results the README documents: the delivery's own states
// after an attempt. Others are accepted (see ObserveWebhookDelivery) so that
// the delivery worker may name a new one.
const (
	WebhookSucceeded = sb.DeliverySucceeded // a 2xx within the timeout
	WebhookRetrying  = sb.DeliveryRetrying  // failed; another attempt is scheduled
	WebhookFailed    = sb.DeliveryFailed    // failed, and it was the last attempt
)

// maxWebhookResults bounds the result label: a worker that passed an id or
// an error text as the result would otherwise make a series per call.
const maxWebhookResults = 8

var resultPattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)

// ObserveWebhookDelivery records one delivery attempt: its result (succeeded,
// retrying or failed, or another short lower-case word) and how long it took.
// A result that is not such a word, or one beyond the first eight seen, is
// counted as "other". The delivery worker calls it after every attempt.
func (m *Metrics) ObserveWebhookDelivery(result string, d time.Duration) {
	if m == nil {
		return
	}
	result = m.webhookResult(result)
	m.webhookDeliveries.WithLabelValues(result).Inc()
	m.webhookDuration.WithLabelValues(result).Observe(d.Seconds())
}

func (m *Metrics) webhookResult(r string) string {
	if !resultPattern.MatchString(r) {
		return "other"
	}
	m.webhookMu.Lock()
	defer m.webhookMu.Unlock()
	if !m.webhookResults[r] {
		if len(m.webhookResults) >= maxWebhookResults {
			return "other"
		}
		m.webhookResults[r] = true
	}
	return r
}
