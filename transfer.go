package switchboard

// Transfer is a call's transfer to a third party: the last one started, or
// nil. See TransferWarm and TransferDialing for its values.
type Transfer struct {
	Type          string // warm | cold
	Target        string // E.164
	Status        string // dialing, talking, completed, canceled, failed
	TargetCallSID string // the target's leg, added to the call's conference
}

// Transfer statuses. A transfer is pending while dialing or talking; the
// other three are where it ends.
const (
	TransferDialing   = "dialing"   // the target's phone rings
	TransferTalking   = "talking"   // the target joined; the agent talks to it
	TransferCompleted = "completed" // the agent left; the target has the customer
	TransferCanceled  = "canceled"  // the agent took the target out
	TransferFailed    = "failed"    // the target was busy, did not answer, or left first
)

// Transfer types.
const (
	TransferWarm = "warm"
	TransferCold = "cold"
)

// Pending reports whether t is a transfer still under way: one at a time.
func (t *Transfer) Pending() bool {
	return t != nil && (t.Status == TransferDialing || t.Status == TransferTalking)
}

// TookOver reports whether t handed the customer to its target: the agent
// leaving no longer ends the call.
func (t *Transfer) TookOver() bool { return t != nil && t.Status == TransferCompleted }
