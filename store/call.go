package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	switchboard "github.com/switchboard-oss/switchboard"
)

var _ switchboard.CallStore = (*DB)(nil)

// callRow is a row of calls. Nullable columns are pointers: conference_name
// and customer_call_sid are unique, and NULLs (not yet known) never collide.
type callRow struct {
	CallSID         string  `gorm:"column:call_sid;primaryKey"`
	WorkspaceID     string  `gorm:"column:workspace_id"`
	AgentIdentity   string  `gorm:"column:agent_identity"`
	Direction       string  `gorm:"column:direction"`
	ToNumber        string  `gorm:"column:to_number"`
	FromNumber      string  `gorm:"column:from_number"`
	Status          string  `gorm:"column:status"`
	StatusRank      int     `gorm:"column:status_rank"`
	LastSeq         int     `gorm:"column:last_seq"`
	ConferenceName  *string `gorm:"column:conference_name"`
	ConferenceSID   string  `gorm:"column:conference_sid"`
	CustomerCallSID *string `gorm:"column:customer_call_sid"`
	OnHold          bool    `gorm:"column:on_hold"`
	Muted           bool    `gorm:"column:muted"`
	TransferType    string  `gorm:"column:transfer_type"`
	TransferTarget  string  `gorm:"column:transfer_target"`
	TransferStatus  string  `gorm:"column:transfer_status"`
	TransferCallSID string  `gorm:"column:transfer_call_sid"`
	FailureReason   string  `gorm:"column:failure_reason"`
	CreatedAt       time.Time
	UpdatedAt       time.Time
	AnsweredAt      *time.Time
	EndedAt         *time.Time
	Duration        *int

	// After-call work (call_work.go): ContactID is found by the insert's
	// own statement; Tags is a JSON array.
	ContactID contactRef `gorm:"column:contact_id"`
	OutcomeID *string    `gorm:"column:outcome_id"`
	Notes     string     `gorm:"column:notes"`
	Tags      string     `gorm:"column:tags"`

	// Answering machines and voicemail drops: answered_by and
	// voicemail_drop_id are NULL until known.
	MachineDetection bool    `gorm:"column:machine_detection"`
	AnsweredBy       *string `gorm:"column:answered_by"`
	VoicemailDropID  *string `gorm:"column:voicemail_drop_id"`
	// DialListID is the dial list whose entry the call dialled
	// (dial_list.go).
	DialListID *string `gorm:"column:dial_list_id"`
}

func (callRow) TableName() string { return "calls" }

func callRowOf(c *switchboard.Call, t time.Time) callRow {
	r := callRow{
		CallSID:        c.CallSID,
		WorkspaceID:    c.WorkspaceID,
		AgentIdentity:  c.AgentIdentity,
		Direction:      c.Direction,
		ToNumber:       c.To,
		FromNumber:     c.From,
		Status:         string(c.Status),
		StatusRank:     c.Status.Rank(),
		LastSeq:        -1,
		ConferenceName: nullable(c.ConferenceName),
		FailureReason:  c.FailureReason,
		CreatedAt:      t,
		UpdatedAt:      t,
		ContactID:      contactByPhone(c.WorkspaceID, c.To),
		Tags:           "[]",

		MachineDetection: c.MachineDetection,
		DialListID:       nullable(c.DialListID),
	}
	if r.Direction == "" {
		r.Direction = "outbound"
	}
	if c.Status.Final() {
		r.EndedAt = &t
	}
	return r
}

