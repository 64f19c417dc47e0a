package main

import (
	"os"
	"path/filepath"
	"testing"
)

// failingScript's first tree fails at every OnUpdate (line 2); its second
// prints its ticks.
const failingScript = `Bad = BTAction:New()
function Bad:OnUpdate() error("boom") end
Count = BTAction:New()
function Count:OnUpdate() self.n = (self.n or 0) + 1; print("tick " .. self.n); return BTTaskStatus.Running end
return { Bad:New(), Count:New() }
`

// --strict exits 1 at the first script error, after that tick, without
// ticking the trees after the failed one.
func TestStrictFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.lua")
	if err := os.WriteFile(path, []byte(failingScript), 0o644); err != nil {
		t.Fatal(err)
	}
	wantErr := "btlua: " + path + ":2: boom (task Bad)\n"
	for _, args := range [][]string{{"--strict"}, {"--on-error", "fail"}} {
		code, out, errOut := runCLI(append(args, "--fast", "--ticks", "5", path)...)
		if code != exitFailed || out != "" || errOut != wantErr {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	// Without it the other tree runs on.
	code, out, errOut := runCLI("--fast", "--ticks", "3", path)
	if code != exitFailed || out != "tick 1\ntick 2\ntick 3\n" || errOut != wantErr {
		t.Errorf("no --strict: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runCLI("--on-error", "retry", path)
	if code != exitUsage || errOut != "btlua: --on-error must be stop, restart or fail, got \"retry\"\n"+usageHint {
		t.Errorf("--on-error retry: code %d, stderr %q", code, errOut)
	}
}

// --on-error restart restarts the failed tree after a back-off of 1 s, 2 s,
// 4 s ... of tick time; its error, repeated at each restart, is written
// once per 10 s of tick time with a count, and the rest at exit, in the
// same form: "(×N since the last report)", N the times it occurred since
// it was last written.
func TestOnErrorRestartThrottlesReports(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.lua")
	if err := os.WriteFile(path, []byte(failingScript), 0o644); err != nil {
		t.Fatal(err)
	}
	// --hz 1: one tick per second; errors at 1, 2, 4, 8, 16, 32.
	code, _, errOut := runCLI("--fast", "--hz", "1", "--ticks", "40", "--on-error", "restart", path)
	msg := "btlua: " + path + ":2: boom (task Bad)"
	want := msg + "\n" + // 1
		msg + " (×4 since the last report)\n" + // 16: 2, 4, 8, 16
		msg + "\n" // 32: the first since 16
	if code != exitFailed || errOut != want {
		t.Errorf("code %d, stderr\n%s\nwant\n%s", code, errOut, want)
	}
	// --ticks 10: the repeats at 2, 4 and 8, not written yet, are written
	// at the end in the same form.
	code, _, errOut = runCLI("--fast", "--hz", "1", "--ticks", "10", "--on-error", "restart", path)
	want = msg + "\n" + msg + " (×3 since the last report)\n"
	if code != exitFailed || errOut != want {
		t.Errorf("--ticks 10: code %d, stderr\n%s\nwant\n%s", code, errOut, want)
	}
}
