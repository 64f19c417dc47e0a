package host

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/btlua/btlua/stdlib/bt"
)

// saveScript: a Lua task with data fields (a number, a nested table, a
// reference to another task of the tree), a seeded random selector, a
// Wait and a Repeater, printing what it does each tick.
const saveScript = `
Counter = BTAction:New()
function Counter:New(name, other)
  local o = {n = 0, log = {}, other = other, name = name}
  setmetatable(o, self); self.__index = self
  return o
end
function Counter:OnUpdate()
  self.n = self.n + 1
  self.log[#self.log + 1] = self.n * 2
  print(self.name .. " " .. self.n .. " sum " .. (#self.log) .. " other " .. self.other.name)
  if self.n % 3 == 0 then return BTTaskStatus.Success end
  return BTTaskStatus.Running
end
local pick = BTRandomSelector:New(7)
local a = Counter:New("a", nil)
local b = Counter:New("b", a)
a.other = b
pick:AddChild(a)
pick:AddChild(b)
local seq = BTSequence:New()
seq:AddChild(pick)
seq:AddChild(BTWait:New(0.25))
local rep = BTRepeater:New(50)
rep:AddChild(seq)
local tree = BTBehaviorTree:New()
tree:SetStartTask(rep)
tree:SetVariable("seen", 3)
return tree
`

func saveHost(t *testing.T, files fstest.MapFS, out *bytes.Buffer) *Host {
	t.Helper()
	return saveHostShards(t, files, out, 0)
}

