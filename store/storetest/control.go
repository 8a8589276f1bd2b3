package storetest

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
)

// answeredCall stores a call whose customer leg exists and answered.
func answeredCall(t *testing.T, db interface {
	switchboard.CallStore
}) *switchboard.Call {
	t.Helper()
	c := browserCall(NewWorkspaceID())
	_, err := db.BeginCall(ctx(), c, time.Minute)
	require.NoError(t, err)
	cust := newCallSID()
	_, err = db.CustomerLegCreated(ctx(), c.CallSID, cust)
	require.NoError(t, err)
	got, err := db.RecordCallEvent(ctx(), &switchboard.CallEvent{CallSID: c.CallSID, LegSID: cust,
		Source: switchboard.EventConferenceJoin, ProviderStatus: "in-progress", Status: switchboard.CallAnswered, Sequence: -1})
	require.NoError(t, err)
	return got
}

func testCallControl(t *testing.T, open Opener) {
	db := open(t)

	t.Run("WritesControlStateAndEvents", func(t *testing.T) {
		t.Parallel()
		c := answeredCall(t, db)
		hold := func(on bool, step string) *switchboard.Call {
			got, err := db.UpdateCall(ctx(), c.CallSID, func(cur *switchboard.Call) ([]*switchboard.CallEvent, error) {
				cur.OnHold, cur.ConferenceSID = on, "CF"+c.CallSID[2:]
				cur.Status = switchboard.CallFailed // not a control column: ignored
				return []*switchboard.CallEvent{{LegSID: c.CustomerCallSID, Source: switchboard.EventHold, ProviderStatus: step}}, nil
			})
			require.NoError(t, err)
			return got
		}
		require.True(t, hold(true, "hold").OnHold)
		require.False(t, hold(false, "unhold").OnHold)
		got := hold(true, "hold")
		require.True(t, got.OnHold)
		require.Equal(t, switchboard.CallAnswered, got.Status, "only control columns are written")
		require.Equal(t, "CF"+c.CallSID[2:], got.ConferenceSID)

		got, err := db.UpdateCall(ctx(), c.CallSID, func(cur *switchboard.Call) ([]*switchboard.CallEvent, error) {
			cur.Muted = true
			cur.Transfer = &switchboard.Transfer{Type: switchboard.TransferWarm, Target: "+15005550100",
				Status: switchboard.TransferDialing, TargetCallSID: "CA1"}
			return nil, nil
		})
		require.NoError(t, err)
		require.True(t, got.Muted)
		require.Equal(t, &switchboard.Transfer{Type: "warm", Target: "+15005550100", Status: "dialing", TargetCallSID: "CA1"}, got.Transfer)
		require.True(t, got.Transfer.Pending())

		events, err := db.ListCallEvents(ctx(), c.CallSID)
		require.NoError(t, err)
		var steps []string
		for _, e := range events {
			if e.Source == switchboard.EventHold {
				steps = append(steps, e.ProviderStatus)
				require.True(t, e.Applied)
			}
		}
		require.Equal(t, []string{"hold", "unhold", "hold"}, steps, "the same step twice is kept twice")
	})

	t.Run("RefusalWritesNothing", func(t *testing.T) {
		t.Parallel()
		c := answeredCall(t, db)
		_, err := db.UpdateCall(ctx(), c.CallSID, func(cur *switchboard.Call) ([]*switchboard.CallEvent, error) {
			cur.OnHold = true
			return nil, switchboard.Errorf(switchboard.ETransferPending, "no")
		})
		require.Equal(t, switchboard.ETransferPending, switchboard.ErrorCode(err))
		got, err := db.FindCall(ctx(), c.WorkspaceID, c.CallSID)
		require.NoError(t, err)
		require.False(t, got.OnHold)
		_, err = db.UpdateCall(ctx(), newCallSID(), func(*switchboard.Call) ([]*switchboard.CallEvent, error) { return nil, nil })
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
	})

	t.Run("HangUp", func(t *testing.T) {
		t.Parallel()
		steps := func(callSID string) []string {
			events, err := db.ListCallEvents(ctx(), callSID)
			require.NoError(t, err)
			var out []string
			for _, e := range events {
				if e.Source == switchboard.EventHangup {
					out = append(out, e.ProviderStatus)
				}
			}
			return out
		}
		// An answered call completes, with its duration; a second hang-up
		// and a late callback change nothing.
		c := answeredCall(t, db)
		got, changed, err := db.HangUpCall(ctx(), c.CallSID, "hung_up: too late for this")
		require.NoError(t, err)
		require.True(t, changed)
		require.Equal(t, switchboard.CallCompleted, got.Status)
		require.Empty(t, got.FailureReason, "an answered call did not fail")
		require.NotNil(t, got.EndedAt)
		require.NotNil(t, got.Duration)
		again, changed, err := db.HangUpCall(ctx(), c.CallSID, "again")
		require.NoError(t, err)
		require.False(t, changed)
		require.Equal(t, got.EndedAt, again.EndedAt)
		late, err := db.RecordCallEvent(ctx(), &switchboard.CallEvent{CallSID: c.CallSID, LegSID: c.CustomerCallSID,
			Source: switchboard.EventStatusCallback, ProviderStatus: "busy", Status: switchboard.CallBusy, Sequence: 9})
		require.NoError(t, err)
		require.Equal(t, switchboard.CallCompleted, late.Status)
		require.Equal(t, []string{"completed"}, steps(c.CallSID))

		// A call not answered yet fails with the reason, and its pending
		// dial (here one a dead process left) is gone: nobody dials it.
		ringing := browserCall(NewWorkspaceID())
		_, err = db.BeginCall(ctx(), ringing, -time.Second)
		require.NoError(t, err)
		got, changed, err = db.HangUpCall(ctx(), ringing.CallSID, "hung_up: before the answer")
		require.NoError(t, err)
		require.True(t, changed)
		require.Equal(t, switchboard.CallFailed, got.Status)
		require.Equal(t, "hung_up: before the answer", got.FailureReason)
		require.Nil(t, got.AnsweredAt)
		require.Nil(t, got.Duration)
		require.NotNil(t, got.EndedAt)
		claimed, err := db.ClaimPendingDials(ctx(), time.Minute, 1000)
		require.NoError(t, err)
		for _, d := range claimed {
			require.NotEqual(t, ringing.CallSID, d.CallSID, "a hung-up call is not dialled")
		}
		require.Equal(t, []string{"canceled"}, steps(ringing.CallSID))

		_, _, err = db.HangUpCall(ctx(), newCallSID(), "x")
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
	})

	t.Run("ChangesDoNotInterleave", func(t *testing.T) {
		t.Parallel()
		c := answeredCall(t, db)
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := db.UpdateCall(ctx(), c.CallSID, func(cur *switchboard.Call) ([]*switchboard.CallEvent, error) {
					if cur.Transfer.Pending() {
						return nil, switchboard.Errorf(switchboard.ETransferPending, "pending")
					}
					cur.Transfer = &switchboard.Transfer{Type: "cold", Target: "+15005550100", Status: switchboard.TransferDialing}
					return nil, nil
				})
				if err == nil {
					mu.Lock()
					won++
					mu.Unlock()
				} else {
					require.Equal(t, switchboard.ETransferPending, switchboard.ErrorCode(err))
				}
			}()
		}
		wg.Wait()
		require.Equal(t, 1, won, "one pending transfer at a time")
	})
}

