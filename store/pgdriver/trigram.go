package pgdriver

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// indexPatterns are the LIKE patterns (ESCAPE '\') on search_idx that the
// trigram index reads for the pattern p: their AND holds wherever p does,
// so the candidates they leave are a superset of p's matches, which the
// exact condition beside them then checks.
//
// pg_trgm takes a LIKE pattern's words (runs of letters and digits) with
// the trigrams inside them, and for a word bounded by a literal character
// (a space, a dot) also the trigrams of its boundary: "  l" and " lo" for
// "love" after a space. The trigram of a word's first letter alone is in
// the index for every word starting with that letter, a list many times
// longer than the word's own ("  l": 145,000 rows of 400,000 where "lov"
// is in 20,000), and GIN reads every trigram's list in full: "%ada love%"
// read 1,032 candidates from the index in 4-6 ms, "%ada %" and "%love%"
// the same ones in 1.8 (docs/performance.md). So a word of three
// characters or more that starts with a letter is looked up without its
// start: its own trigrams and its end ("da " of "ada ") narrow as well
// for a fraction of the reading. A shorter word has no trigram of its own
// and keeps both boundaries: "hedy l" reads "% l%", whose "  l" cuts
// Hedy's 19,600 rows to 7,000. So does a word starting with a digit: the
// search text glues a phone's digits to a letter, so few words start with
// one, and that start is what makes "(415) 201" cheap to look up.
//
// A pattern with no word to loosen is returned as it is.
func indexPatterns(p string) []string {
	type elem struct {
		text    string // as written in p, escape included
		literal bool
		word    bool
		letter  bool
	}
	var elems []elem
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRuneInString(p[i:])
		switch {
		case r == '\\' && i+size < len(p):
			next, n := utf8.DecodeRuneInString(p[i+size:])
			elems = append(elems, elem{text: p[i : i+size+n], literal: true, word: isWordRune(next), letter: unicode.IsLetter(next)})
			size += n
		case r == '%' || r == '_':
			elems = append(elems, elem{text: p[i : i+size]})
		default:
			elems = append(elems, elem{text: p[i : i+size], literal: true, word: isWordRune(r), letter: unicode.IsLetter(r)})
		}
		i += size
	}
	boundary := func(k int) string {
		if k >= 0 && k < len(elems) && elems[k].literal && !elems[k].word {
			return elems[k].text
		}
		return ""
	}
	var out []string
	seen := map[string]bool{}
	loosened := false
	for i := 0; i < len(elems); {
		if !elems[i].word {
			i++
			continue
		}
		j := i
		var w strings.Builder
		for ; j < len(elems) && elems[j].word; j++ {
			w.WriteString(elems[j].text)
		}
		pat := "%" + boundary(i-1) + w.String() + boundary(j) + "%"
		if j-i >= 3 && elems[i].letter && boundary(i-1) != "" {
			pat, loosened = "%"+w.String()+boundary(j)+"%", true
		}
		if !seen[pat] {
			seen[pat] = true
			out = append(out, pat)
		}
		i = j
	}
	if !loosened {
		return []string{p}
	}
	return out
}

// isWordRune is a character pg_trgm takes into a word. Where it and
// PostgreSQL's locale disagree (a letter outside ASCII in the C locale),
// the patterns are only less narrow, never wrong.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
