package server

// Answering machines and voicemail drops: the provider's AMD verdict, the
// workspace's voicemail drops and the drop on a call. The rules are in
// callflow/voicemail.go.

import (
	"context"
	"strconv"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
	"github.com/switchboard-oss/switchboard/gen/api"
)

func (s *strict) VoiceAmdStatus(ctx context.Context, req api.VoiceAmdStatusRequestObject) (api.VoiceAmdStatusResponseObject, error) {
	b := req.Body
	in := callflow.AMDRequest{CallSID: b.CallSid, AnsweredBy: b.AnsweredBy, DurationMs: -1}
	if n, err := strconv.Atoi(str(b.MachineDetectionDuration)); err == nil && n >= 0 {
		in.DurationMs = n
	}
	if err := s.deps.Voice.AMDStatus(ctx, in); err != nil {
		return nil, err
	}
	return api.VoiceAmdStatus204Response{}, nil
}

func (s *strict) ListVoicemailDrops(ctx context.Context, req api.ListVoicemailDropsRequestObject) (api.ListVoicemailDropsResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	sc := scope("voicemail-drops", ws)
	page, err := s.page(sc, req.Params.Limit, req.Params.Offset, req.Params.Cursor)
	if err != nil {
		return nil, err
	}
	items, meta, err := s.deps.Voice.ListVoicemailDrops(ctx, ws, page)
	if err != nil {
		return nil, err
	}
	out := api.ListVoicemailDrops200JSONResponse{Data: make([]api.VoicemailDrop, len(items)), Meta: s.listMeta(sc, meta)}
	for i, d := range items {
		out.Data[i] = toAPIVoicemailDrop(d)
	}
	return out, nil
}

func (s *strict) CreateVoicemailDrop(ctx context.Context, req api.CreateVoicemailDropRequestObject) (api.CreateVoicemailDropResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	d, err := s.deps.Voice.CreateVoicemailDrop(ctx, ws, req.Body.Name, req.Body.AudioUrl)
	if err != nil {
		return nil, err
	}
	return api.CreateVoicemailDrop201JSONResponse{Data: toAPIVoicemailDrop(d)}, nil
}

func (s *strict) DeleteVoicemailDrop(ctx context.Context, req api.DeleteVoicemailDropRequestObject) (api.DeleteVoicemailDropResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	if err := s.deps.Voice.DeleteVoicemailDrop(ctx, ws, req.Id); err != nil {
		return nil, err
	}
	return api.DeleteVoicemailDrop204Response{}, nil
}

func (s *strict) DropVoicemail(ctx context.Context, req api.DropVoicemailRequestObject) (api.DropVoicemailResponseObject, error) {
	ws, err := workspaceOf(ctx, nil)
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Voice.DropVoicemail(ctx, ws, tokenFrom(ctx).Identity, req.CallSid, req.Body.VoicemailDropId)
	if err != nil {
		return nil, err
	}
	return api.DropVoicemail200JSONResponse{Data: toAPICall(c)}, nil
}

func toAPIVoicemailDrop(d *sb.VoicemailDrop) api.VoicemailDrop {
	return api.VoicemailDrop{Id: d.ID, Name: d.Name, AudioUrl: d.AudioURL, CreatedAt: d.CreatedAt.UTC()}
}

// callMachine fills the call's answering-machine fields: always present,
// null until known.
func callMachine(out *api.Call, c *sb.Call) {
	out.MachineDetection = &c.MachineDetection
	out.AnsweredBy = nullable.NewNullNullable[api.AnsweredBy]()
	if c.AnsweredBy != "" {
		out.AnsweredBy = nullable.NewNullableWithValue(api.AnsweredBy(c.AnsweredBy))
	}
	out.VoicemailDropId = nullable.NewNullNullable[string]()
	if c.VoicemailDropID != "" {
		out.VoicemailDropId = nullable.NewNullableWithValue(c.VoicemailDropID)
	}
}
