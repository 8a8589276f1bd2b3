package telephony_test

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// FindLegs against the simulator, through twilio-go: the calls to a number
// from a caller ID since a time, oldest first, and nothing
// else (another number, a later window).
func TestFindLegsOnTheSimulator(t *testing.T) {
	t.Parallel()
	sim := simulator.New(simulator.Config{CallControlURL: "http://switchboard.test/v1/voice/callml", Logger: slog.New(slog.DiscardHandler)})
	t.Cleanup(sim.Close)
	ts := httptest.NewServer(sim.Handler())
	t.Cleanup(ts.Close)
	c, err := telephony.NewClient(telephony.Config{AccountSID: sim.AccountSid(), AuthToken: sim.AuthToken(), BaseURL: ts.URL})
	require.NoError(t, err)
	ctx := context.Background()
	const from = "+15005550006" // the simulator's own number
	dial := func(to string) string {
		sid, err := c.CreateCall(ctx, telephony.CallParams{To: to, From: from, URL: "http://switchboard.test/hangup"})
		require.NoError(t, err)
		return sid
	}
	before := time.Now().Add(-time.Minute)
	var want []string
	for range 3 {
		want = append(want, dial(simulator.NumberBusy))
	}
	dial(simulator.NumberNoAnswer)

	legs, err := c.FindLegs(ctx, simulator.NumberBusy, from, before)
	require.NoError(t, err)
	var got []string
	for _, l := range legs {
		require.Equal(t, "outbound-api", l.Direction)
		require.Equal(t, simulator.NumberBusy, l.To)
		got = append(got, l.SID)
	}
	require.ElementsMatch(t, want, got)
	for i := 1; i < len(legs); i++ {
		require.False(t, legs[i].Created.Before(legs[i-1].Created), "oldest first")
	}
	legs, err = c.FindLegs(ctx, simulator.NumberBusy, from, legs[len(legs)-1].Created.Add(time.Second))
	require.NoError(t, err)
	require.Empty(t, legs, "nothing created since")
}