func saveHostShards(t *testing.T, files fstest.MapFS, out *bytes.Buffer, shards int) *Host {
	t.Helper()
	h, err := New(Options{Stdout: out, FS: files, Logger: lineLogger(io.Discard), BTAIGlobals: true, Shards: shards})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// snapshotAfter loads the script name of files in a fresh host printing
// to out, ticks it k times and returns its first agent's snapshot.
func snapshotAfter(t *testing.T, files fstest.MapFS, name string, k int, out *bytes.Buffer) []byte {
	t.Helper()
	h := saveHost(t, files, out)
	agents, err := h.LoadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, k)
	data, err := agents[0].Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func ticks(t *testing.T, h *Host, n int) {
	t.Helper()
	for range n {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
}

// Run N ticks prints what run k, Snapshot, Restore in a fresh host and
// run N-k print, for every k.
func TestSnapshotRestoreResumes(t *testing.T) {
	files := fstest.MapFS{"s.lua": {Data: []byte(saveScript)}}
	const n = 30
	var full bytes.Buffer
	ref := saveHost(t, files, &full)
	if _, err := ref.LoadFile("s.lua"); err != nil {
		t.Fatal(err)
	}
	ticks(t, ref, n)
	for k := 1; k < n; k++ {
		var out bytes.Buffer
		data := snapshotAfter(t, files, "s.lua", k, &out)
		h2 := saveHost(t, files, &out)
		a2, err := h2.Restore(data)
		if err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		ticks(t, h2, n-k)
		if out.String() != full.String() {
			t.Fatalf("k=%d: output\n%s\nwant\n%s", k, out.String(), full.String())
		}
		if v, err := a2.GetFloat("seen"); err != nil || v != 3 {
			t.Fatalf("k=%d: variable seen = %v, %v", k, v, err)
		}
	}
}

// A function in a task's field is refused by name: agent, task path,
// class and field; saveSkip leaves it out, and the restore keeps the
// script's own.
func TestSnapshotRefusesFunctionField(t *testing.T) {
	script := func(skip string) string {
		return `
Act = BTAction:New()
` + skip + `
function Act:New()
  local calls = 0
  local o = {cb = function() calls = calls + 1; return calls end, deep = {list = {1, 2, print}}}
  setmetatable(o, self); self.__index = self
  return o
end
function Act:OnUpdate() print("cb " .. self.cb()) return BTTaskStatus.Running end
local s = BTSequence:New()
s.name = "root"
s:AddChild(Act:New())
return s
`
	}
	var out bytes.Buffer
	h := saveHost(t, fstest.MapFS{"f.lua": {Data: []byte(script(""))}}, &out)
	agents, err := h.LoadFile("f.lua")
	if err != nil {
		t.Fatal(err)
	}
	_, err = agents[0].Snapshot()
	want := "host: saving agent root (f.lua): task root/Act[1] (Act) field cb holds a function with upvalues (state a save cannot see; keep it in fields, or list the field in saveSkip), which a save cannot hold"
	if err == nil || err.Error() != want {
		t.Fatalf("Snapshot: %v\nwant %s", err, want)
	}

	files := fstest.MapFS{"f.lua": {Data: []byte(script(`Act.saveSkip = {"cb"}`))}}
	h = saveHost(t, files, &out)
	agents, err = h.LoadFile("f.lua")
	if err != nil {
		t.Fatal(err)
	}
	_, err = agents[0].Snapshot()
	want = "host: saving agent root (f.lua): task root/Act[1] (Act) field deep.list[3] holds a Go function, which a save cannot hold"
	if err == nil || err.Error() != want {
		t.Fatalf("Snapshot with saveSkip cb: %v\nwant %s", err, want)
	}

	files = fstest.MapFS{"f.lua": {Data: []byte(script(`Act.saveSkip = {"cb", "deep"}`))}}
	out.Reset()
	h = saveHost(t, files, &out)
	agents, err = h.LoadFile("f.lua")
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 1)
	data, err := agents[0].Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	h2 := saveHost(t, files, &out)
	if _, err := h2.Restore(data); err != nil {
		t.Fatal(err)
	}
	ticks(t, h2, 1)
	// The restored agent has the script's own cb, whose count starts
	// again: what saveSkip means.
	if out.String() != "cb 1\ncb 1\n" {
		t.Fatalf("output %q", out.String())
	}
}

// A class with OnSave/OnLoad saves what OnSave returns and gets it back
// in OnLoad; its fields are not saved.
func TestSnapshotOnSaveOnLoad(t *testing.T) {
	files := fstest.MapFS{"h.lua": {Data: []byte(`
Timer = BTAction:New()
function Timer:New()
  local o = {left = 3, tick = function() end}
  setmetatable(o, self); self.__index = self
  return o
end
function Timer:OnSave() return {left = self.left} end
function Timer:OnLoad(data) self.left = data.left; print("loaded " .. data.left) end
function Timer:OnUpdate()
  self.left = self.left - 1
  print("left " .. self.left)
  if self.left == 0 then return BTTaskStatus.Success end
  return BTTaskStatus.Running
end
return Timer:New()
`)}}
	var out bytes.Buffer
	data := snapshotAfter(t, files, "h.lua", 1, &out)
	h2 := saveHost(t, files, &out)
	if _, err := h2.Restore(data); err != nil {
		t.Fatal(err)
	}
	ticks(t, h2, 2)
	if want := "left 2\nloaded 2\nleft 1\nleft 0\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
}

// A BTCoroutine running when saved starts over after a restore: OnStart
// again, its function from the top (the documented rule).
func TestSnapshotCoroutineRestarts(t *testing.T) {
	files := fstest.MapFS{"c.lua": {Data: []byte(`
local co = BTCoroutine:New(function(task)
  print("step 1")
  coroutine.yield()
  print("step 2")
  coroutine.yield()
  print("step 3")
end)
co.name = "co"
function co:OnStart() print("start") end
return co
`)}}
	var out bytes.Buffer
	data := snapshotAfter(t, files, "c.lua", 2, &out)
	out.WriteString("-- restored\n")
	h2 := saveHost(t, files, &out)
	a2, err := h2.Restore(data)
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h2, 3)
	want := "start\nstep 1\nstep 2\n-- restored\nstart\nstep 1\nstep 2\nstep 3\n"
	if out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
	if a2.Status() != bt.Success {
		t.Fatalf("status %v", a2.Status())
	}
}

