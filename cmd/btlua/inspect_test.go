package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/host"
)

// A structure-level reload ends the old tree's running tasks with the
// cause "reload"; the trace prints them before the first tick of the new
// tree.
func TestTraceReload(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "guard.lua")
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`local s = BTSequence:New(); s.name = "Seq"
local w = BTWait:New(10); w.name = "Wait"
s:AddChild(w)
local t = BTBehaviorTree:New(); t.name = "guard"; t:SetStartTask(s)
return t`)
	h, err := host.New(host.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	tr := newTracer(&out)
	step := func(n int) {
		tr.before(h, n)
		if err := h.Tick(1); err != nil {
			t.Fatal(err)
		}
		tr.after(h, n)
	}
	step(1)
	write(`local s = BTSelector:New(); s.name = "Sel"
local w = BTWait:New(10); w.name = "Wait"
s:AddChild(w)
local t = BTBehaviorTree:New(); t.name = "guard"; t:SetStartTask(s)
return t`)
	if _, err := h.Reload(path); err != nil {
		t.Fatal(err)
	}
	step(2)
	want := "tick 1 guard: Seq: Inactive -> Running\n" +
		"tick 1 guard: Seq/Wait[1]: Inactive -> Running\n" +
		"tick 2 guard: Seq: Running -> ended (reload)\n" +
		"tick 2 guard: Seq/Wait[1]: Running -> ended (reload)\n" +
		"tick 2 guard: Sel: Inactive -> Running\n" +
		"tick 2 guard: Sel/Wait[1]: Inactive -> Running\n"
	if out.String() != want {
		t.Errorf("trace:\n%s\nwant:\n%s", out.String(), want)
	}
}
