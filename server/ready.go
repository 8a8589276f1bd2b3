package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// readyCheckTimeout bounds each check of /readyz, so that a database that
// does not answer is named in a 503 rather than left to the balancer's own
// timeout. It is long enough that a busy pool (an import's writers hold its
// connections for a while) does not take a loaded instance out of service.
const readyCheckTimeout = 5 * time.Second

// readyCheck is one check of GET /readyz: name is its key in the answer,
// failure what the answer says when it fails (safe to publish: the route
// takes no token; the error itself is only logged).
type readyCheck struct {
	name, failure string
	check         func(context.Context) error
}

// errNotWired fails a check whose dependency the server was built without:
// readiness fails closed.
var errNotWired = errors.New("server: no dependency for this check")

func (s *strict) readyChecks() []readyCheck {
	ping := s.deps.Ping
	if ping == nil {
		ping = func(context.Context) error { return errNotWired }
	}
	migrations := func(ctx context.Context) error {
		if s.deps.PendingMigrations == nil {
			return errNotWired
		}
		pending, err := s.deps.PendingMigrations(ctx)
		if err == nil && len(pending) > 0 {
			err = fmt.Errorf("not applied: %s", strings.Join(pending, ", "))
		}
		return err
	}
	return []readyCheck{
		{"database", "the database does not answer", ping},
		{"migrations", "the database lacks migrations of this build (run switchboard migrate)", migrations},
		{"jobs", "the job engine is not running", func(context.Context) error { return s.deps.Events.Running() }},
	}
}

// Readyz runs every check, each on its own deadline, and answers 200 with
// each check's "ok", or 503 unavailable whose details name every check that
// failed.
func (s *strict) Readyz(ctx context.Context, _ api.ReadyzRequestObject) (api.ReadyzResponseObject, error) {
	var failed []sb.FieldError
	for _, c := range s.readyChecks() {
		cctx, cancel := context.WithTimeout(ctx, readyCheckTimeout)
		err := c.check(cctx)
		cancel()
		if err != nil {
			loggerFrom(ctx, s.log).Warn("not ready", "check", c.name, "error", err.Error())
			failed = append(failed, sb.FieldError{Field: c.name, Message: c.failure})
		}
	}
	if len(failed) > 0 {
		msgs := make([]string, len(failed))
		for i, f := range failed {
			msgs[i] = f.Message
		}
		return nil, &sb.Error{Code: sb.EUnavailable, Message: "Not ready: " + strings.Join(msgs, "; ") + ".", Details: failed}
	}
	var out api.Readyz200JSONResponse
	out.Data.Status = api.ReadyResponseDataStatus("ok")
	out.Data.Checks.Database, out.Data.Checks.Migrations, out.Data.Checks.Jobs = "ok", "ok", "ok"
	return out, nil
}
