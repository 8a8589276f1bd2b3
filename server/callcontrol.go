package server

// Call control (openapi.yaml's Calls operations): hold, mute, transfers and
// the hang-up of the bearer's own calls, and the transfer target's status callback. The call
// flow (callflow) does the provider's work and writes what it did; these
// handlers map the API's types to it and back.

import (
	"context"
	"strings"

	"github.com/switchboard-oss/switchboard/gen/api"
	"github.com/switchboard-oss/switchboard/telephony"
)

func (s *strict) HoldCall(ctx context.Context, req api.HoldCallRequestObject) (api.HoldCallResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.Hold(ctx, ws, tokenFrom(ctx).Identity, req.CallSid, req.Body.Action == "hold")
	if err != nil {
		return nil, err
	}
	return api.HoldCall200JSONResponse{CallOKJSONResponse: api.CallOKJSONResponse{Data: toAPICall(c)}}, nil
}

func (s *strict) MuteCall(ctx context.Context, req api.MuteCallRequestObject) (api.MuteCallResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	var muted *bool
	if req.Body != nil {
		muted = req.Body.Muted
	}
	c, err := s.deps.Voice.Mute(ctx, ws, tokenFrom(ctx).Identity, req.CallSid, muted)
	if err != nil {
		return nil, err
	}
	return api.MuteCall200JSONResponse{CallOKJSONResponse: api.CallOKJSONResponse{Data: toAPICall(c)}}, nil
}

func (s *strict) TransferCall(ctx context.Context, req api.TransferCallRequestObject) (api.TransferCallResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.Transfer(ctx, ws, tokenFrom(ctx).Identity, req.CallSid, req.Body.Target, string(req.Body.Type))
	if err != nil {
		return nil, err
	}
	return api.TransferCall200JSONResponse{CallOKJSONResponse: api.CallOKJSONResponse{Data: toAPICall(c)}}, nil
}

func (s *strict) CompleteTransfer(ctx context.Context, req api.CompleteTransferRequestObject) (api.CompleteTransferResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.CompleteTransfer(ctx, ws, tokenFrom(ctx).Identity, req.CallSid)
	if err != nil {
		return nil, err
	}
	return api.CompleteTransfer200JSONResponse{CallOKJSONResponse: api.CallOKJSONResponse{Data: toAPICall(c)}}, nil
}

func (s *strict) CancelTransfer(ctx context.Context, req api.CancelTransferRequestObject) (api.CancelTransferResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.CancelTransfer(ctx, ws, tokenFrom(ctx).Identity, req.CallSid)
	if err != nil {
		return nil, err
	}
	return api.CancelTransfer200JSONResponse{CallOKJSONResponse: api.CallOKJSONResponse{Data: toAPICall(c)}}, nil
}

func (s *strict) HangUpCall(ctx context.Context, req api.HangUpCallRequestObject) (api.HangUpCallResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.HangUp(ctx, ws, tokenFrom(ctx).Identity, req.CallSid)
	if err != nil {
		return nil, err
	}
	return api.HangUpCall200JSONResponse{Data: toAPICall(c)}, nil
}

func (s *strict) VoiceTransferStatus(ctx context.Context, req api.VoiceTransferStatusRequestObject) (api.VoiceTransferStatusResponseObject, error) {
	b := req.Body
	if err := s.deps.Voice.TransferStatus(ctx, req.Params.Call, statusRequest(b.CallSid, b.CallStatus, b.SequenceNumber, b.CallDuration)); err != nil {
		return nil, err
	}
	return api.VoiceTransferStatus204Response{}, nil
}

func (s *strict) VoiceHoldMusic(ctx context.Context, _ api.VoiceHoldMusicRequestObject) (api.VoiceHoldMusicResponseObject, error) {
	doc, err := telephony.HoldMusic("")
	if s.deps.Voice != nil {
		doc, err = s.deps.Voice.HoldMusic()
	}
	if err != nil {
		return nil, err
	}
	return api.VoiceHoldMusic200ApplicationxmlResponse{Body: strings.NewReader(doc), ContentLength: int64(len(doc))}, nil
}
