package store

import (
	"context"
	"database/sql"
	"time"

	"gorm.io/gorm"

	switchboard "github.com/switchboard-oss/switchboard"
)

var _ switchboard.DialFactStore = (*DB)(nil)

// selectDialFacts reads the do-not-call entry and the contact of a number
// in one round trip, both by unique index.
const selectDialFacts = "SELECT EXISTS (SELECT 1 FROM dnc_entries WHERE workspace_id = ? AND phone = ? AND " + listed + ") AS dnc_listed," +
	" (SELECT time_zone FROM contacts WHERE workspace_id = ? AND phone = ?) AS contact_zone"

// counted are the calls that count against a number's limits: a call
// refused when it was created is stored ended without a conference, and so
// is a click-to-call whose agent never answered; neither reached the
// callee. A call still waiting for its agent (status_rank < 3) counts, as
// it will dial.
const counted = "(conference_name IS NOT NULL OR status_rank < 3)"

// DialFacts implements switchboard.DialFactStore.
func (db *DB) DialFacts(ctx context.Context, workspaceID, phone, exceptSID string, within time.Duration, n int) (*switchboard.DialFacts, error) {
	r := db.r.WithContext(ctx)
	var rows []struct {
		DNCListed   bool
		ContactZone sql.NullString
	}
	if err := scan(r.Raw(selectDialFacts, workspaceID, phone, workspaceID, phone), &rows); err != nil {
		return nil, err
	}
	out := &switchboard.DialFacts{Now: now()}
	if len(rows) == 1 {
		out.DNCListed, out.ContactZone = rows[0].DNCListed, rows[0].ContactZone.String
	}
	var err error
	if out.CallTimes, err = callTimes(r, workspaceID, phone, exceptSID, out.Now.Add(-within), n); err != nil {
		return nil, err
	}
	return out, nil
}

// callTimes reads when at most n counted calls to phone created since were
// created, newest first: one range of the index calls_to_number.
func callTimes(q *gorm.DB, workspaceID, phone, exceptSID string, since time.Time, n int) ([]time.Time, error) {
	if n <= 0 {
		return nil, nil
	}
	var at []time.Time
	err := scan(q.Model(&callRow{}).
		Where("workspace_id = ? AND to_number = ? AND created_at >= ? AND call_sid <> ? AND "+counted, workspaceID, phone, since, exceptSID).
		Order("created_at DESC").Limit(n).Select("created_at"), &at)
	for i := range at {
		at[i] = at[i].UTC()
	}
	return at, err
}

// checkDialLimits refuses a new call (row) to a number whose calls already
// fill one of limits: inside tx, under the driver's lock on the number, so
// that of two transactions dialling it at once the second counts the
// first's call. A call whose SID is stored already is a repeat, and is left
// to insertOrTake.
func (db *DB) checkDialLimits(tx *gorm.DB, row *callRow, limits []switchboard.DialLimit) error {
	if len(limits) == 0 {
		return nil
	}
	if err := db.drv.LockNumber(tx, row.WorkspaceID, row.ToNumber); err != nil {
		return err
	}
	var n int64
	if err := tx.Model(&callRow{}).Where("call_sid = ?", row.CallSID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	most, window := 0, time.Duration(0)
	for _, l := range limits {
		most, window = max(most, l.Max), max(window, l.Window)
	}
	t := now()
	at, err := callTimes(tx, row.WorkspaceID, row.ToNumber, row.CallSID, t.Add(-window), most)
	if err != nil {
		return err
	}
	for _, l := range limits {
		if l.Wait(at, t) > 0 {
			return switchboard.Errorf(l.Code, "%s", l.Message)
		}
	}
	return nil
}

// selectCallFacts is CallFacts' one read: the workspace's settings when the
// agent holds a live token of it (no row otherwise), the number's
// do-not-call entry and contact, and the caller ID by number or, when none
// is named, the workspace's default (both by unique index). The settings'
// columns are the workspace's: no other table of the join has them.
const selectCallFacts = "SELECT " + workspaceSettingsColumns + "," +
	" EXISTS (SELECT 1 FROM dnc_entries WHERE workspace_id = ? AND phone = ? AND " + listed + ") AS dnc_listed," +
	" (SELECT time_zone FROM contacts WHERE workspace_id = ? AND phone = ?) AS contact_zone," +
	" c.id AS caller_id_id, c.phone_number AS caller_id_phone_number, c.friendly_name AS caller_id_friendly_name," +
	" c.status AS caller_id_status, c.validation_code AS caller_id_validation_code, c.is_default AS caller_id_is_default," +
	" c.created_at AS caller_id_created_at" +
	" FROM workspaces w LEFT JOIN caller_ids c ON c.workspace_id = w.id AND (c.phone_number = ? OR (? = '' AND c.is_default))" +
	" WHERE w.id = ? AND " + agentHoldsToken

// callFactsRow is a row of selectCallFacts.
type callFactsRow struct {
	Settings    workspaceSettingsRow `gorm:"embedded"`
	DNCListed   bool
	ContactZone sql.NullString
	// The caller ID's columns, NULL when it has none.
	CallerIDID             sql.NullString `gorm:"column:caller_id_id"`
	CallerIDPhoneNumber    sql.NullString `gorm:"column:caller_id_phone_number"`
	CallerIDFriendlyName   sql.NullString `gorm:"column:caller_id_friendly_name"`
	CallerIDStatus         sql.NullString `gorm:"column:caller_id_status"`
	CallerIDValidationCode sql.NullString `gorm:"column:caller_id_validation_code"`
	CallerIDIsDefault      sql.NullBool   `gorm:"column:caller_id_is_default"`
	CallerIDCreatedAt      sql.NullTime   `gorm:"column:caller_id_created_at"`
}

// CallFacts implements switchboard.DialFactStore.
func (db *DB) CallFacts(ctx context.Context, workspaceID, identity, phone, callerID string) (*switchboard.CallFacts, error) {
	rows := make([]callFactsRow, 0, 1) // room for the one row: GORM gives an empty slice room for 20
	err := scan(db.r.WithContext(ctx).Raw(selectCallFacts, workspaceID, phone, workspaceID, phone, callerID, callerID,
		workspaceID, workspaceID, identity), &rows)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, notFound("Workspace agent")
	}
	r := &rows[0]
	out := &switchboard.CallFacts{Settings: r.Settings.toDomain(),
		Dial: switchboard.DialFacts{DNCListed: r.DNCListed, ContactZone: r.ContactZone.String, Now: now()}}
	if r.CallerIDID.Valid {
		c := callerIDRow{ID: r.CallerIDID.String, WorkspaceID: workspaceID, PhoneNumber: r.CallerIDPhoneNumber.String,
			FriendlyName: r.CallerIDFriendlyName.String, Status: r.CallerIDStatus.String,
			ValidationCode: r.CallerIDValidationCode.String, IsDefault: r.CallerIDIsDefault.Bool, CreatedAt: r.CallerIDCreatedAt.Time}
		out.CallerID = c.toDomain()
	}
	return out, nil
}
