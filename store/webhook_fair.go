package store

import (
	"context"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

// CreateWebhookEndpointWithin is CreateWebhookEndpoint for a workspace
// that may have at most limit endpoints: ELimitReached when it has them
// already. The workspace's row is locked while the endpoints are counted
// (an update that changes nothing takes the row's lock on PostgreSQL; SQLite
// has one writer), so creates at the same moment cannot pass the limit
// together.
func (db *DB) CreateWebhookEndpointWithin(ctx context.Context, e *switchboard.WebhookEndpoint, limit int) error {
	t := now()
	row := endpointRow{ID: newID(), WorkspaceID: e.WorkspaceID, URL: e.URL, Description: e.Description,
		Events: joinTypes(e.Events), Enabled: true, Secret: e.Secret, CreatedAt: t, UpdatedAt: t}
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := ensureWorkspace(tx, row.WorkspaceID); err != nil {
			return err
		}
		if err := tx.Exec("UPDATE workspaces SET id = id WHERE id = ?", row.WorkspaceID).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&endpointRow{}).Where("workspace_id = ?", row.WorkspaceID).Count(&n).Error; err != nil {
			return err
		}
		if n >= int64(limit) {
			return switchboard.Errorf(switchboard.ELimitReached,
				"A workspace has at most %d webhook endpoints; delete one to register another.", limit)
		}
		return tx.Create(&row).Error
	})
	if err != nil {
		return err
	}
	*e = *row.toDomain()
	return nil
}
