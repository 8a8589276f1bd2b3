package driver

import (
	"fmt"
	"strings"
)

// Cond is a condition of a search in two spellings with the same
// arguments: Index, which an index may serve, and Scan, which none can. A
// walk reads the workspace's rows in order and must not be turned into an
// index scan and a sort, so it uses Scan; so does a query too short for a
// trigram. A driver writes both when it builds a condition (on SQLite they
// are the same text), so that nothing rewrites SQL afterwards.
type Cond struct {
	Index, Scan string
	Args        []any
}

// Plain is a condition that reads the same either way.
func Plain(sql string, args ...any) Cond { return Cond{Index: sql, Scan: sql, Args: args} }

// IsZero reports an empty condition.
func (c Cond) IsZero() bool { return c.Index == "" }

// SQL is c's spelling for a walk or not.
func (c Cond) SQL(walk bool) string {
	if walk {
		return c.Scan
	}
	return c.Index
}

// Scanned is c spelled for scans either way.
func (c Cond) Scanned() Cond {
	c.Index = c.Scan
	return c
}

// Compose fills format's %s verbs with cs, each spelling with its own, and
// joins their arguments in order.
func Compose(format string, cs ...Cond) Cond {
	index, scan := make([]any, len(cs)), make([]any, len(cs))
	var args []any
	for i, c := range cs {
		index[i], scan[i] = c.Index, c.Scan
		args = append(args, c.Args...)
	}
	return Cond{Index: fmt.Sprintf(format, index...), Scan: fmt.Sprintf(format, scan...), Args: args}
}

// And joins the non-zero cs with AND (zero for none).
func And(cs ...Cond) Cond {
	var parts []Cond
	for _, c := range cs {
		if !c.IsZero() {
			parts = append(parts, c)
		}
	}
	if len(parts) == 0 {
		return Cond{}
	}
	return Compose(strings.TrimSuffix(strings.Repeat("%s AND ", len(parts)), " AND "), parts...)
}
