package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/server"
	"github.com/switchboard-oss/switchboard/store"
	"github.com/switchboard-oss/switchboard/telephony"
	"github.com/switchboard-oss/switchboard/telephony/simulator"
)

// Placeholders for the voice token's API key, secret and TwiML app when the
// simulator stands in for Twilio and none are configured: the simulator
// does not check tokens, and twilio-go wants alphanumeric values.
const (
	simAPIKey    = "SK00000000000000000000000000000000"
	simAPISecret = "simulatorapisecret0000000000000000"
	simAppSid    = "AP00000000000000000000000000000000"
)

// simAuthTokenSecret names the simulator's auth token in the database.
const simAuthTokenSecret = "simulator_auth_token"

// voice is the provider side of the program: the REST client, the token
// issuer, the signature validator, the call flow and, without a Twilio
// account, the simulator.
type voice struct {
	flow      *callflow.Service
	tokens    server.TokenIssuer
	validator *telephony.Validator
	sim       *simulator.Simulator
}

// newVoice builds the provider side for cfg. Without TWILIO_ACCOUNT_SID the
// simulator runs in-process with its own credentials (so its signatures
// verify) and the REST client talks to it at TWILIO_API_BASE_URL, which then
// defaults to PUBLIC_BASE_URL: the simulator is mounted on the service's own
// listener (mountSimulator). transport carries the REST client's requests
// (nil: http.DefaultTransport); the metrics wrap it.
func newVoice(ctx context.Context, cfg Config, db *store.DB, logger *slog.Logger, transport http.RoundTripper) (*voice, error) {
	v := &voice{}
	accountSid, authToken, apiBase := cfg.TwilioAccountSid, cfg.TwilioAuthToken, cfg.TwilioAPIBaseURL
	apiKey, apiSecret, appSid := cfg.TwilioAPIKey, cfg.TwilioAPISecret, cfg.TwilioTwiMLAppSid
	if accountSid == "" {
		if apiBase == telephony.DefaultAPIBaseURL {
			apiBase = cfg.PublicBaseURL
		}
		// Random per database and kept there, so that every instance on
		// it (and every restart) signs and checks with the same token,
		// and nobody can sign with one read from the source.
		simToken, err := db.Secret(ctx, simAuthTokenSecret, simulator.RandomAuthToken)
		if err != nil {
			return nil, fmt.Errorf("the simulator's auth token: %w", err)
		}
		v.sim = simulator.New(simulator.Config{
			AuthToken:            simToken,
			CallControlURL:       cfg.PublicBaseURL + callflow.PathCallControl,
			AppStatusCallbackURL: cfg.PublicBaseURL + callflow.PathStatus,
			BaseURL:              apiBase,
			Logger:               logger,
		})
		accountSid, authToken = v.sim.AccountSid(), v.sim.AuthToken()
		if apiKey == "" && apiSecret == "" && appSid == "" {
			apiKey, apiSecret, appSid = simAPIKey, simAPISecret, simAppSid
		}
		host, _, _ := net.SplitHostPort(cfg.Addr)
		if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
			logger.Info("simulator on, local-only: no TWILIO_ACCOUNT_SID, so the embedded provider simulator stands in for Twilio and the service listens on loopback only",
				"addr", cfg.Addr, "api_base_url", apiBase)
		} else {
			logger.Warn("simulator on and reachable from the network: SWITCHBOARD_ADDR is not a loopback address, so anyone who reaches it can drive /sim",
				"addr", cfg.Addr, "api_base_url", apiBase)
		}
	}
	client, err := telephony.NewClient(telephony.Config{AccountSID: accountSid, AuthToken: authToken, BaseURL: apiBase,
		Timeout: cfg.TwilioRequestTimeout, Transport: transport})
	if err != nil {
		v.close()
		return nil, err
	}
	if ti, err := telephony.NewTokenIssuer(accountSid, apiKey, apiSecret, appSid); err == nil {
		v.tokens = ti
	} else {
		logger.Warn("voice tokens are off (GET /v1/voice/token answers 501)", "why", err.Error())
	}
	v.validator = telephony.NewValidator(authToken, cfg.PublicBaseURL)
	v.flow, err = callflow.New(callflow.Config{
		PublicBaseURL: cfg.PublicBaseURL,
		DefaultRegion: cfg.DefaultRegion,
		HoldMusicURL:  cfg.HoldMusicURL,
		// The simulator serves one machine: a voicemail drop's audio may be
		// a local http file there.
		AllowHTTPAudio: v.sim != nil,
		DialClaim:      cfg.DialClaim,
		DialListLease:  cfg.DialListLease,
		Logger:         logger,
		RequestLogger:  server.RequestLogger,
	}, callflow.Deps{Calls: db, CallerIDs: db, DNC: db, Workspaces: db, Recordings: db, Provider: client})
	if err != nil {
		v.close()
		return nil, err
	}
	return v, nil
}

