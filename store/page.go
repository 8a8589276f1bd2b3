package store

import (
	switchboard "github.com/switchboard-oss/switchboard"

	"gorm.io/gorm"
)

// clampPage applies the list limits defensively; the HTTP layer has already
// rejected out-of-range values.
func clampPage(p switchboard.Page) switchboard.Page {
	if p.Limit <= 0 {
		p.Limit = switchboard.DefaultLimit
	}
	p.Limit = min(p.Limit, switchboard.MaxLimit)
	p.Offset = max(p.Offset, 0)
	if p.After != nil {
		p.Offset = 0
	}
	return p
}

// keyset is the order of a list, newest first: a time column and a unique
// column that breaks ties.
type keyset struct {
	timeCol, idCol string
	// rowOnly leaves out the plain bound on the time column, where the
	// planner would take it for the index range and pass over every row
	// of the key's time (driver.RowValueKeys).
	rowOnly bool
}

// qualified names the columns with a table prefix ("c.").
func (ks keyset) qualified(prefix string) keyset {
	return keyset{prefix + ks.timeCol, prefix + ks.idCol, ks.rowOnly}
}

// cond is the row comparison of the order's columns with k's by op, after
// the plain bound on the time column by timeOp unless rowOnly. The plain
// bound gives PostgreSQL's planner an estimate of the range (the row
// comparison is the index range to both); the row comparison makes it
// exact.
func (ks keyset) cond(k *switchboard.PageKey, timeOp, op string) (string, []any) {
	t := k.Time.UTC()
	row := "(" + ks.timeCol + ", " + ks.idCol + ") " + op + " (?, ?)"
	if ks.rowOnly {
		return row, []any{t, k.ID}
	}
	return ks.timeCol + " " + timeOp + " ? AND " + row, []any{t, t, k.ID}
}

// after is the condition "comes after k in the order".
func (ks keyset) after(k *switchboard.PageKey) (string, []any) { return ks.cond(k, "<=", "<") }

// from is the condition "is k or comes before it in the order": the rows a
// page after k starts below.
func (ks keyset) from(k *switchboard.PageKey) (string, []any) { return ks.cond(k, ">=", ">=") }

// upTo is the condition "is k or comes after it in the order".
func (ks keyset) upTo(k *switchboard.PageKey) (string, []any) { return ks.cond(k, "<=", "<=") }

// desc is the order itself, newest first.
func (ks keyset) desc() string { return ks.timeCol + " DESC, " + ks.idCol + " DESC" }

// page orders q and selects the window: one row more than the limit, so the
// caller learns whether more follow without counting.
func (ks keyset) page(q *gorm.DB, p switchboard.Page) *gorm.DB {
	q = q.Order(ks.desc()).Limit(p.Limit + 1)
	if p.After != nil {
		cond, args := ks.after(p.After)
		return q.Where(cond, args...)
	}
	return q.Offset(p.Offset)
}

// startAt orders q and selects the window that starts at k, k included, of
// one row more than limit: an offset's page once the key at the offset is
// known.
func (ks keyset) startAt(q *gorm.DB, k *switchboard.PageKey, limit int) *gorm.DB {
	cond, args := ks.upTo(k)
	return q.Where(cond, args...).Order(ks.desc()).Limit(limit + 1)
}

// trim cuts the extra row read by page and returns the meta of the window;
// key gives an item's position, for Meta.Next.
func trim[T any](rows []T, p switchboard.Page, total int64, key func(*T) switchboard.PageKey) ([]T, switchboard.Meta) {
	meta := switchboard.Meta{Limit: p.Limit, Offset: p.Offset}
	if len(rows) > p.Limit {
		rows, meta.HasMore = rows[:p.Limit], true
		k := key(&rows[len(rows)-1])
		meta.Next = &k
	}
	// The count and the rows are two statements; keep the meta coherent if
	// a write landed between them.
	if p.After == nil && len(rows) > 0 {
		total = max(total, int64(p.Offset+len(rows)))
	}
	meta.Total = int(total)
	return rows, meta
}

// byPosition reads one page of the rows q selects in their `position`
// order (call outcomes, a dial list's entries), counting all of them first;
// a cursor page starts after the position afterSQL reads for the cursor's
// id (a subquery taking its arguments, then the id).
func byPosition[T any](q func() *gorm.DB, p switchboard.Page, afterSQL string, afterArgs []any, key func(*T) switchboard.PageKey) ([]T, switchboard.Meta, error) {
	var total int64
	if err := q().Count(&total).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	lq := q().Order("position").Limit(p.Limit + 1)
	if p.After != nil {
		lq = lq.Where("position > ("+afterSQL+")", append(afterArgs, p.After.ID)...)
	} else {
		lq = lq.Offset(p.Offset)
	}
	var rows []T
	if err := lq.Find(&rows).Error; err != nil {
		return nil, switchboard.Meta{}, err
	}
	rows, meta := trim(rows, p, total, key)
	return rows, meta, nil
}
