package storetest

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// listedCall is a call of callWorkspace as the test wrote it: what the
// lists and the reports are checked against.
type listedCall struct {
	sid, agent, contact, outcome string
	status                       switchboard.CallStatus
	tags                         []string
	created                      time.Time
	answered                     bool
	duration                     int
}

// callWorkspace holds calls written through BeginCall and then given their
// after-call data and times with WriteCallFixture.
type callWorkspace struct {
	ws       string
	calls    []listedCall
	contacts []string // contact ids, all of the workspace
	outcomes []string // outcome ids
}

var (
	fixtureAgents   = []string{"ada", "grace", "lin"}
	fixtureStatuses = []switchboard.CallStatus{switchboard.CallCompleted, switchboard.CallNoAnswer, switchboard.CallBusy,
		switchboard.CallFailed, switchboard.CallRinging}
	fixtureTags = []string{"renewal", "pricing", "vip"}
)

// newCallWorkspace writes n calls spread over 30 days from base; every
// fourth pair shares a created_at, so ties are broken by call SID.
func newCallWorkspace(t *testing.T, db *store.DB, n int, base time.Time, seed uint64) *callWorkspace {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	w := &callWorkspace{ws: NewWorkspaceID()}
	for i := range 3 {
		c := switchboard.Contact{WorkspaceID: w.ws, FirstName: mustf("Caller%d", i), Phone: mustf("+1415555%04d", 100+i)}
		require.NoError(t, db.CreateContact(ctx(), &c))
		w.contacts = append(w.contacts, c.ID)
	}
	w.outcomes = []string{
		OutcomeNamed(t, db, w.ws, "Interested", switchboard.OutcomeConnected),
		OutcomeNamed(t, db, w.ws, "No answer", switchboard.OutcomeNotConnected),
	}
	var created time.Time
	for i := range n {
		c := browserCall(w.ws)
		c.AgentIdentity = fixtureAgents[r.IntN(len(fixtureAgents))]
		_, err := db.BeginCall(ctx(), c, time.Minute)
		require.NoError(t, err)
		if i%4 != 1 {
			created = base.Add(time.Duration(r.Int64N(int64(30 * 24 * time.Hour)))).Truncate(time.Microsecond)
		}
		lc := listedCall{sid: c.CallSID, agent: c.AgentIdentity, created: created,
			status: fixtureStatuses[r.IntN(len(fixtureStatuses))]}
		if r.IntN(3) > 0 {
			lc.contact = w.contacts[r.IntN(len(w.contacts))]
		}
		if r.IntN(3) > 0 {
			lc.outcome = w.outcomes[r.IntN(len(w.outcomes))]
		}
		for _, tag := range fixtureTags {
			if r.IntN(3) == 0 {
				lc.tags = append(lc.tags, tag)
			}
		}
		f := CallFixture{CreatedAt: created, Status: lc.status, ContactID: lc.contact, OutcomeID: lc.outcome, Tags: lc.tags}
		if lc.status == switchboard.CallCompleted {
			at, d := created.Add(5*time.Second), 1+r.IntN(600)
			f.AnsweredAt, f.Duration = &at, &d
			lc.answered, lc.duration = true, d
		}
		WriteCallFixture(t, db, c.CallSID, f)
		w.calls = append(w.calls, lc)
	}
	return w
}

// want is the reference list: the calls keep selects, newest first.
func (w *callWorkspace) want(keep func(listedCall) bool) []string {
	var sel []listedCall
	for _, c := range w.calls {
		if keep(c) {
			sel = append(sel, c)
		}
	}
	slices.SortFunc(sel, func(a, b listedCall) int {
		if c := b.created.Compare(a.created); c != 0 {
			return c
		}
		return cmp.Compare(b.sid, a.sid)
	})
	out := []string{}
	for _, c := range sel {
		out = append(out, c.sid)
	}
	return out
}

type listFunc func(switchboard.Page) ([]*switchboard.Call, switchboard.Meta, error)