func (r *callRow) toDomain() *switchboard.Call {
	c := &switchboard.Call{
		CallSID:         r.CallSID,
		WorkspaceID:     r.WorkspaceID,
		AgentIdentity:   r.AgentIdentity,
		Direction:       r.Direction,
		To:              r.ToNumber,
		From:            r.FromNumber,
		Status:          switchboard.CallStatus(r.Status),
		ConferenceName:  deref(r.ConferenceName),
		ConferenceSID:   r.ConferenceSID,
		CustomerCallSID: deref(r.CustomerCallSID),
		OnHold:          r.OnHold,
		Muted:           r.Muted,
		FailureReason:   r.FailureReason,
		CreatedAt:       r.CreatedAt.UTC(),
		AnsweredAt:      utcPtr(r.AnsweredAt),
		EndedAt:         utcPtr(r.EndedAt),
		Duration:        r.Duration,
		ContactID:       r.ContactID.ID,
		Notes:           r.Notes,
		Tags:            decodeTags(r.Tags),

		MachineDetection: r.MachineDetection,
		AnsweredBy:       switchboard.AnsweredBy(deref(r.AnsweredBy)),
		VoicemailDropID:  deref(r.VoicemailDropID),
		DialListID:       deref(r.DialListID),
	}
	if r.TransferType != "" {
		c.Transfer = &switchboard.Transfer{Type: r.TransferType, Target: r.TransferTarget,
			Status: r.TransferStatus, TargetCallSID: r.TransferCallSID}
	}
	return c
}

// pendingDialRow is a row of pending_dials.
type pendingDialRow struct {
	CallSID        string `gorm:"column:call_sid;primaryKey"`
	WorkspaceID    string `gorm:"column:workspace_id"`
	ToNumber       string `gorm:"column:to_number"`
	FromNumber     string `gorm:"column:from_number"`
	ConferenceName string `gorm:"column:conference_name"`
	Attempts       int    `gorm:"column:attempts"`
	Creates        int    `gorm:"column:creates"`
	// MachineDetection is the call's: the leg is created with detection.
	MachineDetection bool `gorm:"column:machine_detection"`
	ClaimedUntil     time.Time
	CreatedAt        time.Time
}

func (pendingDialRow) TableName() string { return "pending_dials" }

func (r *pendingDialRow) toDomain() *switchboard.PendingDial {
	return &switchboard.PendingDial{
		CallSID: r.CallSID, WorkspaceID: r.WorkspaceID, To: r.ToNumber, From: r.FromNumber,
		ConferenceName: r.ConferenceName, Attempts: r.Attempts, Creates: r.Creates,
		MachineDetection: r.MachineDetection, ClaimedUntil: r.ClaimedUntil.UTC(), CreatedAt: r.CreatedAt.UTC(),
	}
}

