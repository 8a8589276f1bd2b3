package server

import (
	"context"

	"github.com/switchboard-oss/switchboard/contacts"
	"github.com/switchboard-oss/switchboard/gen/api"
	"github.com/switchboard-oss/switchboard/server/metrics"
)

// ImportDnc lists many numbers at once. The upload goes through the same
// spooling as the contacts import; contacts.Service.ImportDNC reads it.
func (s *strict) ImportDnc(ctx context.Context, req api.ImportDncRequestObject) (api.ImportDncResponseObject, error) {
	p := importParams{workspaceID: req.Params.WorkspaceId}
	if req.Params.DefaultRegion != nil {
		p.region = *req.Params.DefaultRegion
	}
	body, ws, err := s.receiveUpload(ctx, req.MultipartBody, req.Body, &p)
	if err != nil {
		return nil, err
	}
	defer body.discard()
	res, err := s.deps.Contacts.ImportDNC(ctx, body.file, contacts.ImportOptions{
		WorkspaceID: ws, Region: p.region, AddedBy: tokenFrom(ctx).Identity,
	})
	if err != nil {
		return nil, err
	}
	s.cfg.Metrics.AddImportRows(metrics.ImportDNC, res.Imported, res.Updated, res.Skipped, res.Failed)
	loggerFrom(ctx, s.log).Info("dnc entries imported", "imported", res.Imported, "skipped", res.Skipped, "failed", res.Failed)
	return api.ImportDnc200JSONResponse{Data: toAPIImportResult(res)}, nil
}
