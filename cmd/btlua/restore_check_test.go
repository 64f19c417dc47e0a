package main

import (
	"os"
	"path/filepath"
	"testing"
)

const restoreScript = `
Count = BTAction:New()
function Count:New() local o = {n = 0, name = "count"}; setmetatable(o, self); self.__index = self; return o end
function Count:OnUpdate() self.n = self.n + 1; print("n " .. self.n); return BTTaskStatus.Running end
return Count:New()
`

// A save without agents is refused as such (not blamed on the script);
// a script whose content changed since the save restores with a warning.
func TestRestoreNoAgentsAndChangedScript(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "count.lua")
	os.WriteFile(script, []byte(restoreScript), 0o644)
	save := filepath.Join(dir, "s.json")

	os.WriteFile(save, []byte(`{"format":"btlua-save","version":1,"loads":[{"script":"`+script+`","sha256":"00","agents":[]}]}`), 0o644)
	code, out, errOut := runCLI("--fast", "--restore", save, script)
	want := "btlua: --restore " + save + ": bad save: load 1 (" + script + ") holds no agents\n"
	if code != exitFailed || out != "" || errOut != want {
		t.Errorf("agents []: code %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errOut, want)
	}
	os.WriteFile(save, []byte(`{"format":"btlua-save","version":1,"loads":[]}`), 0o644)
	code, out, errOut = runCLI("--fast", "--restore", save, script)
	want = "btlua: --restore " + save + ": bad save: the save holds no agents\n"
	if code != exitFailed || out != "" || errOut != want {
		t.Errorf("loads []: code %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errOut, want)
	}

	if code, _, errOut := runCLI("--fast", "--ticks", "2", "--save", save, script); code != exitOK || errOut != "" {
		t.Fatalf("--save: code %d, stderr %q", code, errOut)
	}
	code, out, errOut = runCLI("--fast", "--ticks", "1", "--restore", save, script)
	if code != exitOK || out != "n 3\n" || errOut != "" {
		t.Errorf("same script: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	os.WriteFile(script, []byte("-- tuned\n"+restoreScript), 0o644)
	code, out, errOut = runCLI("--fast", "--ticks", "1", "--restore", save, script)
	want = "btlua: warning: " + script + " changed since the save (its SHA-256 differs); restoring by structure and task paths\n"
	if code != exitOK || out != "n 3\n" || errOut != want {
		t.Errorf("changed script: code %d, stdout %q, stderr\n%q\nwant\n%q", code, out, errOut, want)
	}
}
