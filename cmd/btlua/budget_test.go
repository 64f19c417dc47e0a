package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The CLI's CPU budget stops an endless loop in a leaf: exit 1, the error
// on stderr with file:line, agent and task, and the other tree's OnEnd
// still runs at exit.
func TestBudgetFlagStopsEndlessLoop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "loop.lua")
	script := `Spin = BTAction:New()
function Spin:OnUpdate() while true do end end
Wait = BTAction:New()
function Wait:OnUpdate() return BTTaskStatus.Running end
function Wait:OnEnd() print("wait ended") end
return { Spin:New(), Wait:New() }
`
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("--fast", "--ticks", "3", "--budget", "20ms", path)
	wantErr := "btlua: " + path + ":2: CPU budget of 20ms exceeded (task Spin; tick of agent Spin, " + path + " return value 1[1])\n"
	if code != exitFailed || out != "wait ended\n" || errOut != wantErr {
		t.Errorf("code %d, stdout %q, stderr\n%q\nwant 1, \"wait ended\\n\",\n%q", code, out, errOut, wantErr)
	}
	code, _, errOut = runCLI("--budget", "-1s", path)
	if code != exitUsage || errOut != "btlua: --budget must not be negative, got -1s\n"+usageHint {
		t.Errorf("--budget -1s: code %d, stderr %q", code, errOut)
	}
}

// --sandbox refuses os.execute with a clear error; without it the script
// may use os (the CLI's default is for local development).
func TestSandboxFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mod.lua")
	if err := os.WriteFile(path, []byte("print(type(os.getenv))\nos.execute('true')\nreturn BTIdle:New()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("--fast", "--ticks", "1", "--sandbox", path)
	if code != exitFailed || out != "" || errOut != "btlua: "+path+":1: os.getenv is not available in the btlua sandbox\n" {
		t.Errorf("--sandbox: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCLI("--fast", "--ticks", "1", path)
	if code != exitOK || out != "function\n" || errOut != "" {
		t.Errorf("no --sandbox: code %d, stdout %q, stderr %q", code, out, errOut)
	}
}
