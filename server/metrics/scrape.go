package metrics

import (
	"context"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// ScrapeTimeout bounds each read made while Prometheus scrapes (the calls by
// status, the queue's depth): a slow database delays the scrape by at most
// this, and the series it would have given are left out.
const ScrapeTimeout = 5 * time.Second

// QueueDepthFunc reports how many jobs wait in the job queue.
type QueueDepthFunc func(context.Context) (int, error)

// CallsByStatusFunc reports how many calls there are in each status.
type CallsByStatusFunc func(context.Context) (map[string]int64, error)

// SetQueueDepthFunc sets what switchboard_job_queue_depth reads at every
// scrape; until it is set (or after it is set to nil) the series is absent.
func (m *Metrics) SetQueueDepthFunc(f QueueDepthFunc) {
	if m == nil {
		return
	}
	m.scraped.mu.Lock()
	defer m.scraped.mu.Unlock()
	m.scraped.queueDepth = f
}

// SetCallsByStatusFunc sets what switchboard_calls reads at every scrape;
// until it is set the series are absent.
func (m *Metrics) SetCallsByStatusFunc(f CallsByStatusFunc) {
	if m == nil {
		return
	}
	m.scraped.mu.Lock()
	defer m.scraped.mu.Unlock()
	m.scraped.calls = f
}

// IndexMergingFunc reports whether the search index is being merged.
type IndexMergingFunc func() bool

// SetIndexMergingFunc sets what switchboard_search_index_merging reads at
// every scrape; until it is set the series is absent.
func (m *Metrics) SetIndexMergingFunc(f IndexMergingFunc) {
	if m == nil {
		return
	}
	m.scraped.mu.Lock()
	defer m.scraped.mu.Unlock()
	m.scraped.merging = f
}

// scrapeCollector reads values owned by someone else (the database, the job
// queue) when Prometheus asks, rather than keeping copies that could drift.
type scrapeCollector struct {
	log         *slog.Logger
	queueDesc   *prometheus.Desc
	callsDesc   *prometheus.Desc
	mergingDesc *prometheus.Desc
	mu          sync.Mutex
	queueDepth  QueueDepthFunc
	calls       CallsByStatusFunc
	merging     IndexMergingFunc
}

func newScrapeCollector(log *slog.Logger) *scrapeCollector {
	return &scrapeCollector{
		log: log,
		queueDesc: prometheus.NewDesc(prometheus.BuildFQName(Namespace, "job_queue", "depth"),
			"Jobs waiting in the job queue (available, scheduled or being retried), read from the database at scrape time.", nil, nil),
		callsDesc: prometheus.NewDesc(prometheus.BuildFQName(Namespace, "", "calls"),
			"Calls stored, by status, read from the database at scrape time: the same on every instance of one database (aggregate with max, not sum).",
			[]string{"status"}, nil),
		mergingDesc: prometheus.NewDesc(prometheus.BuildFQName(Namespace, "search_index", "merging"),
			"1 while this instance merges the search index after a large import (SQLite), 0 otherwise.", nil, nil),
	}
}

func (c *scrapeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.queueDesc
	ch <- c.callsDesc
	ch <- c.mergingDesc
}

func (c *scrapeCollector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	queueDepth, calls, merging := c.queueDepth, c.calls, c.merging
	c.mu.Unlock()
	if merging != nil {
		v := 0.0
		if merging() {
			v = 1
		}
		ch <- prometheus.MustNewConstMetric(c.mergingDesc, prometheus.GaugeValue, v)
	}
	ctx, cancel := context.WithTimeout(context.Background(), ScrapeTimeout)
	defer cancel()
	if queueDepth != nil {
		if n, err := queueDepth(ctx); err != nil {
			c.log.Warn("metrics: reading the job queue's depth failed; the series is left out of this scrape", "error", err.Error())
		} else {
			ch <- prometheus.MustNewConstMetric(c.queueDesc, prometheus.GaugeValue, float64(n))
		}
	}
	if calls != nil {
		counts, err := calls(ctx)
		if err != nil {
			c.log.Warn("metrics: counting calls by status failed; the series are left out of this scrape", "error", err.Error())
			return
		}
		statuses := make([]string, 0, len(counts))
		for s := range counts {
			statuses = append(statuses, s)
		}
		sort.Strings(statuses)
		for _, s := range statuses {
			ch <- prometheus.MustNewConstMetric(c.callsDesc, prometheus.GaugeValue, float64(counts[s]), s)
		}
	}
}
