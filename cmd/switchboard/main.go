// Command switchboard runs the Switchboard service and its administration
// commands:
//
//	switchboard [serve]      run the HTTP service (the default)
//	switchboard migrate      apply the database migrations and exit
//	switchboard sim          run the provider simulator alone
//	switchboard token create --workspace ID --identity AGENT [--role agent|admin] [--ttl DURATION]
//	switchboard token list --workspace ID
//	switchboard token revoke (--token TOKEN | --id ID)
//
// Configuration comes from the environment (see Config and the README).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "switchboard:", err)
		}
		os.Exit(1)
	}
}

const usage = `usage:
  switchboard [serve]        run the HTTP service
  switchboard migrate        apply database migrations
  switchboard sim            run the Twilio simulator alone on SWITCHBOARD_ADDR
  switchboard token create --workspace ID --identity AGENT [--role agent|admin] [--ttl DURATION]
  switchboard token list --workspace ID
  switchboard token revoke (--token TOKEN | --id ID)
`

// run is main without the process: tests call it with their own arguments,
// environment and output.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := LoadConfig(getenv)
	if err != nil {
		return err
	}
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	logger := newLogger(cfg, stderr)
	switch cmd {
	case "serve":
		m := NewMain(cfg, logger)
		if err := m.Run(ctx); err != nil {
			_ = m.Close()
			return err
		}
		<-ctx.Done()
		return m.Close()
	case "sim":
		return runSimulator(ctx, cfg, logger, stdout)
	case "migrate":
		return migrate(ctx, cfg, logger, stdout)
	case "token":
		sub := map[string]func(context.Context, Config, *slog.Logger, []string, io.Writer, io.Writer) error{
			"create": createToken, "list": listTokens, "revoke": revokeToken,
		}
		if len(args) == 0 || sub[args[0]] == nil {
			fmt.Fprint(stderr, usage)
			return errors.New("unknown token command: want create, list or revoke")
		}
		return sub[args[0]](ctx, cfg, logger, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

// newLogger logs JSON (for production log pipelines) unless LOG_FORMAT=text.
func newLogger(cfg Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}
