package csvimport

import (
	"strings"
	"unicode"
)

// field is a contact field a column can feed.
type field int

const (
	fieldNone field = iota
	fieldFirstName
	fieldLastName
	fieldFullName
	fieldPhone
	fieldEmail
	fieldCompany
	fieldNotes
	fieldTimeZone
)

var fieldNames = [...]string{
	fieldFirstName: "firstName",
	fieldLastName:  "lastName",
	fieldFullName:  "name",
	fieldPhone:     "phone",
	fieldEmail:     "email",
	fieldCompany:   "company",
	fieldNotes:     "notes",
	fieldTimeZone:  "timeZone",
}

// aliases maps a folded column name (lower case, without spaces, "_" and
// "-") to its field.
var aliases = map[string]field{
	"firstname": fieldFirstName, "first": fieldFirstName, "givenname": fieldFirstName, "forename": fieldFirstName,
	"lastname": fieldLastName, "last": fieldLastName, "surname": fieldLastName, "familyname": fieldLastName,
	"name": fieldFullName, "fullname": fieldFullName, "contactname": fieldFullName,
	"phone": fieldPhone, "phonenumber": fieldPhone, "mobile": fieldPhone, "mobilephone": fieldPhone,
	"mobilenumber": fieldPhone, "cell": fieldPhone, "cellphone": fieldPhone, "tel": fieldPhone,
	"telephone": fieldPhone, "number": fieldPhone,
	"email": fieldEmail, "emailaddress": fieldEmail, "mail": fieldEmail,
	"company": fieldCompany, "organization": fieldCompany, "organisation": fieldCompany, "org": fieldCompany,
	"companyname": fieldCompany, "account": fieldCompany,
	"notes": fieldNotes, "note": fieldNotes, "comments": fieldNotes, "comment": fieldNotes,
	"timezone": fieldTimeZone, "tz": fieldTimeZone,
}

// fold lowers a column name and drops spaces, "_" and "-", so that
// "First Name", "first_name", "first-name" and "firstName" meet.
func fold(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		if r == ' ' || r == '_' || r == '-' || unicode.IsSpace(r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// columns is the header, mapped.
type columns struct {
	index   []field // per column
	ignored []string
	used    int // one past the last mapped column
}

// mapHeader maps each header cell to a field. A field named twice is fed by
// its first column; the later ones are ignored and reported.
func mapHeader(header []string) (columns, bool) {
	cols := columns{index: make([]field, len(header)), ignored: []string{}}
	seen := map[field]bool{}
	for i, h := range header {
		f := aliases[fold(h)]
		if f == fieldNone || seen[f] {
			cols.ignored = append(cols.ignored, strings.TrimSpace(h))
			continue
		}
		seen[f] = true
		cols.index[i] = f
		cols.used = i + 1
	}
	usable := seen[fieldPhone] || seen[fieldFirstName] || seen[fieldLastName] || seen[fieldFullName]
	return cols, usable
}
