package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"text/tabwriter"
	"time"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/contacts"
	"github.com/switchboard-oss/switchboard/events"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/server/metrics"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/telephony"
)

// Main is the running program: the database, the HTTP server, the call flow
// and, without a Twilio account, the embedded provider simulator. Tests start it on
// "127.0.0.1:0" and read Addr.
type Main struct {
	Config Config
	Logger *slog.Logger
	// Addr is the address the server listens on, once Run returned.
	Addr string
	// MetricsAddr is the address metrics are served on, once Run
	// returned; "" when METRICS_ADDR is unset.
	MetricsAddr string
	// CheckPublicURL, when set before Run, makes Run refuse to start the
	// embedded simulator when PUBLIC_BASE_URL does not reach this process
	// (selfcheck.go); `serve` sets it, tests that listen on :0 do not.
	CheckPublicURL bool
	// OnWebhookAttempt, when set before Run, is told each webhook delivery
	// attempt's result (succeeded, retrying, failed) and latency, besides
	// the metrics.
	OnWebhookAttempt func(result string, latency time.Duration)

	db         *store.DB
	events     *events.Service
	voice      *voice
	cancel     context.CancelFunc
	done       chan error
	recover    context.CancelFunc // stops retrying pending dials
	metrics    *metrics.Metrics   // nil: METRICS_ADDR unset
	metricsSrv *metricsListener   // nil: not serving metrics
}

// NewMain returns a program for cfg; nothing runs before Run.
func NewMain(cfg Config, logger *slog.Logger) *Main {
	return &Main{Config: cfg, Logger: logger}
}

// Run opens the database, migrates it and starts serving in the background.
func (m *Main) Run(ctx context.Context) error {
	// Every change records its event, encoded as the API shows it.
	db, err := store.Open(ctx, m.Config.DatabaseURL, m.Logger, store.WithEvents(server.EncodeEvent))
	if err != nil {
		return fmt.Errorf("opening the database: %w", err)
	}
	m.db = db
	if err := db.Migrate(ctx); err != nil {
		return fmt.Errorf("migrating the database: %w", err)
	}
	// A slow first request on each connection a growing pool opens would
	// otherwise land on the requests of a busy minute.
	if err := db.Warm(ctx); err != nil {
		m.Logger.Warn("warming the database's connections failed; they open as requests need them", "error", err)
	}
	// Metrics first: the webhook deliveries report to them.
	m.metrics = newMetrics(m.Config, db, m.Logger)
	if err := m.startEvents(ctx); err != nil {
		return err
	}
	if n, err := server.RemoveOrphanedSpools(); err != nil {
		m.Logger.Warn("removing uploads spooled by a dead process failed", "error", err)
	} else if n > 0 {
		m.Logger.Info("removed uploads spooled by a dead process", "files", n, "dir", server.SpoolDir)
	}
	v, err := newVoice(ctx, m.Config, db, m.Logger, m.metrics.InstrumentProvider(nil, telephony.RequestOperation))
	if err != nil {
		return fmt.Errorf("setting up voice: %w", err)
	}
	m.voice = v
	cursorKey, err := db.ServerKey(ctx, "cursor")
	if err != nil {
		return err
	}
	contactService, err := contacts.New(contacts.Config{
		DefaultRegion: m.Config.DefaultRegion,
		ImportWriters: db.ImportWriters(),
		Logger:        m.Logger,
		RequestLogger: server.RequestLogger,
	}, contacts.Deps{Contacts: db, DNC: db, Events: db})
	if err != nil {
		return err
	}
	srv, err := server.New(server.Config{
		CursorKey:          cursorKey,
		RateLimit:          m.Config.RateLimit,
		PublicBaseURL:      m.Config.PublicBaseURL,
		CORSAllowedOrigins: m.Config.CORSAllowedOrigins,
		Metrics:            m.metrics,
	}, v.deps(server.Deps{Auth: db, Contacts: contactService, Workspaces: db, Events: m.events, Ping: db.Ping,
		PendingMigrations: db.PendingMigrations}), m.Logger)
	if err != nil {
		return err
	}
	v.mountSimulator(srv.Echo())
	var probe *selfProbe
	if m.CheckPublicURL && v.sim != nil {
		probe = newSelfProbe()
		srv.Echo().Pre(probe.middleware)
	}
	mountSoftphone(srv.Echo())
	if err := m.serveMetrics(); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", m.Config.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", m.Config.Addr, err)
	}
	m.Addr = ln.Addr().String()
	serveCtx, cancel := context.WithCancel(context.Background())
	m.cancel, m.done = cancel, make(chan error, 1)
	go func() { m.done <- srv.Serve(serveCtx, ln, m.Config.ShutdownGrace) }()
	if probe != nil {
		why, err := probe.check(ctx, m.Config.PublicBaseURL)
		if why != "" || err != nil {
			// Nothing was served yet but the probes: stop quietly, so the
			// refusal is the one line that explains the exit.
			cancel()
			<-m.done
			m.cancel = nil
			if err != nil {
				return err
			}
			return m.refuse(why)
		}
	}
	// Customer legs promised by a process that died are dialled (or failed)
	// now, and then whenever a claim expires.
	recoverCtx, stopRecover := context.WithCancel(context.Background())
	m.recover = stopRecover
	go v.flow.RunRecovery(recoverCtx)
	m.Logger.Info("switchboard listening", "version", Version(), "addr", m.Addr, "public_base_url", m.Config.PublicBaseURL,
		"database", sb.RedactURL(m.Config.DatabaseURL))
	return nil
}

