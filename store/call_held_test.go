package store_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// TestHeldEventsAnnounced: callbacks about a customer leg that arrive
// before the leg's SID is written are held, and when the leg is written
// they move the call as they would have on arrival, each with the event
// its status announces (the provider's status callback can beat the REST
// create's answer on a loaded machine). Every status reached is announced
// once, and the call.completed event carries the call as it ended.
func TestHeldEventsAnnounced(t *testing.T) {
	t.Parallel()
	encode := func(v any) (json.RawMessage, error) { return json.Marshal(v) }
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			db := d.Open(t, store.WithEvents(encode))
			ctx := context.Background()
			sid := func() string {
				b := make([]byte, 16)
				_, _ = rand.Read(b)
				return "CA" + hex.EncodeToString(b)
			}
			for _, tc := range []struct {
				name string
				held []sb.CallStatus
				want []sb.EventType
			}{
				{"busy", []sb.CallStatus{sb.CallBusy}, []sb.EventType{sb.EventCallCompleted}},
				{"rang, answered, hung up", []sb.CallStatus{sb.CallRinging, sb.CallAnswered, sb.CallCompleted},
					[]sb.EventType{sb.EventCallRinging, sb.EventCallAnswered, sb.EventCallCompleted}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					ws := storetest.NewWorkspaceID()
					c := &sb.Call{CallSID: sid(), WorkspaceID: ws, AgentIdentity: "ada", To: "+15005550100",
						From: "+15005550006", Status: sb.CallInitiated, ConferenceName: "sb-" + sid()[2:10]}
					_, err := db.BeginCall(ctx, c, time.Minute)
					require.NoError(t, err)
					leg := sid()
					for i, s := range tc.held {
						held, err := db.HoldCallEvent(ctx, &sb.CallEvent{LegSID: leg, Source: sb.EventStatusCallback,
							ProviderStatus: string(s), Status: s, Sequence: i})
						require.NoError(t, err)
						require.True(t, held, "no call has that leg yet")
					}
					got, err := db.CustomerLegCreated(ctx, c.CallSID, leg)
					require.NoError(t, err)
					final := tc.held[len(tc.held)-1]
					require.Equal(t, final, got.Status)

					evs, _, err := db.ListEvents(ctx, sb.EventFilter{WorkspaceID: ws, Page: sb.Page{Limit: 50}})
					require.NoError(t, err)
					var types []sb.EventType
					var last map[string]any
					for i := len(evs) - 1; i >= 0; i-- { // the list is newest first
						types = append(types, evs[i].Type)
						require.NoError(t, json.Unmarshal(evs[i].Data, &last))
					}
					require.Equal(t, append([]sb.EventType{sb.EventCallInitiated}, tc.want...), types)
					require.Equal(t, string(final), last["Status"], "the last event has the call as it ended: %v", last)
				})
			}
		})
	}
}
