package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/saving.md's OnSave/OnLoad example, as the guide writes it, saves
// after 4 ticks (its callback, listed in saveSkip, changes a local of
// Patrol:New, which is no chunk local) and its restore goes on where the
// patrol was: the uninterrupted run walks to the gate, the tower, the
// well, the gate, then the tower, the well, the gate.
func TestSavingGuideExampleSavesAndRestores(t *testing.T) {
	guide, err := os.ReadFile(filepath.Join("..", "..", "docs", "saving.md"))
	if err != nil {
		t.Fatal(err)
	}
	const start = "```lua\n-- A patrol that saves only where it is.\n"
	i := strings.Index(string(guide), start)
	if i < 0 {
		t.Fatalf("docs/saving.md has no block beginning %q", start)
	}
	block := string(guide[i+len("```lua\n"):])
	block = block[:strings.Index(block, "```")]
	dir := t.TempDir()
	script := filepath.Join(dir, "patrol.lua")
	if err := os.WriteFile(script, []byte(block), 0o644); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(dir, "s.json")
	code, out, errOut := runCLI("--fast", "--ticks", "4", "--save", save, script)
	if want := "walking to gate\nwalking to tower\nwalking to well\nwalking to gate\n"; code != exitOK || out != want || errOut != "" {
		t.Fatalf("--save: code %d, stdout %q, stderr %q; want 0, %q, \"\"", code, out, errOut, want)
	}
	code, out, errOut = runCLI("--fast", "--ticks", "3", "--restore", save, script)
	if want := "walking to tower\nwalking to well\nwalking to gate\n"; code != exitOK || out != want || errOut != "" {
		t.Errorf("--restore: code %d, stdout %q, stderr %q; want 0, %q, \"\"", code, out, errOut, want)
	}
}
