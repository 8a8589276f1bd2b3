package server

// Recordings (openapi.yaml's Recordings operations): start, read, pause/resume/stop and list
// the recordings of the bearer's own calls, and the provider's signed
// recording status callback that keeps them current.

import (
	"context"
	"strconv"
	"strings"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func (s *strict) StartRecording(ctx context.Context, req api.StartRecordingRequestObject) (api.StartRecordingResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	channels := ""
	if req.Body.Channels != nil {
		channels = string(*req.Body.Channels)
	}
	r, err := s.deps.Voice.StartRecording(ctx, ws, tokenFrom(ctx).Identity, req.Body.CallSid, channels)
	if err != nil {
		return nil, err
	}
	return api.StartRecording201JSONResponse{Data: toAPIRecording(r)}, nil
}

func (s *strict) GetRecording(ctx context.Context, req api.GetRecordingRequestObject) (api.GetRecordingResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	r, err := s.deps.Voice.RecordingFor(ctx, ws, tokenFrom(ctx).Identity, req.RecordingSid)
	if err != nil {
		return nil, err
	}
	return api.GetRecording200JSONResponse{Data: toAPIRecording(r)}, nil
}

func (s *strict) UpdateRecording(ctx context.Context, req api.UpdateRecordingRequestObject) (api.UpdateRecordingResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	r, err := s.deps.Voice.UpdateRecording(ctx, ws, tokenFrom(ctx).Identity, req.RecordingSid, sb.RecordingStatus(req.Body.Status))
	if err != nil {
		return nil, err
	}
	return api.UpdateRecording200JSONResponse{Data: toAPIRecording(r)}, nil
}

func (s *strict) ListCallRecordings(ctx context.Context, req api.ListCallRecordingsRequestObject) (api.ListCallRecordingsResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	sc := scope("recordings", ws, req.CallSid)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Voice.CallRecordings(ctx, ws, tokenFrom(ctx).Identity, req.CallSid, page)
	if err != nil {
		return nil, err
	}
	out := api.ListCallRecordings200JSONResponse{Data: make([]api.Recording, len(items)), Meta: s.listMeta(sc, meta)}
	for i, r := range items {
		out.Data[i] = toAPIRecording(r)
	}
	return out, nil
}

func (s *strict) VoiceRecordingStatus(ctx context.Context, req api.VoiceRecordingStatusRequestObject) (api.VoiceRecordingStatusResponseObject, error) {
	b := req.Body
	in := callflow.RecordingStatusRequest{RecordingSID: b.RecordingSid, Status: b.RecordingStatus,
		CallSID: str(b.CallSid), MediaURL: str(b.RecordingUrl), Channels: str(b.RecordingChannels)}
	if n, err := strconv.Atoi(str(b.RecordingDuration)); err == nil && n >= 0 {
		in.Duration = &n
	}
	if err := s.deps.Voice.RecordingStatus(ctx, in); err != nil {
		return nil, err
	}
	return api.VoiceRecordingStatus204Response{}, nil
}

func toAPIRecording(r *sb.Recording) api.Recording {
	out := api.Recording{
		RecordingSid: r.RecordingSID,
		CallSid:      r.CallSID,
		Status:       api.RecordingStatus(r.Status),
		Channels:     api.RecordingChannels(r.Channels),
		Duration:     nullable.NewNullNullable[int](),
		MediaUrl:     r.MediaURL,
		StartedAt:    r.StartedAt.UTC(),
		CompletedAt:  nullTime(r.CompletedAt),
	}
	if r.Duration != nil {
		out.Duration = nullable.NewNullableWithValue(*r.Duration)
	}
	return out
}

// VoiceAnnouncementGet and VoiceAnnouncementPost serve the recording
// announcement, the TwiML a conference's AnnounceUrl names; the signature
// check in front of them covers the workspace in the query.
func (s *strict) VoiceAnnouncementGet(ctx context.Context, req api.VoiceAnnouncementGetRequestObject) (api.VoiceAnnouncementGetResponseObject, error) {
	doc, err := s.deps.Voice.Announcement(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	return api.VoiceAnnouncementGet200ApplicationxmlResponse{AnnouncementTwiMLApplicationxmlResponse: announcementTwiML(doc)}, nil
}

func (s *strict) VoiceAnnouncementPost(ctx context.Context, req api.VoiceAnnouncementPostRequestObject) (api.VoiceAnnouncementPostResponseObject, error) {
	doc, err := s.deps.Voice.Announcement(ctx, req.Params.WorkspaceId)
	if err != nil {
		return nil, err
	}
	return api.VoiceAnnouncementPost200ApplicationxmlResponse{AnnouncementTwiMLApplicationxmlResponse: announcementTwiML(doc)}, nil
}

func announcementTwiML(doc string) api.AnnouncementTwiMLApplicationxmlResponse {
	return api.AnnouncementTwiMLApplicationxmlResponse{Body: strings.NewReader(doc), ContentLength: int64(len(doc))}
}
