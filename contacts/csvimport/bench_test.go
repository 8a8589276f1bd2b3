package csvimport

import (
	"fmt"
	"testing"
)

// BenchmarkNormalizeChunk is the import's per-row work without the
// database: a chunk of typical rows read into contacts and held to the
// contact's rules.
func BenchmarkNormalizeChunk(b *testing.B) {
	cols, _ := mapHeader([]string{"First Name", "Last Name", "Phone", "Email", "Company", "Notes"})
	rows := make([]rawRow, chunkRows)
	for i := range rows {
		rows[i] = rawRow{line: i + 2, fields: []string{"Grace", fmt.Sprintf("Hopper%d", i), fmt.Sprintf("(415) 555-%04d", i),
			fmt.Sprintf("grace%d@navy.example", i), "Navy Labs Inc", "Prefers mornings."}}
	}
	b.ReportAllocs()
	for b.Loop() {
		c := &chunk{rows: rows}
		normalizeChunk(c, cols, "US")
		if len(c.errs) != 0 {
			b.Fatal(c.errs[0])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*chunkRows), "ns/row")
}
