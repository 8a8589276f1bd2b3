package driver

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
