package store

import (
	"context"
	"database/sql"
	"fmt"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

var _ switchboard.WorkspaceStore = (*DB)(nil)

// workspaceSettingsRow is the settings part of a row of workspaces.
type workspaceSettingsRow struct {
	CallingHoursStart sql.NullInt32
	CallingHoursEnd   sql.NullInt32
	TimeZone          string
	StateRules        bool
	AttemptLimitMax   sql.NullInt32
	AttemptLimitHours sql.NullInt32 `gorm:"column:attempt_limit_window_hours"`
	// RecordingAnnouncement is NULL while the workspace announces nothing.
	RecordingAnnouncement sql.NullString
	MachineDetection      bool
}

func (r *workspaceSettingsRow) toDomain() *switchboard.WorkspaceSettings {
	s := &switchboard.WorkspaceSettings{TimeZone: r.TimeZone, StateRules: r.StateRules, MachineDetection: r.MachineDetection}
	if r.AttemptLimitMax.Valid && r.AttemptLimitHours.Valid {
		s.AttemptLimit = &switchboard.AttemptLimit{Max: int(r.AttemptLimitMax.Int32), WindowHours: int(r.AttemptLimitHours.Int32)}
	}
	if r.CallingHoursStart.Valid && r.CallingHoursEnd.Valid {
		s.CallingHours = &switchboard.CallingHours{Start: int(r.CallingHoursStart.Int32), End: int(r.CallingHoursEnd.Int32)}
	}
	if r.RecordingAnnouncement.Valid {
		s.RecordingAnnouncement = &r.RecordingAnnouncement.String
	}
	return s
}

// workspaceSettingsColumns are the columns of a workspaceSettingsRow.
const workspaceSettingsColumns = "calling_hours_start, calling_hours_end, time_zone, state_rules, attempt_limit_max," +
	" attempt_limit_window_hours, recording_announcement, machine_detection"

const selectWorkspaceSettings = "SELECT " + workspaceSettingsColumns + " FROM workspaces WHERE id = ?"

// WorkspaceSettings implements switchboard.WorkspaceStore: one primary-key
// read, as it sits on the call-control webhook's path.
func (db *DB) WorkspaceSettings(ctx context.Context, workspaceID string) (*switchboard.WorkspaceSettings, error) {
	return readWorkspaceSettings(db.r.WithContext(ctx), workspaceID)
}

func readWorkspaceSettings(tx *gorm.DB, workspaceID string) (*switchboard.WorkspaceSettings, error) {
	rows := make([]workspaceSettingsRow, 0, 1) // room for the one row: GORM gives an empty slice room for 20
	if err := scan(tx.Raw(selectWorkspaceSettings, workspaceID), &rows); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, notFound("Workspace")
	}
	return rows[0].toDomain(), nil
}

// AgentWorkspaceSettings implements switchboard.WorkspaceStore: the
// membership check and the settings in one primary-key read.
func (db *DB) AgentWorkspaceSettings(ctx context.Context, workspaceID, identity string) (*switchboard.WorkspaceSettings, error) {
	rows := make([]workspaceSettingsRow, 0, 1) // room for the one row: GORM gives an empty slice room for 20
	err := scan(db.r.WithContext(ctx).Raw(selectWorkspaceSettings+" AND "+agentHoldsToken, workspaceID, workspaceID, identity), &rows)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, notFound("Workspace agent")
	}
	return rows[0].toDomain(), nil
}

// UpdateWorkspaceSettings implements switchboard.WorkspaceStore.
func (db *DB) UpdateWorkspaceSettings(ctx context.Context, workspaceID string, p switchboard.WorkspaceSettingsPatch) (*switchboard.WorkspaceSettings, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	set := map[string]any{}
	if p.SetCallingHours {
		if p.CallingHours == nil {
			set["calling_hours_start"], set["calling_hours_end"] = nil, nil
		} else {
			set["calling_hours_start"], set["calling_hours_end"] = p.CallingHours.Start, p.CallingHours.End
		}
	}
	if p.TimeZone != nil {
		set["time_zone"] = *p.TimeZone
	}
	if p.StateRules != nil {
		set["state_rules"] = *p.StateRules
	}
	if p.SetAttemptLimit {
		if p.AttemptLimit == nil {
			set["attempt_limit_max"], set["attempt_limit_window_hours"] = nil, nil
		} else {
			set["attempt_limit_max"], set["attempt_limit_window_hours"] = p.AttemptLimit.Max, p.AttemptLimit.WindowHours
		}
	}
	if p.SetRecordingAnnouncement {
		set["recording_announcement"] = nil // off
		if p.RecordingAnnouncement != nil {
			set["recording_announcement"] = *p.RecordingAnnouncement
		}
	}
	if p.MachineDetection != nil {
		set["machine_detection"] = *p.MachineDetection
	}
	var out *switchboard.WorkspaceSettings
	err := db.w.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if len(set) > 0 {
			if err := tx.Table("workspaces").Where("id = ?", workspaceID).Updates(set).Error; err != nil {
				return err
			}
		}
		var err error
		out, err = readWorkspaceSettings(tx, workspaceID)
		return err
	})
	if err != nil {
		return nil, err
	}
	db.logger.InfoContext(ctx, "workspace settings changed", "workspace_id", workspaceID,
		"calling_hours", callingHoursAttr(out.CallingHours), "time_zone", out.TimeZone,
		"state_rules", out.StateRules, "attempt_limit", attemptLimitAttr(out.AttemptLimit),
		"recording_announcement", out.RecordingAnnouncement != nil, "machine_detection", out.MachineDetection)
	return out, nil
}

func callingHoursAttr(w *switchboard.CallingHours) string {
	if w == nil {
		return "off"
	}
	return w.String()
}

func attemptLimitAttr(l *switchboard.AttemptLimit) string {
	if l == nil {
		return "off"
	}
	return fmt.Sprintf("%d in %dh", l.Max, l.WindowHours)
}
