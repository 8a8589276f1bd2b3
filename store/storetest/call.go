package storetest

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// newCallSID returns a Twilio-shaped call SID no other test uses.
func newCallSID() string { return "CA" + randomHex(16) }

func browserCall(ws string) *switchboard.Call {
	return &switchboard.Call{
		CallSID: newCallSID(), WorkspaceID: ws, AgentIdentity: "ada", To: "+15005550100",
		From: "+15005550006", Status: switchboard.CallInitiated, ConferenceName: "sb-" + randomHex(8),
	}
}

func testCall(t *testing.T, open Opener) {
	db := open(t)

	t.Run("BeginIsIdempotent", func(t *testing.T) {
		t.Parallel()
		c := browserCall(NewWorkspaceID())
		name := c.ConferenceName
		dial, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		require.NotNil(t, dial, "a new call comes with its pending dial")
		require.Equal(t, c.CallSID, dial.CallSID)
		require.Equal(t, name, dial.ConferenceName)
		require.Equal(t, "+15005550100", dial.To)
		require.Equal(t, 1, dial.Attempts)
		require.Equal(t, switchboard.CallInitiated, c.Status)
		require.Equal(t, "outbound", c.Direction)

		retry := browserCall(c.WorkspaceID)
		retry.CallSID = c.CallSID
		dial, err = db.BeginCall(ctx(), retry, time.Minute)
		require.NoError(t, err)
		require.Nil(t, dial, "a retried webhook dials nobody")
		require.Equal(t, name, retry.ConferenceName, "and answers the first conference")

		got, err := db.FindCallByConference(ctx(), name)
		require.NoError(t, err)
		require.Equal(t, c.CallSID, got.CallSID)
		_, err = db.FindCall(ctx(), NewWorkspaceID(), c.CallSID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "another workspace's call is not found")
	})

	t.Run("ConcurrentBeginDialsOnce", func(t *testing.T) {
		t.Parallel()
		sid, ws := newCallSID(), NewWorkspaceID()
		var mu sync.Mutex
		dials, names := 0, map[string]bool{}
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := browserCall(ws)
				c.CallSID = sid
				dial, err := db.BeginCall(ctx(), c, time.Minute)
				require.NoError(t, err)
				mu.Lock()
				defer mu.Unlock()
				if dial != nil {
					dials++
				}
				names[c.ConferenceName] = true
			}()
		}
		wg.Wait()
		require.Equal(t, 1, dials)
		require.Len(t, names, 1, "every delivery answers the same conference")
	})

	t.Run("RefusedCall", func(t *testing.T) {
		t.Parallel()
		c := browserCall(NewWorkspaceID())
		c.ConferenceName, c.Status, c.FailureReason = "", switchboard.CallFailed, "dnc_blocked"
		dial, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		require.Nil(t, dial)
		require.Equal(t, switchboard.CallFailed, c.Status)
		require.Equal(t, "dnc_blocked", c.FailureReason)
		require.NotNil(t, c.EndedAt)
	})

	t.Run("ClickToCall", func(t *testing.T) {
		t.Parallel()
		c := browserCall(NewWorkspaceID())
		name := c.ConferenceName
		require.NoError(t, db.CreateCall(ctx(), c))
		require.Empty(t, c.ConferenceName)
		require.True(t, c.Awaiting())

		again := *c
		require.NoError(t, db.CreateCall(ctx(), &again), "a second create reads the first")

		answer := browserCall(c.WorkspaceID)
		answer.CallSID, answer.ConferenceName, answer.To = c.CallSID, name, "+15005550199"
		dial, err := db.BeginCall(ctx(), answer, time.Minute)
		require.NoError(t, err)
		require.NotNil(t, dial, "the agent's answer dials the stored customer")
		require.Equal(t, "+15005550100", dial.To)
		require.Equal(t, name, answer.ConferenceName)

		dial, err = db.BeginCall(ctx(), answer, time.Minute)
		require.NoError(t, err)
		require.Nil(t, dial)

		// The webhook may come before the click-to-call's own insert.
		first := browserCall(c.WorkspaceID)
		_, err = db.BeginCall(ctx(), first, time.Minute)
		require.NoError(t, err)
		late := *first
		late.ConferenceName = ""
		require.NoError(t, db.CreateCall(ctx(), &late))
		require.Equal(t, first.ConferenceName, late.ConferenceName)
	})

	t.Run("CustomerLegAndFailure", func(t *testing.T) {
		t.Parallel()
		c := browserCall(NewWorkspaceID())
		_, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		cust := newCallSID()
		got, err := db.CustomerLegCreated(ctx(), c.CallSID, cust)
		require.NoError(t, err)
		require.Equal(t, cust, got.CustomerCallSID)
		stored, err := db.FindCall(ctx(), c.WorkspaceID, c.CallSID)
		require.NoError(t, err)
		require.Equal(t, stored, got, "the call returned is the call stored")
		// The first leg stays: another is not recorded over it, and the
		// same one again changes nothing.
		second := newCallSID()
		got, err = db.CustomerLegCreated(ctx(), c.CallSID, second)
		require.NoError(t, err)
		require.Equal(t, cust, got.CustomerCallSID, "a recorded leg is never overwritten")
		_, err = db.FindCallByLeg(ctx(), second)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		got, err = db.CustomerLegCreated(ctx(), c.CallSID, cust)
		require.NoError(t, err)
		require.Equal(t, cust, got.CustomerCallSID)
		byLeg, err := db.FindCallByLeg(ctx(), cust)
		require.NoError(t, err)
		require.Equal(t, c.CallSID, byLeg.CallSID)
		byLeg, err = db.FindCallByLeg(ctx(), c.CallSID)
		require.NoError(t, err)
		require.Equal(t, c.CallSID, byLeg.CallSID)
		_, err = db.FindCallByLeg(ctx(), newCallSID())
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))

		other := browserCall(c.WorkspaceID)
		_, err = db.BeginCall(ctx(), other, time.Minute)
		require.NoError(t, err)
		changed, err := db.FailCall(ctx(), other.CallSID, "provider_error 21211: bad To")
		require.NoError(t, err)
		require.True(t, changed)
		changed, err = db.FailCall(ctx(), other.CallSID, "again")
		require.NoError(t, err)
		require.False(t, changed, "an ended call stays as it ended")
		failed, err := db.FindCall(ctx(), other.WorkspaceID, other.CallSID)
		require.NoError(t, err)
		require.Equal(t, switchboard.CallFailed, failed.Status)
		require.Equal(t, "provider_error 21211: bad To", failed.FailureReason)
		_, err = db.FailCall(ctx(), newCallSID(), "x")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		_, err = db.CustomerLegCreated(ctx(), newCallSID(), cust+"x")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
	})

	t.Run("EventsMoveForwardOnly", func(t *testing.T) {
		t.Parallel()
		c := browserCall(NewWorkspaceID())
		_, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		cust := newCallSID()
		_, err = db.CustomerLegCreated(ctx(), c.CallSID, cust)
		require.NoError(t, err)

		ev := func(src, provider string, status switchboard.CallStatus, seq int, dur *int) *switchboard.CallEvent {
			return &switchboard.CallEvent{CallSID: c.CallSID, LegSID: cust, Source: src, ProviderStatus: provider,
				Status: status, Sequence: seq, Duration: dur}
		}
		got, err := db.RecordCallEvent(ctx(), ev(switchboard.EventConferenceJoin, "in-progress", switchboard.CallAnswered, -1, nil))
		require.NoError(t, err)
		require.Equal(t, switchboard.CallAnswered, got.Status)
		require.NotNil(t, got.AnsweredAt)

		d := 7
		done := ev(switchboard.EventStatusCallback, "completed", switchboard.CallCompleted, 3, &d)
		got, err = db.RecordCallEvent(ctx(), done)
		require.NoError(t, err)
		require.True(t, done.Applied)
		require.Equal(t, switchboard.CallCompleted, got.Status)
		require.NotNil(t, got.EndedAt)
		require.Equal(t, 7, *got.Duration)
		stored, err := db.FindCall(ctx(), c.WorkspaceID, c.CallSID)
		require.NoError(t, err)
		require.Equal(t, stored, got, "the call returned is the call stored")

		late := ev(switchboard.EventStatusCallback, "ringing", switchboard.CallRinging, 1, nil)
		got, err = db.RecordCallEvent(ctx(), late)
		require.NoError(t, err)
		require.False(t, late.Applied, "a late ringing after completed is ignored")
		require.Equal(t, switchboard.CallCompleted, got.Status)

		again := ev(switchboard.EventStatusCallback, "completed", switchboard.CallCompleted, 3, &d)
		_, err = db.RecordCallEvent(ctx(), again)
		require.NoError(t, err)
		require.False(t, again.Applied)
		require.Empty(t, again.ID, "a repeated callback is not stored twice")

		events, err := db.ListCallEvents(ctx(), c.CallSID)
		require.NoError(t, err)
		require.Len(t, events, 3)
		require.Equal(t, []bool{true, true, false}, []bool{events[0].Applied, events[1].Applied, events[2].Applied})

		_, err = db.RecordCallEvent(ctx(), &switchboard.CallEvent{CallSID: newCallSID(), LegSID: "x", Source: "status", ProviderStatus: "ringing"})
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
	})

	t.Run("HeldEventAdopted", func(t *testing.T) {
		t.Parallel()
		c := browserCall(NewWorkspaceID())
		_, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		cust := newCallSID()
		d := 0
		early := &switchboard.CallEvent{LegSID: cust, Source: "status", ProviderStatus: "busy", Status: switchboard.CallBusy, Sequence: 0, Duration: &d}
		held, err := db.HoldCallEvent(ctx(), early)
		require.NoError(t, err)
		require.True(t, held, "no call has that leg yet")
		held, err = db.HoldCallEvent(ctx(), early)
		require.NoError(t, err)
		require.True(t, held)
		got, err := db.CustomerLegCreated(ctx(), c.CallSID, cust)
		require.NoError(t, err)
		require.Equal(t, switchboard.CallBusy, got.Status, "the held callback applies when the leg is written")
		events, err := db.ListCallEvents(ctx(), c.CallSID)
		require.NoError(t, err)
		require.Len(t, events, 1, "kept once")
		require.True(t, events[0].Applied)
		held, err = db.HoldCallEvent(ctx(), &switchboard.CallEvent{LegSID: cust, Source: "status", ProviderStatus: "completed", Sequence: 1})
		require.NoError(t, err)
		require.False(t, held, "a known leg is not held")
	})

	t.Run("HeldTransferEventTaken", func(t *testing.T) {
		t.Parallel()
		c := browserCall(NewWorkspaceID())
		_, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		target, other := newCallSID(), newCallSID()
		busy := &switchboard.CallEvent{LegSID: target, Source: "status", ProviderStatus: "busy", Sequence: 1}
		for range 2 {
			held, err := db.HoldTransferEvent(ctx(), c.CallSID, busy)
			require.NoError(t, err)
			require.True(t, held, "the transfer does not name the leg yet")
		}
		held, err := db.HoldTransferEvent(ctx(), c.CallSID, &switchboard.CallEvent{LegSID: other, Source: "status", ProviderStatus: "busy", Sequence: 1})
		require.NoError(t, err)
		require.True(t, held)
		_, err = db.HoldTransferEvent(ctx(), newCallSID(), busy)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))

		_, err = db.UpdateCall(ctx(), c.CallSID, func(cur *switchboard.Call) ([]*switchboard.CallEvent, error) {
			cur.Transfer = &switchboard.Transfer{Type: switchboard.TransferWarm, Target: "+15005550100", Status: switchboard.TransferDialing, TargetCallSID: target}
			return nil, nil
		})
		require.NoError(t, err)
		taken, err := db.TakeTransferEvents(ctx(), c.CallSID, target)
		require.NoError(t, err)
		require.Len(t, taken, 1, "kept once, and only the target's")
		require.Equal(t, "busy", taken[0].ProviderStatus)
		require.Equal(t, c.CallSID, taken[0].CallSID)
		taken, err = db.TakeTransferEvents(ctx(), c.CallSID, target)
		require.NoError(t, err)
		require.Empty(t, taken, "taken once")
		events, err := db.ListCallEvents(ctx(), c.CallSID)
		require.NoError(t, err)
		require.Len(t, events, 1, "the taken event is the call's, not applied")
		require.False(t, events[0].Applied)

		held, err = db.HoldTransferEvent(ctx(), c.CallSID, &switchboard.CallEvent{LegSID: target, Source: "status", ProviderStatus: "completed", Sequence: 2})
		require.NoError(t, err)
		require.False(t, held, "a leg the transfer names is not held")
	})

	t.Run("OlderSequenceIgnored", func(t *testing.T) {
		t.Parallel()
		c := browserCall(NewWorkspaceID())
		_, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		cust := newCallSID()
		_, err = db.CustomerLegCreated(ctx(), c.CallSID, cust)
		require.NoError(t, err)
		ringing := &switchboard.CallEvent{CallSID: c.CallSID, LegSID: cust, Source: "status", ProviderStatus: "ringing", Status: switchboard.CallRinging, Sequence: 5}
		_, err = db.RecordCallEvent(ctx(), ringing)
		require.NoError(t, err)
		require.True(t, ringing.Applied)
		stale := &switchboard.CallEvent{CallSID: c.CallSID, LegSID: cust, Source: "status", ProviderStatus: "in-progress", Status: switchboard.CallAnswered, Sequence: 2}
		got, err := db.RecordCallEvent(ctx(), stale)
		require.NoError(t, err)
		require.False(t, stale.Applied, "an older sequence number does not move the call")
		require.Equal(t, switchboard.CallRinging, got.Status)
	})

	t.Run("PendingDials", func(t *testing.T) {
		t.Parallel()
		// A dial claimed for no time at all is what a dead process leaves.
		c := browserCall(NewWorkspaceID())
		_, err := db.BeginCall(ctx(), c, -time.Second)
		require.NoError(t, err)
		held := browserCall(c.WorkspaceID)
		_, err = db.BeginCall(ctx(), held, time.Hour)
		require.NoError(t, err)

		claimed, err := db.ClaimPendingDials(ctx(), time.Minute, 1000)
		require.NoError(t, err)
		var mine *switchboard.PendingDial
		for _, d := range claimed {
			require.NotEqual(t, held.CallSID, d.CallSID, "a dial still claimed is left alone")
			if d.CallSID == c.CallSID {
				mine = d
			}
		}
		require.NotNil(t, mine)
		require.Equal(t, 2, mine.Attempts)
		require.True(t, mine.ClaimedUntil.After(time.Now()))

		// Creates are counted for the claim that holds the dial, and a later
		// claim reads the count; the claim before it counts nothing more.
		n, err := db.NoteCreate(ctx(), c.CallSID, mine.Attempts)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		n, err = db.NoteCreate(ctx(), c.CallSID, mine.Attempts)
		require.NoError(t, err)
		require.Equal(t, 2, n)
		_, err = db.NoteCreate(ctx(), c.CallSID, 1)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "the first claim is over: %v", err)
		_, err = db.NoteCreate(ctx(), newCallSID(), 1)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "no such dial: %v", err)
		require.NoError(t, db.Fixture(ctx(), func(tx *gorm.DB) error {
			return tx.Exec("UPDATE pending_dials SET claimed_until = ? WHERE call_sid = ?", time.Now().Add(-time.Second), c.CallSID).Error
		}))
		claimed, err = db.ClaimPendingDials(ctx(), time.Minute, 1000)
		require.NoError(t, err)
		mine = nil
		for _, d := range claimed {
			if d.CallSID == c.CallSID {
				mine = d
			}
		}
		require.NotNil(t, mine)
		require.Equal(t, 3, mine.Attempts)
		require.Equal(t, 2, mine.Creates, "a later claim continues the count")
		_, err = db.NoteCreate(ctx(), c.CallSID, 2)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))

		claimed, err = db.ClaimPendingDials(ctx(), time.Minute, 1000)
		require.NoError(t, err)
		for _, d := range claimed {
			require.NotEqual(t, c.CallSID, d.CallSID, "a claimed dial is not claimed twice")
		}

		_, err = db.CustomerLegCreated(ctx(), c.CallSID, newCallSID())
		require.NoError(t, err)
		_, err = db.FailCall(ctx(), held.CallSID, "x")
		require.NoError(t, err)
		_, err = db.BeginCall(ctx(), browserCall(c.WorkspaceID), -time.Second)
		require.NoError(t, err)
		claimed, err = db.ClaimPendingDials(ctx(), time.Minute, 1000)
		require.NoError(t, err)
		for _, d := range claimed {
			require.NotContains(t, []string{c.CallSID, held.CallSID}, d.CallSID, "done dials are deleted")
		}
	})

	t.Run("ListOwnCalls", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		var sids []string
		for range 3 {
			c := browserCall(ws)
			_, err := db.BeginCall(ctx(), c, time.Minute)
			require.NoError(t, err)
			sids = append([]string{c.CallSID}, sids...)
		}
		other := browserCall(ws)
		other.AgentIdentity = "grace"
		_, err := db.BeginCall(ctx(), other, time.Minute)
		require.NoError(t, err)

		items, meta, err := db.ListCalls(ctx(), ws, switchboard.CallFilter{Agent: "ada"}, switchboard.Page{Limit: 2})
		require.NoError(t, err)
		require.Equal(t, 3, meta.Total)
		require.True(t, meta.HasMore)
		require.Equal(t, sids[:2], []string{items[0].CallSID, items[1].CallSID}, "newest first")
		items, meta, err = db.ListCalls(ctx(), ws, switchboard.CallFilter{Agent: "ada"}, switchboard.Page{Limit: 2, Offset: 2})
		require.NoError(t, err)
		require.False(t, meta.HasMore)
		require.Equal(t, sids[2], items[0].CallSID)

		// By key: the page after the first one's last call.
		_, meta, err = db.ListCalls(ctx(), ws, switchboard.CallFilter{Agent: "ada"}, switchboard.Page{Limit: 2})
		require.NoError(t, err)
		require.Equal(t, sids[1], meta.Next.ID)
		items, meta, err = db.ListCalls(ctx(), ws, switchboard.CallFilter{Agent: "ada"}, switchboard.Page{Limit: 2, After: meta.Next})
		require.NoError(t, err)
		require.False(t, meta.HasMore)
		require.Nil(t, meta.Next)
		require.Len(t, items, 1)
		require.Equal(t, sids[2], items[0].CallSID)
	})
}
