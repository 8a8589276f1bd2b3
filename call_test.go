package switchboard_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
)

// Status ordering: a call moves from one status to another only when the
// second ranks higher, so every path runs initiated, ringing, answered, then
// one final status, and the first final status wins.
func TestCallStatusOrder(t *testing.T) {
	t.Parallel()
	order := []sb.CallStatus{sb.CallInitiated, sb.CallRinging, sb.CallAnswered}
	finals := []sb.CallStatus{sb.CallCompleted, sb.CallNoAnswer, sb.CallBusy, sb.CallFailed}
	all := append(append([]sb.CallStatus{}, order...), finals...)
	moves := func(from, to sb.CallStatus) bool { return to.Rank() > from.Rank() }
	for i, from := range order {
		require.False(t, from.Final(), from)
		for j, to := range order {
			require.Equal(t, j > i, moves(from, to), "%s -> %s", from, to)
		}
		for _, to := range finals {
			require.True(t, moves(from, to), "%s -> %s: a call can end from any live status", from, to)
		}
	}
	for _, from := range finals {
		require.True(t, from.Final(), from)
		for _, to := range all {
			require.False(t, moves(from, to), "%s -> %s: nothing follows a final status", from, to)
		}
	}
	for _, unknown := range []sb.CallStatus{"", "queued", "in-progress", "Completed"} {
		require.Equal(t, -1, unknown.Rank(), "%q is not a call status", unknown)
		require.False(t, unknown.Final())
		require.False(t, moves(sb.CallInitiated, unknown), "an unknown status never moves a call")
	}
}

// Recordings order like calls: in-progress and paused alike, then stopped,
// then completed or failed, which are final.
func TestRecordingStatusOrder(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		s     sb.RecordingStatus
		rank  int
		final bool
	}{
		{sb.RecordingInProgress, 0, false},
		{sb.RecordingPaused, 0, false},
		{sb.RecordingStopped, 1, false},
		{sb.RecordingCompleted, 2, true},
		{sb.RecordingFailed, 2, true},
		{"absent", -1, false},
		{"", -1, false},
	} {
		require.Equal(t, tc.rank, tc.s.Rank(), tc.s)
		require.Equal(t, tc.final, tc.s.Final(), tc.s)
	}
}

// A transfer is pending while it dials or talks, and took the call over
// only once completed; no transfer is neither.
func TestTransferStates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		status            string
		pending, tookOver bool
	}{
		{sb.TransferDialing, true, false},
		{sb.TransferTalking, true, false},
		{sb.TransferCompleted, false, true},
		{sb.TransferCanceled, false, false},
		{sb.TransferFailed, false, false},
	} {
		tr := &sb.Transfer{Type: sb.TransferWarm, Status: tc.status}
		require.Equal(t, tc.pending, tr.Pending(), tc.status)
		require.Equal(t, tc.tookOver, tr.TookOver(), tc.status)
	}
	var none *sb.Transfer
	require.False(t, none.Pending())
	require.False(t, none.TookOver())
}
