package host

import (
	"bytes"
	"os"
	"testing"
)

// The goap module is made at the first require("goap") (goaplib.Install).
// A failed reload whose file is the first to require it, and writes into
// it, changes nothing: the next require sees the module as made, as when
// the module was made with the state; the same with the module required
// before the reload. With and without the sandbox.
func TestReloadUndoesWritesIntoLazyGoapModule(t *testing.T) {
	const tree = "local tree = BTBehaviorTree:New()\ntree:SetStartTask(BTLog:New(\"x\"))\nreturn tree\n"
	for _, sandboxed := range []bool{false, true} {
		for _, before := range []string{"", "local goap = require(\"goap\")\n"} {
			var out bytes.Buffer
			h, err := New(Options{Stdout: &out, Sandbox: sandboxed})
			if err != nil {
				t.Fatal(err)
			}
			path := writeScript(t, before+tree)
			if _, err := h.LoadFile(path); err != nil {
				t.Fatal(err)
			}
			var write string // the sandbox refuses the writes: the file only reads
			if sandboxed {
				write = "local goap = require(\"goap\")\nGoapSeen = goap.Action.cost\nerror(\"boom\")\n"
			} else {
				write = "local goap = require(\"goap\")\ngoap.Action.cost = 99\ngoap.Extra = 5\nerror(\"boom\")\n"
			}
			if err := os.WriteFile(path, []byte(write), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := h.Reload(path); err == nil {
				t.Fatalf("sandbox %v, %q: the failing reload succeeded", sandboxed, before)
			}
			check := "local goap = require(\"goap\")\nprint(goap.Action.cost, goap.Extra, GoapSeen, package.loaded.goap == goap)\n" + tree
			if err := os.WriteFile(path, []byte(check), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := h.Reload(path); err != nil {
				t.Fatalf("sandbox %v, %q: %v", sandboxed, before, err)
			}
			if got, want := out.String(), "1\tnil\tnil\ttrue\n"; got != want {
				t.Errorf("sandbox %v, %q: after the failed reload the module reads %q, want %q", sandboxed, before, got, want)
			}
			h.Close()
		}
	}
}
