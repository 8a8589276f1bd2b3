package server

import "github.com/switchboard-oss/switchboard/telephony/phone"

// optionalPhone normalizes a phone number given in field, allowing "". The
// error names field, so a bad "to" is not reported as a bad "phone".
func (s *strict) optionalPhone(field, input, region string) (string, error) {
	if input == "" {
		return "", nil
	}
	return s.phone(field, input, region)
}

// phone normalizes a required phone number to E.164 (the voice endpoints';
// the contacts service normalizes its own).
func (s *strict) phone(field, input, region string) (string, error) {
	if region == "" {
		region = s.cfg.DefaultRegion
	}
	return phone.NormalizeField(field, input, region)
}
