package tests

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/btlua/btlua/host"
)

// Every script in scripts/ and every seed variant runs in the sandbox
// (Options.Sandbox, its library tables read-only) exactly as outside it:
// the same output, statuses per tick and error.
func TestScriptsAndSeedsSandboxed(t *testing.T) {
	scripts, err := filepath.Glob(filepath.Join("..", "scripts", "*.lua"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts found: %v", err)
	}
	for _, s := range []string{"bt03_sequence", "bt03_sequence_lua_classes", "bt03_sequence_lua_parent_chain",
		"bt11_sequence", "bt11_sequence_lua_classes", "bt11_parallel", "bt11_parallel_lua_classes",
		"bt11_parallel_failure", "bt11_parallel_failure_lua_classes", "bt11_parallel_failure_lua_parent_chain"} {
		scripts = append(scripts, seedScript(t, s))
	}
	for _, s := range scripts {
		t.Run(strings.TrimSuffix(filepath.Base(s), ".lua"), func(t *testing.T) {
			plain := runScriptOpts(t, s, 10000, 1.0/60, host.Options{})
			boxed := runScriptOpts(t, s, 10000, 1.0/60, host.Options{Sandbox: true})
			if plain.stdout == "" {
				t.Fatalf("the script printed nothing outside the sandbox (error %v)", plain.err)
			}
			if boxed.stdout != plain.stdout || !slices.Equal(boxed.statuses, plain.statuses) || fmt.Sprint(boxed.err) != fmt.Sprint(plain.err) {
				t.Errorf("sandboxed: stdout %q, statuses %v, error %v\nwant (outside): %q, %v, %v",
					boxed.stdout, boxed.statuses, boxed.err, plain.stdout, plain.statuses, plain.err)
			}
		})
	}
}
