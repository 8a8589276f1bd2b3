package storetest

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/store"
)

// CallSeed describes a workspace of calls loaded in bulk for benchmarks:
// Calls calls over Contacts contacts (imported through the store's import),
// by Agents agents, created over Span before End, with the default outcomes
// and a few tags. Rows go in with multi-row INSERTs, as the schema defines
// them (the after-call columns as 0016 says), not call by call.
type CallSeed struct {
	Calls, Contacts, Agents int
	End                     time.Time
	Span                    time.Duration
	Seed                    uint64
}

// Seeded is what SeedCalls wrote: what a benchmark may ask for.
type Seeded struct {
	Contacts []string // contact ids
	Outcomes []string // outcome ids, in the defaults' order
	Agents   []string
	Tags     []string
}

// SeedTags are the tags a seeded call may carry: the first on about a
// third of the calls, the last on one in fifty.
var SeedTags = []string{"follow-up", "pricing", "renewal", "vip"}

// seedStatuses are a plausible spread of final and live statuses.
var seedStatuses = []switchboard.CallStatus{
	switchboard.CallCompleted, switchboard.CallCompleted, switchboard.CallCompleted, switchboard.CallCompleted,
	switchboard.CallCompleted, switchboard.CallNoAnswer, switchboard.CallNoAnswer, switchboard.CallBusy,
	switchboard.CallFailed, switchboard.CallCompleted, switchboard.CallNoAnswer, switchboard.CallBusy,
	switchboard.CallCompleted, switchboard.CallCompleted, switchboard.CallNoAnswer, switchboard.CallCompleted,
	switchboard.CallCompleted, switchboard.CallFailed, switchboard.CallNoAnswer, switchboard.CallRinging,
}

// SeedPhone is the i-th seeded contact's number: valid San Francisco
// numbers (exchanges 200 and up), so that a dial check takes them. The
// seeded calls go to these numbers, five a year to each at 1,000,000 calls
// over 200,000 contacts.
func SeedPhone(i int) string { return mustf("+1415%07d", 2_000_000+i) }

// SeedCalls loads s into the workspace ws and settles the tables.
func SeedCalls(t testing.TB, db *store.DB, ws string, s CallSeed) Seeded {
	t.Helper()
	out := Seeded{Tags: SeedTags}
	for i := range s.Agents {
		out.Agents = append(out.Agents, mustf("agent%02d", i))
	}
	// Contacts through the store's own bulk import.
	for from := 0; from < s.Contacts; from += 5000 {
		var batch []*switchboard.Contact
		for i := from; i < min(s.Contacts, from+5000); i++ {
			batch = append(batch, &switchboard.Contact{FirstName: mustf("Seed%d", i), Phone: SeedPhone(i)})
		}
		_, err := db.ImportContacts(ctx(), ws, batch, false)
		require.NoError(t, err)
	}
	require.NoError(t, db.Fixture(ctx(), func(tx *gorm.DB) error {
		return tx.Table("contacts").Where("workspace_id = ?", ws).Order("id").Pluck("id", &out.Contacts).Error
	}))
	require.Len(t, out.Contacts, s.Contacts)
	for _, o := range switchboard.DefaultOutcomes {
		out.Outcomes = append(out.Outcomes, OutcomeNamed(t, db, ws, o.Name, o.Kind))
	}

	r := rand.New(rand.NewPCG(s.Seed, 11))
	start := s.End.Add(-s.Span)
	const callCols = "call_sid, workspace_id, agent_identity, direction, to_number, from_number, status, status_rank, created_at, updated_at, answered_at, ended_at, duration, contact_id, outcome_id, tags"
	// Batches small enough for the pure-Go SQLite driver, which binds
	// parameters in time quadratic in their number.
	const batch = 60
	var calls, tags []any
	var nCalls, nTags int
	flush := func(tx *gorm.DB) error {
		if nCalls > 0 {
			q := "INSERT INTO calls (" + callCols + ") VALUES " + rows(nCalls, 16)
			if err := tx.Exec(q, calls...).Error; err != nil {
				return err
			}
		}
		if nTags > 0 {
			q := "INSERT INTO call_tags (call_sid, workspace_id, tag, created_at) VALUES " + rows(nTags, 4)
			if err := tx.Exec(q, tags...).Error; err != nil {
				return err
			}
		}
		calls, tags, nCalls, nTags = calls[:0], tags[:0], 0, 0
		return nil
	}
	for from := 0; from < s.Calls; from += 50_000 {
		err := db.Fixture(ctx(), func(tx *gorm.DB) error {
			for i := from; i < min(s.Calls, from+50_000); i++ {
				sid := mustf("CA%032x", uint64(i)^s.Seed<<40)
				created := start.Add(time.Duration(r.Int64N(int64(s.Span)))).UTC().Truncate(time.Microsecond)
				status := seedStatuses[r.IntN(len(seedStatuses))]
				var answered, ended *time.Time
				var duration *int
				if status.Final() {
					e := created.Add(time.Minute)
					ended = &e
				}
				if status == switchboard.CallCompleted {
					a, d := created.Add(8*time.Second), 5+r.IntN(900)
					answered, duration = &a, &d
				}
				var contact, outcome *string
				if r.IntN(10) > 0 {
					contact = &out.Contacts[r.IntN(len(out.Contacts))]
				}
				if r.IntN(10) < 7 {
					outcome = &out.Outcomes[r.IntN(len(out.Outcomes))]
				}
				var callTags []string
				for j, tag := range SeedTags {
					if r.IntN([]int{3, 8, 12, 50}[j]) == 0 {
						callTags = append(callTags, tag)
					}
				}
				js, _ := json.Marshal(append([]string{}, callTags...))
				calls = append(calls, sid, ws, out.Agents[r.IntN(len(out.Agents))], "outbound",
					SeedPhone(r.IntN(s.Contacts)), "+15005550006", string(status), status.Rank(),
					created, created, answered, ended, duration, contact, outcome, string(js))
				nCalls++
				for _, tag := range callTags {
					tags = append(tags, sid, ws, tag, created)
					nTags++
				}
				if nCalls == batch {
					if err := flush(tx); err != nil {
						return err
					}
				}
			}
			return flush(tx)
		})
		require.NoError(t, err)
	}
	require.NoError(t, db.SettleCalls(ctx()))
	return out
}

// rows is n rows of cols placeholders, for a multi-row VALUES.
func rows(n, cols int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", cols), ", ") + ")"
	return strings.TrimSuffix(strings.Repeat(row+", ", n), ", ")
}
