package store_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/switchboard-oss/switchboard/store/storetest"
)

// seedCalls writes n calls over 20 workspaces in one statement (a recursive
// count both databases read alike), most of them final as a busy
// workspace's calls are: one in ten failed, one no-answer, one busy, one in
// a hundred still ringing or answered, the rest completed.
const seedCalls = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
INSERT INTO calls (call_sid, workspace_id, agent_identity, to_number, from_number, status, status_rank, created_at, updated_at)
SELECT 'CA' || CAST(i AS TEXT), 'ws' || CAST(i % 20 AS TEXT), 'ada', '+15005550100', '+15005550006',
	CASE WHEN i % 100 = 1 THEN 'ringing' WHEN i % 100 = 2 THEN 'answered'
		WHEN i % 10 = 3 THEN 'failed' WHEN i % 10 = 4 THEN 'no-answer' WHEN i % 10 = 5 THEN 'busy' ELSE 'completed' END,
	CASE WHEN i % 100 = 1 THEN 1 WHEN i % 100 = 2 THEN 2 ELSE 3 END, ?, ?
FROM n`

// BenchmarkCallsByStatus1M times the metrics' count of calls by status
// over 1,000,000 calls (set SWITCHBOARD_BENCH_1M=1; make bench-1m runs it):
// the count runs at every scrape.
func BenchmarkCallsByStatus1M(b *testing.B) {
	if os.Getenv("SWITCHBOARD_BENCH_1M") == "" {
		b.Skip("set SWITCHBOARD_BENCH_1M=1 (make bench-1m)")
	}
	const n = 1_000_000
	benchDatabases(b, func(b *testing.B, d storetest.Database) {
		db := d.Open(b)
		t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
		start := time.Now()
		if err := db.Exec(seedCalls, n, t0, t0); err != nil {
			b.Fatal(err)
		}
		// What autovacuum (PostgreSQL) would have done by the time a
		// table holds a million calls: statistics, and the visibility map
		// an index-only scan needs.
		maintain := "ANALYZE"
		if d.Name == "postgres" {
			maintain = "VACUUM ANALYZE calls"
		}
		if err := db.Exec(maintain); err != nil {
			b.Fatal(err)
		}
		b.Logf("%s: seeded %d calls in %v", d.Name, n, time.Since(start).Round(time.Millisecond))
		var total int64
		latency(b, func() error {
			counts, err := db.CountCallsByStatus(context.Background())
			total = 0
			for _, c := range counts {
				total += c
			}
			return err
		})
		if total != n {
			b.Fatalf("counted %d calls, want %d", total, n)
		}
	})
}
