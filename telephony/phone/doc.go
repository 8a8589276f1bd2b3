// Package phone reads phone numbers: parsing any common notation, E.164,
// region, number type, area code and time zones, on
// github.com/nyaruka/phonenumbers (libphonenumber's metadata).
//
// It holds no provider code, so whatever needs numbers (the contacts
// service and its CSV import, the call flow, the provider adapter in
// telephony) takes it without compiling the provider's SDK.
//
//   - phone.go: Normalize (every fact of a number, for the normalize
//     endpoint), E164 and NormalizeField (the form stored and dialled, on
//     every contact write and every CSV row).
//   - phonemeta.go: the number type and area code from the library's
//     metadata without the library's repeated work; it mirrors the library's
//     functions, and TestPhoneMetaMatchesLibrary fails on any library version
//     it was not checked against.
//   - timezone.go: TimeZones, the zones a number may ring in, for the calling
//     hours rule.
//   - state.go: State, the US state presumed from the area code (NANPA's
//     assignments), for the states' own telemarketing rules.
package phone
