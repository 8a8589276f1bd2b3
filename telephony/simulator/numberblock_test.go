package simulator

import "testing"

func TestLoadBlock(t *testing.T) {
	for to, want := range map[string]string{
		"+15002000000": "busy", "+15002000003": "no-answer", "+15002000001": "hangs-up", "+15002999998": "hangs-up",
		"+15003000000": "answers", "+1500200000": "answers", "+1500200000x": "answers",
	} {
		if got := behaviourOf(to).String(); got != want {
			t.Errorf("%s: %s, want %s", to, got, want)
		}
	}
}
