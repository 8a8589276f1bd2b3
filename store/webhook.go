package store

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
)

// endpointRow is a row of webhook_endpoints. Events is the subscribed types,
// space-separated (no type holds a space).
type endpointRow struct {
	ID                  string
	WorkspaceID         string
	URL                 string `gorm:"column:url"`
	Description         string
	Events              string
	Enabled             bool
	DisabledReason      string
	Secret              string
	PreviousSecret      string
	PreviousSecretUntil *time.Time
	FailingSince        *time.Time
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

func (endpointRow) TableName() string { return "webhook_endpoints" }

func joinTypes(ts []switchboard.EventType) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = string(t)
	}
	return strings.Join(s, " ")
}

func (r *endpointRow) toDomain() *switchboard.WebhookEndpoint {
	e := &switchboard.WebhookEndpoint{
		ID: r.ID, WorkspaceID: r.WorkspaceID, URL: r.URL, Description: r.Description,
		Enabled: r.Enabled, DisabledReason: r.DisabledReason, Secret: r.Secret,
		PreviousSecret: r.PreviousSecret, PreviousSecretUntil: utcPtr(r.PreviousSecretUntil),
		FailingSince: utcPtr(r.FailingSince), CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
		Events: []switchboard.EventType{},
	}
	for _, t := range strings.Fields(r.Events) {
		e.Events = append(e.Events, switchboard.EventType(t))
	}
	return e
}

// CreateWebhookEndpoint implements switchboard.EventStore. The caller
// sets URL, Events, Description and Secret.
func (db *DB) CreateWebhookEndpoint(ctx context.Context, e *switchboard.WebhookEndpoint) error {
	t := now()
	row := endpointRow{ID: newID(), WorkspaceID: e.WorkspaceID, URL: e.URL, Description: e.Description,
		Events: joinTypes(e.Events), Enabled: true, Secret: e.Secret, CreatedAt: t, UpdatedAt: t}
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := ensureWorkspace(tx, row.WorkspaceID); err != nil {
			return err
		}
		return tx.Create(&row).Error
	})
	if err != nil {
		return err
	}
	*e = *row.toDomain()
	return nil
}

// FindWebhookEndpoint implements switchboard.EventStore.
func (db *DB) FindWebhookEndpoint(ctx context.Context, workspaceID, id string) (*switchboard.WebhookEndpoint, error) {
	var row endpointRow
	if err := db.r.WithContext(ctx).Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error; err != nil {
		return nil, translate(err, "Webhook endpoint")
	}
	return row.toDomain(), nil
}

var endpointOrder = keyset{timeCol: "created_at", idCol: "id"}

// ListWebhookEndpoints implements switchboard.EventStore.
func (db *DB) ListWebhookEndpoints(ctx context.Context, workspaceID string, page switchboard.Page) ([]*switchboard.WebhookEndpoint, switchboard.Meta, error) {
	page = clampPage(page)
	r := db.r.WithContext(ctx)
	var total int64
	if err := r.Model(&endpointRow{}).Where("workspace_id = ?", workspaceID).Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []endpointRow
	if err := endpointOrder.page(r.Where("workspace_id = ?", workspaceID), page).Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(e *endpointRow) switchboard.PageKey {
		return switchboard.PageKey{Time: e.CreatedAt, ID: e.ID}
	})
	out := make([]*switchboard.WebhookEndpoint, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// UpdateWebhookEndpoint implements switchboard.EventStore. Enabling an
// endpoint clears its failure record, so it gets three days again.
func (db *DB) UpdateWebhookEndpoint(ctx context.Context, workspaceID, id string, p switchboard.WebhookEndpointPatch) (*switchboard.WebhookEndpoint, error) {
	var row endpointRow
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := db.drv.Lock(tx).Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error; err != nil {
			return translate(err, "Webhook endpoint")
		}
		set := map[string]any{}
		if p.URL != nil {
			row.URL, set["url"] = *p.URL, *p.URL
		}
		if p.Description != nil {
			row.Description, set["description"] = *p.Description, *p.Description
		}
		if p.Events != nil {
			row.Events = joinTypes(*p.Events)
			set["events"] = row.Events
		}
		if p.Enabled != nil && *p.Enabled != row.Enabled {
			row.Enabled, set["enabled"] = *p.Enabled, *p.Enabled
			row.DisabledReason, row.FailingSince = "", nil
			if !*p.Enabled {
				row.DisabledReason = switchboard.DisabledManual
			}
			set["disabled_reason"], set["failing_since"] = row.DisabledReason, nil
		}
		if len(set) == 0 {
			return nil
		}
		row.UpdatedAt = now()
		set["updated_at"] = row.UpdatedAt
		return tx.Model(&endpointRow{}).Where("id = ?", id).Updates(set).Error
	})
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

