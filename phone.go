package switchboard

// PhoneNumber is what is known of one phone number: the answer of the
// normalize operation, made by the contacts service.
//
// E164 is set whenever the input parses, even when the number is not valid,
// so a caller can show what the input was read as; only an unparseable input
// leaves it empty. Code that stores or dials numbers must check Valid.
type PhoneNumber struct {
	Original string // the input as given
	E164     string // "+14155552671"; "" when the input does not parse
	Valid    bool   // the number matches a valid pattern of its region
	Region   string // ISO 3166 region ("US", "GB"); "" when unknown
	AreaCode string // geographic area code digits ("415", "20"); "" when none
	Type     string // the API's phone number type ("mobile", "toll-free", …, "unknown")
}
