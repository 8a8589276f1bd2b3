package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
)

// Main is the running program: the database, the HTTP server, the call flow
// and, without a Twilio account, the embedded provider simulator. Tests start it on
// "127.0.0.1:0" and read Addr.
type Main struct {
	Config Config
	Logger *slog.Logger
	// Addr is the address the server listens on, once Run returned.
	Addr string

	db      *store.DB
	voice   *voice
	cancel  context.CancelFunc
	done    chan error
	recover context.CancelFunc // stops retrying pending dials
}

// NewMain returns a program for cfg; nothing runs before Run.
func NewMain(cfg Config, logger *slog.Logger) *Main {
	return &Main{Config: cfg, Logger: logger}
}

// Run opens the database, migrates it and starts serving in the background.
func (m *Main) Run(ctx context.Context) error {
	db, err := store.Open(ctx, m.Config.DatabaseURL, m.Logger)
	if err != nil {
		return fmt.Errorf("opening the database: %w", err)
	}
	m.db = db
	if err := db.Migrate(ctx); err != nil {
		return fmt.Errorf("migrating the database: %w", err)
	}
	v, err := newVoice(m.Config, db, m.Logger)
	if err != nil {
		return fmt.Errorf("setting up voice: %w", err)
	}
	m.voice = v
	cursorKey, err := db.ServerKey(ctx, "cursor")
	if err != nil {
		return err
	}
	srv, err := server.New(server.Config{
		CursorKey:     cursorKey,
		DefaultRegion: m.Config.DefaultRegion,
		RateLimit:     m.Config.RateLimit,
		PublicBaseURL: m.Config.PublicBaseURL,
		ImportWriters: db.ImportWriters(),
	}, v.deps(server.Deps{Auth: db, Contacts: db, DNC: db, Ping: db.Ping}), m.Logger)
	if err != nil {
		return err
	}
	v.mountSimulator(srv.Echo())
	mountSoftphone(srv.Echo())
	ln, err := net.Listen("tcp", m.Config.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", m.Config.Addr, err)
	}
	m.Addr = ln.Addr().String()
	serveCtx, cancel := context.WithCancel(context.Background())
	m.cancel, m.done = cancel, make(chan error, 1)
	go func() { m.done <- srv.Serve(serveCtx, ln, m.Config.ShutdownGrace) }()
	// Customer legs promised by a process that died are dialled (or failed)
	// now, and then whenever a claim expires.
	recoverCtx, stopRecover := context.WithCancel(context.Background())
	m.recover = stopRecover
	go v.flow.RunRecovery(recoverCtx)
	m.Logger.Info("switchboard listening", "addr", m.Addr, "public_base_url", m.Config.PublicBaseURL,
		"database", redactURL(m.Config.DatabaseURL))
	return nil
}

// Close stops serving (letting in-flight requests finish) and closes the
// database.
func (m *Main) Close() error {
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
	if m.db != nil {
		errs = append(errs, m.db.Close())
		m.db = nil
	}
	return errors.Join(errs...)
}

// redactURL drops the password from a database URL so it can be logged.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		if strings.HasPrefix(raw, "sqlite:") {
			return raw
		}
		return "(unparseable database URL)"
	}
	return u.Redacted()
}

func migrate(ctx context.Context, cfg Config, logger *slog.Logger, stdout io.Writer) error {
	db, err := store.Open(ctx, cfg.DatabaseURL, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "migrations applied")
	return nil
}

// createToken prints the new bearer token alone on the last line of stdout,
// so scripts can take it with `tail -n1`. It is never logged.
func createToken(ctx context.Context, cfg Config, logger *slog.Logger, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("token create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	workspace := fs.String("workspace", "", "workspace id (created when new)")
	identity := fs.String("identity", "", "agent identity (also the Twilio client identity)")
	role := fs.String("role", string(sb.RoleAgent), "agent or admin")
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return err
	}
	plaintext, tok, err := db.CreateToken(ctx, *workspace, *identity, sb.Role(*role))
	if err != nil {
		return fmt.Errorf("%s", sb.ErrorMessage(err))
	}
	fmt.Fprintf(stdout, "token for %s in workspace %s (role %s):\n%s\n", tok.Identity, tok.WorkspaceID, tok.Role, plaintext)
	return nil
}