func testRecording(t *testing.T, open Opener) {
	db := open(t)

	t.Run("CreateFindList", func(t *testing.T) {
		t.Parallel()
		c := answeredCall(t, db)
		r := &switchboard.Recording{RecordingSID: "RE" + randomHex(16), CallSID: c.CallSID, WorkspaceID: c.WorkspaceID,
			LegSID: c.CustomerCallSID, Status: switchboard.RecordingInProgress, Channels: "dual"}
		require.NoError(t, db.CreateRecording(ctx(), r))
		require.False(t, r.StartedAt.IsZero())
		require.Nil(t, r.CompletedAt)

		again := *r
		again.Status, again.Channels = switchboard.RecordingPaused, "mono"
		require.NoError(t, db.CreateRecording(ctx(), &again))
		require.Equal(t, switchboard.RecordingInProgress, again.Status, "the stored one wins")
		require.Equal(t, "dual", again.Channels)

		got, err := db.FindRecording(ctx(), c.WorkspaceID, r.RecordingSID)
		require.NoError(t, err)
		require.Equal(t, r.LegSID, got.LegSID)
		_, err = db.FindRecording(ctx(), NewWorkspaceID(), r.RecordingSID)
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))

		second := &switchboard.Recording{RecordingSID: "RE" + randomHex(16), CallSID: c.CallSID, WorkspaceID: c.WorkspaceID,
			LegSID: c.CustomerCallSID, Status: switchboard.RecordingInProgress, Channels: "mono", StartedAt: r.StartedAt.Add(time.Second)}
		require.NoError(t, db.CreateRecording(ctx(), second))
		list, meta, err := db.ListRecordings(ctx(), c.CallSID, switchboard.Page{Limit: 50})
		require.NoError(t, err)
		require.Equal(t, 2, meta.Total)
		require.Equal(t, second.RecordingSID, list[0].RecordingSID, "newest first")
		list, meta, err = db.ListRecordings(ctx(), c.CallSID, switchboard.Page{Limit: 1})
		require.NoError(t, err)
		require.True(t, meta.HasMore)
		list, meta, err = db.ListRecordings(ctx(), c.CallSID, switchboard.Page{Limit: 1, After: meta.Next})
		require.NoError(t, err)
		require.False(t, meta.HasMore)
		require.Equal(t, r.RecordingSID, list[0].RecordingSID, "the older one follows by key")

		bad := &switchboard.Recording{RecordingSID: "RE" + randomHex(16), CallSID: newCallSID(), Status: "in-progress", Channels: "mono"}
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(db.CreateRecording(ctx(), bad)))
	})

	t.Run("StatusOnlyMovesForward", func(t *testing.T) {
		t.Parallel()
		c := answeredCall(t, db)
		sid := "RE" + randomHex(16)
		require.NoError(t, db.CreateRecording(ctx(), &switchboard.Recording{RecordingSID: sid, CallSID: c.CallSID,
			WorkspaceID: c.WorkspaceID, LegSID: c.CustomerCallSID, Status: switchboard.RecordingInProgress, Channels: "dual"}))
		step := func(s switchboard.RecordingStatus, wantMoved bool, want switchboard.RecordingStatus) *switchboard.Recording {
			t.Helper()
			r, moved, err := db.UpdateRecording(ctx(), sid, switchboard.RecordingUpdate{Status: s})
			require.NoError(t, err)
			require.Equal(t, wantMoved, moved, "to %s", s)
			require.Equal(t, want, r.Status)
			return r
		}
		step(switchboard.RecordingPaused, true, switchboard.RecordingPaused)
		step(switchboard.RecordingInProgress, true, switchboard.RecordingInProgress)
		step(switchboard.RecordingStopped, true, switchboard.RecordingStopped)
		step(switchboard.RecordingPaused, false, switchboard.RecordingStopped)
		d := 7
		r, moved, err := db.UpdateRecording(ctx(), sid, switchboard.RecordingUpdate{Status: switchboard.RecordingCompleted,
			Duration: &d, MediaURL: "https://media/" + sid})
		require.NoError(t, err)
		require.True(t, moved)
		require.Equal(t, 7, *r.Duration)
		require.Equal(t, "https://media/"+sid, r.MediaURL)
		require.NotNil(t, r.CompletedAt)
		step(switchboard.RecordingFailed, false, switchboard.RecordingCompleted)
		step(switchboard.RecordingCompleted, false, switchboard.RecordingCompleted)

		_, _, err = db.UpdateRecording(ctx(), "RE"+randomHex(16), switchboard.RecordingUpdate{Status: switchboard.RecordingPaused})
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err))
		_, _, err = db.UpdateRecording(ctx(), sid, switchboard.RecordingUpdate{Status: "recording"})
		require.Equal(t, switchboard.EInvalid, switchboard.ErrorCode(err))

		events, err := db.ListCallEvents(ctx(), c.CallSID)
		require.NoError(t, err)
		var steps []string
		for _, e := range events {
			if e.Source == switchboard.EventRecording {
				steps = append(steps, e.ProviderStatus)
			}
		}
		require.Equal(t, []string{"in-progress", "paused", "in-progress", "stopped", "completed"}, steps)
	})
}
