package switchboard

import (
	"unicode"
	"unicode/utf8"
)

// multilineFields are the free-text fields, by their API names, that may
// span lines: a contact's notes and the do-not-call reasons.
var multilineFields = map[string]bool{"notes": true, "reason": true, "removalReason": true}

// Multiline tells whether the field of this API name ("notes"; the last
// name of a path) may hold tab, newline and carriage return: the one list
// the records' rules, the CSV imports and the HTTP layer's check of every
// string all read.
func Multiline(name string) bool { return multilineFields[name] }

// ControlChar finds the first control character of s (C0, DEL, C1): text
// fields refuse them, the same on every database (PostgreSQL cannot store
// NUL at all). Tab, newline and carriage return are allowed where multiline
// is true (see Multiline).
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

// CheckText is the rule for every text field the service keeps: valid
// UTF-8, no control character (but tab, newline and carriage return where
// multiline), and at most max characters, counted as openapi.yaml's
// maxLength counts them (0: no limit). The error is EInvalid naming field.
func CheckText(field, v string, max int, multiline bool) error {
	if !utf8.ValidString(v) {
		return FieldErrorf(EInvalid, field, "is not valid UTF-8")
	}
	if r, bad := ControlChar(v, multiline); bad {
		return FieldErrorf(EInvalid, field, "contains the control character %U", r)
	}
	// A string of at most max bytes has at most max characters: only longer
	// ones are counted.
	if max > 0 && len(v) > max && utf8.RuneCountInString(v) > max {
		return FieldErrorf(EInvalid, field, "longer than %d characters", max)
	}
	return nil
}

// BidiControl finds the first bidirectional formatting character of s:
// the embeddings and overrides (U+202A–U+202E) and the isolates
// (U+2066–U+2069). They are invisible, yet reorder the text around them,
// so "\u202Egnp.exe" shows as "exe.png": in a name an agent reads before
// calling, they let one contact pass for another.
func BidiControl(s string) (rune, bool) {
	for i := 0; i < len(s); i++ {
		// Every one of them is encoded from the lead byte 0xE2; text
		// without it is clean without decoding a rune.
		if s[i] != 0xe2 {
			continue
		}
		for _, r := range s[i:] {
			if (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') {
				return r, true
			}
		}
		return 0, false
	}
	return 0, false
}

// CheckDisplayName is the rule for a field shown to people as a name (a
// contact's firstName, lastName and company): CheckText's, on one line,
// and no bidirectional control character (see BidiControl). The error is
// EInvalid naming field.
func CheckDisplayName(field, v string, max int) error {
	if err := CheckText(field, v, max, false); err != nil {
		return err
	}
	if r, bad := BidiControl(v); bad {
		return FieldErrorf(EInvalid, field, "contains the bidirectional control character %U, which can make a name display as another", r)
	}
	return nil
}

// IsE164 reports whether s has the form of an E.164 number: "+", a digit
// other than 0, and at most 14 more digits. It checks the form only; which
// numbers exist is telephony/phone's to say, and every number is
// normalized there before it reaches a record.
func IsE164(s string) bool {
	if len(s) < 3 || len(s) > 16 || s[0] != '+' || s[1] < '1' || s[1] > '9' {
		return false
	}
	for i := 2; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Truncate shortens s to at most n bytes, cut at a rune boundary so the
// result stays valid UTF-8 (PostgreSQL refuses anything else), and marks a
// cut with "…". Error messages quote input through it, so a megabyte posted
// as a phone number is not echoed back whole, and the call flow records
// through it what a refused call claimed.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
