package telephony

import (
	"errors"
	"fmt"
	"time"

	"github.com/twilio/twilio-go/client/jwt"

	"github.com/switchboard-oss/switchboard"
)

// Access token lifetimes. Twilio refuses tokens that live longer than a day.
const (
	DefaultTokenTTL = time.Hour
	MaxTokenTTL     = 24 * time.Hour
)

// TokenIssuer mints access tokens for the provider's browser voice SDK
// (GET /v1/voice/token).
type TokenIssuer struct {
	accountSID, apiKey, apiSecret, appSID string
	now                                   func() time.Time // tests pin the clock
}

// NewTokenIssuer returns an issuer for the account (TWILIO_ACCOUNT_SID) whose
// tokens are signed with an API key and its secret (TWILIO_API_KEY,
// TWILIO_API_SECRET) and let the browser call through the TwiML app appSID
// (TWILIO_TWIML_APP_SID). All four must be set: twilio-go panics when asked
// to sign without a secret, so the issuer refuses early instead. The
// simulator accepts any values.
func NewTokenIssuer(accountSID, apiKey, apiSecret, appSID string) (*TokenIssuer, error) {
	if accountSID == "" || apiKey == "" || apiSecret == "" || appSID == "" {
		return nil, errors.New("telephony: voice tokens need an account SID, an API key, its secret and a TwiML app SID")
	}
	return &TokenIssuer{accountSID: accountSID, apiKey: apiKey, apiSecret: apiSecret, appSID: appSID, now: time.Now}, nil
}

// VoiceToken is a minted access token.
type VoiceToken struct {
	Token     string
	Identity  string
	TTL       time.Duration
	ExpiresAt time.Time
}

// VoiceToken mints an HS256 access token for identity with a voice grant
// (incoming calls allowed, outgoing calls through the TwiML app). ttl 0 means
// DefaultTokenTTL; it is truncated to whole seconds and must be between one
// second and MaxTokenTTL, else the error is a *switchboard.Error with code
// EInvalid (field "ttl").
//
// twilio-go raises a Ttl below an hour to an hour and stamps nbf and exp
// from separate clock reads, so the issuer sets nbf and exp itself from one
// reading: the token lives exactly ttl. Two tokens minted for the same key in
// the same second share their jti (twilio-go builds it from key and second);
// Twilio does not require it to be unique.
func (ti *TokenIssuer) VoiceToken(identity string, ttl time.Duration) (VoiceToken, error) {
	if identity == "" {
		return VoiceToken{}, switchboard.FieldErrorf(switchboard.EInvalid, "identity", "an identity is required")
	}
	if ttl == 0 {
		ttl = DefaultTokenTTL
	}
	ttl = ttl.Truncate(time.Second)
	if ttl < time.Second || ttl > MaxTokenTTL {
		return VoiceToken{}, switchboard.FieldErrorf(switchboard.EInvalid, "ttl",
			"ttl must be between 1 and %d seconds", int(MaxTokenTTL/time.Second))
	}
	now := ti.now().Truncate(time.Second)
	exp := now.Add(ttl)
	at := jwt.CreateAccessToken(jwt.AccessTokenParams{
		AccountSid:    ti.accountSID,
		SigningKeySid: ti.apiKey,
		Secret:        ti.apiSecret,
		Identity:      identity,
		Ttl:           ttl.Seconds(),
		Nbf:           float64(now.Unix()),
		ValidUntil:    float64(exp.Unix()),
	})
	at.AddGrant(&jwt.VoiceGrant{
		Incoming: jwt.Incoming{Allow: true},
		Outgoing: jwt.Outgoing{ApplicationSid: ti.appSID},
	})
	token, err := at.ToJwt()
	if err != nil {
		return VoiceToken{}, fmt.Errorf("telephony: signing voice token: %w", err)
	}
	return VoiceToken{Token: token, Identity: identity, TTL: ttl, ExpiresAt: exp}, nil
}
