// Package simulator is an in-process stand-in for Twilio's voice API, so that
// a new user with no Twilio account sees the whole call flow on one machine,
// and the service's tests drive real HTTP end to end.
//
// It serves the subset of the 2010-04-01 REST API the service uses, with
// Twilio's paths, form parameters and JSON, so the real twilio-go client
// talks to it unchanged (point its base URL here: TWILIO_API_BASE_URL), and
// it sends the webhooks Twilio sends, form-encoded and signed with
// X-Twilio-Signature over the exact URL requested plus the POST form. Calls
// play out in time on goroutines: the called party rings, then answers (and
// the call's Url is fetched and its TwiML followed), or is busy, does not
// answer, or fails, according to the test numbers below.
//
// # Mounting
//
// Handler serves both the REST paths (/2010-04-01/Accounts/{AccountSid}/…)
// and the simulator's own /sim/… routes, so the service can mount it on its
// own listener (then TWILIO_API_BASE_URL is the service's own base URL) and
// `switchboard sim` can run it alone. REST requests need HTTP Basic auth
// with Config.AccountSid and Config.AuthToken (401, code 20003, otherwise).
//
// # REST subset
//
//	POST   Calls.json                                 To, From, Url|Twiml, Method, StatusCallback, StatusCallbackEvent…, StatusCallbackMethod, Timeout, MachineDetection, AsyncAmd, AsyncAmdStatusCallback, AsyncAmdStatusCallbackMethod
//	GET    Calls.json, Calls/{Sid}.json               To, From, Status, StartTime[<>], EndTime[<>] filters; PageSize, Page, next_page_uri
//	POST   Calls/{Sid}.json                           Status=completed (hang up) | canceled (only if not answered); Url (+Method) | Twiml (redirect)
//	POST   Calls/{Sid}/Recordings.json                RecordingChannels mono|dual, RecordingStatusCallback, RecordingStatusCallbackEvent…
//	GET    Calls/{Sid}/Recordings.json, …/{Sid}.json
//	POST   Calls/{CallSid}/Recordings/{Sid}.json      Status=paused|in-progress|stopped
//	GET    Recordings/{Sid}.json                      (without .json: a silent WAV as the media)
//	GET    Conferences.json, Conferences/{Sid}.json   FriendlyName, Status filters
//	POST   Conferences/{Sid}.json                     Status=completed, AnnounceUrl, AnnounceMethod (default POST)
//	POST   Conferences/{Sid|FriendlyName}/Participants.json   From, To, Label, StatusCallback, StatusCallbackEvent…, EarlyMedia, Beep, StartConferenceOnEnter, EndConferenceOnExit, Muted, Timeout
//	GET    Conferences/{Sid}/Participants.json, …/{CallSid|Label}.json
//	POST   Conferences/{Sid}/Participants/{CallSid|Label}.json Hold, HoldUrl, HoldMethod, Muted, EndConferenceOnExit
//	DELETE Conferences/{Sid}/Participants/{CallSid|Label}.json
//	GET    IncomingPhoneNumbers.json, OutgoingCallerIds.json   PhoneNumber filter
//	POST   OutgoingCallerIds.json                     PhoneNumber, FriendlyName, StatusCallback → 200 ValidationRequest
//
// It checks what Twilio checks and answers Twilio's error JSON {code,
// message, more_info, status}: missing To (21201), From (21213), Url
// (21205); To/From neither E.164 nor client:<identity> (21211, 21212); a
// PSTN call From a number that is neither one of the account's incoming
// numbers nor a verified caller ID (21210, unless Config.AcceptAnyFrom);
// StatusCallbackEvent other than initiated, ringing, answered, completed
// (21626; busy, no-answer, failed and canceled arrive as the CallStatus of
// the completed event); unknown sids (404, 20404); recording a call that is
// not in progress (21220).
//
// The seeded account has the incoming numbers in DefaultIncomingNumbers
// (+15005550006, +15005550007); Config.IncomingNumbers replaces them,
// AddIncomingNumber adds one at run time, and Config.VerifiedCallerIDs seeds
// verified outgoing caller IDs. A validation request for
// another number is "keyed in" by its owner after Timing.ValidationDelay,
// after which the number is a verified caller ID.
//
// Every route above is checked against Twilio's own OpenAPI description of
// the 2010-04-01 API, through Stoplight Prism's validating proxy:
// TestTwilioDescription, run by `make test-sim-oai` (.ci/twilio-oai).
//
// # Test numbers
//
// What the called party does depends on the number called:
//
//	Number          Behaviour
//	+15005550100    answers after RingDelay and stays until someone hangs up
//	+15005550101    answers after RingDelay, hangs up by itself after TalkTime
//	+15005550102    busy after DialDelay (CallStatus busy)
//	+15005550103    rings for NoAnswerTimeout, then no-answer
//	+15005550104    fails after DialDelay (CallStatus failed)
//	+15005550105    answers slowly, after SlowAnswerDelay
//	+15005550106    an answering machine: answers after RingDelay, greets for MachineGreeting, beeps, records until hung up
//	+15005550107    a person: answers after RingDelay and stays until hung up
//	+15002nnnnnn    the load block, by n (the last six digits): n%6 == 0
//	                busy, n%6 == 3 no-answer, else like +15005550101; a
//	                million distinct customers for load runs, a third
//	                of them busy or unanswered
//	client:<id>     the simulated browser answers after RingDelay
//	any other       answers after RingDelay, like +15005550100
//
// A call's Timeout parameter, when shorter than the ringing, ends it as
// no-answer, as at Twilio. The numbers are valid for libphonenumber, so the
// service accepts them as customers.
//
// # Answering-machine detection
//
// A call created with MachineDetection (Enable or DetectMessageEnd; any
// other value is 21218) gets a verdict once answered: machine_end_beep for
// +15005550106 after its greeting (MachineGreeting) with DetectMessageEnd,
// machine_start after HumanDetection with Enable; human for +15005550107
// after HumanDetection; unknown for every other number, after
// HumanDetection, which is Twilio's answer when it cannot tell. With
// AsyncAmd=true the call's Url is requested at once and the verdict is sent
// afterwards to AsyncAmdStatusCallback (an absolute URL, else 21609), signed,
// with AccountSid, CallSid, AnsweredBy and MachineDetectionDuration (ms), in
// order with the call's status callbacks; without it the verdict comes
// first and the Url request carries AnsweredBy. The REST resource shows it
// as answered_by, and State as answeredBy. A call that ends before the
// verdict gets none.
//
// # Redirects
//
// A Calls update with Url (and Method) or Twiml, and no Status, gives a
// call in progress new TwiML: it leaves what it runs, a conference included
// (which ends when the call had endConferenceOnExit, taking the other
// participants out), and runs the new document; a call not answered yet
// runs it when it answers; an ended call is 21220. State lists the URLs a
// call played (<Play>), in order.
//
// # Calls
//
// An outbound call goes queued → initiated → ringing → in-progress →
// completed (or busy / no-answer / failed / canceled). The REST resource,
// like Twilio's, has no initiated status: it reads queued until the call
// rings, and only the initiated status callback tells the two apart. Status
// callbacks go to
// StatusCallback for the subscribed events only (default completed), in order,
// with CallSid, AccountSid, From, To, Caller, Called, CallStatus, Direction,
// ApiVersion, SequenceNumber (from 0), Timestamp, CallbackSource, and
// CallDuration on completed. On answer the call's Url is requested with the
// standard parameters and its TwiML followed: <Dial><Conference> joins (or
// creates) the conference of that name; <Say> is logged; <Play> and <Pause>
// take no time; <Redirect> is followed; <Hangup/> and <Reject/> end the call;
// when the document runs out the call ends.
//
// A conference is init until a participant with startConferenceOnEnter
// (default true) is in, then in-progress; it completes when a participant
// with endConferenceOnExit leaves or when nobody is left, and every remaining
// participant's call then ends. The Participants API dials the target from
// the conference (its own call sid, callbacks and test-number behaviour) and
// joins it with its Label when answered. Hold, HoldUrl and Muted are kept as
// participant state (no hold music is fetched). A conference update's
// AnnounceUrl (a valid absolute URL, else 21205; an ended conference is
// 20404) is answered at once, then fetched like a webhook, signed, with
// AccountSid, ConferenceSid, FriendlyName and ApiVersion, and "played": the
// conference's view in State lists each announcement with what its TwiML
// said (<Say>) and played (<Play>), the participants connected then, and the
// request made (failed, with the error, when the document could not be had
// or was no TwiML). Recordings start in-progress
// on an answered call, pause and resume, and complete when stopped or when
// the call ends; RecordingStatusCallback gets RecordingSid, RecordingStatus,
// RecordingDuration, RecordingUrl, CallSid and RecordingChannels.
//
// # Simulator routes
//
//	POST /sim/connect               {identity, to, callerId, workspaceId, callControlUrl?} → 201 ConnectResponse
//	GET  /sim/calls                 State: calls with status history and webhooks, conferences, recordings
//	POST /sim/calls/{sid}/hangup    the party on that leg hangs up (a ringing leg rejects: busy) → 202
//
// /sim/connect plays the Voice SDK's Device.connect: a new client leg
// (Direction inbound, From = Caller = client:<identity>) whose call-control
// webhook (callControlUrl, default Config.CallControlURL) carries CallSid,
// AccountSid, From, Caller, To, Direction, CallStatus=ringing, ApiVersion and
// the custom parameters To, callerId and workspaceId (each sent only when
// given); it answers once the returned TwiML has put the leg in its
// conference or ended it. identity is the Twilio client identity an access
// token would grant: for Switchboard, the clientIdentity of GET
// /v1/voice/token (workspace and agent), which is all the service trusts.
//
// # Timing
//
// DefaultTiming is human-scale (ring 3 s, talk 30 s, …); tests set Timing to
// milliseconds. Close stops every call where it is and sends nothing more.
package simulator
