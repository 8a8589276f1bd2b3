package contacts

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/telephony/phone"
)

// Deps are the stores the service drives.
type Deps struct {
	Contacts sb.ContactStore
	DNC      sb.DNCStore
	// Events records the events no single store write reports (a whole
	// import's contacts.imported).
	Events sb.EventStore
}

// Config tunes the service.
type Config struct {
	// DefaultRegion reads national-format numbers ("US"); "" means
	// phone.DefaultRegion.
	DefaultRegion string
	// ImportWriters is how many CSV import batches are written at once
	// (the store's ImportWriters); 0 means 1.
	ImportWriters int
	// Logger is the base logger; RequestLogger, when set, gives the
	// request-scoped one (with the request id) for a context.
	Logger        *slog.Logger
	RequestLogger func(context.Context) *slog.Logger
}

// Service is the contacts service. It is safe for concurrent use.
type Service struct {
	cfg  Config
	deps Deps
}

// New returns the service.
func New(cfg Config, deps Deps) (*Service, error) {
	if deps.Contacts == nil || deps.DNC == nil || deps.Events == nil {
		return nil, errors.New("contacts: every dependency is required")
	}
	if cfg.DefaultRegion == "" {
		cfg.DefaultRegion = phone.DefaultRegion
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{cfg: cfg, deps: deps}, nil
}

// logger is the request's logger when there is one.
func (s *Service) logger(ctx context.Context) *slog.Logger {
	if s.cfg.RequestLogger != nil {
		if l := s.cfg.RequestLogger(ctx); l != nil {
			return l
		}
	}
	return s.cfg.Logger
}

// Phone normalizes a number given in field (any common notation, read in
// the default region when national) to E.164. Every method here calls it on
// the numbers it is given; the server calls it only where it binds a cursor
// to the number rather than to how it was written. Errors: EInvalidPhone
// naming field.
func (s *Service) Phone(field, input string) (string, error) {
	return phone.NormalizeField(field, input, s.cfg.DefaultRegion)
}

// optionalPhone is Phone allowing "" (no number).
func (s *Service) optionalPhone(field, input string) (string, error) {
	if input == "" {
		return "", nil
	}
	return s.Phone(field, input)
}

// Normalize reads input as a phone number in region ("" means the default
// region) and tells everything known of it. A number that is not valid is
// an answer, not an error: it has no normalized form and no area code.
// Errors: EInvalid when input is blank.
func (s *Service) Normalize(input, region string) (sb.PhoneNumber, error) {
	if strings.TrimSpace(input) == "" {
		return sb.PhoneNumber{}, sb.FieldErrorf(sb.EInvalid, "phone", "phone is required")
	}
	if region == "" {
		region = s.cfg.DefaultRegion
	}
	n := phone.Normalize(input, region)
	if !n.Valid {
		n.E164, n.AreaCode = "", ""
	}
	return n, nil
}