// DeleteWebhookEndpoint implements switchboard.EventStore. Its delivery
// attempts go with it; queued deliveries find no endpoint and end.
func (db *DB) DeleteWebhookEndpoint(ctx context.Context, workspaceID, id string) error {
	return db.transact(ctx, func(tx *gorm.DB) error {
		if err := tx.Where("endpoint_id = ?", id).Where("workspace_id = ?", workspaceID).Delete(&deliveryRow{}).Error; err != nil {
			return err
		}
		res := tx.Where("workspace_id = ? AND id = ?", workspaceID, id).Delete(&endpointRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return notFound("Webhook endpoint")
		}
		return nil
	})
}

// RotateWebhookSecret implements switchboard.EventStore.
func (db *DB) RotateWebhookSecret(ctx context.Context, workspaceID, id, secret string) (*switchboard.WebhookEndpoint, error) {
	var row endpointRow
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := db.drv.Lock(tx).Where("workspace_id = ? AND id = ?", workspaceID, id).Take(&row).Error; err != nil {
			return translate(err, "Webhook endpoint")
		}
		t := now()
		until := t.Add(switchboard.SecretOverlap)
		row.PreviousSecret, row.PreviousSecretUntil, row.Secret, row.UpdatedAt = row.Secret, &until, secret, t
		return tx.Model(&endpointRow{}).Where("id = ?", id).Updates(map[string]any{
			"secret": secret, "previous_secret": row.PreviousSecret, "previous_secret_until": until, "updated_at": t,
		}).Error
	})
	if err != nil {
		return nil, err
	}
	return row.toDomain(), nil
}

// deliveryRow is a row of webhook_deliveries.
type deliveryRow struct {
	ID            string
	WorkspaceID   string
	EndpointID    string
	EventID       string
	EventType     string
	Attempt       int
	Result        string
	StatusCode    int
	Error         string
	DurationMS    int `gorm:"column:duration_ms"`
	AttemptedAt   time.Time
	NextAttemptAt *time.Time
}

func (deliveryRow) TableName() string { return "webhook_deliveries" }

func (r *deliveryRow) toDomain() *switchboard.WebhookDelivery {
	return &switchboard.WebhookDelivery{
		ID: r.ID, WorkspaceID: r.WorkspaceID, EndpointID: r.EndpointID, EventID: r.EventID,
		EventType: switchboard.EventType(r.EventType), Attempt: r.Attempt, Result: r.Result,
		StatusCode: r.StatusCode, Error: r.Error, Duration: time.Duration(r.DurationMS) * time.Millisecond,
		AttemptedAt: r.AttemptedAt.UTC(), NextAttemptAt: utcPtr(r.NextAttemptAt),
	}
}

var deliveryOrder = keyset{timeCol: "attempted_at", idCol: "id"}

// ListWebhookDeliveries implements switchboard.EventStore.
func (db *DB) ListWebhookDeliveries(ctx context.Context, workspaceID, endpointID string, page switchboard.Page) ([]*switchboard.WebhookDelivery, switchboard.Meta, error) {
	if _, err := db.FindWebhookEndpoint(ctx, workspaceID, endpointID); err != nil {
		return nil, switchboard.Meta{}, err
	}
	page = clampPage(page)
	r := db.r.WithContext(ctx)
	var total int64
	if err := r.Model(&deliveryRow{}).Where("endpoint_id = ?", endpointID).Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	var rows []deliveryRow
	if err := deliveryOrder.page(r.Where("endpoint_id = ?", endpointID), page).Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, page, total, func(d *deliveryRow) switchboard.PageKey {
		return switchboard.PageKey{Time: d.AttemptedAt, ID: d.ID}
	})
	out := make([]*switchboard.WebhookDelivery, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, meta, nil
}

// DeliveryTarget returns what a delivery job needs: the event and its
// endpoint. ENotFound when either is gone (deleted, or the event pruned).
func (db *DB) DeliveryTarget(ctx context.Context, eventID, endpointID string) (*switchboard.Event, *switchboard.WebhookEndpoint, error) {
	var ev eventRow
	if err := db.r.WithContext(ctx).Where("id = ?", eventID).Take(&ev).Error; err != nil {
		return nil, nil, translate(err, "Event")
	}
	var ep endpointRow
	if err := db.r.WithContext(ctx).Where("id = ? AND workspace_id = ?", endpointID, ev.WorkspaceID).Take(&ep).Error; err != nil {
		return nil, nil, translate(err, "Webhook endpoint")
	}
	return ev.toDomain(), ep.toDomain(), nil
}

