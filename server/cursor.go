package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"strings"
	"time"

	"github.com/oapi-codegen/nullable"

	sb "github.com/switchboard-oss/switchboard"
	"github.com/switchboard-oss/switchboard/gen/api"
)

// A cursor is a page key (sb.PageKey) the client carries from one page to the
// next. It is opaque and authenticated: base64url of
//
//	version(1) bucket(1) unix-nanoseconds(8) id … HMAC-SHA256(key, scope ‖ payload)[:16]
//
// where the scope names the list, the workspace and everything that selects
// its rows (query, filters, the caller's identity for its own calls). A
// cursor edited by hand, issued for another workspace or for another query
// fails the MAC and answers 400, so a client can neither forge a position nor
// carry one into a list it does not belong to.
const (
	cursorVersion = 1
	cursorMACSize = 16
	cursorHead    = 1 + 1 + 8
)

// cursorScope identifies the list a cursor belongs to.
type cursorScope string

// scope builds a scope from its parts; a NUL separator keeps "a","bc" apart
// from "ab","c" (the parts are request text, which cannot hold NUL: such
// input is refused before it gets here).
func scope(list string, parts ...string) cursorScope {
	return cursorScope(list + "\x00" + strings.Join(parts, "\x00"))
}

type cursorCodec struct{ key []byte }

func (c cursorCodec) mac(sc cursorScope, payload []byte) []byte {
	m := hmac.New(sha256.New, c.key)
	m.Write([]byte(sc))
	m.Write([]byte{0})
	m.Write(payload)
	return m.Sum(nil)[:cursorMACSize]
}

func (c cursorCodec) encode(sc cursorScope, k *sb.PageKey) string {
	b := make([]byte, cursorHead, cursorHead+len(k.ID)+cursorMACSize)
	b[0], b[1] = cursorVersion, byte(k.Bucket)
	binary.BigEndian.PutUint64(b[2:], uint64(k.Time.UnixNano()))
	b = append(b, k.ID...)
	b = append(b, c.mac(sc, b)...)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (c cursorCodec) decode(sc cursorScope, s string) (*sb.PageKey, error) {
	bad := sb.FieldErrorf(sb.EInvalid, "cursor", "cursor is not a cursor of this list: pass meta.nextCursor of the previous page, unchanged, with the same workspace, query and filters")
	// Strict: the last character's unused low bits must be zero, so no
	// two strings decode to the same cursor.
	b, err := base64.RawURLEncoding.Strict().DecodeString(s)
	if err != nil || len(b) < cursorHead+cursorMACSize {
		return nil, bad
	}
	payload, sum := b[:len(b)-cursorMACSize], b[len(b)-cursorMACSize:]
	if !hmac.Equal(sum, c.mac(sc, payload)) || payload[0] != cursorVersion || payload[1] > 1 {
		return nil, bad
	}
	return &sb.PageKey{
		Bucket: int(payload[1]),
		Time:   time.Unix(0, int64(binary.BigEndian.Uint64(payload[2:]))).UTC(),
		ID:     string(payload[cursorHead:]),
	}, nil
}

// page reads a list request's paging parameters: limit, then offset or
// cursor (never both).
func (s *strict) page(sc cursorScope, limit, offset *int, cursor *string) (sb.Page, error) {
	p := sb.Page{Limit: sb.DefaultLimit}
	if limit != nil {
		p.Limit = *limit
	}
	if offset != nil {
		p.Offset = *offset
	}
	if cursor == nil {
		return p, nil
	}
	if offset != nil {
		return p, sb.FieldErrorf(sb.EInvalid, "cursor", "cursor and offset cannot be used together")
	}
	k, err := s.cursors.decode(sc, *cursor)
	if err != nil {
		return p, err
	}
	p.After = k
	return p, nil
}

// listMeta is a list's meta with its next cursor.
func (s *strict) listMeta(sc cursorScope, m sb.Meta) api.ListMeta {
	out := api.ListMeta{Total: m.Total, TotalExact: !m.TotalIsLowerBound, HasMore: m.HasMore, Limit: m.Limit, Offset: m.Offset,
		NextCursor: nullable.NewNullNullable[string]()}
	if m.HasMore && m.Next != nil {
		out.NextCursor = nullable.NewNullableWithValue(s.cursors.encode(sc, m.Next))
	}
	return out
}
