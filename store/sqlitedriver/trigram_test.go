package sqlitedriver

import "testing"

// TestTrigramQuery: a run of up to eight characters gives its first and
// last trigrams, a longer one four spread over it, '%' and '_' split runs,
// and a run under three characters gives none.
func TestTrigramQuery(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"hedy l", `"hed" AND "y l"`},
		{"ada love", `"ada" AND "ove"`},
		{"lab", `"lab"`},
		{"labs", `"lab" AND "abs"`},
		{"grace.hopper12", `"gra" AND "ce." AND "opp" AND "r12"`},
		{"\x02labs", "\"\x02la\" AND \"abs\""},
		{"ab%hedy l%zz", `"hed" AND "y l"`},
		{"ab", ``},
	} {
		if got := trigramQuery(c.in); got != c.want {
			t.Errorf("trigramQuery(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