// Bad saves are refused with ErrBadSave and a message naming what is
// wrong, and leave the host without a new agent.
func TestRestoreBadInput(t *testing.T) {
	files := fstest.MapFS{"s.lua": {Data: []byte(saveScript)}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	agents, err := h.LoadFile("s.lua")
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 4)
	data, err := agents[0].Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(from, to string) []byte {
		if !bytes.Contains(data, []byte(from)) {
			t.Fatalf("the save has no %q", from)
		}
		return resealed(bytes.Replace(data, []byte(from), []byte(to), 1))
	}
	gz := Gzip(data)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "bad save: empty"},
		{"truncated", data[:len(data)/2], fmt.Sprintf("bad save: truncated (unexpected end of the JSON) at byte %d", len(data)/2)},
		{"not JSON", []byte("format: btlua-save"), "bad save: not a btlua save (not JSON: invalid character 'o' in literal false (expecting 'a') at byte 2 of 18)"},
		{"status a string", edit(`"kind":"BTSequence","st":3`, `"kind":"BTSequence","st":"running"`),
			`bad save: load 1 (s.lua), agent 1, tree, task 2 (BTRepeater/BTSequence[1]): "st" is a string, want a status number`},
		{"ticks negative", edit(`"ticks":4`, `"ticks":-4`), `bad save: load 1 (s.lua), agent 1, tree: "ticks" is the number -4, want a whole number >= 0`},
		{"tasks an object", edit(`"tasks":[`, `"tasks":{"a":1},"x":[`), `bad save: load 1 (s.lua), agent 1, tree: "tasks" is an object, want a list`},
		{"variable name a number", edit(`{"name":"seen"`, `{"name":7`), `bad save: load 1 (s.lua), agent 1, variable 1: "name" is the number 7, want a string`},
		{"gzip truncated", gz[:len(gz)/2], "bad save: gzip: unexpected EOF (truncated or corrupted)"},
		{"foreign format", edit(`"format":"btlua-save"`, `"format":"other"`), `bad save: format "other", want "btlua-save"`},
		{"foreign version", edit(`"version":3`, `"version":7`), "bad save: version 7; this btlua reads versions 1 to 3"},
		{"unknown field", edit(`"format"`, `"extra":1,"format"`), `bad save: "extra" is an unknown key`},
		{"child index", edit(`"kind":"BTSequence","st":3,"f":3,"tk":4,"seq":2,"own":[1]`, `"kind":"BTSequence","st":3,"f":3,"tk":4,"seq":2,"own":[9]`),
			"host: restoring agent BTBehaviorTree: bad save: BTRepeater/BTSequence[1] (BTSequence): value 1 of its state is 9, want a whole number in [0, 2]"},
		{"task reference", edit(`{"task":3}`, `{"task":99}`), `"task" reference 99 is not one of the 6 saved`},
		{"status null", edit(`"kind":"BTSequence","st":3`, `"kind":"BTSequence","st":null`),
			`bad save: load 1 (s.lua), agent 1, tree, task 2 (BTRepeater/BTSequence[1]): "st" is null, want a status number`},
		{"path edited", edit(`"path":"BTRepeater/BTSequence[1]"`, `"path":"BTRepeater/Sequence[1]"`),
			"host: restoring agent BTBehaviorTree: bad save: task 2 is BTRepeater/Sequence[1] in the save, BTRepeater/BTSequence[1] in the tree (of the same structure signature)"},
	}
	for _, c := range cases {
		_, err := h.Restore(c.data)
		if err == nil || !errors.Is(err, ErrBadSave) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant ErrBadSave containing %s", c.name, err, c.want)
		}
		if n := len(h.Agents()); n != 1 {
			t.Errorf("%s: %d agents after a failed restore, want 1", c.name, n)
		}
	}
}

