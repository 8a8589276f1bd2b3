package switchboard_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

const (
	compliancePage = "docs/compliance.md"
	rulesBegin     = "<!-- state rules: written by TestCompliancePageMatchesTable from StateRules; SB_UPDATE_DOCS=1 rewrites it -->\n"
	rulesEnd       = "<!-- end of state rules -->\n"
)

// TestCompliancePageMatchesTable holds docs/compliance.md's list of state
// rules to the table the service applies: a row added, changed or removed
// in StateRules fails here until the page says the same
// (SB_UPDATE_DOCS=1 go test -run TestCompliancePageMatchesTable . rewrites
// the list).
func TestCompliancePageMatchesTable(t *testing.T) {
	page, err := os.ReadFile(compliancePage)
	require.NoError(t, err)
	text := string(page)
	i, j := strings.Index(text, rulesBegin), strings.Index(text, rulesEnd)
	require.True(t, i >= 0 && j > i, "%s has no state rules section", compliancePage)
	want := text[:i+len(rulesBegin)] + stateRulesMarkdown() + text[j:]
	if os.Getenv("SB_UPDATE_DOCS") == "1" {
		require.NoError(t, os.WriteFile(compliancePage, []byte(want), 0o644))
		return
	}
	require.Equal(t, want, text, "%s differs from StateRules: run SB_UPDATE_DOCS=1 go test -run TestCompliancePageMatchesTable .", compliancePage)
}

func stateRulesMarkdown() string {
	var b strings.Builder
	b.WriteString("| state | rule | statute |\n|---|---|---|\n")
	row := func(r sb.StateRule, rule, statute string) {
		fmt.Fprintf(&b, "| %s (%s) | %s | %s |\n", r.Name, r.State, rule, statute)
	}
	for _, r := range sb.StateRules {
		for _, h := range r.Hours {
			row(r, fmt.Sprintf("calls only %s local time, %s%s", h.Window, weekdays(h.Days), scopeNote(h.Scope)), h.Statute)
		}
		for _, d := range r.Banned {
			rule := "no calls on " + d.What
			if len(d.Holidays) > 0 {
				var names []string
				for _, h := range d.Holidays {
					names = append(names, h.Name)
				}
				rule += ": " + strings.Join(names, ", ")
			}
			row(r, rule+scopeNote(d.Scope), d.Statute)
		}
		if r.MaxCallsPer24h > 0 {
			row(r, fmt.Sprintf("at most %d calls to one number in 24 hours", r.MaxCallsPer24h), r.MaxCallsStatute)
		}
	}
	return b.String()
}

func weekdays(ds []time.Weekday) string {
	if len(ds) == 0 {
		return "every day"
	}
	var names []string
	for _, d := range ds {
		names = append(names, d.String())
	}
	if len(names) == 5 && names[0] == "Monday" && names[4] == "Friday" {
		return "Monday to Friday"
	}
	return strings.Join(names, ", ")
}

func scopeNote(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}
