package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// readmeSettings reads the README's configuration table (the first table
// under the heading that names Configuration): each variable named in a
// row's first cell, with the row's default, "" where the default cell
// starts with "unset" and otherwise the cell's first `code` span.
func readmeSettings(t *testing.T, readme string) map[string]string {
	t.Helper()
	heading := regexp.MustCompile(`(?mi)^#{1,6}[ \t]+Configuration[ \t]*$`).FindStringIndex(readme)
	require.NotNil(t, heading, "README has no Configuration heading")
	section := readme[heading[1]:]
	if next := regexp.MustCompile(`(?m)^#{1,6}[ \t]`).FindStringIndex(section); next != nil {
		section = section[:next[0]]
	}
	name := regexp.MustCompile("`([A-Z][A-Z0-9_]*)`")
	code := regexp.MustCompile("`([^`]*)`")
	out := map[string]string{}
	rows := 0
	for _, line := range strings.Split(section, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if rows > 0 {
				break // the table ended
			}
			continue
		}
		rows++
		cells := splitRow(line)
		if rows <= 2 || len(cells) < 2 { // the header and its rule
			continue
		}
		def := strings.TrimSpace(cells[1])
		switch {
		case strings.HasPrefix(def, "unset"):
			def = ""
		case code.MatchString(def):
			def = code.FindStringSubmatch(def)[1]
		}
		for _, m := range name.FindAllStringSubmatch(cells[0], -1) {
			out[m[1]] = def
		}
	}
	require.NotEmpty(t, out, "README's configuration table names no variable")
	return out
}

// splitRow splits a Markdown table row into its cells; a | inside a `code`
// span is text.
func splitRow(line string) []string {
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var cells []string
	var cell strings.Builder
	inCode := false
	for _, r := range line {
		switch {
		case r == '`':
			inCode = !inCode
		case r == '|' && !inCode:
			cells = append(cells, cell.String())
			cell.Reset()
			continue
		}
		cell.WriteRune(r)
	}
	return append(cells, cell.String())
}

// The README's configuration table names exactly the variables of settings,
// with the same defaults: the one table feeds LoadConfig and --help, and
// the README may not drift from it.
func TestSettingsMatchREADME(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	documented := readmeSettings(t, string(readme))
	for _, s := range settings {
		def, ok := documented[s.name]
		if !ok {
			t.Errorf("%s is read by the program but not in the README's configuration table", s.name)
			continue
		}
		if def != s.def {
			t.Errorf("%s: the README's default is %q, the program's %q (\"\" is unset)", s.name, def, s.def)
		}
		delete(documented, s.name)
	}
	for name := range documented {
		t.Errorf("%s is in the README's configuration table but the program does not read it", name)
	}
}

// The table's reader against a small README of its own: names grouped in
// one row, an unset default with a note, a | inside code, a later table.
func TestReadmeSettingsParser(t *testing.T) {
	got := readmeSettings(t, "# X\n\n## Configuration\n\nText.\n\n| variable | default | meaning |\n|---|---|---|\n"+
		"| `A_ADDR` | `:8080`; `127.0.0.1:8080` when local | x |\n| `B_ONE`, `B_TWO` | unset | y |\n"+
		"| `C_MODE` | unset: `true` in simulator mode | `a|b` |\n| `D_LIMIT` | `100MiB` | z |\n\n| `E_OTHER` | `1` | not this table |\n\n## Next\n| `F` | `2` | |\n")
	require.Equal(t, map[string]string{"A_ADDR": ":8080", "B_ONE": "", "B_TWO": "", "C_MODE": "", "D_LIMIT": "100MiB"}, got)
}

// Every variable the program reads has a row in settings, and --help
// prints each with its default: LoadConfig panics on a name the table
// lacks, and usage prints the table.
func TestSettingsFeedLoadConfigAndHelp(t *testing.T) {
	cfg, err := LoadConfig(testEnv(t, nil))
	require.NoError(t, err)
	require.Equal(t, lookupSetting("DEFAULT_REGION").def, cfg.DefaultRegion)
	require.Equal(t, lookupSetting("PUBLIC_BASE_URL").def, cfg.PublicBaseURL)

	var out bytes.Buffer
	usage(&out)
	for _, s := range settings {
		def := s.def
		if def == "" {
			def = "unset"
		}
		require.Regexp(t, `(?m)^  `+regexp.QuoteMeta(s.name)+` +`+regexp.QuoteMeta(def)+` `, out.String())
	}
}
