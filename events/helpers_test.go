package events_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"testing"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/events/eventstest"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

// forEachDB runs fn once per database (PostgreSQL skips when
// TEST_DATABASE_URL is unset).
func forEachDB(t *testing.T, fn func(t *testing.T, d storetest.Database)) {
	for _, d := range storetest.Databases() {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			fn(t, d)
		})
	}
}

// encode is the tests' event encoder. The program's is the API's JSON
// (server.EncodeEvent), which this package must not know: the resource's
// id is what tells deliveries apart here.
func encode(v any) (json.RawMessage, error) {
	switch x := v.(type) {
	case *sb.Contact:
		return json.Marshal(map[string]any{"id": x.ID, "firstName": x.FirstName})
	case *sb.DNCEntry:
		return json.Marshal(map[string]any{"id": x.ID, "phone": x.Phone})
	default:
		return nil, fmt.Errorf("no event data for %T", v)
	}
}

// openDB opens a fresh database of d that records events.
func openDB(t testing.TB, d storetest.Database) *store.DB {
	t.Helper()
	return d.Open(t, store.WithEvents(encode))
}

func testLogger() *slog.Logger {
	if os.Getenv("EVENTS_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

// newService is the service over db, its engine not started; the poll
// interval is short so that a test waits little for another process's
// events.
func newService(t testing.TB, db *store.DB, cfg events.Config) *events.Service {
	t.Helper()
	cfg.Logger = testLogger()
	return eventstest.NewService(t, db, cfg)
}

// startService is newService with its engine running until the test ends.
func startService(t testing.TB, db *store.DB, cfg events.Config) *events.Service {
	t.Helper()
	return eventstest.Start(t, newService(t, db, cfg))
}
