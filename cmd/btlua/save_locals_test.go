package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// btlua --save refuses, at the end of the run, a script whose task
// classes keep state in a chunk local the run changed (the README's first
// tree keeps enemySeen so): no file is written, the run exits 1 and says
// which local changed, so a save never restores wrong.
func TestSaveRefusesChangedChunkLocal(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "guard.lua")
	src := `local alarm = false
local Watch = BTAction:New()
Watch.name = "Watch"
function Watch:OnUpdate() alarm = true return BTTaskStatus.Running end
return Watch:New()
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(dir, "s.json")
	code, _, errOut := runCLI("--fast", "--ticks", "2", "--save", save, script)
	want := "btlua: --save " + save + ": not written: the script keeps state in chunk locals, which a save does not hold, so a restore would start them again from the script: alarm (" + script + "), read by Watch:OnUpdate (line 4), went from false (a boolean) to true (a boolean)"
	if code != exitFailed || !strings.HasPrefix(errOut, want) {
		t.Errorf("code %d, stderr %q\nwant %d and %q", code, errOut, exitFailed, want)
	}
	if _, err := os.Stat(save); err == nil {
		t.Error("the save was written")
	}
}
