package callflow_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/callflow"
)

func strp(s string) *string { return &s }

func tagsp(tags ...string) *[]string { return &tags }

// requireField holds err to EInvalid naming field.
func requireField(t *testing.T, err error, field string) {
	t.Helper()
	var e *sb.Error
	require.True(t, errors.As(err, &e), "%v", err)
	require.Equal(t, sb.EInvalid, e.Code, "%v", err)
	require.Equal(t, field, e.Details[0].Field, "%v", err)
}

// TestAfterCallRules: tags are trimmed, lower-cased and kept once each in
// the order given; notes keep their tabs and line breaks; only the call's
// agent changes them; bad input names its field and changes nothing.
func TestAfterCallRules(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		ctx := context.Background()
		agent := sid("CA")
		b.call(t, agent, "")
		outcomes, _, err := b.flow.ListOutcomes(ctx, b.ws, false, sb.Page{Limit: 50})
		require.NoError(t, err)
		require.Len(t, outcomes, 7)

		c, err := b.flow.UpdateCallWork(ctx, b.ws, "ada", agent, callflow.CallWorkPatch{
			OutcomeID: &outcomes[3].ID, Notes: strp("line one\n\tline two"),
			Tags: tagsp("  Renewal", "PRICING ", "renewal", "Q3 follow-up", strings.Repeat("É", 40))})
		require.NoError(t, err)
		require.Equal(t, []string{"renewal", "pricing", "q3 follow-up", strings.Repeat("é", 40)}, c.Tags)
		require.Equal(t, "line one\n\tline two", c.Notes)
		require.Equal(t, "Left voicemail", c.Outcome.Name)
		require.Equal(t, sb.OutcomeNotConnected, c.Outcome.Kind)

		_, err = b.flow.UpdateCallWork(ctx, b.ws, "grace", agent, callflow.CallWorkPatch{Notes: strp("mine")})
		require.Equal(t, sb.ENotAgentParticipant, sb.ErrorCode(err))
		_, err = b.flow.UpdateCallWork(ctx, "ws_other", "ada", agent, callflow.CallWorkPatch{Notes: strp("mine")})
		require.Equal(t, sb.ENotFound, sb.ErrorCode(err))

		twentyOne := make([]string, 21)
		for i := range twentyOne {
			twentyOne[i] = strings.Repeat("a", i+1)
		}
		for _, bad := range []struct {
			p     callflow.CallWorkPatch
			field string
		}{
			{callflow.CallWorkPatch{Tags: &twentyOne}, "tags"},
			{callflow.CallWorkPatch{Tags: tagsp("ok", " ")}, "tags"},
			{callflow.CallWorkPatch{Tags: tagsp(strings.Repeat("b", 41))}, "tags"},
			{callflow.CallWorkPatch{Tags: tagsp("tab\there")}, "tags"},
			{callflow.CallWorkPatch{Tags: tagsp("x\u2066y")}, "tags"},
			{callflow.CallWorkPatch{Notes: strp(strings.Repeat("n", sb.MaxCallNotesLength+1))}, "notes"},
			{callflow.CallWorkPatch{Notes: strp("nul\x00")}, "notes"},
			{callflow.CallWorkPatch{Notes: strp("esc\x1b[31m")}, "notes"},
			{callflow.CallWorkPatch{OutcomeID: strp("unknown"), Notes: strp("x")}, "outcomeId"},
		} {
			_, err := b.flow.UpdateCallWork(ctx, b.ws, "ada", agent, bad.p)
			requireField(t, err, bad.field)
		}
		got, err := b.db.FindCall(ctx, b.ws, agent)
		require.NoError(t, err)
		require.Equal(t, c, got, "nothing written")

		// Exactly at the limits.
		twenty := twentyOne[:20]
		c, err = b.flow.UpdateCallWork(ctx, b.ws, "ada", agent, callflow.CallWorkPatch{Tags: &twenty,
			Notes: strp(strings.Repeat("ü", sb.MaxCallNotesLength))})
		require.NoError(t, err)
		require.Len(t, c.Tags, 20)
	})
}

// TestOutcomeRules: names are trimmed and checked as names; kinds are the
// three; a rename keeps the kind.
func TestOutcomeRules(t *testing.T) {
	onEachDB(t, func(t *testing.T, b *flowBundle) {
		ctx := context.Background()
		o, err := b.flow.CreateOutcome(ctx, b.ws, "  Demo booked\u00a0", sb.OutcomeConnected)
		require.NoError(t, err)
		require.Equal(t, "Demo booked", o.Name)
		for _, bad := range []string{"", "  ", strings.Repeat("x", sb.MaxOutcomeNameLength+1), "a\nb", "\u202Edemo"} {
			_, err := b.flow.CreateOutcome(ctx, b.ws, bad, sb.OutcomeConnected)
			requireField(t, err, "name")
			_, err = b.flow.UpdateOutcome(ctx, b.ws, o.ID, sb.OutcomePatch{Name: &bad})
			requireField(t, err, "name")
		}
		_, err = b.flow.CreateOutcome(ctx, b.ws, "Other", "later")
		requireField(t, err, "kind")
		_, err = b.flow.CreateOutcome(ctx, b.ws, strings.Repeat("x", sb.MaxOutcomeNameLength), sb.OutcomeDoNotCall)
		require.NoError(t, err, "60 characters is the limit")

		name := " Meeting booked "
		o, err = b.flow.UpdateOutcome(ctx, b.ws, o.ID, sb.OutcomePatch{Name: &name})
		require.NoError(t, err)
		require.Equal(t, "Meeting booked", o.Name)
		require.Equal(t, sb.OutcomeConnected, o.Kind)
		found, err := b.flow.FindOutcome(ctx, b.ws, o.ID)
		require.NoError(t, err)
		require.Equal(t, o, found)
	})
}
