// Package telephony is Switchboard's adapter to the voice provider (Twilio,
// or anything that speaks its REST API and webhooks, such as the embedded
// simulator in telephony/simulator). Phone numbers are read by its
// subpackage telephony/phone, which holds no provider code.
//
// What it holds, file by file:
//
//   - signature.go: Validator checks X-Twilio-Signature with twilio-go's
//     request validator on PUBLIC_BASE_URL + the request URI and the POST
//     form only; Sign produces the same signatures for the simulator and for
//     tests.
//   - twiml.go: the call-control documents of the conference flow (docs/voice.md),
//     built with twilio-go's twiml package.
//   - token.go: voice access tokens for the browser SDK, built with
//     twilio-go's jwt package.
//   - client.go, calls.go, recording.go: Client, twilio-go's REST client
//     pointed at TWILIO_API_BASE_URL, with context support and small
//     result types of its own, so callers never handle twilio-go types.
//   - legs.go: FindLegs lists the calls created to a number from a caller
//     ID since a time (queued ones and started ones), which is how a create
//     whose outcome is unknown is reconciled.
//
// Consumers declare the small interfaces they need (server/ for the call
// flow); *Client satisfies them. Errors follow the domain's rules: invalid
// input is a *switchboard.Error (invalid_phone, invalid_request), a refusal by
// the provider is a *ProviderError that unwraps to a provider_error
// *switchboard.Error, anything else is internal.
package telephony
