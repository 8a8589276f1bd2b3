package telephony

import (
	"errors"
	"testing"
	"time"

	gojwt "github.com/golang-jwt/jwt/v5"

	"github.com/switchboard-oss/switchboard"
)

const (
	testAccountSID = "AC00000000000000000000000000000001"
	testAPIKey     = "SK00000000000000000000000000000001"
	testAPISecret  = "api-key-secret"
	testAppSID     = "AP00000000000000000000000000000001"
)

func newTestIssuer(t *testing.T, now time.Time) *TokenIssuer {
	t.Helper()
	ti, err := NewTokenIssuer(testAccountSID, testAPIKey, testAPISecret, testAppSID)
	if err != nil {
		t.Fatal(err)
	}
	ti.now = func() time.Time { return now }
	return ti
}

func TestVoiceToken(t *testing.T) {
	t.Parallel()
	now := time.Now()
	for _, tc := range []struct {
		ttl, want time.Duration
	}{
		{0, time.Hour},
		{60 * time.Second, 60 * time.Second}, // below twilio-go's one-hour floor
		{2 * time.Hour, 2 * time.Hour},
		{MaxTokenTTL, MaxTokenTTL},
		{90*time.Second + 500*time.Millisecond, 90 * time.Second},
	} {
		t.Run(tc.want.String(), func(t *testing.T) {
			t.Parallel()
			vt, err := newTestIssuer(t, now).VoiceToken("ada", tc.ttl)
			if err != nil {
				t.Fatal(err)
			}
			if vt.TTL != tc.want || vt.Identity != "ada" || !vt.ExpiresAt.Equal(now.Truncate(time.Second).Add(tc.want)) {
				t.Errorf("VoiceToken = %+v", vt)
			}

			claims := gojwt.MapClaims{}
			tok, err := gojwt.ParseWithClaims(vt.Token, claims, func(tok *gojwt.Token) (any, error) {
				return []byte(testAPISecret), nil
			}, gojwt.WithValidMethods([]string{"HS256"}))
			if err != nil || !tok.Valid {
				t.Fatalf("token does not verify with the API secret: %v", err)
			}
			if cty := tok.Header["cty"]; cty != "twilio-fpa;v=1" {
				t.Errorf("cty = %v", cty)
			}
			if claims["iss"] != testAPIKey || claims["sub"] != testAccountSID {
				t.Errorf("iss %v sub %v", claims["iss"], claims["sub"])
			}
			exp, nbf := claims["exp"].(float64), claims["nbf"].(float64)
			if time.Duration(exp-nbf)*time.Second != tc.want {
				t.Errorf("exp-nbf = %vs, want %v", exp-nbf, tc.want)
			}
			// Twilio's tokens carry no iat: nbf is the issue time.
			if int64(nbf) != now.Unix() {
				t.Errorf("nbf = %v, want %d", nbf, now.Unix())
			}
			grants, _ := claims["grants"].(map[string]any)
			voice, _ := grants["voice"].(map[string]any)
			incoming, _ := voice["incoming"].(map[string]any)
			outgoing, _ := voice["outgoing"].(map[string]any)
			if grants["identity"] != "ada" || incoming["allow"] != true || outgoing["application_sid"] != testAppSID {
				t.Errorf("grants = %v", grants)
			}

			if _, err := gojwt.Parse(vt.Token, func(*gojwt.Token) (any, error) { return []byte("other"), nil }); err == nil {
				t.Error("token verifies with another secret")
			}
		})
	}
}

func TestVoiceTokenRejects(t *testing.T) {
	t.Parallel()
	ti := newTestIssuer(t, time.Now())
	for _, tc := range []struct {
		identity string
		ttl      time.Duration
		field    string
	}{
		{"ada", MaxTokenTTL + time.Second, "ttl"},
		{"ada", -time.Second, "ttl"},
		{"ada", 500 * time.Millisecond, "ttl"},
		{"", time.Hour, "identity"},
	} {
		_, err := ti.VoiceToken(tc.identity, tc.ttl)
		var e *switchboard.Error
		if !errors.As(err, &e) || e.Code != switchboard.EInvalid || e.Details[0].Field != tc.field {
			t.Errorf("VoiceToken(%q, %v) error = %v", tc.identity, tc.ttl, err)
		}
	}
	if _, err := NewTokenIssuer(testAccountSID, testAPIKey, "", testAppSID); err == nil {
		t.Error("issuer without a secret accepted")
	}
}
