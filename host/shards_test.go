package host

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// seededFactory is a spawned script whose agents each draw an action per
// tick from their own Park-Miller generator (seeded by Spawn's args),
// count it in a tree variable and print it: nothing depends on another
// agent, so the output must not depend on the shard count.
const seededFactory = `ACTIONS = { "patrol", "alert", "attack" }
Pick = BTAction:New()
function Pick:OnUpdate()
    local s = self:GetVariable("seed") * 16807 % 2147483647
    self:SetVariable("seed", s)
    local act = ACTIONS[s % 3 + 1]
    self:SetVariable(act, (self:GetVariable(act) or 0) + 1)
    print(self:GetVariable("who") .. " " .. act)
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    tree:SetVariable("who", args.name)
    tree:SetVariable("seed", args.seed)
    tree:SetStartTask(Pick:New())
    return tree
end
`

// shardedHost returns a host of shards shards reading files, printing to
// out.
func shardedHost(t *testing.T, shards int, out *bytes.Buffer, files fstest.MapFS) *Host {
	t.Helper()
	h, err := New(Options{Stdout: out, FS: files, Shards: shards})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// 64 seeded agents ticked 30 times print the same lines in the same order
// and end with the same per-agent histograms with 1, 2 and 4 shards, and
// the histograms are those the generator gives in Go. Agents go to the
// shards round-robin by spawn order, or in runs after ExpectAgents: the
// placement changes nothing either.
func TestShardsDeterministic(t *testing.T) {
	const n, ticks = 64, 30
	want := make([][3]float64, n)
	for i := range want {
		s := int64(1000 + i*7919)
		for range ticks {
			s = s * 16807 % 2147483647
			want[i][s%3]++
		}
	}
	var first string
	for _, run := range []struct {
		shards int
		crowd  bool
	}{{1, false}, {2, false}, {4, false}, {2, true}, {4, true}} {
		shards := run.shards
		var out bytes.Buffer
		h := shardedHost(t, shards, &out, fstest.MapFS{"npc.lua": {Data: []byte(seededFactory)}})
		if run.crowd {
			h.ExpectAgents(n)
		}
		for i := range n {
			if _, err := h.Spawn("npc.lua", map[string]any{"name": fmt.Sprintf("a%02d", i), "seed": 1000 + i*7919}); err != nil {
				t.Fatal(err)
			}
		}
		if h.Shards() != shards {
			t.Fatalf("Shards() = %d, want %d", h.Shards(), shards)
		}
		for i, a := range h.Agents() {
			want := i % shards
			if run.crowd {
				want = i / (n / shards)
			}
			if a.Name() != fmt.Sprintf("a%02d", i) || h.ShardOf(a) != want {
				t.Fatalf("%d shards: agent %d is %s in shard %d, want a%02d in shard %d", shards, i, a.Name(), h.ShardOf(a), i, want)
			}
		}
		out.Reset() // the script's own run prints nothing; keep the ticks only
		for range ticks {
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
		}
		for i, a := range h.Agents() {
			var got [3]float64
			for k, act := range []string{"patrol", "alert", "attack"} {
				if v, err := a.GetFloat(act); err == nil {
					got[k] = v
				}
			}
			if got != want[i] {
				t.Fatalf("%d shards: agent %s histogram %v, want %v", shards, a.Name(), got, want[i])
			}
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) != n*ticks || !strings.HasPrefix(lines[0], "a00 ") || !strings.HasPrefix(lines[n-1], "a63 ") || !strings.HasPrefix(lines[n], "a00 ") {
			t.Fatalf("%d shards: %d lines, first %q, 64th %q: want %d lines in agent order per tick", shards, len(lines), lines[0], lines[n-1], n*ticks)
		}
		if first == "" {
			first = out.String()
		} else if out.String() != first {
			t.Fatalf("%d shards: the output differs from 1 shard's", shards)
		}
	}
}

// globalsScript: agent "w" writes the global variable n (its tick count)
// and "first" writes it too, one more; every agent prints what it reads.
const globalsScript = `local bt = require("bt")
Probe = BTAction:New()
function Probe:OnUpdate()
    local who = self:GetVariable("who")
    self.ticks = (self.ticks or 0) + 1
    print(who .. " reads " .. tostring(bt.GetGlobalVariable("n")))
    if who == "w" then bt.SetGlobalVariable("n", self.ticks * 10) end
    if who == "first" then bt.SetGlobalVariable("n", self.ticks * 10 + 1) end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    tree:SetVariable("who", args.name)
    tree:SetStartTask(Probe:New())
    return tree
end
`

// With shards, a global variable written in tick t is read by every
// agent, in every shard, in tick t+1 (in tick t they read the frame-start
// value, the writer too), and of two writers in one tick the later agent
// in agent order wins, whichever shard finishes first; Globals.OnChange
// hears the writes after the tick, in agent order. With 1, 2 and 4
// shards alike.
func TestShardsGlobalsAtFrameBoundary(t *testing.T) {
	for _, shards := range []int{1, 2, 4} {
		var out bytes.Buffer
		h := shardedHost(t, shards, &out, fstest.MapFS{"g.lua": {Data: []byte(globalsScript)}})
		for _, name := range []string{"a", "first", "w", "b", "c"} {
			if _, err := h.Spawn("g.lua", map[string]any{"name": name}); err != nil {
				t.Fatal(err)
			}
		}
		var heard []string
		h.Globals().OnChange(func(name string, old, new any) { heard = append(heard, fmt.Sprintf("%s %v->%v", name, old, new)) })
		want := []string{
			"a reads nil\nfirst reads nil\nw reads nil\nb reads nil\nc reads nil\n",
			"a reads 10\nfirst reads 10\nw reads 10\nb reads 10\nc reads 10\n",
		}
		for i, w := range want {
			if got := tickOut(t, h, &out); got != w {
				t.Fatalf("%d shards, tick %d:\n%s\nwant\n%s", shards, i+1, got, w)
			}
		}
		if got := fmt.Sprint(heard); got != "[n <nil>->11 n 11->10 n 10->21 n 21->20]" {
			t.Fatalf("%d shards: OnChange heard %s", shards, got)
		}
		if v := h.Globals().Get("n"); v != 20.0 {
			t.Fatalf("%d shards: Globals n = %v, want 20", shards, v)
		}
		// Set from Go between ticks reaches every shard at once.
		h.Globals().Set("n", 5)
		if got := tickOut(t, h, &out); !strings.HasPrefix(got, "a reads 5\nfirst reads 5\nw reads 5\nb reads 5\nc reads 5\n") {
			t.Fatalf("%d shards, after Set: %q", shards, got)
		}
	}
}

// tallyScript: every agent, each tick, reads the global variables total,
// last and hits, prints them, then writes total (plus its own k), last
// (its name) and hits (plus one, through the tree's SetVariable of a name
// only the global variables have).
const tallyScript = `local bt = require("bt")
Add = BTAction:New()
function Add:OnUpdate()
    local who, k = self:GetVariable("who"), self:GetVariable("k")
    local total, hits = bt.GetGlobalVariable("total"), self:GetVariable("hits")
    print(who .. " reads " .. total .. " " .. tostring(bt.GetGlobalVariable("last")) .. " " .. hits)
    bt.SetGlobalVariable("total", total + k)
    bt.SetGlobalVariable("last", who)
    self:SetVariable("hits", hits + 1)
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    tree:SetVariable("who", args.name)
    tree:SetVariable("k", args.k)
    tree:SetStartTask(Add:New())
    return tree
end
`

// tallyHost spawns agents a1..a6 (k 1..6) of tallyScript on a host of
// shards shards, with the global variables total and hits at 0.
func tallyHost(t *testing.T, shards int, out *bytes.Buffer) *Host {
	t.Helper()
	h := shardedHost(t, shards, out, fstest.MapFS{"tally.lua": {Data: []byte(tallyScript)}})
	h.Globals().Set("total", 0)
	h.Globals().Set("hits", 0)
	for k := 1; k <= 6; k++ {
		if _, err := h.Spawn("tally.lua", map[string]any{"name": fmt.Sprintf("a%d", k), "k": k}); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// Agents that write and read the global variables during their ticks see
// the same values with 1, 2 and 4 shards: in tick t every agent reads the
// frame-start values (total 6(t-1), the last writer a6 having added 6;
// hits t-1), and the writes apply after the join in agent order.
func TestShardsGlobalsSameForAnyShardCount(t *testing.T) {
	const ticks = 3
	var want strings.Builder
	for tick := 1; tick <= ticks; tick++ {
		last := "nil"
		if tick > 1 {
			last = "a6"
		}
		for k := 1; k <= 6; k++ {
			fmt.Fprintf(&want, "a%d reads %d %s %d\n", k, 6*(tick-1), last, tick-1)
		}
	}
	for _, shards := range []int{1, 2, 4} {
		var out bytes.Buffer
		h := tallyHost(t, shards, &out)
		var got strings.Builder
		for range ticks {
			got.WriteString(tickOut(t, h, &out))
		}
		if got.String() != want.String() {
			t.Fatalf("%d shards:\n%s\nwant\n%s", shards, got.String(), want.String())
		}
		g := h.Globals()
		if g.Get("total") != 18.0 || g.Get("last") != "a6" || g.Get("hits") != 3.0 {
			t.Fatalf("%d shards: total %v, last %v, hits %v; want 18, a6, 3", shards, g.Get("total"), g.Get("last"), g.Get("hits"))
		}
	}
}

// Shards 0 is the classic unsharded host: a global variable an agent
// writes is read at once by the agents ticked after it in the same tick
// (Behavior Designer's semantics).
func TestShardsZeroWritesAtOnce(t *testing.T) {
	var out bytes.Buffer
	h := tallyHost(t, 0, &out)
	if h.Shards() != 0 || h.rt.Sharding() {
		t.Fatalf("Shards() = %d, sharded %v; want the classic host", h.Shards(), h.rt.Sharding())
	}
	want := []string{
		"a1 reads 0 nil 0\na2 reads 1 a1 1\na3 reads 3 a2 2\na4 reads 6 a3 3\na5 reads 10 a4 4\na6 reads 15 a5 5\n",
		"a1 reads 21 a6 6\na2 reads 22 a1 7\na3 reads 24 a2 8\na4 reads 27 a3 9\na5 reads 31 a4 10\na6 reads 36 a5 11\n",
	}
	for i, w := range want {
		if got := tickOut(t, h, &out); got != w {
			t.Fatalf("tick %d:\n%s\nwant\n%s", i+1, got, w)
		}
	}
	g := h.Globals()
	if g.Get("total") != 42.0 || g.Get("last") != "a6" || g.Get("hits") != 12.0 {
		t.Fatalf("total %v, last %v, hits %v; want 42, a6, 12", g.Get("total"), g.Get("last"), g.Get("hits"))
	}
}

// A table written as a global variable reaches the other shards as a copy
// at the frame boundary; a function cannot cross Lua states: the script
// that writes one fails with an error naming the variable, and the others
// tick on. With 1 shard too (the same rules for every shard count).
func TestShardsGlobalValues(t *testing.T) {
	const script = `local bt = require("bt")
T = BTAction:New()
function T:OnUpdate()
    local who = self:GetVariable("who")
    local cfg = bt.GetGlobalVariable("cfg")
    print(who .. " " .. (cfg and cfg.speed or "none"))
    if who == "a" then bt.SetGlobalVariable("cfg", { speed = 3 }) end
    if who == "f" then bt.SetGlobalVariable("fn", function() end) end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree:SetVariable("who", args.name)
    tree:SetStartTask(T:New())
    return tree
end
`
	for _, shards := range []int{1, 2} {
		var out bytes.Buffer
		h := shardedHost(t, shards, &out, fstest.MapFS{"v.lua": {Data: []byte(script)}})
		for _, name := range []string{"a", "b", "f"} {
			if _, err := h.Spawn("v.lua", map[string]any{"name": name}); err != nil {
				t.Fatal(err)
			}
		}
		err := h.Tick(0.1)
		if err == nil || !strings.Contains(err.Error(), `global variable "fn": a function cannot be shared between shards`) || !strings.Contains(err.Error(), "v.lua:8") {
			t.Fatalf("%d shards, tick 1: %v", shards, err)
		}
		if got := out.String(); got != "a none\nb none\nf none\n" {
			t.Fatalf("%d shards, tick 1: %q", shards, got)
		}
		out.Reset()
		if got := tickOut(t, h, &out); got != "a 3\nb 3\n" {
			t.Fatalf("%d shards, tick 2: %q", shards, got)
		}
		if cfg, ok := h.Globals().Get("cfg").(map[string]any); !ok || cfg["speed"] != 3.0 {
			t.Fatalf("%d shards: Globals cfg = %#v", shards, h.Globals().Get("cfg"))
		}
	}
}

// An agent of shard 2 whose script fails is stopped; the agents of every
// shard tick on, and Tick's error names its file and line. Under
// FailTick, of two agents failing in one tick in different shards, the
// first in agent order is the StrictError, whichever shard ends first.
func TestShardsErrorIsolation(t *testing.T) {
	const script = `T = BTAction:New()
function T:OnUpdate()
    local who = self:GetVariable("who")
    print(who .. " ticks")
    if who == "bad" or who == "bad2" then error("broken " .. who) end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    tree:SetVariable("who", args.name)
    tree:SetStartTask(T:New())
    return tree
end
`
	var out bytes.Buffer
	h := shardedHost(t, 3, &out, fstest.MapFS{"e.lua": {Data: []byte(script)}})
	for _, name := range []string{"a", "b", "bad", "d", "e", "f"} {
		if _, err := h.Spawn("e.lua", map[string]any{"name": name}); err != nil {
			t.Fatal(err)
		}
	}
	bad := h.Agents()[2]
	if h.ShardOf(bad) != 2 {
		t.Fatalf("bad is in shard %d", h.ShardOf(bad))
	}
	err := h.Tick(0.1)
	if err == nil || !strings.Contains(err.Error(), "e.lua:5: broken bad") {
		t.Fatalf("tick 1: %v", err)
	}
	if got := out.String(); got != "a ticks\nb ticks\nbad ticks\nd ticks\ne ticks\nf ticks\n" {
		t.Fatalf("tick 1: %q", got)
	}
	out.Reset()
	if got := tickOut(t, h, &out); got != "a ticks\nb ticks\nd ticks\ne ticks\nf ticks\n" {
		t.Fatalf("tick 2: %q", got)
	}
	if f := h.Failed(); len(f) != 1 || f[0] != bad {
		t.Fatalf("Failed() = %v", f)
	}

	strict, err := New(Options{Stdout: &out, FS: fstest.MapFS{"e.lua": {Data: []byte(script)}}, Shards: 2,
		ErrorPolicy: ErrorPolicy{Action: FailTick}})
	if err != nil {
		t.Fatal(err)
	}
	defer strict.Close()
	for _, name := range []string{"a", "bad2", "bad", "d"} {
		if _, err := strict.Spawn("e.lua", map[string]any{"name": name}); err != nil {
			t.Fatal(err)
		}
	}
	for range 20 { // each round, either shard may end first
		err := strict.Tick(0.1)
		se, ok := err.(*StrictError)
		if !ok || se.Agent != strict.Agents()[1] || !strings.Contains(se.Error(), "broken bad2") {
			t.Fatalf("FailTick: %v, want the StrictError of bad2", err)
		}
		for _, a := range strict.Agents() {
			a.tree().Err = nil // fail again next round
		}
	}
}

// A reload reaches every agent in every shard (class-level: the running
// trees keep their state and call the new code), and a reload that fails
// in one shard only (the factory refuses the agent of shard 1) changes
// nothing in any shard: shard 0, whose run had succeeded, is put back,
// its classes and the global variable its run wrote.
func TestShardsReload(t *testing.T) {
	version := func(word, refuse string) string {
		return `require("bt").SetGlobalVariable("version", "` + word + `")
W = BTAction:New()
function W:OnUpdate()
    self.n = (self.n or 0) + 1
    print(self:GetVariable("who") .. " ` + word + ` " .. self.n)
    return BTTaskStatus.Running
end
return function(args)
    if args.name == "` + refuse + `" then error("no " .. args.name) end
    local tree = BTBehaviorTree:New()
    tree.name = args.name
    tree:SetVariable("who", args.name)
    tree:SetStartTask(W:New())
    return tree
end
`
	}
	files := fstest.MapFS{"w.lua": {Data: []byte(version("v1", ""))}}
	var out bytes.Buffer
	h := shardedHost(t, 2, &out, files)
	for _, name := range []string{"a", "b", "c", "d"} {
		if _, err := h.Spawn("w.lua", map[string]any{"name": name}); err != nil {
			t.Fatal(err)
		}
	}
	if got := tickOut(t, h, &out); got != "a v1 1\nb v1 1\nc v1 1\nd v1 1\n" {
		t.Fatalf("tick 1: %q", got)
	}
	files["w.lua"] = &fstest.MapFile{Data: []byte(version("v2", ""))}
	rep, err := h.Reload("w.lua")
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(rep.Classes, rep.Changed, rep.Rebuilt) != "[W] [W.OnUpdate] []" {
		t.Fatalf("report: %v %v %v", rep.Classes, rep.Changed, rep.Rebuilt)
	}
	if got := tickOut(t, h, &out); got != "a v2 2\nb v2 2\nc v2 2\nd v2 2\n" {
		t.Fatalf("tick 2, after the reload: %q", got)
	}
	files["w.lua"] = &fstest.MapFile{Data: []byte(version("v3", "d"))}
	if _, err := h.Reload("w.lua"); err == nil || !strings.Contains(err.Error(), "no d") {
		t.Fatalf("reload refused in shard 1: %v", err)
	}
	if got := tickOut(t, h, &out); got != "a v2 3\nb v2 3\nc v2 3\nd v2 3\n" {
		t.Fatalf("tick 3, after the refused reload: %q", got)
	}
	if v := h.Globals().Get("version"); v != "v2" {
		t.Fatalf("version = %v, want v2", v)
	}
}

// Watch on a sharded host watches each file once, whichever shards load
// it (before or after Watch), and a change the watcher reports is
// reloaded in every shard at the next tick: the agents of both shards
// call the new code.
func TestShardsWatch(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	walker := write("walker.lua", walkerModule("walk"))
	main := write("main.lua", "require(\"walker\")\nreturn Walker:New()\n")
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Shards: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.LoadFile(main); err != nil {
		t.Fatal(err)
	}
	w := &fakeWatcher{}
	if err := h.Watch(w); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(main); err != nil { // shard 1, after Watch
		t.Fatal(err)
	}
	if got := fmt.Sprint(w.added); got != fmt.Sprint([]string{main, walker}) {
		t.Fatalf("watched %s", got)
	}
	if got := tickOut(t, h, &out); got != "walk 1\nwalk 1\n" {
		t.Fatalf("tick 1: %q", got)
	}
	w.changes = []Change{{Path: walker, Text: []byte(walkerModule("run"))}}
	if got := tickOut(t, h, &out); got != "run 2\nrun 2\n" {
		t.Fatalf("tick 2, after the change: %q", got)
	}
}

// The CPU budget is per shard: an agent of shard 1 in an endless loop is
// stopped with the budget's error while the agents of shard 0 and its
// own shard tick on.
func TestShardsBudget(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Shards: 2, Budget: 20 * time.Millisecond, FS: fstest.MapFS{"b.lua": {Data: []byte(`T = BTAction:New()
function T:OnUpdate()
    local who = self:GetVariable("who")
    if who == "loop" then while true do end end
    print(who)
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree:SetVariable("who", args.name)
    tree:SetStartTask(T:New())
    return tree
end
`)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for _, name := range []string{"a", "loop", "c", "d"} {
		if _, err := h.Spawn("b.lua", map[string]any{"name": name}); err != nil {
			t.Fatal(err)
		}
	}
	err = h.Tick(0.1)
	if err == nil || !strings.Contains(err.Error(), "b.lua:4: CPU budget of 20ms exceeded (task T; tick of agent") {
		t.Fatalf("tick 1: %v", err)
	}
	if got := out.String(); got != "a\nc\nd\n" {
		t.Fatalf("tick 1: %q", got)
	}
	out.Reset()
	if got := tickOut(t, h, &out); got != "a\nc\nd\n" {
		t.Fatalf("tick 2: %q", got)
	}
}

// A file is compiled once: the states of both shards, each of which
// loaded the script, run closures of one prototype.
func TestShardsShareCompiled(t *testing.T) {
	h := shardedHost(t, 2, &bytes.Buffer{}, fstest.MapFS{"w.lua": {Data: []byte(
		"W = BTAction:New()\nfunction W:OnUpdate() return BTTaskStatus.Running end\nreturn W:New()\n")}})
	for range 2 {
		if _, err := h.LoadFile("w.lua"); err != nil {
			t.Fatal(err)
		}
	}
	var fns []*lua.LFunction
	for i := range h.Shards() {
		v, err := h.rt.ShardDoString(i, "return W.OnUpdate")
		if err != nil {
			t.Fatal(err)
		}
		fns = append(fns, v[0].(*lua.LFunction))
	}
	if fns[0] == fns[1] || fns[0].Proto != fns[1].Proto {
		t.Fatalf("W.OnUpdate: closures %p and %p, prototypes %p and %p; want two closures of one prototype", fns[0], fns[1], fns[0].Proto, fns[1].Proto)
	}
}

// The tick gate and the tick count work on a sharded host as on another:
// a closed gate skips the tick in every shard.
func TestShardsTickGate(t *testing.T) {
	var out bytes.Buffer
	h := shardedHost(t, 2, &out, fstest.MapFS{"npc.lua": {Data: []byte(seededFactory)}})
	for i := range 2 {
		if _, err := h.Spawn("npc.lua", map[string]any{"name": fmt.Sprint(i), "seed": 1}); err != nil {
			t.Fatal(err)
		}
	}
	open := false
	h.SetTickGate(func() bool { return open })
	if got := tickOut(t, h, &out); got != "" || h.Ticks() != 0 {
		t.Fatalf("gate closed: %q, %d ticks", got, h.Ticks())
	}
	open = true
	if got := tickOut(t, h, &out); got != "0 alert\n1 alert\n" || h.Ticks() != 1 || h.Clock() != 0.1 {
		t.Fatalf("gate open: %q, %d ticks, clock %v", got, h.Ticks(), h.Clock())
	}
}

// Interrupt on a sharded host stops the script running in any shard: an
// agent of shard 1 in an endless loop (under a budget of a minute) is
// stopped with "interrupted", the others tick on. (The interrupt comes
// once shard 0's last agent has ticked and the loop has begun.)
func TestShardsInterrupt(t *testing.T) {
	var out bytes.Buffer
	h, err := New(Options{Stdout: &out, Shards: 2, Budget: time.Minute, FS: fstest.MapFS{"b.lua": {Data: []byte(`T = BTAction:New()
function T:OnUpdate()
    local who = self:GetVariable("who")
    if who == "loop" then Signal(who); while true do end end
    print(who)
    Signal(who)
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree:SetVariable("who", args.name)
    tree:SetStartTask(T:New())
    return tree
end
`)}}})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	signals := make(chan string, 3)
	h.SetGlobal("Signal", func(who string) { signals <- who })
	for _, name := range []string{"a", "loop", "c"} {
		if _, err := h.Spawn("b.lua", map[string]any{"name": name}); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 3 {
			<-signals
		}
		// c's OnUpdate returns: shard 0's stretch ends (its agents have
		// all ticked), while shard 1 loops.
		for h.rt.ShardStretching(0) {
			runtime.Gosched()
		}
		if !h.Interrupt() {
			t.Error("Interrupt found no script running")
		}
	}()
	err = h.Tick(0.1)
	<-done
	if err == nil || !strings.Contains(err.Error(), "b.lua:4: interrupted (task T; tick of agent") {
		t.Fatalf("tick: %v", err)
	}
	if got := out.String(); got != "a\nc\n" {
		t.Fatalf("tick: %q", got)
	}
}

// Close runs the OnEnds of the running trees in agent order, whichever
// shard each is in, as the classic host (Shards 0) does.
func TestShardsCloseOrder(t *testing.T) {
	for _, shards := range []int{0, 1, 3} {
		var out bytes.Buffer
		h, err := New(Options{Stdout: &out, Shards: shards, FS: fstest.MapFS{"c.lua": {Data: []byte(`T = BTAction:New()
function T:OnUpdate() return BTTaskStatus.Running end
function T:OnEnd() print("end " .. self:GetVariable("who")) end
return function(args)
    local tree = BTBehaviorTree:New()
    tree:SetVariable("who", args.name)
    tree:SetStartTask(T:New())
    return tree
end
`)}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"a", "b", "c", "d", "e"} {
			if _, err := h.Spawn("c.lua", map[string]any{"name": name}); err != nil {
				t.Fatal(err)
			}
		}
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
		if err := h.Close(); err != nil {
			t.Fatal(err)
		}
		if got := out.String(); got != "end a\nend b\nend c\nend d\nend e\n" {
			t.Fatalf("%d shards: %q", shards, got)
		}
	}
}

// ExpectAgents places the announced agents in runs of ceil(n/shards), a
// failed Spawn not counted, then the host goes back to turns; n <= 0
// cancels the rest of an announcement.
func TestExpectAgentsPlacesRuns(t *testing.T) {
	h := shardedHost(t, 3, &bytes.Buffer{}, fstest.MapFS{"npc.lua": {Data: []byte(seededFactory)}})
	spawn := func(path string) int {
		a, err := h.Spawn(path, map[string]any{"name": "a", "seed": 1})
		if err != nil {
			return -1
		}
		return h.ShardOf(a)
	}
	h.ExpectAgents(7) // runs of 3: 0 0 0 1 1 1 2
	var got []int
	for i := range 8 { // the 8th goes to the next shard in turn: 0
		if i == 4 {
			got = append(got, spawn("missing.lua")) // fails: not counted
		}
		got = append(got, spawn("npc.lua"))
	}
	h.ExpectAgents(2) // runs of 1
	got = append(got, spawn("npc.lua"))
	h.ExpectAgents(0) // back to turns: shard 1 after the 8th
	got = append(got, spawn("npc.lua"))
	want := []int{0, 0, 0, 1, -1, 1, 1, 2, 0, 0, 1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("shards %v, want %v", got, want)
	}
}
