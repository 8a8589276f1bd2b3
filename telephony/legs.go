package telephony

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	openapi "github.com/twilio/twilio-go/rest/api/v2010"
)

// Leg is one call as the provider's Calls list shows it.
type Leg struct {
	SID       string
	To, From  string
	Status    string // queued, ringing, in-progress, completed, busy, …
	Direction string // outbound-api for a call created through the REST API
	Created   time.Time
}

// maxListedLegs bounds a FindLegs answer. A number called that often from
// one caller ID within the window cannot be reconciled safely, so more is an
// error rather than a guess.
const maxListedLegs = 500

// FindLegs lists the calls the REST API created to `to` from `from` at or
// after since (the provider's date_created), oldest first, whatever their
// status.
//
// Twilio's start_time is empty until a call is dialled, so a call still
// waiting in the account's calls-per-second queue matches no StartTime
// filter; the StartTime filters are documented as dates (YYYY-MM-DD, UTC)
// even though twilio-go sends a full timestamp. Two lists therefore cover
// every leg: first the queued calls to and from those numbers (few by
// nature, not filtered by time), then the calls that started on or after
// the UTC midnight before since, which holds whether the provider reads the
// filter's time or only its date. A queued call dialled between the two
// lists shows in the second. The window is then applied exactly to
// date_created here.
func (c *Client) FindLegs(ctx context.Context, to, from string, since time.Time) ([]Leg, error) {
	api := c.api(ctx)
	queued := &openapi.ListCallParams{}
	queued.SetTo(to).SetFrom(from).SetStatus("queued").SetPageSize(100).SetLimit(maxListedLegs + 1)
	started := &openapi.ListCallParams{}
	day := since.UTC().Truncate(24 * time.Hour)
	started.SetTo(to).SetFrom(from).SetStartTimeAfter(day).SetPageSize(100).SetLimit(maxListedLegs + 1)

	seen := map[string]bool{}
	var out []Leg
	for _, p := range []*openapi.ListCallParams{queued, started} {
		calls, err := api.ListCall(p)
		if err != nil {
			return nil, wrapErr("list calls", err)
		}
		if len(calls) > maxListedLegs {
			return nil, fmt.Errorf("telephony: list calls: more than %d calls to %s from %s since %s",
				maxListedLegs, to, from, day.Format(time.DateOnly))
		}
		for _, call := range calls {
			leg := legOf(call)
			// The filters are the provider's; check them rather than trust
			// a compatible provider to apply them.
			if leg.SID == "" || seen[leg.SID] || leg.To != to || leg.From != from || leg.Created.Before(since) {
				continue
			}
			seen[leg.SID] = true
			out = append(out, leg)
		}
	}
	sortLegs(out)
	return out, nil
}

func legOf(call openapi.ApiV2010Call) Leg {
	l := Leg{SID: deref(call.Sid), To: deref(call.To), From: deref(call.From),
		Status: deref(call.Status), Direction: deref(call.Direction)}
	// date_created is RFC 2822 ("Mon, 23 Nov 2026 10:15:42 +0000"); a
	// value that does not parse leaves Created zero, which no window
	// admits.
	if t, err := time.Parse(time.RFC1123Z, deref(call.DateCreated)); err == nil {
		l.Created = t.UTC()
	}
	return l
}

// sortLegs orders legs oldest first, then by SID, so every process picks
// the same one.
func sortLegs(legs []Leg) {
	slices.SortFunc(legs, func(a, b Leg) int {
		if c := a.Created.Compare(b.Created); c != 0 {
			return c
		}
		return strings.Compare(a.SID, b.SID)
	})
}
