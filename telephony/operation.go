package telephony

import (
	"net/http"
	"strings"
)

// OperationOther names every request Operation does not recognise.
const OperationOther = "other"

// apiVersionPrefix starts every path of the REST API twilio-go's v2010
// service calls; a base URL's own path may come before it.
const apiVersionPrefix = "/2010-04-01/"

// resources are the collections of the 2010-04-01 API an operation may be
// named after. Anything else is OperationOther, so that a metric labelled by
// operation has a bounded set of values whatever path a request took.
var resources = map[string]bool{
	"Accounts": true, "Calls": true, "Conferences": true, "Participants": true,
	"Recordings": true, "IncomingPhoneNumbers": true, "OutgoingCallerIds": true,
	"Notifications": true, "Queues": true, "Members": true, "Transcriptions": true,
	"Messages": true, "Feedback": true, "Events": true, "Streams": true,
	"Siprec": true, "Payments": true, "UserDefinedMessages": true,
	"UserDefinedMessageSubscriptions": true, "AvailablePhoneNumbers": true,
	"Applications": true, "Addresses": true, "Keys": true, "SigningKeys": true,
}

// Operation names a REST request to the provider after its path template and
// method, the way Twilio's own SDKs name their methods: POST
// /2010-04-01/Accounts/AC…/Calls.json is "Calls.create", POST
// …/Calls/CA….json "Calls.update", GET …/Conferences/CF…/Participants.json
// "Conferences.Participants.list". The account and every SID are left out,
// so the result is one of a bounded set (a metrics label); a path outside the
// 2010-04-01 API, a resource this package does not know or an unusual method
// gives OperationOther.
func Operation(method, path string) string {
	i := strings.Index(path, apiVersionPrefix)
	if i < 0 {
		return OperationOther
	}
	rest := strings.TrimSuffix(path[i+len(apiVersionPrefix):], ".json")
	segs := strings.Split(rest, "/")
	// Every request of an account's resources starts Accounts/{AccountSid}/;
	// the account itself is not part of the operation's name.
	if len(segs) > 2 && segs[0] == "Accounts" {
		segs = segs[2:]
	}
	names := make([]string, 0, (len(segs)+1)/2)
	for j := 0; j < len(segs); j += 2 {
		if !resources[segs[j]] {
			return OperationOther
		}
		names = append(names, segs[j])
	}
	// A path ending on a collection (Calls) acts on the collection; one
	// ending on a SID (Calls/CA…) on one instance.
	var verb string
	onCollection := len(segs)%2 == 1
	switch {
	case onCollection && method == http.MethodGet:
		verb = "list"
	case onCollection && method == http.MethodPost:
		verb = "create"
	case !onCollection && method == http.MethodGet:
		verb = "fetch"
	case !onCollection && method == http.MethodPost:
		verb = "update"
	case !onCollection && method == http.MethodDelete:
		verb = "delete"
	default:
		return OperationOther
	}
	return strings.Join(names, ".") + "." + verb
}

// RequestOperation is Operation for an outgoing request, in the shape an
// http.RoundTripper wrapper wants (metrics label provider requests with it).
func RequestOperation(r *http.Request) string { return Operation(r.Method, r.URL.Path) }
