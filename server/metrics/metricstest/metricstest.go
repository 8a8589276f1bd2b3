// Package metricstest scrapes a metrics endpoint over HTTP and reads values
// out of what it served, for tests that assert a metric moved: the same
// parser Prometheus' own tooling uses, so a test reads what a scraper would.
package metricstest

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Scrape is one scrape's metric families, by name.
type Scrape map[string]*dto.MetricFamily

// Get scrapes url (http://host:port/metrics) and fails the test unless it
// answers 200 with a parseable exposition.
func Get(t testing.TB, url string) Scrape {
	t.Helper()
	c := &http.Client{Timeout: 10 * time.Second}
	res, err := c.Get(url)
	if err != nil {
		t.Fatalf("scraping %s: %v", url, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("scraping %s: status %d", url, res.StatusCode)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(res.Body)
	if err != nil {
		t.Fatalf("parsing the scrape of %s: %v", url, err)
	}
	return fams
}

// Has reports whether the scrape holds the family name.
func (s Scrape) Has(name string) bool { _, ok := s[name]; return ok }

// Value is the value of the counter or gauge name whose labels include
// labels ("k", "v" pairs), or the sample count of such a histogram; ok is
// false when no series matches. Several matching series are summed, so
// Value("x_total") with no labels is the family's total.
func (s Scrape) Value(name string, labels ...string) (v float64, ok bool) {
	fam := s[name]
	if fam == nil {
		return 0, false
	}
	for _, m := range fam.GetMetric() {
		if !matches(m, labels) {
			continue
		}
		ok = true
		switch {
		case m.Counter != nil:
			v += m.Counter.GetValue()
		case m.Gauge != nil:
			v += m.Gauge.GetValue()
		case m.Histogram != nil:
			v += float64(m.Histogram.GetSampleCount())
		case m.Untyped != nil:
			v += m.Untyped.GetValue()
		}
	}
	return v, ok
}

// Series lists the label sets of name's series, each as "k=v,k=v" sorted,
// for failure messages and for checking what labels exist.
func (s Scrape) Series(name string) []string {
	var out []string
	for _, m := range s[name].GetMetric() {
		var kv []string
		for _, l := range m.GetLabel() {
			kv = append(kv, l.GetName()+"="+l.GetValue())
		}
		sort.Strings(kv)
		out = append(out, strings.Join(kv, ","))
	}
	sort.Strings(out)
	return out
}

func matches(m *dto.Metric, labels []string) bool {
	if len(labels)%2 != 0 {
		panic(fmt.Sprintf("metricstest: labels must be pairs, got %q", labels))
	}
	for i := 0; i < len(labels); i += 2 {
		found := false
		for _, l := range m.GetLabel() {
			if l.GetName() == labels[i] && l.GetValue() == labels[i+1] {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
