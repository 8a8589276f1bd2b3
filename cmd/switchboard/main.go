// Command switchboard runs the Switchboard service and its administration
// commands:
//
//	switchboard [serve]      run the HTTP service (the default)
//	switchboard migrate      apply the database migrations and exit
//	switchboard sim          run the provider simulator alone
//	switchboard version      print the version (also --version)
//	switchboard healthcheck [--ready] [--url URL]   GET the running service's /healthz or /readyz
//	switchboard token create --workspace ID --identity AGENT [--role agent|admin] [--ttl DURATION]
//	switchboard token list --workspace ID
//	switchboard token revoke (--token TOKEN | --id ID)
//
// Configuration comes from the environment (see Config and the README);
// `switchboard COMMAND --help` lists the variables each command reads.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	applyMemoryLimit(os.Getenv)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	switch {
	case err == nil:
	case errors.Is(err, errUsage):
		os.Exit(2) // the command's help went to stderr already
	case errors.Is(err, errLogged):
		os.Exit(1)
	default:
		fmt.Fprintln(os.Stderr, "switchboard:", err)
		os.Exit(1)
	}
}

// run is main without the process: tests call it with their own arguments,
// environment and output. A command's --help is a success (nil).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	err := dispatch(ctx, args, getenv, stdout, stderr)
	if errors.Is(err, errHelpShown) {
		return nil
	}
	return err
}

func dispatch(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	name := "serve"
	if len(args) > 0 && (!strings.HasPrefix(args[0], "-") || isHelp(args[0]) || isVersion(args[0])) {
		name, args = args[0], args[1:]
	}
	// Flags and --help are read before the environment: help works
	// whatever the environment holds, and never starts anything.
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 0 {
			return dispatch(ctx, append(args, "--help"), getenv, stdout, stderr)
		}
		usage(stdout)
		return nil
	case "version", "-version", "--version":
		c := lookupCommand("version")
		if err := c.parse(c.flags(), args, stdout, stderr); err != nil {
			return err
		}
		printVersion(stdout)
		return nil
	case "serve", "migrate", "sim":
		c := lookupCommand(name)
		if err := c.parse(c.flags(), args, stdout, stderr); err != nil {
			return err
		}
		cfg, err := LoadConfig(getenv)
		if err != nil {
			return err
		}
		logger := newLogger(cfg, stderr)
		switch name {
		case "migrate":
			return migrate(ctx, cfg, logger, stdout)
		case "sim":
			return runSimulator(ctx, cfg, logger, stdout)
		}
		return serve(ctx, cfg, logger)
	case "healthcheck":
		return healthcheck(ctx, getenv, args, stdout, stderr)
	case "token":
		if len(args) > 0 {
			if run := tokenCommands[args[0]]; run != nil {
				return run(ctx, getenv, args[1:], stdout, stderr)
			}
		}
		w, err := stdout, errHelpShown
		if len(args) == 0 || !isHelp(args[0]) {
			w, err = stderr, errUsage
			fmt.Fprintln(stderr, "switchboard token: want create, list or revoke")
		}
		for _, name := range []string{"token create", "token list", "token revoke"} {
			c := lookupCommand(name)
			fmt.Fprintf(w, "usage: switchboard %s %s\n", c.name, c.synopsis)
		}
		fmt.Fprintln(w, "\n(switchboard token COMMAND --help for its flags and environment)")
		return err
	default:
		fmt.Fprintf(stderr, "switchboard: unknown command %q\n\n", name)
		usage(stderr)
		return errUsage
	}
}

func isVersion(arg string) bool {
	return arg == "-version" || arg == "--version"
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// serve runs the service until ctx ends (SIGINT or SIGTERM).
func serve(ctx context.Context, cfg Config, logger *slog.Logger) error {
	m := NewMain(cfg, logger)
	m.CheckPublicURL = true
	if err := m.Run(ctx); err != nil {
		_ = m.Close()
		return err
	}
	<-ctx.Done()
	return m.Close()
}

// newLogger logs JSON (for production log pipelines) unless LOG_FORMAT=text.
func newLogger(cfg Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}
