package driver

import "unicode/utf8"

// Markers open each part of a contact's search text (store/doc.go):
//
//	\x01 full name \x02 last name \x03 email \x04 company \x05 phone digits \x06
//
// They never occur in data or queries, so a match cannot span two parts and
// "starts with" is a LIKE on a marker.
const (
	MarkFull    = "\x01"
	MarkLast    = "\x02"
	MarkEmail   = "\x03"
	MarkCompany = "\x04"
	MarkDigits  = "\x05"
	MarkEnd     = "\x06"
)

// RankLikes is the "starts with" condition on the search text itself: the
// full name, the last name or the email starts with esc (escaped for
// ESCAPE '\').
func RankLikes(esc string) Cond {
	return Plain("(c.search LIKE ? ESCAPE '\\' OR c.search LIKE ? ESCAPE '\\' OR c.search LIKE ? ESCAPE '\\')",
		MarkFull+esc+"%", "%"+MarkLast+esc+"%", "%"+MarkEmail+esc+"%")
}

// RankKeys are the three parts of the search text a rank looks at, the
// full name, the last name and the email, each as an SQL expression of
// the contacts c (PostgreSQL's: columns generated from the search text,
// migration 0077) that an index holds after the workspace and before the
// contact order's time and id, comparing bytes.
type RankKeys [3]string

// PrefixEnd is the least string greater than every string starting with
// p, which is p with its last code point moved up by one (past the
// surrogates, which UTF-8 never holds); bounded is false when there is
// none, for a p of nothing but U+10FFFF.
func PrefixEnd(p string) (end string, bounded bool) {
	runes := []rune(p)
	for len(runes) > 0 {
		last := runes[len(runes)-1]
		switch {
		case last == utf8.MaxRune:
			runes = runes[:len(runes)-1]
			continue
		case last == 0xD7FF:
			last = 0xE000
		default:
			last++
		}
		runes[len(runes)-1] = last
		return string(runes), true
	}
	return "", false
}
