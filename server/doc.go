// Package server is Switchboard's HTTP layer: an Echo application that serves
// the strict-server interface generated from openapi.yaml (gen/api).
//
// Requests pass, in order: recovery, request id, structured logging, a body
// limit, bearer authentication (or, on the provider-facing routes, Twilio's
// signature check), the rate limiter, and kin-openapi validation against the
// spec, before a thin handler maps the API types to the domain, calls a
// service (contacts.Service for contacts, search, imports and the
// do-not-call list; callflow for voice) or a store, and maps the result
// back. Uploads are spooled to a file here (spool.go); reading them is the
// contacts service's. Every error, whatever
// raised it, leaves through one function (errors.go) that writes the
// contract's envelope.
package server