// Close stops serving (letting in-flight requests finish) and closes the
// database.
func (m *Main) Close() error {
	started := m.cancel != nil
	if started {
		m.Logger.Info("switchboard shutting down: in-flight requests may finish", "grace", m.Config.ShutdownGrace.String())
	}
	var errs []error
	if m.recover != nil {
		m.recover()
		m.recover = nil
	}
	// Dials started by answered webhooks finish first: in simulator mode
	// they talk to this very server.
	m.voice.wait(m.Config.ShutdownGrace)
	if m.cancel != nil {
		m.cancel()
		errs = append(errs, <-m.done)
		m.cancel = nil
	}
	m.voice.close()
	errs = append(errs, m.stopEvents())
	errs = append(errs, m.stopMetrics())
	if m.db != nil {
		errs = append(errs, m.db.Close())
		m.db = nil
	}
	err := errors.Join(errs...)
	switch {
	case !started:
	case err != nil:
		m.Logger.Error("switchboard stopped with an error", "error", err.Error())
	default:
		m.Logger.Info("switchboard stopped")
	}
	return err
}

// migrate is `switchboard migrate`: the store's migrations and River's, then
// exit.
func migrate(ctx context.Context, cfg Config, logger *slog.Logger, stdout io.Writer) error {
	db, err := store.Open(ctx, cfg.DatabaseURL, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	// The job engine's own tables too, so that `serve` after it changes
	// no schema: upgrades migrate in one step, before any instance starts.
	_, release, err := db.JobDriver(ctx, false)
	if err != nil {
		return err
	}
	release()
	fmt.Fprintln(stdout, "migrations applied")
	return nil
}

// tokenCommands are the token subcommands, by name.
var tokenCommands = map[string]func(context.Context, func(string) string, []string, io.Writer, io.Writer) error{
	"create": createToken, "list": listTokens, "revoke": revokeToken,
}

// createToken prints the new bearer token alone on the last line of stdout,
// so scripts can take it with `tail -n1`. It is never logged.
func createToken(ctx context.Context, getenv func(string) string, args []string, stdout, stderr io.Writer) error {
	c := lookupCommand("token create")
	fs := c.flags()
	workspace := fs.String("workspace", "", "workspace id (created when new)")
	identity := fs.String("identity", "", "agent identity (its Twilio client identity adds the workspace)")
	role := fs.String("role", string(sb.RoleAgent), "agent or admin")
	ttl := fs.Duration("ttl", 0, "lifetime as a Go duration (90m, 720h); 0: the token never expires")
	if err := c.parse(fs, args, stdout, stderr); err != nil {
		return err
	}
	if *ttl < 0 {
		return fmt.Errorf("--ttl must be positive, got %s", *ttl)
	}
	return withDB(ctx, getenv, stderr, func(db *store.DB) error {
		var plaintext string
		var tok *sb.Token
		var err error
		if *ttl > 0 {
			plaintext, tok, err = db.CreateExpiringToken(ctx, *workspace, *identity, sb.Role(*role), time.Now().Add(*ttl))
		} else {
			plaintext, tok, err = db.CreateToken(ctx, *workspace, *identity, sb.Role(*role))
		}
		if err != nil {
			return fmt.Errorf("%s", sb.ErrorMessage(err))
		}
		expires := "never expires"
		if tok.ExpiresAt != nil {
			expires = "expires " + tok.ExpiresAt.Format(time.RFC3339)
		}
		fmt.Fprintf(stdout, "token %s for %s in workspace %s (role %s, %s):\n%s\n", tok.ID, tok.Identity, tok.WorkspaceID, tok.Role, expires, plaintext)
		return nil
	})
}

// listTokens prints a workspace's tokens, one a line; never their secrets
// (the store has only hashes).
func listTokens(ctx context.Context, getenv func(string) string, args []string, stdout, stderr io.Writer) error {
	c := lookupCommand("token list")
	fs := c.flags()
	workspace := fs.String("workspace", "", "workspace id")
	if err := c.parse(fs, args, stdout, stderr); err != nil {
		return err
	}
	if *workspace == "" {
		return errors.New("--workspace is required")
	}
	return withDB(ctx, getenv, stderr, func(db *store.DB) error {
		toks, err := db.ListTokens(ctx, *workspace)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tIDENTITY\tROLE\tCREATED\tEXPIRES\tLAST USED\tREVOKED")
		for _, t := range toks {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, t.Identity, t.Role,
				t.CreatedAt.Format(time.RFC3339), stamp(t.ExpiresAt, "never"), stamp(t.LastUsedAt, "-"), stamp(t.RevokedAt, "-"))
		}
		return tw.Flush()
	})
}