// walkCalls reads a whole list by cursor, then by offset, and checks both
// against want, page by page, with the totals.
func walkCalls(t *testing.T, list listFunc, want []string, limit int) {
	t.Helper()
	got := []string{}
	page := switchboard.Page{Limit: limit}
	for pages := 0; ; pages++ {
		require.Less(t, pages, len(want)/limit+2, "the walk must end")
		items, meta, err := list(page)
		require.NoError(t, err)
		if page.After == nil {
			require.Equal(t, len(want), meta.Total)
			require.False(t, meta.TotalIsLowerBound)
		}
		for _, c := range items {
			got = append(got, c.CallSID)
		}
		require.Equal(t, len(got) < len(want), meta.HasMore, "hasMore after %d of %d", len(got), len(want))
		if !meta.HasMore {
			require.Nil(t, meta.Next)
			break
		}
		page = switchboard.Page{Limit: limit, After: meta.Next}
	}
	require.Equal(t, want, got, "cursor walk")
	got = []string{}
	for off := 0; off < len(want)+limit; off += limit {
		items, meta, err := list(switchboard.Page{Limit: limit, Offset: off})
		require.NoError(t, err)
		require.Equal(t, len(want), meta.Total)
		for _, c := range items {
			got = append(got, c.CallSID)
		}
	}
	require.Equal(t, want, got, "offset walk")
}