// deps adds the provider side to the server's dependencies.
func (v *voice) deps(d server.Deps) server.Deps {
	d.Voice, d.Signatures = v.flow, v.validator
	if v.tokens != nil {
		d.Tokens = v.tokens
	}
	return d
}

// mountSimulator serves the simulator's REST API and /sim routes on the
// service's own Echo, so TWILIO_API_BASE_URL and POST /sim/connect are the
// service's own address.
func (v *voice) mountSimulator(e *echo.Echo) {
	if v.sim == nil {
		return
	}
	h := echo.WrapHandler(v.sim.Handler())
	e.Any("/2010-04-01/*", h)
	e.Any("/sim/*", h)
}

// wait lets dials and hang-ups started by answered webhooks finish.
func (v *voice) wait(grace time.Duration) {
	if v == nil || v.flow == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	_ = v.flow.Wait(ctx)
}

func (v *voice) close() {
	if v != nil && v.flow != nil {
		v.flow.Close() // the late-leg watches read the store, closed next
	}
	if v != nil && v.sim != nil {
		v.sim.Close()
		v.sim = nil
	}
}

// runSimulator is `switchboard sim`: the simulator alone on SWITCHBOARD_ADDR,
// sending its webhooks to PUBLIC_BASE_URL (the service it stands in front
// of). It uses TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN when set, so a service
// configured with the same values verifies its signatures, and the
// simulator's account and a random auth token otherwise, which it prints
// for the service's TWILIO_AUTH_TOKEN.
func runSimulator(ctx context.Context, cfg Config, logger *slog.Logger, stdout io.Writer) error {
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", cfg.Addr, err)
	}
	base := cfg.TwilioAPIBaseURL
	if base == telephony.DefaultAPIBaseURL {
		base = "http://" + ln.Addr().String()
	}
	sim := simulator.New(simulator.Config{
		AccountSid:           cfg.TwilioAccountSid,
		AuthToken:            cfg.TwilioAuthToken,
		CallControlURL:       cfg.PublicBaseURL + callflow.PathCallControl,
		AppStatusCallbackURL: cfg.PublicBaseURL + callflow.PathStatus,
		BaseURL:              base,
		Logger:               logger,
	})
	defer sim.Close()
	srv := &http.Server{Handler: sim.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "simulator listening on %s (account %s); webhooks go to %s\n",
		ln.Addr(), sim.AccountSid(), cfg.PublicBaseURL)
	if cfg.TwilioAuthToken == "" {
		fmt.Fprintf(stdout, "auth token (set it as the service's TWILIO_AUTH_TOKEN): %s\n", sim.AuthToken())
	}
	// The shutdown is logged before it starts: serving stops on a context
	// of its own, cancelled only after the line is written.
	serveCtx, stopServing := context.WithCancel(context.Background())
	defer stopServing()
	go func() {
		select {
		case <-ctx.Done():
			logger.Info("simulator shutting down: in-flight requests may finish", "grace", cfg.ShutdownGrace.String())
			stopServing()
		case <-serveCtx.Done():
		}
	}()
	err = server.ServeUntil(serveCtx, srv, ln, cfg.ShutdownGrace)
	if err != nil {
		logger.Error("simulator stopped with an error", "error", err.Error())
		return err
	}
	logger.Info("simulator stopped")
	return nil
}
