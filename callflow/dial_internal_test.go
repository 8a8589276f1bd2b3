package callflow

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// An outcome learnt at the end of an attempt is written even when the
// attempt's context has expired by then: the leg's SID, and the failure.
// (Writing them on that context loses them.) A second leg for a call that
// has one is not recorded and is hung up.
func TestOutcomeWritesOutliveTheAttempt(t *testing.T) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t)
			sim := simulator.New(simulator.Config{CallControlURL: "http://switchboard.test/v1/voice/callml", Logger: slog.New(slog.DiscardHandler)})
			t.Cleanup(sim.Close)
			ts := httptest.NewServer(sim.Handler())
			t.Cleanup(ts.Close)
			client, err := telephony.NewClient(telephony.Config{AccountSID: sim.AccountSid(), AuthToken: sim.AuthToken(), BaseURL: ts.URL})
			require.NoError(t, err)
			s, err := New(Config{PublicBaseURL: "http://switchboard.test"},
				Deps{Calls: db, CallerIDs: db, DNC: db, Workspaces: db, Provider: client})
			require.NoError(t, err)

			begin := func(sid string) *sb.PendingDial {
				d, err := db.BeginCall(context.Background(), &sb.Call{CallSID: sid, WorkspaceID: storetest.NewWorkspaceID(),
					AgentIdentity: "ada", To: "+15005550100", From: "+15005550006", Status: sb.CallInitiated,
					ConferenceName: "sb-" + sid}, time.Minute)
				require.NoError(t, err)
				return d
			}
			expired, cancel := context.WithCancel(context.Background())
			cancel()

			created := begin("CA00000000000000000000000000000e01")
			leg := "CA00000000000000000000000000000e02"
			s.record(expired, s.log, created, leg, "customer leg created")
			call, err := db.FindCallByLeg(context.Background(), created.CallSID)
			require.NoError(t, err)
			require.Equal(t, leg, call.CustomerCallSID, "the leg is recorded")

			// A second leg for that call is not recorded, and is hung up.
			second, err := client.CreateCall(context.Background(), telephony.CallParams{To: simulator.NumberNoAnswer,
				From: "+15005550006", URL: "http://switchboard.test/v1/voice/conference-join"})
			require.NoError(t, err)
			s.record(expired, s.log, created, second, "customer leg found at the provider and adopted")
			call, err = db.FindCallByLeg(context.Background(), created.CallSID)
			require.NoError(t, err)
			require.Equal(t, leg, call.CustomerCallSID, "the first leg stays")
			require.Eventually(t, func() bool {
				for _, c := range sim.State().Calls {
					if c.Sid == second {
						return c.EndedAt != nil
					}
				}
				return false
			}, 10*time.Second, 10*time.Millisecond, "the second leg is hung up")

			refused := begin("CA00000000000000000000000000000e03")
			s.fail(expired, s.log, refused, "provider_error 21215: Geo permission", nil)
			call, err = db.FindCallByLeg(context.Background(), refused.CallSID)
			require.NoError(t, err)
			require.Equal(t, sb.CallFailed, call.Status, "the failure is recorded")
			require.Equal(t, "provider_error 21215: Geo permission", call.FailureReason)
			claimed, err := db.ClaimPendingDials(context.Background(), time.Minute, 100)
			require.NoError(t, err)
			require.Empty(t, claimed, "both pending dials are gone")
		})
	}
}

// A wait is said to the minute, rounded up, so that an agent told "in 12
// minutes" is never early.
func TestInWords(t *testing.T) {
	for d, want := range map[time.Duration]string{
		20 * time.Second:                 "1 minute",
		time.Minute:                      "1 minute",
		59*time.Minute + time.Second:     "1 hour",
		time.Hour:                        "1 hour",
		3*time.Hour + 11*time.Minute + 1: "3 hours 12 minutes",
		25*time.Hour + time.Minute:       "25 hours 1 minute",
		2 * time.Minute:                  "2 minutes",
	} {
		require.Equal(t, want, inWords(d), d.String())
	}
}
