// Package eventstest holds helpers for tests that receive the events
// service's deliveries: a webhook endpoint that keeps every request it gets
// (Receiver), the check of a delivery's signature both by the Standard
// Webhooks library and by the definition (Verify), and the id of the
// resource a delivery carries (DataID).
//
// The events service's own tests and the server's HTTP suites receive the
// same deliveries and check them the same way, so the receiver lives here
// once rather than in each package's test files.
package eventstest
