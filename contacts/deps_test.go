package contacts_test

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The contacts service and its import compile no provider code: phone
// numbers come from telephony/phone, never from telephony.
func TestNoProviderCode(t *testing.T) {
	t.Parallel()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	out, err := exec.Command(goTool, "list", "-deps", "github.com/switchboard-oss/switchboard/contacts/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list listed %d packages: %q", len(deps), out)
	}
	for _, d := range deps {
		if strings.Contains(d, "twilio") || d == "github.com/switchboard-oss/switchboard/telephony" {
			t.Errorf("contacts depends on %s", d)
		}
	}
}