// nullable stores "" as NULL.
func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func deref[T any](p *T) T {
	var zero T
	if p != nil {
		zero = *p
	}
	return zero
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func checkCall(c *switchboard.Call) error {
	switch {
	case c.CallSID == "":
		return switchboard.FieldErrorf(switchboard.EInvalid, "callSid", "A call SID is required.")
	case c.Status.Rank() < 0:
		return switchboard.FieldErrorf(switchboard.EInvalid, "status", "Unknown call status %q.", c.Status)
	}
	return nil
}

// CreateCall implements switchboard.CallStore.
func (db *DB) CreateCall(ctx context.Context, c *switchboard.Call) error {
	if err := checkCall(c); err != nil {
		return err
	}
	c.ConferenceName = ""
	var out *switchboard.Call
	err := db.transact(ctx, func(tx *gorm.DB) error {
		row := callRowOf(c, now())
		if err := db.checkDialLimits(tx, &row, c.DialLimits); err != nil {
			return err
		}
		if c.DialLease != nil {
			if err := db.dialEntry(tx, &row, c.DialLease); err != nil {
				return err
			}
		}
		// When it is not inserted, the call-control webhook got here first.
		inserted, err := insertCall(tx, &row)
		if err != nil {
			return err
		}
		if !inserted && c.DialLease != nil {
			// The webhook's call is this dial list's: it says so from now
			// on, and is settled here if it ended already.
			if err := tx.Model(&callRow{}).Where("call_sid = ? AND dial_list_id IS NULL", row.CallSID).
				Update("dial_list_id", c.DialLease.ListID).Error; err != nil {
				return err
			}
			if err := tx.Where("call_sid = ?", row.CallSID).Take(&row).Error; err != nil {
				return err
			}
			if err := db.settleDialEntry(tx, &row); err != nil {
				return err
			}
		}
		if out, err = db.callOf(tx, &row); err != nil || !inserted {
			return err
		}
		return db.emitCall(tx, &row)
	})
	if err != nil {
		return err
	}
	*c = *out
	return nil
}

// BeginCall implements switchboard.CallStore. Two deliveries of the same
// webhook at once are settled by the primary key (the loser's insert does
// nothing and it reads the winner's call) or, for a click-to-call call, by
// the conditional update on conference_name IS NULL.
func (db *DB) BeginCall(ctx context.Context, c *switchboard.Call, claim time.Duration) (*switchboard.PendingDial, error) {
	if err := checkCall(c); err != nil {
		return nil, err
	}
	final := c.Status.Final()
	if !final && c.ConferenceName == "" {
		return nil, switchboard.FieldErrorf(switchboard.EInvalid, "conferenceName", "A call to dial needs a conference name.")
	}
	t := now()
	var out callRow
	var dial *pendingDialRow
	var call *switchboard.Call
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := db.beginCall(tx, c, claim, t, &out, &dial); err != nil {
			return err
		}
		var err error
		call, err = db.callOf(tx, &out)
		return err
	})
	if err != nil {
		return nil, err
	}
	*c = *call
	if dial == nil {
		return nil, nil
	}
	return dial.toDomain(), nil
}

// beginCall is BeginCall's transaction: it sets out to the call as stored
// and dial to the pending dial it wrote, if any.
func (db *DB) beginCall(tx *gorm.DB, c *switchboard.Call, claim time.Duration, t time.Time, out *callRow, dial **pendingDialRow) error {
	final := c.Status.Final()
	*out, *dial = callRowOf(c, t), nil
	if !final {
		if err := db.checkDialLimits(tx, out, c.DialLimits); err != nil {
			return err
		}
	}
	created, err := insertCall(tx, out)
	if err != nil {
		return err
	}
	if !created {
		if out.ConferenceName != nil || out.StatusRank == 3 {
			return nil // the webhook ran before: change nothing
		}
		// A click-to-call call whose agent just answered.
		upd := map[string]any{"conference_name": c.ConferenceName, "updated_at": t}
		if final {
			upd = map[string]any{"status": string(c.Status), "status_rank": 3,
				"failure_reason": c.FailureReason, "ended_at": t, "updated_at": t}
		}
		res := tx.Model(&callRow{}).Where("call_sid = ? AND conference_name IS NULL AND status_rank < 3", c.CallSID).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		var fresh callRow
		if err := tx.Where("call_sid = ?", c.CallSID).Take(&fresh).Error; err != nil {
			return err
		}
		*out = fresh
		if res.RowsAffected == 0 {
			return nil
		}
		if final {
			return db.emitCall(tx, out)
		}
	} else if err := db.emitCall(tx, out); err != nil {
		return err
	}
	if final {
		return nil
	}
	*dial = &pendingDialRow{
		CallSID: out.CallSID, WorkspaceID: out.WorkspaceID, ToNumber: out.ToNumber, FromNumber: out.FromNumber,
		ConferenceName: deref(out.ConferenceName), Attempts: 1, ClaimedUntil: t.Add(claim), CreatedAt: t,
		MachineDetection: out.MachineDetection,
	}
	return tx.Create(*dial).Error
}

// FindCall implements switchboard.CallStore.
func (db *DB) FindCall(ctx context.Context, workspaceID, callSID string) (*switchboard.Call, error) {
	var row callRow
	r := db.r.WithContext(ctx)
	if err := r.Where("workspace_id = ? AND call_sid = ?", workspaceID, callSID).Take(&row).Error; err != nil {
		return nil, translate(err, "Call")
	}
	return db.callOf(r, &row)
}