// RecordDelivery keeps one delivery attempt and the endpoint's failure
// record: a success clears it; a failure starts it, and disables the
// endpoint once it has failed every attempt for switchboard.AutoDisableAfter.
// It reports whether this attempt disabled the endpoint. Only the newest
// attempt of an event to an endpoint may read retrying: the earlier ones
// are settled (settleRetrying), and an attempt that disables the endpoint is
// its delivery's last, so it is written failed, with no next attempt.
func (db *DB) RecordDelivery(ctx context.Context, d *switchboard.WebhookDelivery) (bool, error) {
	id := d.ID
	if id == "" {
		id = newID()
	}
	row := deliveryRow{ID: id, WorkspaceID: d.WorkspaceID, EndpointID: d.EndpointID, EventID: d.EventID,
		EventType: string(d.EventType), Attempt: d.Attempt, Result: d.Result, StatusCode: d.StatusCode,
		Error: d.Error, DurationMS: int(d.Duration / time.Millisecond), AttemptedAt: d.AttemptedAt.UTC(),
		NextAttemptAt: utcPtr(d.NextAttemptAt)}
	disabled := false
	err := db.transact(ctx, func(tx *gorm.DB) error {
		disabled = false
		var ep endpointRow
		err := db.drv.Lock(tx).Select("id, failing_since, enabled").Where("id = ?", d.EndpointID).Take(&ep).Error
		if err != nil {
			return translate(err, "Webhook endpoint")
		}
		// An attempt's id is its identity: written once, however often
		// the caller retries a write whose commit it did not hear of.
		res := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoNothing: true}).Create(&row)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		if err := settleRetrying(tx, d.EndpointID, d.EventID, &row); err != nil {
			return err
		}
		set := map[string]any{}
		switch {
		case d.Result == switchboard.DeliverySucceeded:
			if ep.FailingSince != nil {
				set["failing_since"] = nil
			}
		case ep.FailingSince == nil:
			set["failing_since"] = row.AttemptedAt
		case ep.Enabled && !row.AttemptedAt.Before(ep.FailingSince.Add(switchboard.AutoDisableAfter)):
			set["enabled"], set["disabled_reason"] = false, switchboard.DisabledFailing
			disabled = true
			if row.Result == switchboard.DeliveryRetrying {
				row.Result, row.NextAttemptAt = switchboard.DeliveryFailed, nil
				if err := tx.Model(&deliveryRow{}).Where("id = ?", row.ID).
					Updates(map[string]any{"result": row.Result, "next_attempt_at": nil}).Error; err != nil {
					return err
				}
			}
		}
		if len(set) == 0 {
			return nil
		}
		return tx.Model(&endpointRow{}).Where("id = ?", d.EndpointID).Updates(set).Error
	})
	if err != nil {
		return false, err
	}
	d.ID = row.ID
	if disabled {
		d.Result, d.NextAttemptAt = row.Result, row.NextAttemptAt
	}
	return disabled, nil
}

// settleRetrying writes the attempts of an event to an endpoint that still
// read retrying as what they were, failed, with no next attempt, since a
// later attempt has been made or none will be: when last is given, those
// made before it (at its time too, but for itself: a clock that stood
// still, as tests' do, still orders attempts), else all of them. The
// partial index webhook_deliveries_retrying finds them.
func settleRetrying(tx *gorm.DB, endpointID, eventID string, last *deliveryRow) error {
	q := tx.Model(&deliveryRow{}).Where("endpoint_id = ? AND event_id = ? AND result = ?",
		endpointID, eventID, switchboard.DeliveryRetrying)
	if last != nil {
		q = q.Where("id <> ? AND attempted_at <= ?", last.ID, last.AttemptedAt)
	}
	return q.Updates(map[string]any{"result": switchboard.DeliveryFailed, "next_attempt_at": nil}).Error
}

// GiveUpDelivery settles the attempts of an event to an endpoint that
// still read retrying, when its delivery ends without another attempt (the
// endpoint was disabled while it waited).
func (db *DB) GiveUpDelivery(ctx context.Context, endpointID, eventID string) error {
	return db.transact(ctx, func(tx *gorm.DB) error {
		return settleRetrying(tx, endpointID, eventID, nil)
	})
}
