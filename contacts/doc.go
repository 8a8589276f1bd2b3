// Package contacts is Switchboard's contacts service: contacts (create,
// read, patch, delete, list, search), their CSV import, the do-not-call
// list (add, remove, list, check, history, CSV import) and phone-number
// normalization.
//
// It sits where callflow sits for voice: between the HTTP handlers in
// server/, which only map API types to the domain's and back, and the
// store, reached through the domain's ContactStore and DNCStore. Every
// phone number is normalized here (telephony/phone, with the configured
// default region) and every record is held to its rules here
// (switchboard.Contact.Validate, DNCEntry.Validate) before the store sees
// it: on create, on patch (judged on the merged contact, inside the store's
// locked update), and on every imported row. The store's constraints are a
// backstop behind them.
//
//   - service.go: Service, its Config and Deps; Phone and Normalize.
//   - contact.go: a contact's life and the searches.
//   - dnc.go: the do-not-call list.
//   - import.go: the CSV imports, on the streaming pipeline of
//     contacts/csvimport (which knows nothing of HTTP).
//
// Nothing here compiles provider code: `go list -deps ./contacts/...`
// holds no twilio-go.
package contacts
