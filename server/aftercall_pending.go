package server

import (
	"context"

	"github.com/switchboard-oss/switchboard/gen/api"
)

// The after-call operations below are in the contract and answer 501
// not_implemented until their services land; each is replaced by its own
// handler file.

func (s *strict) ListContactCalls(context.Context, api.ListContactCallsRequestObject) (api.ListContactCallsResponseObject, error) {
	return nil, notImplemented("listContactCalls")
}

func (s *strict) ReportCalls(context.Context, api.ReportCallsRequestObject) (api.ReportCallsResponseObject, error) {
	return nil, notImplemented("reportCalls")
}
