// Package callflow runs Switchboard's conference call flow (openapi.yaml's
// voice webhooks and docs/voice.md): the call-control webhook that puts the agent's browser leg into a new
// conference and then dials the customer into it, the customer's
// conference-join, the status callbacks that move a call forward, click-to-call
// (which rings the agent's browser and lets the same webhook do the rest), and
// the caller IDs a workspace may show.
//
// Call control (hold.go, transfer.go, recording.go) acts on an answered
// call for its agent: hold and mute update the customer and agent
// participants of the conference, whose CF… SID is listed once and
// remembered on the call; transfers add a labelled target participant with
// its own status callback (TransferStatus) and take the agent out;
// recordings are made on the customer leg and kept current by their status
// callbacks. Each operation calls the provider first and writes only what
// it accepted, through CallStore.UpdateCall, under a per-call lock that the
// status callbacks of the same call share (lockCall), so a callback about a
// leg an operation just added or removed is judged on what it wrote. The
// lock is per process: a transfer target's callback that reaches another
// instance before the target is written is held in the store and applied
// by the instance that added the target (Transfer).
//
// It sits between the HTTP handlers in server/ (which map API types to the
// request types here and back) and two ports: the store, through the domain's
// store interfaces, and the provider's REST API, through Provider, which
// *telephony.Client satisfies. TwiML comes from the telephony package; no
// handler builds a document or names a provider parameter.
//
// # One customer leg, never lost, never two
//
// Control stores the call and a PendingDial in one transaction before it
// answers; the answer's Then starts creating the customer leg once the
// document is written (dial.go). Success records the leg and deletes the
// pending dial in one transaction; a refusal by the provider (4xx) marks the
// call failed with the provider's code and message, hangs up the agent leg
// and logs both SIDs. A create whose outcome is unknown (timeout, broken
// connection, 5xx) is never repeated blindly: the provider's Calls list is
// read first (findLeg in recover.go), a leg created for the dial is
// adopted, and the customer is dialled again only when there is none once
// the create can no longer arrive: sent + Config.RequestTimeout +
// Config.LateCreateMargin (latedial.go), since a request Go's client gave
// up on may still sit in a proxy's buffer. The leg's SID is recorded only
// while the call has none; a leg the call cannot keep is hung up. A create
// held longer than that is watched for after the dial (watchLate): a leg
// no call recorded is hung up as soon as the list shows it, while it still
// rings. Outcome writes run on a context detached from the attempt's.
//
// Each pending dial is claimed for Config.DialClaim and worked at until the
// claim ends, and a create is sent only while it can settle inside the
// claim, so that every create one process sent can no longer arrive before
// another may list the provider's calls. If the process dies, or gives up
// with the outcome unknown, the row outlives it, and Recover (run at
// start-up and then every DialClaim) claims rows whose claim has expired and
// reconciles before anything else: a call that has a leg, was answered or
// ended is never dialled; young ones still waiting are dialled as unsure
// dials; ones older than Config.MaxPendingAge are failed and their agent leg
// hung up, since nobody is listening any more.
package callflow