// FindCallByLeg implements switchboard.CallStore.
func (db *DB) FindCallByLeg(ctx context.Context, legSID string) (*switchboard.Call, error) {
	if legSID == "" {
		return nil, notFound("Call")
	}
	var row callRow
	r := db.r.WithContext(ctx)
	err := r.Where("call_sid = ? OR customer_call_sid = ?", legSID, legSID).Order("call_sid").Take(&row).Error
	if err != nil {
		return nil, translate(err, "Call")
	}
	return db.callOf(r, &row)
}

// FindCallByConference implements switchboard.CallStore.
func (db *DB) FindCallByConference(ctx context.Context, conferenceName string) (*switchboard.Call, error) {
	if conferenceName == "" {
		return nil, notFound("Call")
	}
	var row callRow
	r := db.r.WithContext(ctx)
	if err := r.Where("conference_name = ?", conferenceName).Take(&row).Error; err != nil {
		return nil, translate(err, "Call")
	}
	return db.callOf(r, &row)
}

// CustomerLegCreated implements switchboard.CallStore. The SID is written
// by a conditional update (customer_call_sid IS NULL), so of two processes
// recording different legs for one call the first wins and the second sees
// the winner's SID in the call it gets back.
func (db *DB) CustomerLegCreated(ctx context.Context, callSID, customerCallSID string) (*switchboard.Call, error) {
	var out *switchboard.Call
	err := db.transact(ctx, func(tx *gorm.DB) error {
		if err := db.drv.LockLeg(tx, customerCallSID); err != nil {
			return err
		}
		// The update returns the call it wrote, so the common case (no
		// callback held for the leg) reads nothing more.
		var row callRow
		res := tx.Model(&row).Clauses(clause.Returning{}).Where("call_sid = ? AND customer_call_sid IS NULL", callSID).
			Updates(map[string]any{"customer_call_sid": customerCallSID, "updated_at": now()})
		if res.Error != nil {
			return res.Error
		}
		if err := tx.Where("call_sid = ?", callSID).Delete(&pendingDialRow{}).Error; err != nil {
			return err
		}
		// No row changed: the call has a leg already (this one is not
		// recorded), or there is no such call (the read below says so and
		// the delete above is rolled back).
		current := res.RowsAffected == 1
		if current {
			moved, err := db.adoptHeldEvents(tx, callSID, customerCallSID)
			if err != nil {
				return err
			}
			current = !moved
		}
		if !current {
			row = callRow{}
			if err := tx.Where("call_sid = ?", callSID).Take(&row).Error; err != nil {
				return translate(err, "Call")
			}
		}
		var err error
		out, err = db.callOf(tx, &row)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// FailCall implements switchboard.CallStore.
func (db *DB) FailCall(ctx context.Context, callSID, reason string) (bool, error) {
	changed := false
	err := db.transact(ctx, func(tx *gorm.DB) error {
		t := now()
		res := tx.Model(&callRow{}).Where("call_sid = ? AND status_rank < 3", callSID).Updates(map[string]any{
			"status": string(switchboard.CallFailed), "status_rank": 3, "failure_reason": reason,
			"ended_at": t, "updated_at": t,
		})
		if res.Error != nil {
			return res.Error
		}
		changed = res.RowsAffected == 1
		if changed {
			if err := db.emitCallSID(tx, callSID); err != nil {
				return err
			}
		} else {
			var n int64
			if err := tx.Model(&callRow{}).Where("call_sid = ?", callSID).Count(&n).Error; err != nil {
				return err
			}
			if n == 0 {
				return notFound("Call")
			}
		}
		return tx.Where("call_sid = ?", callSID).Delete(&pendingDialRow{}).Error
	})
	return changed, err
}
