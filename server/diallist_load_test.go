package server_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// TestDialListLoad is the dial lists' load run (make load-dial-lists; not
// part of CI): two instances (two servers, each with its pools, its call
// flow and its simulator) over one PostgreSQL database; 20 agents, ten on
// each, pull next, dial through the simulator, wait for the call's end and
// set its outcome, until the list of LOAD_ENTRIES (default 10,000) entries
// is done. The customers are the simulator's load block (+15002nnnnnn: a
// third busy or unanswered). The clocks of both instances run 30 times
// faster than the wall's, so the list's 1-minute retry delay is 2 s and the
// 10-minute lease 20 s. It asserts every entry ends done, skipped or
// exhausted; that no entry is leased to two agents at once (an agent holds
// an entry from next until its wrap-up, and no other agent may get it
// meanwhile); that no number is called more often than maxAttempts; and
// reports next's latency.
func TestDialListLoad(t *testing.T) {
	if testing.Short() || os.Getenv("SWITCHBOARD_LOAD") == "" {
		t.Skip("the load run: make load-dial-lists")
	}
	url := storetest.PostgresURL(t)
	entries := 10000
	if v, err := strconv.Atoi(os.Getenv("LOAD_ENTRIES")); err == nil && v > 0 {
		entries = v
	}
	// An agent's wrap-up after each call, in wall time (LOAD_WRAPUP, a Go
	// duration; default none: agents pull next the moment a call ends).
	var wrapUp time.Duration
	if v, err := time.ParseDuration(os.Getenv("LOAD_WRAPUP")); err == nil && v > 0 {
		wrapUp = v
	}
	const agents, maxAttempts, speed = 20, 2, 30
	timing := simulator.Timing{DialDelay: 5 * time.Millisecond, RingDelay: 20 * time.Millisecond, SlowAnswerDelay: 50 * time.Millisecond,
		NoAnswerTimeout: 200 * time.Millisecond, TalkTime: 150 * time.Millisecond, ValidationDelay: 100 * time.Millisecond, WebhookTimeout: 5 * time.Second}
	migrated := false
	var mu sync.Mutex
	opener := func(t testing.TB, opts ...store.Option) *store.DB {
		db, err := store.Open(context.Background(), url, testLogger(), opts...)
		require.NoError(t, err)
		t.Cleanup(func() { _ = db.Close() })
		mu.Lock()
		defer mu.Unlock()
		if !migrated {
			require.NoError(t, db.Migrate(context.Background()))
			migrated = true
		}
		return db
	}
	inst := []*voiceBundle{setupVoice(t, opener, voiceOpts{timing: &timing}), setupVoice(t, opener, voiceOpts{timing: &timing})}
	start := time.Now()
	stop := make(chan struct{})
	defer close(stop)
	go func() { // the instances' clocks, 30 times the wall's
		for {
			at := simNow.Add(time.Since(start) * speed)
			for _, vb := range inst {
				vb.clock.Set(at)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	ctx := context.Background()
	ws := inst[0].wsA
	db := inst[0].db
	admin := inst[0].admA
	r := inst[0].do("PATCH", "/v1/workspace", admin, map[string]any{"callingHours": nil, "stateRules": false})
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	require.NoError(t, db.CreateCallerID(ctx, &sb.CallerID{WorkspaceID: ws, PhoneNumber: simCallerID, Status: sb.CallerIDVerified, IsDefault: true}))

	csv := "first name,phone\n"
	for i := range entries {
		csv += fmt.Sprintf("L%d,+15002%06d\n", i, i)
	}
	r = inst[0].postCSV(inst[0].tokA, "", csv)
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	r = inst[0].do("POST", "/v1/dial-lists", admin, map[string]any{"name": "Load", "search": map[string]any{"query": "+1 500 2"},
		"maxAttempts": maxAttempts, "retryMinutes": 1})
	require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
	list := r.data()["id"].(string)
	require.Equal(t, entries, num(r.data()["size"]))

	interested := inst[0].outcomeID(inst[0].tokA, "Interested")
	var (
		holdMu  sync.Mutex
		holder  = map[string]string{} // contact → agent, from next to wrap-up
		twice   atomic.Int64
		latMu   sync.Mutex
		lat     []time.Duration
		calls   atomic.Int64
		wg      sync.WaitGroup
		failure atomic.Value
	)
	fail := func(format string, args ...any) { failure.CompareAndSwap(nil, fmt.Sprintf(format, args...)) }
	// How often an agent reads their call until it ends: a softphone
	// shows a status change within a tenth of a second. (At 20 ms, 20
	// agents sent a thousand reads a second, and on 2 cores the run
	// measured its own polling more than next.)
	const callPoll = 100 * time.Millisecond
	for a := range agents {
		vb := inst[a%2]
		name := fmt.Sprintf("agent%02d", a)
		tok, _, err := vb.db.CreateToken(ctx, ws, name, sb.RoleAgent)
		require.NoError(t, err)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for failure.Load() == nil {
				t0 := time.Now()
				r := vb.do("POST", "/v1/dial-lists/"+list+"/next", tok, nil)
				d := time.Since(t0)
				latMu.Lock()
				lat = append(lat, d)
				latMu.Unlock()
				if r.status == http.StatusConflict {
					return // done
				}
				if r.status != http.StatusOK {
					fail("next: %d %s", r.status, r.body)
					return
				}
				e, _ := r.data()["entry"].(map[string]any)
				if e == nil {
					time.Sleep(50 * time.Millisecond)
					continue
				}
				contact := e["contactId"].(string)
				holdMu.Lock()
				if other, held := holder[contact]; held {
					twice.Add(1)
					fail("entry %s leased to %s while %s holds it", contact, name, other)
				}
				holder[contact] = name
				holdMu.Unlock()
				r = vb.do("POST", "/v1/calls", tok, map[string]any{"contactId": contact, "dialListId": list})
				if r.status != http.StatusCreated {
					fail("dial: %d %s", r.status, r.body)
					return
				}
				calls.Add(1)
				sid := r.data()["callSid"].(string)
				var call map[string]any
				for {
					c := vb.do("GET", "/v1/calls/"+sid, tok, nil)
					call = c.data()
					if call["endedAt"] != nil {
						break
					}
					time.Sleep(callPoll)
				}
				if call["answeredAt"] != nil {
					if r := vb.do("PATCH", "/v1/calls/"+sid, tok, map[string]any{"outcomeId": interested}); r.status != http.StatusOK {
						fail("wrap-up: %d %s", r.status, r.body)
						return
					}
				}
				holdMu.Lock()
				delete(holder, contact)
				holdMu.Unlock()
				time.Sleep(wrapUp)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	if f := failure.Load(); f != nil {
		t.Fatal(f)
	}
	l, err := db.FindDialList(ctx, ws, list)
	require.NoError(t, err)
	require.Equal(t, sb.DialListDone, l.Status)
	require.Zero(t, twice.Load())

	// Every entry done, skipped or exhausted; no number called more than
	// maxAttempts times.
	byStatus := map[sb.DialEntryStatus]int{}
	var page sb.Page
	page.Limit = 200
	for {
		es, meta, err := db.ListDialEntries(ctx, ws, list, "", page)
		require.NoError(t, err)
		for _, e := range es {
			byStatus[e.Status]++
			require.LessOrEqual(t, e.Attempts, maxAttempts, "%+v", e)
			require.Contains(t, []sb.DialEntryStatus{sb.DialEntryDone, sb.DialEntrySkipped, sb.DialEntryExhausted}, e.Status, "%+v", e)
		}
		if !meta.HasMore {
			break
		}
		page.After = meta.Next
	}
	perNumber := map[string]int{}
	page = sb.Page{Limit: 200}
	for {
		cs, meta, err := db.ListCalls(ctx, ws, sb.CallFilter{}, page)
		require.NoError(t, err)
		for _, c := range cs {
			perNumber[c.To]++
		}
		if !meta.HasMore {
			break
		}
		page.After = meta.Next
	}
	most := 0
	for _, n := range perNumber {
		most = max(most, n)
	}
	require.LessOrEqual(t, most, maxAttempts, "a number called more often than its attempts allow")
	require.Equal(t, entries, byStatus[sb.DialEntryDone]+byStatus[sb.DialEntrySkipped]+byStatus[sb.DialEntryExhausted])

	slices.Sort(lat)
	q := func(p float64) time.Duration { return lat[min(len(lat)-1, int(float64(len(lat))*p))] }
	t.Logf("wrap-up after each call: %s", wrapUp)
	t.Logf("dial list load run: %d entries, %d agents on 2 instances over one PostgreSQL, %s", entries, agents, elapsed.Round(time.Second))
	t.Logf("entries: %v; calls: %d (%d numbers, at most %d calls to one)", byStatus, calls.Load(), len(perNumber), most)
	t.Logf("next: %d requests, p50 %s, p90 %s, p99 %s, max %s", len(lat), q(0.50).Round(10*time.Microsecond),
		q(0.90).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), lat[len(lat)-1].Round(10*time.Microsecond))
}