// A save restores onto a changed script: with the same structure (only a
// class's code changed) in order; with a task added, by path and class;
// with a saved task gone, the error lists it.
func TestRestoreChangedScript(t *testing.T) {
	base := func(extra, body string) string {
		return `
Act = BTAction:New()
function Act:New(name) local o = {n = 0, name = name}; setmetatable(o, self); self.__index = self; return o end
function Act:OnUpdate() self.n = self.n + 1; print(self.name .. " " .. self.n ` + body + `) return BTTaskStatus.Running end
local p = BTParallel:New()
p.name = "p"
p:AddChild(Act:New("x"))
` + extra + `
return p
`
	}
	var out bytes.Buffer
	h := saveHost(t, fstest.MapFS{"r.lua": {Data: []byte(base(`p:AddChild(Act:New("y"))`, ""))}}, &out)
	agents, err := h.LoadFile("r.lua")
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 2)
	data, err := agents[0].Snapshot()
	if err != nil {
		t.Fatal(err)
	}

	out.Reset()
	h2 := saveHost(t, fstest.MapFS{"r.lua": {Data: []byte(base(`p:AddChild(Act:New("y"))`, `.. " (new code)"`))}}, &out)
	if _, err := h2.Restore(data); err != nil {
		t.Fatal(err)
	}
	ticks(t, h2, 1)
	if want := "x 3 (new code)\ny 3 (new code)\n"; out.String() != want {
		t.Fatalf("same structure: %q, want %q", out.String(), want)
	}

	out.Reset()
	h3 := saveHost(t, fstest.MapFS{"r.lua": {Data: []byte(base(`p:AddChild(Act:New("y")); p:AddChild(Act:New("z"))`, ""))}}, &out)
	if _, err := h3.Restore(data); err != nil {
		t.Fatal(err)
	}
	ticks(t, h3, 1)
	if want := "x 3\ny 3\nz 1\n"; out.String() != want {
		t.Fatalf("a task added: %q, want %q", out.String(), want)
	}

	h4 := saveHost(t, fstest.MapFS{"r.lua": {Data: []byte(base(``, ""))}}, &out)
	_, err = h4.Restore(data)
	var mm *bt.MismatchError
	want := "host: restoring agent p: the tree changed: 1 saved tasks have no task of the same path and class in the tree: p/y[2] (Act)"
	if !errors.As(err, &mm) || err.Error() != want {
		t.Fatalf("a task removed: %v\nwant %s", err, want)
	}
	if len(h4.Agents()) != 0 {
		t.Fatalf("%d agents after a failed restore", len(h4.Agents()))
	}
}

// SnapshotAll and RestoreAll carry the global variables, the host's
// tick count and every agent.
func TestSnapshotAllGlobals(t *testing.T) {
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) { testSnapshotAllGlobals(t, shards) })
	}
}