// revokeToken revokes a token named by its plaintext or its id. Every
// instance refuses it within the auth cache's lifetime.
func revokeToken(ctx context.Context, getenv func(string) string, args []string, stdout, stderr io.Writer) error {
	c := lookupCommand("token revoke")
	fs := c.flags()
	token := fs.String("token", "", "the bearer token itself")
	id := fs.String("id", "", "the token's id (from token list)")
	if err := c.parse(fs, args, stdout, stderr); err != nil {
		return err
	}
	key := *token
	if (*token == "") == (*id == "") {
		return errors.New("name the token with exactly one of --token and --id")
	} else if *id != "" {
		key = *id
	}
	return withDB(ctx, getenv, stderr, func(db *store.DB) error {
		tok, err := db.RevokeToken(ctx, key)
		if err != nil {
			return fmt.Errorf("%s", sb.ErrorMessage(err))
		}
		fmt.Fprintf(stdout, "revoked token %s of %s in workspace %s\n", tok.ID, tok.Identity, tok.WorkspaceID)
		return nil
	})
}

func stamp(t *time.Time, none string) string {
	if t == nil {
		return none
	}
	return t.UTC().Format(time.RFC3339)
}

// withDB reads the environment, then opens and migrates the database for an
// administration command.
func withDB(ctx context.Context, getenv func(string) string, stderr io.Writer, fn func(*store.DB) error) error {
	cfg, err := LoadConfig(getenv)
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL, newLogger(cfg, stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	return fn(db)
}
