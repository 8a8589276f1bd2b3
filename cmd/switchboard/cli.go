package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

var (
	logEnv      = []string{"LOG_LEVEL", "LOG_FORMAT"}
	databaseEnv = append([]string{"DATABASE_URL"}, logEnv...)
	healthEnv   = []string{"SWITCHBOARD_ADDR", "TWILIO_ACCOUNT_SID"}
	simEnv      = append([]string{"SWITCHBOARD_ADDR", "PUBLIC_BASE_URL", "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN",
		"TWILIO_API_BASE_URL", "SHUTDOWN_GRACE"}, logEnv...)
)

// allEnv names every variable (what serve reads).
func allEnv() []string {
	names := make([]string, len(settings))
	for i, v := range settings {
		names[i] = v.name
	}
	return names
}

// command is one of the program's commands, with what its --help prints.
type command struct {
	name     string // as typed: "serve", "token create"
	synopsis string // its arguments
	summary  string
	env      []string // the variables it reads
}

var commands = []command{
	{"serve", "", "run the HTTP service (the default command); migrates the database first", allEnv()},
	{"migrate", "", "apply the database migrations and exit", databaseEnv},
	{"sim", "", "run the Twilio simulator alone on SWITCHBOARD_ADDR, in front of a service at PUBLIC_BASE_URL", simEnv},
	{"token create", "--workspace ID --identity AGENT [--role agent|admin] [--ttl DURATION]",
		"create a bearer token and print it alone on the last line (the database keeps its SHA-256)", databaseEnv},
	{"token list", "--workspace ID", "list a workspace's tokens: id, identity, role, created, expires, last used, revoked (never a secret)", databaseEnv},
	{"token revoke", "(--token TOKEN | --id ID)", "revoke a token; every instance refuses it within seconds", databaseEnv},
	{"healthcheck", "[--ready] [--url URL] [--timeout DURATION]",
		"GET the running service's /healthz (or /readyz) on loopback and exit 0 when it answers 200 (for container health checks)", healthEnv},
	{"version", "", "print the version this binary was built from (also --version)", nil},
}

func lookupCommand(name string) command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	panic("no command " + name)
}

// flags returns the command's flag set. Parse errors and -h are reported by
// parse, not by the flag package, so that help goes to stdout.
func (c command) flags() *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse parses args. -h or --help prints the command's help to stdout and
// returns errHelpShown, which the program answers with exit status 0.
func (c command) parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	err := fs.Parse(args)
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.help(fs, stdout)
		return errHelpShown
	case err != nil:
		fmt.Fprintf(stderr, "switchboard %s: %v\n\n", c.name, err)
		c.help(fs, stderr)
		return errUsage
	}
	return nil
}

// errHelpShown ends a command that printed its help: exit status 0.
var errHelpShown = errors.New("help shown")

// errUsage ends a command whose arguments were wrong, after its help was
// printed to stderr: exit status 2.
var errUsage = errors.New("usage")

func (c command) help(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintf(w, "usage: switchboard %s", c.name)
	if c.synopsis != "" {
		fmt.Fprintf(w, " %s", c.synopsis)
	}
	fmt.Fprintf(w, "\n\n%s.\n", upperFirst(c.summary))
	if fs != nil {
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(w, "\nflags:")
			fs.SetOutput(w)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
		}
	}
	if len(c.env) > 0 {
		writeEnv(w, c.env)
	}
}

func writeEnv(w io.Writer, names []string) {
	fmt.Fprintln(w, "\nenvironment:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, name := range names {
		v := lookupSetting(name)
		def := v.def
		if def == "" {
			def = "unset"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", v.name, def, v.meaning)
	}
	tw.Flush()
}

// usage is the program's own help: every command and every variable.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: switchboard [command] [flags]")
	fmt.Fprintln(w, "\ncommands (switchboard COMMAND --help for one command's flags and environment):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "  %s\t%s\n", c.name, c.summary)
	}
	tw.Flush()
	writeEnv(w, allEnv())
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
