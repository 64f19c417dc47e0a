package host

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// In the sandbox, require of a module whose folder does not exist inside
// the script folders (a typo: "ia.guard" for "ai.guard") says "no file",
// as for a missing file, not that the file is outside the folders (the
// candidates of package.path outside them still say so).
func TestSandboxMissingFolderInside(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "main.lua")
	if err := os.WriteFile(script, []byte(`return require("ia.guard")`), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := New(Options{Stdout: io.Discard, Sandbox: true})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.LoadFile(script)
	if err == nil {
		t.Fatal("require of a missing module loaded")
	}
	msg := err.Error()
	want := "\n\tno file '" + filepath.Join(dir, "ia", "guard.lua") + "'" +
		"\n\tno file '" + filepath.Join(dir, "ia", "guard", "init.lua") + "'"
	if !strings.Contains(msg, want) || strings.Contains(msg, dir+"/ia/guard.lua' is outside") {
		t.Errorf("refusal\n%s\nwant it to hold %q", msg, want)
	}
}
