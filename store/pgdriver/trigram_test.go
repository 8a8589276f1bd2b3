package pgdriver_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/switchboard-oss/switchboard/store/pgdriver"
	"github.com/switchboard-oss/switchboard/store/storetest"
)

func TestIndexPatterns(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		// A word of three characters or more without its start, with its end.
		{"%ada love%", []string{"%ada %", "%love%"}},
		{"%qada love%", []string{"%qada %", "%love%"}},
		{"%grace.hopper12%", []string{"%grace.%", "%hopper12%"}},
		// A shorter word keeps both boundaries.
		{"%hedy l%", []string{"%hedy l%"}},
		{"%l hedy%", []string{"%l %", "%hedy%"}},
		{"%al b smith%", []string{"%al %", "% b %", "%smith%"}},
		// Escapes are characters: "\%" and "\_" are boundaries.
		{"%50\\% off%", []string{"%50\\%%", "%off%"}},
		{"%a\\_b%", []string{"%a\\_b%"}},
		{"%foo\\\\bar%", []string{"%foo\\\\%", "%bar%"}},
		// Markers of the exact filters are boundaries too.
		{"%\x04bell labs inc\x06%", []string{"%bell %", "%labs %", "%inc\x06%"}},
		// Letters outside ASCII are letters; a pattern twice is read once.
		{"%müller müller%", []string{"%müller %", "%müller%"}},
		{"%ada ada ada%", []string{"%ada %", "%ada%"}},
		{"%ab ab%", []string{"%ab ab%"}},
		// A word starting with a digit keeps its start.
		{"%ada 415 love%", []string{"%ada %", "% 415 %", "%love%"}},
		{"%grace.hopper12 2024%", []string{"%grace.%", "%hopper12 %", "% 2024%"}},
		// Nothing to loosen: the pattern as it is.
		{"%(415) 201%", []string{"%(415) 201%"}},
		{"%hedy%", []string{"%hedy%"}},
		{"%lovel%", []string{"%lovel%"}},
		{"%20112%", []string{"%20112%"}},
		{"%--%", []string{"%--%"}},
		{"", []string{""}},
	} {
		require.Equal(t, c.want, pgdriver.IndexPatterns(c.pattern), "%q", c.pattern)
	}
}

// TestIndexPatternsHoldWherePatternDoes: on PostgreSQL's own LIKE, every
// text a pattern matches is matched by each of its index patterns, for
// random texts and patterns full of punctuation, escapes and words of
// every length. A pattern that missed one would lose a search's match.
func TestIndexPatternsHoldWherePatternDoes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, storetest.PostgresURL(t))
	require.NoError(t, err)
	defer conn.Close(ctx)

	r := rand.New(rand.NewPCG(23, 5))
	const alphabet = "ab 1.%_\\-xé"
	text := func(n int) string {
		rs := []rune(alphabet)
		var b strings.Builder
		for range n {
			b.WriteRune(rs[r.IntN(len(rs))])
		}
		return b.String()
	}
	escape := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	checked := 0
	for range 300 {
		texts := make([]string, 40)
		for i := range texts {
			texts[i] = text(5 + r.IntN(25))
		}
		// A query from one of the texts, so that it has matches.
		src := []rune(texts[r.IntN(len(texts))])
		from := r.IntN(len(src))
		query := string(src[from:min(len(src), from+1+r.IntN(10))])
		pattern := "%" + escape.Replace(query) + "%"
		pats := pgdriver.IndexPatterns(pattern)
		var missed []string
		err := conn.QueryRow(ctx, `SELECT coalesce(array_agg(t), '{}') FROM unnest($1::text[]) t
			WHERE t LIKE $2 ESCAPE '\' AND NOT (SELECT bool_and(t LIKE p ESCAPE '\') FROM unnest($3::text[]) p)`,
			texts, pattern, pats).Scan(&missed)
		require.NoError(t, err)
		require.Empty(t, missed, "pattern %q, index patterns %q", pattern, pats)
		var matched int
		require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM unnest($1::text[]) t WHERE t LIKE $2 ESCAPE '\'`, texts, pattern).Scan(&matched))
		checked += matched
	}
	require.Greater(t, checked, 300, "the texts matched their patterns")
}
