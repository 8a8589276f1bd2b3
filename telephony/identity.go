package telephony

import (
	"strings"

	"github.com/switchboard-oss/switchboard"
)

// MaxClientIdentity is the longest client identity this service issues.
// Twilio documents 256 for a client name but older SDKs and the simulator
// stop at 121; staying under both keeps every identity usable everywhere.
const MaxClientIdentity = 121

// ClientIdentity is the Twilio client identity of an agent of a workspace:
// the voice token grants it, the browser's calls arrive From
// client:<identity>, and click-to-call rings it. Agent names are only unique
// inside a workspace, so the identity carries both: the workspace id and the
// agent, each with every byte outside [A-Za-z0-9-] written as _XX (upper
// hex), joined by a dot: workspace "ws_acme" and agent "ada" give
// "ws_5Facme.ada". The result uses only characters Twilio allows in a client
// name and is reversible (ParseClientIdentity), so the call-control webhook
// learns the tenant from what Twilio vouches for rather than from a
// parameter the browser chose. Errors: EInvalid when either part is empty or
// the identity would be longer than MaxClientIdentity.
func ClientIdentity(workspaceID, agent string) (string, error) {
	if workspaceID == "" || agent == "" {
		return "", switchboard.FieldErrorf(switchboard.EInvalid, "identity", "a client identity needs a workspace and an agent")
	}
	var b strings.Builder
	escapeIdentity(&b, workspaceID)
	b.WriteByte('.')
	escapeIdentity(&b, agent)
	if b.Len() > MaxClientIdentity {
		return "", switchboard.FieldErrorf(switchboard.EInvalid, "identity",
			"the workspace id and agent identity are too long for a Twilio client identity (%d characters after encoding, at most %d)",
			b.Len(), MaxClientIdentity)
	}
	return b.String(), nil
}

// ParseClientIdentity reverses ClientIdentity. ok is false for anything
// ClientIdentity cannot have written (a bare agent name, a stray escape).
func ParseClientIdentity(identity string) (workspaceID, agent string, ok bool) {
	ws, ag, found := strings.Cut(identity, ".")
	if !found || len(identity) > MaxClientIdentity {
		return "", "", false
	}
	if workspaceID, ok = unescapeIdentity(ws); !ok {
		return "", "", false
	}
	if agent, ok = unescapeIdentity(ag); !ok {
		return "", "", false
	}
	return workspaceID, agent, workspaceID != "" && agent != ""
}

const upperHex = "0123456789ABCDEF"

func plainIdentityByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

func escapeIdentity(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if plainIdentityByte(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('_')
		b.WriteByte(upperHex[c>>4])
		b.WriteByte(upperHex[c&15])
	}
}

// unescapeIdentity accepts exactly what escapeIdentity writes, so every
// identity has one reading: a plain byte never escaped, an escape only of a
// byte that needs one, upper-case hex only.
func unescapeIdentity(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case plainIdentityByte(c):
			b.WriteByte(c)
		case c == '_' && i+2 < len(s):
			hi, lo := strings.IndexByte(upperHex, s[i+1]), strings.IndexByte(upperHex, s[i+2])
			if hi < 0 || lo < 0 {
				return "", false
			}
			v := byte(hi<<4 | lo)
			if plainIdentityByte(v) {
				return "", false
			}
			b.WriteByte(v)
			i += 2
		default:
			return "", false
		}
	}
	return b.String(), true
}
