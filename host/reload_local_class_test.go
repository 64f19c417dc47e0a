package host

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// guardLua is README's guard.lua, its classes held only in locals, with
// the word the patrol prints as a parameter (the edit a reload makes).
func guardLua(word string) string {
	return `-- A guard patrols until it sees an enemy, then attacks.
local enemySeen = false

local CanSeeEnemy = BTConditional:New()
CanSeeEnemy.name = "CanSeeEnemy"
function CanSeeEnemy:OnUpdate()
    if enemySeen then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end

local Patrol = BTAction:New()
Patrol.name = "Patrol"
function Patrol:OnStart() self.steps = 0 end
function Patrol:OnUpdate()
    self.steps = self.steps + 1
    print("patrol ` + word + ` " .. self.steps)
    if self.steps == 3 then enemySeen = true end -- the game would set this
    return BTTaskStatus.Running
end
function Patrol:OnEnd() print("patrol ended") end

local attack = BTSequence:New()
attack:SetAbortType(BTAbortType.LowerPriority) -- re-checked while Patrol runs
attack:AddChild(CanSeeEnemy:New())
attack:AddChild(BTLog:New("attack!"))

local root = BTSelector:New()
root:AddChild(attack)
root:AddChild(Patrol:New())

local tree = BTBehaviorTree:New()
tree:SetStartTask(root)
return tree
`
}

// localHost is a host running the script text saved as guard.lua in a
// new folder, with what the scripts print in out.
type localHost struct {
	t    *testing.T
	h    *Host
	out  *bytes.Buffer
	path string
	a    *Agent
}

func newLocalHost(t *testing.T, text string, opts Options) *localHost {
	t.Helper()
	lh := &localHost{t: t, out: &bytes.Buffer{}, path: filepath.Join(t.TempDir(), "guard.lua")}
	lh.write(text)
	opts.Stdout = lh.out
	h, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	lh.h = h
	agents, err := h.LoadFile(lh.path)
	if err != nil {
		t.Fatal(err)
	}
	lh.a = agents[0]
	return lh
}

func (lh *localHost) write(text string) {
	lh.t.Helper()
	if err := os.WriteFile(lh.path, []byte(text), 0o644); err != nil {
		lh.t.Fatal(err)
	}
}

// tick ticks once and checks what was printed and the agent's status.
func (lh *localHost) tick(want string, status bt.Status) {
	lh.t.Helper()
	if err := lh.h.Tick(1.0 / 60); err != nil {
		lh.t.Fatalf("tick: %v", err)
	}
	if got := lh.out.String(); got != want {
		lh.t.Errorf("tick printed %q, want %q", got, want)
	}
	lh.out.Reset()
	if got := lh.a.Status(); got != status {
		lh.t.Errorf("status %v, want %v", got, status)
	}
}

// reload saves text and reloads it through Host.Reload; it returns the
// report's summary without the time it took.
func (lh *localHost) reload(text string) string {
	lh.t.Helper()
	lh.write(text)
	rep, err := lh.h.Reload(lh.path)
	if err != nil {
		lh.t.Fatalf("reload: %v", err)
	}
	return summary(rep)
}

// summary is rep.String() after the time it took.
func summary(rep *ReloadReport) string {
	s := rep.String()
	return s[strings.Index(s, ": ")+2:]
}

// README's guard.lua keeps its classes in locals: a class-level reload
// that edits one method's body pairs each local class with its new table
// through the tree's structure and merges the new methods in, so the
// running patrol prints the new word on its next tick, with its step
// count and its place in the tree kept; the abort that ends it on tick 4
// still runs (the new CanSeeEnemy reads the enemySeen of the run that
// defined the new Patrol.OnUpdate).
func TestReloadLocalClassGuard(t *testing.T) {
	lh := newLocalHost(t, guardLua("step"), Options{})
	lh.tick("patrol step 1\n", bt.Running)
	lh.tick("patrol step 2\n", bt.Running)
	if got, want := lh.reload(guardLua("pace")), "classes local CanSeeEnemy, local Patrol (changed local Patrol.OnUpdate); running trees kept"; got != want {
		t.Errorf("report %q, want %q", got, want)
	}
	lh.tick("patrol pace 3\n", bt.Running)
	lh.tick("patrol ended\nattack!\n", bt.Success)
}

// The same edit reaches the running tree through a watcher's change,
// applied by Tick (what btlua --watch does).
func TestReloadLocalClassWatch(t *testing.T) {
	var reports []string
	lh := newLocalHost(t, guardLua("step"), Options{OnReload: func(rep *ReloadReport, err error) {
		if err != nil {
			t.Errorf("reload: %v", err)
			return
		}
		reports = append(reports, summary(rep))
	}})
	w := &fakeWatcher{}
	if err := lh.h.Watch(w); err != nil {
		t.Fatal(err)
	}
	lh.tick("patrol step 1\n", bt.Running)
	lh.write(guardLua("pace"))
	w.changes = []Change{{Path: lh.path, Text: []byte(guardLua("pace"))}}
	lh.tick("patrol pace 2\n", bt.Running)
	lh.tick("patrol pace 3\n", bt.Running)
	lh.tick("patrol ended\nattack!\n", bt.Success)
	if want := "classes local CanSeeEnemy, local Patrol (changed local Patrol.OnUpdate); running trees kept"; len(reports) != 1 || reports[0] != want {
		t.Errorf("reports %q, want [%q]", reports, want)
	}
}

