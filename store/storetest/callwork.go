package storetest

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// agentOnly is the service's check of an after-call change, as a test
// gives it.
func agentOnly(identity string) func(*switchboard.Call) error {
	return func(c *switchboard.Call) error {
		if c.AgentIdentity != identity {
			return switchboard.Errorf(switchboard.ENotAgentParticipant, "Only the call's agent may act on it.")
		}
		return nil
	}
}

func work(outcomeID, notes *string, tags ...string) switchboard.CallWork {
	w := switchboard.CallWork{OutcomeID: outcomeID, Notes: notes, By: "ada"}
	if tags != nil {
		w.Tags = &tags
	}
	return w
}

// eventsOfType lists a workspace's events of one type, newest first.
func eventsOfType(t *testing.T, db *store.DB, ws string, typ switchboard.EventType) []*switchboard.Event {
	var out []*switchboard.Event
	for _, e := range events(t, db, ws) {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

func callTags(t *testing.T, db *store.DB, callSID string) []string {
	t.Helper()
	tags, err := db.CallTagIndex(ctx(), callSID)
	require.NoError(t, err)
	return tags
}

func testCallWork(t *testing.T, open Opener) {
	db := withEvents(t, open)

	t.Run("ContactOnEveryInsert", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		c := createContact(t, db, switchboard.Contact{WorkspaceID: ws, FirstName: "Grace", Phone: "+15005550100"})
		createContact(t, db, switchboard.Contact{WorkspaceID: NewWorkspaceID(), FirstName: "Other", Phone: "+15005550101"})

		browser := browserCall(ws)
		_, err := db.BeginCall(ctx(), browser, time.Minute)
		require.NoError(t, err)
		require.Equal(t, c.ID, browser.ContactID, "the call-control webhook's insert finds the contact")
		require.Equal(t, []string{}, browser.Tags)
		require.Nil(t, browser.Outcome)
		got, err := db.FindCall(ctx(), ws, browser.CallSID)
		require.NoError(t, err)
		require.Equal(t, c.ID, got.ContactID)

		click := &switchboard.Call{CallSID: newCallSID(), WorkspaceID: ws, AgentIdentity: "ada", To: "+15005550100",
			From: "+15005550006", Status: switchboard.CallInitiated}
		require.NoError(t, db.CreateCall(ctx(), click))
		require.Equal(t, c.ID, click.ContactID, "and click-to-call's")

		other := browserCall(ws)
		other.To = "+15005550101" // a contact of another workspace only
		_, err = db.BeginCall(ctx(), other, time.Minute)
		require.NoError(t, err)
		require.Empty(t, other.ContactID)

		var data switchboard.Call
		evs := eventsOfType(t, db, ws, switchboard.EventCallInitiated)
		require.Len(t, evs, 3)
		require.NoError(t, json.Unmarshal(evs[len(evs)-1].Data, &data))
		require.Equal(t, c.ID, data.ContactID, "the event carries the contact")
	})

	t.Run("WritesOutcomeNotesTags", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		call := browserCall(ws)
		_, err := db.BeginCall(ctx(), call, time.Minute)
		require.NoError(t, err)
		interested := outcomeNamed(t, db, ws, "Interested")

		got, err := db.UpdateCallWork(ctx(), ws, call.CallSID, work(&interested.ID, ptr("Wants a quote.\nFriday."), "renewal", "pricing"), agentOnly("ada"))
		require.NoError(t, err)
		require.Equal(t, &switchboard.OutcomeRef{ID: interested.ID, Name: "Interested", Kind: switchboard.OutcomeConnected}, got.Outcome)
		require.Equal(t, "Wants a quote.\nFriday.", got.Notes)
		require.Equal(t, []string{"renewal", "pricing"}, got.Tags)
		require.Equal(t, []string{"pricing", "renewal"}, callTags(t, db, call.CallSID))

		found, err := db.FindCall(ctx(), ws, call.CallSID)
		require.NoError(t, err)
		require.Equal(t, got, found, "every read shows it")
		listed, _, err := db.ListCalls(ctx(), ws, switchboard.CallFilter{Agent: "ada"}, switchboard.Page{Limit: 10})
		require.NoError(t, err)
		require.Equal(t, got, listed[0])
		byLeg, err := db.FindCallByLeg(ctx(), call.CallSID)
		require.NoError(t, err)
		require.Equal(t, got.Outcome, byLeg.Outcome)

		// A later status callback keeps it, and its event shows it.
		after, err := db.RecordCallEvent(ctx(), &switchboard.CallEvent{CallSID: call.CallSID, LegSID: call.CallSID,
			Source: "agent", ProviderStatus: "ringing", Status: switchboard.CallRinging, Sequence: -1})
		require.NoError(t, err)
		require.Equal(t, got.Outcome, after.Outcome)
		require.Equal(t, got.Tags, after.Tags)

		// Absent fields are left alone; nil clears.
		got, err = db.UpdateCallWork(ctx(), ws, call.CallSID, work(nil, nil, "vip"), agentOnly("ada"))
		require.NoError(t, err)
		require.Equal(t, interested.ID, got.Outcome.ID)
		require.Equal(t, "Wants a quote.\nFriday.", got.Notes)
		require.Equal(t, []string{"vip"}, got.Tags)
		require.Equal(t, []string{"vip"}, callTags(t, db, call.CallSID))
		got, err = db.UpdateCallWork(ctx(), ws, call.CallSID, work(ptr(""), ptr(""), []string{}...), agentOnly("ada"))
		require.NoError(t, err)
		require.Nil(t, got.Outcome)
		require.Empty(t, got.Notes)
		require.Equal(t, []string{}, got.Tags)
		require.Empty(t, callTags(t, db, call.CallSID))
	})

	t.Run("RefusedChangesWriteNothing", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		call := browserCall(ws)
		_, err := db.BeginCall(ctx(), call, time.Minute)
		require.NoError(t, err)
		noAnswer := outcomeNamed(t, db, ws, "No answer")
		before, err := db.UpdateCallWork(ctx(), ws, call.CallSID, work(&noAnswer.ID, ptr("first"), "a"), agentOnly("ada"))
		require.NoError(t, err)

		_, err = db.UpdateCallWork(ctx(), ws, call.CallSID, work(nil, ptr("grace's"), "b"), agentOnly("grace"))
		require.Equal(t, switchboard.ENotAgentParticipant, switchboard.ErrorCode(err), "the check's error")

		otherWS := outcomeNamed(t, db, NewWorkspaceID(), "Interested")
		for _, id := range []string{"nope", otherWS.ID} {
			_, err = db.UpdateCallWork(ctx(), ws, call.CallSID, work(&id, ptr("second"), "b"), agentOnly("ada"))
			var e *switchboard.Error
			require.True(t, errors.As(err, &e))
			require.Equal(t, switchboard.EInvalid, e.Code)
			require.Equal(t, "outcomeId", e.Details[0].Field)
		}
		_, err = db.UpdateCallWork(ctx(), NewWorkspaceID(), call.CallSID, work(nil, ptr("x"), "c"), agentOnly("ada"))
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "another workspace's call")

		got, err := db.FindCall(ctx(), ws, call.CallSID)
		require.NoError(t, err)
		require.Equal(t, before, got, "nothing half-written")
		require.Equal(t, []string{"a"}, callTags(t, db, call.CallSID))
	})

	t.Run("ArchivedOutcomes", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		call, other := browserCall(ws), browserCall(ws)
		for _, c := range []*switchboard.Call{call, other} {
			_, err := db.BeginCall(ctx(), c, time.Minute)
			require.NoError(t, err)
		}
		later := outcomeNamed(t, db, ws, "Call back later")
		_, err := db.UpdateCallWork(ctx(), ws, call.CallSID, work(&later.ID, nil), agentOnly("ada"))
		require.NoError(t, err)
		_, err = db.UpdateOutcome(ctx(), ws, later.ID, switchboard.OutcomePatch{Archived: ptrBool(true)})
		require.NoError(t, err)

		got, err := db.FindCall(ctx(), ws, call.CallSID)
		require.NoError(t, err)
		require.Equal(t, later.ID, got.Outcome.ID, "the call keeps its archived outcome")
		got, err = db.UpdateCallWork(ctx(), ws, call.CallSID, work(&later.ID, ptr("kept")), agentOnly("ada"))
		require.NoError(t, err, "naming the outcome the call has changes nothing")
		require.Equal(t, later.ID, got.Outcome.ID)

		_, err = db.UpdateCallWork(ctx(), ws, other.CallSID, work(&later.ID, nil), agentOnly("ada"))
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err), "an archived outcome is not taken")
		got, err = db.FindCall(ctx(), ws, other.CallSID)
		require.NoError(t, err)
		require.Nil(t, got.Outcome)
	})

	t.Run("DoNotCallListsTheNumber", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		call := browserCall(ws)
		_, err := db.BeginCall(ctx(), call, time.Minute)
		require.NoError(t, err)
		dnc := outcomeNamed(t, db, ws, "Do not call")
		_, err = db.UpdateCallWork(ctx(), ws, call.CallSID, work(&dnc.ID, nil), agentOnly("ada"))
		require.NoError(t, err)
		e, err := db.FindDNCByPhone(ctx(), ws, call.To)
		require.NoError(t, err)
		require.Equal(t, switchboard.DNCSourceCall, e.Source)
		require.Equal(t, call.CallSID, e.CallSID)
		require.Equal(t, "ada", e.AddedBy)
		require.Len(t, eventsOfType(t, db, ws, switchboard.EventDNCAdded), 1)

		// A number listed already is left as it is.
		ws2 := NewWorkspaceID()
		call2 := browserCall(ws2)
		_, err = db.BeginCall(ctx(), call2, time.Minute)
		require.NoError(t, err)
		listed := &switchboard.DNCEntry{WorkspaceID: ws2, Phone: call2.To, Reason: "asked by letter", AddedBy: "grace"}
		_, err = db.AddDNC(ctx(), listed)
		require.NoError(t, err)
		dnc2 := outcomeNamed(t, db, ws2, "Do not call")
		_, err = db.UpdateCallWork(ctx(), ws2, call2.CallSID, work(&dnc2.ID, nil), agentOnly("ada"))
		require.NoError(t, err)
		e, err = db.FindDNCByPhone(ctx(), ws2, call2.To)
		require.NoError(t, err)
		require.Equal(t, listed.ID, e.ID)
		require.Equal(t, switchboard.DNCSourceAPI, e.Source)
		require.Len(t, eventsOfType(t, db, ws2, switchboard.EventDNCAdded), 1)
	})

	t.Run("OutcomeSetEvents", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		call := browserCall(ws)
		_, err := db.BeginCall(ctx(), call, time.Minute)
		require.NoError(t, err)
		a, b := outcomeNamed(t, db, ws, "Interested"), outcomeNamed(t, db, ws, "Wrong number")
		steps := []struct {
			w    switchboard.CallWork
			want int
		}{
			{work(nil, ptr("notes only")), 0},
			{work(&a.ID, nil), 1},
			{work(&a.ID, ptr("same outcome")), 1},
			{work(ptr(""), nil), 1}, // a clear
			{work(&a.ID, nil), 2},
			{work(&b.ID, nil, "x"), 3},
		}
		for i, s := range steps {
			_, err := db.UpdateCallWork(ctx(), ws, call.CallSID, s.w, agentOnly("ada"))
			require.NoError(t, err)
			require.Len(t, eventsOfType(t, db, ws, switchboard.EventCallOutcomeSet), s.want, "step %d", i)
		}
		var data switchboard.Call
		require.NoError(t, json.Unmarshal(eventsOfType(t, db, ws, switchboard.EventCallOutcomeSet)[0].Data, &data))
		require.Equal(t, call.CallSID, data.CallSID)
		require.Equal(t, b.ID, data.Outcome.ID)
		require.Equal(t, []string{"x"}, data.Tags, "the call as written")
	})
}
