// Package switchboard holds the domain of the Switchboard service: the records
// it keeps (workspaces, tokens, contacts, do-not-call entries, calls), the one
// error type every layer speaks, the rules each record must satisfy
// (Contact.Validate, DNCEntry.Validate, WorkspaceSettingsPatch.Validate), and the
// store interfaces that the store implements and the services (contacts,
// callflow) consume.
//
// Nothing here knows about HTTP, SQL or Twilio. The generated API types in
// gen/api and the GORM rows in store never leak into this package, and this
// package never imports them: server/ maps between the API and the domain,
// store/ between the domain and the database.
package switchboard
