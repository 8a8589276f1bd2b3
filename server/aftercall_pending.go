package server

import (
	"context"

	"github.com/switchboard-oss/switchboard/gen/api"
)

// The after-call operations below are in the contract and answer 501
// not_implemented until their services land; each is replaced by its own
// handler file.

func (s *strict) ListCallOutcomes(context.Context, api.ListCallOutcomesRequestObject) (api.ListCallOutcomesResponseObject, error) {
	return nil, notImplemented("listCallOutcomes")
}

func (s *strict) CreateCallOutcome(context.Context, api.CreateCallOutcomeRequestObject) (api.CreateCallOutcomeResponseObject, error) {
	return nil, notImplemented("createCallOutcome")
}

func (s *strict) GetCallOutcome(context.Context, api.GetCallOutcomeRequestObject) (api.GetCallOutcomeResponseObject, error) {
	return nil, notImplemented("getCallOutcome")
}

func (s *strict) UpdateCallOutcome(context.Context, api.UpdateCallOutcomeRequestObject) (api.UpdateCallOutcomeResponseObject, error) {
	return nil, notImplemented("updateCallOutcome")
}

func (s *strict) UpdateCall(context.Context, api.UpdateCallRequestObject) (api.UpdateCallResponseObject, error) {
	return nil, notImplemented("updateCall")
}
