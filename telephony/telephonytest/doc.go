// Package telephonytest holds what the voice tests of several packages
// share: a fake Twilio REST API that the real twilio-go client talks to
// (Twilio), a TwiML parser that compares documents by structure (ParseTwiML),
// and a polling wait for what happens on other goroutines (Eventually).
//
// It imports nothing of the project, so telephony's own tests can use it.
package telephonytest