func testSnapshotAllGlobals(t *testing.T, shards int) {
	files := fstest.MapFS{"g.lua": {Data: []byte(`
local bt = require("bt")
Count = BTAction:New()
function Count:New() local o = {name = "count"}; setmetatable(o, self); self.__index = self; return o end
-- A method of the class: its upvalue bt is code, not the task's state.
function Count:OnUpdate()
  local c = bt.GetGlobalVariable("count") or 0
  local l = bt.GetGlobalVariable("list")
  print("count " .. c .. " list " .. (l and l[1] .. l[2].deep or "-"))
  bt.SetGlobalVariable("count", c + 1)
  bt.SetGlobalVariable("list", {c, {deep = "x"}})
  return BTTaskStatus.Running
end
return Count:New()
`)}}
	run := func(out *bytes.Buffer, n int) *Host {
		h := saveHostShards(t, files, out, shards)
		for range 2 {
			if _, err := h.LoadFile("g.lua"); err != nil {
				t.Fatal(err)
			}
		}
		ticks(t, h, n)
		return h
	}
	var full bytes.Buffer
	run(&full, 4)
	var out bytes.Buffer
	h := run(&out, 2)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	h2 := saveHostShards(t, files, &out, shards)
	agents, err := h2.RestoreAll(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(agents) != 2 || h2.Ticks() != 2 {
		t.Fatalf("%d agents, %d ticks", len(agents), h2.Ticks())
	}
	ticks(t, h2, 2)
	if out.String() != full.String() {
		t.Fatalf("output\n%s\nwant\n%s", out.String(), full.String())
	}
	if shards == 0 && !strings.HasSuffix(full.String(), "count 6 list 5x\ncount 7 list 6x\n") {
		t.Fatalf("the classic host's run printed\n%s", full.String())
	}
}

// A BTAI tree (Repeat, Wait, a Sequence with its active child, a
// coroutine action) resumes after a save at every tick; its coroutine
// starts over (the rule for coroutines).
func TestSnapshotBTAIResumes(t *testing.T) {
	files := fstest.MapFS{"b.lua": {Data: []byte(`
local root = BT.Root()
root:OpenBranch(
    BT.Repeat(3):OpenBranch(
        BT.Call(function() print("step " .. BT.Frame()) end),
        BT.Wait(0.25)
    ),
    BT.Call(function() print("done " .. BT.Frame()) end)
)
return root
`)}}
	const n = 16
	var full bytes.Buffer
	ref := saveHost(t, files, &full)
	if _, err := ref.LoadFile("b.lua"); err != nil {
		t.Fatal(err)
	}
	ticks(t, ref, n)
	for k := 1; k < n; k++ {
		var out bytes.Buffer
		h := saveHost(t, files, &out)
		if _, err := h.LoadFile("b.lua"); err != nil {
			t.Fatal(err)
		}
		ticks(t, h, k)
		data, err := h.SnapshotAll()
		if err != nil {
			t.Fatal(err)
		}
		h2 := saveHost(t, files, &out)
		if _, err := h2.RestoreAll(data); err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		ticks(t, h2, n-k)
		if out.String() != full.String() {
			t.Fatalf("k=%d: output\n%s\nwant\n%s", k, out.String(), full.String())
		}
	}
}

// A restore that fails changes nothing: not even a table the script
// shares between its agents (a chunk local of a factory script), which a
// restore that succeeds refills in place.
func TestRestoreFailedChangesNothing(t *testing.T) {
	files := fstest.MapFS{"fac.lua": {Data: []byte(`
local shared = {n = 0}
Act = BTAction:New()
function Act:New() local o = {shared = shared, own = 0}; setmetatable(o, self); self.__index = self; return o end
function Act:OnUpdate()
  self.shared.n = self.shared.n + 1
  self.own = self.own + 1
  print("shared " .. self.shared.n .. " own " .. self.own)
  return BTTaskStatus.Running
end
return function(args)
  local s = BTSequence:New()
  s:AddChild(Act:New())
  local tree = BTBehaviorTree:New()
  tree.name = "s"
  tree:SetStartTask(s)
  tree:SetVariable("v", 1)
  return tree
end
`)}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	a, err := h.Spawn("fac.lua", nil)
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 3)
	data, err := a.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 2)
	// The variables are read after the task fields: a bad one comes
	// after the fields were decoded, so only the first, checking pass
	// keeps the shared table as it is.
	bad := bytes.Replace(data, []byte(`"name":"v","v":1`), []byte(`"name":"v","v":{"t":42}`), 1)
	if bytes.Equal(bad, data) {
		t.Fatalf("the save has no variable v of 1: %s", data)
	}
	if _, err := h.Restore(bad); err == nil || !errors.Is(err, ErrBadSave) {
		t.Fatalf("Restore of a bad save: %v", err)
	}
	out.Reset()
	ticks(t, h, 1)
	if len(h.Agents()) != 1 || out.String() != "shared 6 own 6\n" {
		t.Fatalf("%d agents; after the failed restore the agent printed %q", len(h.Agents()), out.String())
	}
	b, err := h.Restore(data)
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	ticks(t, h, 1)
	if want := "shared 4 own 7\nshared 5 own 4\n"; len(h.Agents()) != 2 || out.String() != want || b.Name() != "s" {
		t.Fatalf("after the restore: %d agents, printed %q, want %q", len(h.Agents()), out.String(), want)
	}
}
