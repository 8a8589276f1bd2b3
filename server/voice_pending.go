package server

// The voice half of the contract is specified in openapi.yaml but served by
// later work (issues 3 and 4). Until then each operation answers 501
// not_implemented in the error envelope, so clients generated from the spec
// get a clear, typed refusal rather than a 404.

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func notImplemented(op string) error {
	return sb.Errorf(sb.ENotImplemented, "%s is not served by this build yet.", op)
}

func (s *strict) ListCallerIds(ctx context.Context, req api.ListCallerIdsRequestObject) (api.ListCallerIdsResponseObject, error) {
	return nil, notImplemented("ListCallerIds")
}

func (s *strict) CreateCallerId(ctx context.Context, req api.CreateCallerIdRequestObject) (api.CreateCallerIdResponseObject, error) {
	return nil, notImplemented("CreateCallerId")
}

func (s *strict) ListCalls(ctx context.Context, req api.ListCallsRequestObject) (api.ListCallsResponseObject, error) {
	return nil, notImplemented("ListCalls")
}

func (s *strict) CreateCall(ctx context.Context, req api.CreateCallRequestObject) (api.CreateCallResponseObject, error) {
	return nil, notImplemented("CreateCall")
}

func (s *strict) GetCall(ctx context.Context, req api.GetCallRequestObject) (api.GetCallResponseObject, error) {
	return nil, notImplemented("GetCall")
}

func (s *strict) HoldCall(ctx context.Context, req api.HoldCallRequestObject) (api.HoldCallResponseObject, error) {
	return nil, notImplemented("HoldCall")
}

func (s *strict) MuteCall(ctx context.Context, req api.MuteCallRequestObject) (api.MuteCallResponseObject, error) {
	return nil, notImplemented("MuteCall")
}

func (s *strict) ListCallRecordings(ctx context.Context, req api.ListCallRecordingsRequestObject) (api.ListCallRecordingsResponseObject, error) {
	return nil, notImplemented("ListCallRecordings")
}

func (s *strict) TransferCall(ctx context.Context, req api.TransferCallRequestObject) (api.TransferCallResponseObject, error) {
	return nil, notImplemented("TransferCall")
}

func (s *strict) CancelTransfer(ctx context.Context, req api.CancelTransferRequestObject) (api.CancelTransferResponseObject, error) {
	return nil, notImplemented("CancelTransfer")
}

func (s *strict) CompleteTransfer(ctx context.Context, req api.CompleteTransferRequestObject) (api.CompleteTransferResponseObject, error) {
	return nil, notImplemented("CompleteTransfer")
}

func (s *strict) StartRecording(ctx context.Context, req api.StartRecordingRequestObject) (api.StartRecordingResponseObject, error) {
	return nil, notImplemented("StartRecording")
}

func (s *strict) GetRecording(ctx context.Context, req api.GetRecordingRequestObject) (api.GetRecordingResponseObject, error) {
	return nil, notImplemented("GetRecording")
}

func (s *strict) UpdateRecording(ctx context.Context, req api.UpdateRecordingRequestObject) (api.UpdateRecordingResponseObject, error) {
	return nil, notImplemented("UpdateRecording")
}

func (s *strict) VoiceCallControl(ctx context.Context, req api.VoiceCallControlRequestObject) (api.VoiceCallControlResponseObject, error) {
	return nil, notImplemented("VoiceCallControl")
}

func (s *strict) VoiceConferenceJoinGet(ctx context.Context, req api.VoiceConferenceJoinGetRequestObject) (api.VoiceConferenceJoinGetResponseObject, error) {
	return nil, notImplemented("VoiceConferenceJoinGet")
}

func (s *strict) VoiceConferenceJoinPost(ctx context.Context, req api.VoiceConferenceJoinPostRequestObject) (api.VoiceConferenceJoinPostResponseObject, error) {
	return nil, notImplemented("VoiceConferenceJoinPost")
}

func (s *strict) VoiceRecordingStatus(ctx context.Context, req api.VoiceRecordingStatusRequestObject) (api.VoiceRecordingStatusResponseObject, error) {
	return nil, notImplemented("VoiceRecordingStatus")
}

func (s *strict) VoiceStatusCallback(ctx context.Context, req api.VoiceStatusCallbackRequestObject) (api.VoiceStatusCallbackResponseObject, error) {
	return nil, notImplemented("VoiceStatusCallback")
}

func (s *strict) GetVoiceToken(ctx context.Context, req api.GetVoiceTokenRequestObject) (api.GetVoiceTokenResponseObject, error) {
	return nil, notImplemented("GetVoiceToken")
}