func testCallList(t *testing.T, open Opener) {
	db := open(t)
	base := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	w := newCallWorkspace(t, db, 90, base, 1)
	// Another workspace's calls, with the same agents and tags, are never
	// listed.
	newCallWorkspace(t, db, 10, base, 2)

	mid := base.Add(15 * 24 * time.Hour)
	late := base.Add(25 * 24 * time.Hour)
	has := func(tags []string, tag string) bool { return slices.Contains(tags, tag) }
	cases := []struct {
		name string
		f    switchboard.CallFilter
		keep func(listedCall) bool
	}{
		{"all", switchboard.CallFilter{}, func(listedCall) bool { return true }},
		{"agent", switchboard.CallFilter{Agent: "grace"}, func(c listedCall) bool { return c.agent == "grace" }},
		{"status", switchboard.CallFilter{Status: switchboard.CallBusy}, func(c listedCall) bool { return c.status == switchboard.CallBusy }},
		{"contact", switchboard.CallFilter{ContactID: w.contacts[1]}, func(c listedCall) bool { return c.contact == w.contacts[1] }},
		{"outcome", switchboard.CallFilter{OutcomeID: w.outcomes[0]}, func(c listedCall) bool { return c.outcome == w.outcomes[0] }},
		{"tag", switchboard.CallFilter{Tag: "pricing"}, func(c listedCall) bool { return has(c.tags, "pricing") }},
		{"after", switchboard.CallFilter{CreatedAfter: &mid}, func(c listedCall) bool { return !c.created.Before(mid) }},
		{"before", switchboard.CallFilter{CreatedBefore: &mid}, func(c listedCall) bool { return c.created.Before(mid) }},
		{"range", switchboard.CallFilter{CreatedAfter: &mid, CreatedBefore: &late},
			func(c listedCall) bool { return !c.created.Before(mid) && c.created.Before(late) }},
		{"tag+agent+range", switchboard.CallFilter{Tag: "renewal", Agent: "ada", CreatedAfter: &mid},
			func(c listedCall) bool { return has(c.tags, "renewal") && c.agent == "ada" && !c.created.Before(mid) }},
		{"agent+status+outcome", switchboard.CallFilter{Agent: "lin", Status: switchboard.CallCompleted, OutcomeID: w.outcomes[1]},
			func(c listedCall) bool {
				return c.agent == "lin" && c.status == switchboard.CallCompleted && c.outcome == w.outcomes[1]
			}},
		{"contact+tag+before", switchboard.CallFilter{ContactID: w.contacts[0], Tag: "vip", CreatedBefore: &late},
			func(c listedCall) bool {
				return c.contact == w.contacts[0] && has(c.tags, "vip") && c.created.Before(late)
			}},
		{"outcome+tag", switchboard.CallFilter{OutcomeID: w.outcomes[0], Tag: "pricing"},
			func(c listedCall) bool { return c.outcome == w.outcomes[0] && has(c.tags, "pricing") }},
		{"status+tag+range", switchboard.CallFilter{Status: switchboard.CallCompleted, Tag: "renewal", CreatedAfter: &mid, CreatedBefore: &late},
			func(c listedCall) bool {
				return c.status == switchboard.CallCompleted && has(c.tags, "renewal") && !c.created.Before(mid) && c.created.Before(late)
			}},
		{"agent+status+range", switchboard.CallFilter{Agent: "grace", Status: switchboard.CallCompleted, CreatedAfter: &mid, CreatedBefore: &late},
			func(c listedCall) bool {
				return c.agent == "grace" && c.status == switchboard.CallCompleted && !c.created.Before(mid) && c.created.Before(late)
			}},
		{"nothing", switchboard.CallFilter{OutcomeID: "no-such-outcome"}, func(listedCall) bool { return false }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := w.want(tc.keep)
			if tc.name != "nothing" {
				require.NotEmpty(t, want, "the fixture must give every case calls")
			}
			for _, limit := range []int{1, 4, 200} {
				walkCalls(t, func(p switchboard.Page) ([]*switchboard.Call, switchboard.Meta, error) {
					return db.ListCalls(ctx(), w.ws, tc.f, p)
				}, want, limit)
			}
		})
	}

	t.Run("ContactHistory", func(t *testing.T) {
		for _, id := range w.contacts {
			want := w.want(func(c listedCall) bool { return c.contact == id })
			walkCalls(t, func(p switchboard.Page) ([]*switchboard.Call, switchboard.Meta, error) {
				return db.ListContactCalls(ctx(), w.ws, id, p)
			}, want, 3)
		}
		other := NewWorkspaceID()
		for _, id := range []string{"not-a-uuid", "0192f6a4-5b1e-7c3d-9a0b-1c2d3e4f5a6b"} {
			_, _, err := db.ListContactCalls(ctx(), w.ws, id, switchboard.Page{Limit: 10})
			require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), id)
		}
		_, _, err := db.ListContactCalls(ctx(), other, w.contacts[0], switchboard.Page{Limit: 10})
		require.Equal(t, switchboard.ENotFound, switchboard.ErrorCode(err), "another workspace's contact")
	})

	t.Run("CountCap", func(t *testing.T) {
		t.Parallel()
		ws := NewWorkspaceID()
		for range switchboard.CallCountCap + 1 {
			c := browserCall(ws)
			_, err := db.BeginCall(ctx(), c, time.Minute)
			require.NoError(t, err)
		}
		items, meta, err := db.ListCalls(ctx(), ws, switchboard.CallFilter{}, switchboard.Page{Limit: 200})
		require.NoError(t, err)
		require.Len(t, items, 200)
		require.Equal(t, switchboard.CallCountCap, meta.Total)
		require.True(t, meta.TotalIsLowerBound)
		require.True(t, meta.HasMore)
		_, meta, err = db.ListCalls(ctx(), ws, switchboard.CallFilter{Agent: "ada", Status: switchboard.CallInitiated}, switchboard.Page{Limit: 1})
		require.NoError(t, err)
		require.Equal(t, switchboard.CallCountCap, meta.Total, "filtered lists are capped too")
		require.True(t, meta.TotalIsLowerBound)
		// One call fewer is counted exactly.
		after := items[0].CreatedAt
		_, meta, err = db.ListCalls(ctx(), ws, switchboard.CallFilter{CreatedBefore: &after}, switchboard.Page{Limit: 1})
		require.NoError(t, err)
		tied := 0
		for _, c := range items {
			if c.CreatedAt.Equal(after) {
				tied++
			}
		}
		require.Equal(t, switchboard.CallCountCap+1-tied, meta.Total)
		require.False(t, meta.TotalIsLowerBound)
	})

	t.Run("CountScan", func(t *testing.T) {
		t.Parallel()
		testCountScan(t, db)
	})

	t.Run("Report", func(t *testing.T) { testCallReport(t, db, w) })
}
