package server

// Hold, mute, transfer and recordings are specified in openapi.yaml but
// served by later work (issue 4). Until then each answers 501
// not_implemented in the error envelope, so clients generated from the spec
// get a clear, typed refusal rather than a 404. The same refusal answers the
// served voice operations when the server runs without a call flow.

import (
	"context"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func notImplemented(op string) error {
	return sb.Errorf(sb.ENotImplemented, "%s is not served by this build yet.", op)
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

func (s *strict) VoiceRecordingStatus(ctx context.Context, req api.VoiceRecordingStatusRequestObject) (api.VoiceRecordingStatusResponseObject, error) {
	return nil, notImplemented("VoiceRecordingStatus")
}
