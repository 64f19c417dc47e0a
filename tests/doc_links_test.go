package tests

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdLinkRE matches the target of a Markdown link or image.
var mdLinkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// pendingGuides are the guides other work adds; links to them may come
// before the files do.
var pendingGuides = map[string]bool{
	"docs/agents-on-every-core.md": true,
	"docs/tree-references.md":      true,
	"docs/saving.md":               true,
	"docs/task-paths.md":           true,
}

// Every relative link of README.md and docs/*.md reaches a file of the
// repository (anchors aside), or one of the pending guides.
func TestDocLinks(t *testing.T) {
	for _, f := range docFiles(t) {
		src, err := os.ReadFile(filepath.Join("..", f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLinkRE.FindAllStringSubmatch(string(src), -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") {
				continue
			}
			p := path.Clean(path.Join(path.Dir(f), target))
			if pendingGuides[p] {
				continue
			}
			if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(p))); err != nil {
				t.Errorf("%s: link %q: %v", f, m[1], err)
			}
		}
	}
}
