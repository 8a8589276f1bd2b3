package switchboard_test

import (
	"testing"

	sb "github.com/switchboard-oss/switchboard"
)

func TestParseHTTPURL(t *testing.T) {
	for s, want := range map[string]bool{
		"https://crm.example.com/hooks": true,
		"http://127.0.0.1:8080":         true,
		"ftp://example.com":             false,
		"/relative/path":                false,
		"https://":                      false,
		"https://:443":                  false,
		"not a url":                     false,
		"":                              false,
	} {
		if _, ok := sb.ParseHTTPURL(s); ok != want {
			t.Errorf("ParseHTTPURL(%q) = %v, want %v", s, ok, want)
		}
	}
}

func TestRedactURL(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://u:secret@db:5432/x": "postgres://u:xxxxx@db:5432/x",
		"postgres://db:5432/x":          "postgres://db:5432/x",
		"sqlite:switchboard.db":         "sqlite:switchboard.db",
		"postgres://u:p%zz@db/x":        "(unparseable URL)",
	} {
		if got := sb.RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
}
