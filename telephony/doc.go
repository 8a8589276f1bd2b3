// Package telephony is Switchboard's adapter to the voice provider (Twilio,
// or anything that speaks its REST API and webhooks, such as the embedded
// simulator in telephony/simulator), plus phone-number normalization.
//
// What it holds, file by file:
//
//   - phone.go, phonemeta.go: Normalize and NormalizeE164 on
//     github.com/nyaruka/phonenumbers (libphonenumber's metadata). Every
//     contact write and every CSV row goes through them, so they are kept at
//     the cost of the library's own Parse+Format+IsValidNumber: see
//     BenchmarkNormalize against BenchmarkLibraryBaseline.
//   - signature.go: Validator checks X-Twilio-Signature with twilio-go's
//     request validator on PUBLIC_BASE_URL + the request URI and the POST
//     form only; Sign produces the same signatures for the simulator and for
//     tests.
//   - twiml.go: the call-control documents of the conference flow (CONTRACT
//     section 5), built with twilio-go's twiml package.
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
