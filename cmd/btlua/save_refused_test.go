package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A value a save cannot hold, set after the first tick, refuses the save
// when it is written at the end of the run: the message names the agent,
// task and field, without the host package's "host: " prefix.
func TestSaveRefusedAtEnd(t *testing.T) {
	dir := t.TempDir()
	late := filepath.Join(dir, "late.lua")
	os.WriteFile(late, []byte(`local a = BTAction:New()
a.name = "counter"
function a:OnUpdate()
  local k = 1
  self.f = self.f or function() return k end
  return BTTaskStatus.Running
end
return a
`), 0o644)
	save := filepath.Join(dir, "s.json")
	code, out, errOut := runCLI("--fast", "--ticks", "2", "--save", save, late)
	want := "btlua: --save " + save + ": saving agent counter (" + late + "): task counter (BTAction) field f holds a function with upvalues" +
		" (state a save cannot see; keep it in fields, or list the field in saveSkip), which a save cannot hold\n"
	if code != exitFailed || out != "" || errOut != want {
		t.Fatalf("code %d, stdout %q, stderr\n%q\nwant %d and\n%q", code, out, errOut, exitFailed, want)
	}
}
