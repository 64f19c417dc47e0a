package tests

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestScriptsGolden")

// Every script in scripts/ runs through the host in fast mode (dt = 1/60 s)
// and prints exactly its golden file, testdata/golden/NAME.out.
func TestScriptsGolden(t *testing.T) {
	scripts, err := filepath.Glob(filepath.Join("..", "scripts", "*.lua"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts found: %v", err)
	}
	for _, s := range scripts {
		name := strings.TrimSuffix(filepath.Base(s), ".lua")
		t.Run(name, func(t *testing.T) {
			r := runScript(t, s, 10000)
			if r.err != nil {
				t.Fatalf("error: %v", r.err)
			}
			golden := filepath.Join("testdata", "golden", name+".out")
			if *update {
				if err := os.WriteFile(golden, []byte(r.stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("missing golden file (run go test ./tests -run Golden -update): %v", err)
			}
			if r.stdout != string(want) {
				t.Errorf("stdout differs from %s:\n got:\n%s\nwant:\n%s", golden, r.stdout, want)
			}
		})
	}
}
