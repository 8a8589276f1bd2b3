package switchboard

import "unicode"

// ControlChar finds the first control character of s (C0, DEL, C1): text
// fields refuse them, the same on every database (PostgreSQL cannot store
// NUL at all). Tab, newline and carriage return are allowed where multiline
// is true (notes, reasons).
func ControlChar(s string, multiline bool) (rune, bool) {
	for i := 0; i < len(s); i++ {
		// Fast path: printable ASCII is never a control character.
		if c := s[i]; c >= 0x20 && c < 0x7f {
			continue
		}
		for _, r := range s[i:] {
			if multiline && (r == '\t' || r == '\n' || r == '\r') {
				continue
			}
			if unicode.IsControl(r) {
				return r, true
			}
		}
		return 0, false
	}
	return 0, false
}
