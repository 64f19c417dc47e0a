package tests

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// docBlock is a fenced Lua code block of the user documentation.
type docBlock struct {
	file, code string
}

// docFiles returns the user documentation: README.md and docs/*.md,
// as paths relative to the repository root.
func docFiles(t *testing.T) []string {
	t.Helper()
	guides, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(guides)
	files := []string{"README.md"}
	for _, g := range guides {
		files = append(files, filepath.ToSlash(strings.TrimPrefix(g, ".."+string(filepath.Separator))))
	}
	return files
}

// docLuaBlocks returns every fenced Lua block of the user documentation,
// in file order.
func docLuaBlocks(t *testing.T) []docBlock {
	t.Helper()
	var out []docBlock
	for _, f := range docFiles(t) {
		src, err := os.ReadFile(filepath.Join("..", f))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range luaBlockRE.FindAllSubmatch(src, -1) {
			out = append(out, docBlock{f, string(b[1])})
		}
	}
	return out
}

// requireLineRE matches a line that only requires a module.
var requireLineRE = regexp.MustCompile(`^local \w+ = require\("\w+"\)$`)

// snippetKey names a snippet by its first line that is neither blank nor
// a require of a module.
func snippetKey(code string) string {
	for _, l := range strings.Split(code, "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !requireLineRE.MatchString(l) {
			return l
		}
	}
	return ""
}
