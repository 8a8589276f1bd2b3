package switchboard

import "net/url"

// ParseHTTPURL is the one rule for a URL the service is given to call or to
// be called on (public base URL, hold music, webhook endpoints, provider
// callbacks): an absolute http or https URL with a host. It returns the
// parsed URL, or false when s breaks the rule; callers add what else their
// field forbids (credentials, a query, a path) and word their own error.
func ParseHTTPURL(s string) (*url.URL, bool) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Hostname() == "" {
		return nil, false
	}
	return u, true
}

// RedactURL drops the password of a URL (a database URL, say) so that it
// can be logged or shown; a URL without credentials comes back as it is. A
// string that does not parse is not shown at all: where its password would
// be cannot be told.
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	if u.User == nil {
		return raw
	}
	return u.Redacted()
}