// A local class whose base class is local too: the class chain is paired
// place by place, so an edit of the base class's method reaches the
// running task, which keeps its count.
func TestReloadLocalBaseClass(t *testing.T) {
	script := func(word string) string {
		return `local Base = BTAction:New()
Base.name = "Base"
function Base:Word() return "` + word + `" end
local Patrol = Base:New()
Patrol.name = "Patrol"
function Patrol:OnStart() self.steps = 0 end
function Patrol:OnUpdate()
    self.steps = self.steps + 1
    print(self:Word() .. " " .. self.steps)
    return BTTaskStatus.Running
end
local seq = BTSequence:New()
seq:AddChild(Patrol:New())
return seq
`
	}
	lh := newLocalHost(t, script("step"), Options{})
	lh.tick("step 1\n", bt.Running)
	if got, want := lh.reload(script("pace")), "classes local Patrol, local Base (changed local Base.Word); running trees kept"; got != want {
		t.Errorf("report %q, want %q", got, want)
	}
	lh.tick("pace 2\n", bt.Running)
}

// Two tasks of one local class whose places now hold two different
// classes of the same structure: the old class is paired with two new
// tables, so it is not merged (both tasks keep the old code) and the
// report says why.
func TestReloadLocalClassConflict(t *testing.T) {
	script := func(second, word string) string {
		return `local A = BTAction:New()
function A:OnUpdate() print("A ` + word + `") return BTTaskStatus.Running end
local B = BTAction:New()
function B:OnUpdate() print("B ` + word + `") return BTTaskStatus.Running end
local par = BTParallel:New()
par:AddChild(A:New())
par:AddChild(` + second + `:New())
return par
`
	}
	lh := newLocalHost(t, script("A", "one"), Options{})
	lh.tick("A one\nA one\n", bt.Running)
	if got, want := lh.reload(script("B", "two")), "local classes not updated: local class of BTParallel/BTAction[1] (its tasks' places hold 2 different new classes); running trees kept"; got != want {
		t.Errorf("report %q, want %q", got, want)
	}
	lh.tick("A one\nA one\n", bt.Running)
}

// counterLua is a script whose local class counts in a local of the
// script (an upvalue its method shares) and prints word and the count.
func counterLua(word string) string {
	return `local count = 0
local Counter = BTAction:New()
Counter.name = "Counter"
function Counter:OnUpdate()
    count = count + 1
    print("` + word + ` " .. count)
    return BTTaskStatus.Running
end
`
}

// A script loaded twice has local classes of its own in each load; a
// class-level reload gives each load a run of its own to pair with, so
// each load's class gets new methods whose script locals are again the
// load's own: the counts stay apart.
func TestReloadLocalClassTwoLoads(t *testing.T) {
	lh := newLocalHost(t, counterLua("one")+"return Counter:New()\n", Options{})
	if _, err := lh.h.LoadFile(lh.path); err != nil {
		t.Fatal(err)
	}
	lh.tick("one 1\none 1\n", bt.Running)
	if got, want := lh.reload(counterLua("two")+"return Counter:New()\n"), "classes local Counter ×2 (changed local Counter.OnUpdate ×2); running trees kept"; got != want {
		t.Errorf("report %q, want %q", got, want)
	}
	lh.tick("two 1\ntwo 1\n", bt.Running)
	lh.tick("two 2\ntwo 2\n", bt.Running)
}

// A script that returns two trees, of which a reload changes one's
// structure: that tree is rebuilt, and the other, kept, still pairs its
// local class with the new run's, so it runs the new method.
func TestReloadLocalClassOtherTreeRebuilt(t *testing.T) {
	script := func(word, extra string) string {
		return counterLua(word) + `local seq = BTSequence:New()
seq.name = "second"
seq:AddChild(BTIdle:New())` + extra + `
return Counter:New(), seq
`
	}
	lh := newLocalHost(t, script("one", ""), Options{})
	lh.tick("one 1\n", bt.Running)
	if got, want := lh.reload(script("two", "\nseq:AddChild(BTIdle:New())")), "classes local Counter (changed local Counter.OnUpdate); trees rebuilt: second"; got != want {
		t.Errorf("report %q, want %q", got, want)
	}
	lh.tick("two 1\n", bt.Running)
}

// A spawned script's local class, made once for every agent, pairs once
// with the new run's: every agent's task runs the new method.
func TestReloadLocalClassSpawn(t *testing.T) {
	lh := &localHost{t: t, out: &bytes.Buffer{}, path: filepath.Join(t.TempDir(), "npc.lua")}
	script := func(word string) string {
		return counterLua(word) + "return function(args) return Counter:New() end\n"
	}
	lh.write(script("one"))
	h, err := New(Options{Stdout: lh.out})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	lh.h = h
	for range 2 {
		if lh.a, err = h.Spawn(lh.path, nil); err != nil {
			t.Fatal(err)
		}
	}
	lh.tick("one 1\none 2\n", bt.Running)
	if got, want := lh.reload(script("two")), "classes local Counter (changed local Counter.OnUpdate); running trees kept"; got != want {
		t.Errorf("report %q, want %q", got, want)
	}
	lh.tick("two 1\ntwo 2\n", bt.Running)
}
