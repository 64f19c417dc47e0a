package btlib

import (
	"errors"
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
)

// tickErr ticks tr once and returns the error as a *luaerr.Error.
func tickErr(t *testing.T, lib *Lib, tr *Tree) *luaerr.Error {
	t.Helper()
	_, err := lib.TickTree(tr, 1.0/60)
	var le *luaerr.Error
	if !errors.As(err, &le) {
		t.Fatalf("err = %v (%T), want a *luaerr.Error", err, err)
	}
	return le
}

// Errors that a Lua composite catches with pcall, raised by its child
// through every kind of call into the child (its Tick, the OnUpdate of a
// built-in child, a coroutine, a priority), leave the record of the running task
// as it was: the composite's own error, after them, names the composite.
func TestCaughtChildErrorKeepsRunningTask(t *testing.T) {
	for _, call := range []string{
		"self.childTasks[1]:Tick()",
		"self.childTasks[2]:OnUpdate()",
		"self.childTasks[3]:Tick()",
		"self.childTasks[4]:Tick()",
	} {
		t.Run(call, func(t *testing.T) {
			lib, L, out := testLib(t)
			tr := treeOf(t, lib, L, `
Bad = BTAction:New()
Bad.name = "bad"
function Bad:OnUpdate() error("child fails") end
function Bad:GetPriority() error("no priority") end
Comp = BTComposite:New()
Comp.name = "comp"
function Comp:OnUpdate()
    print(pcall(function() return `+call+` end))
    error("composite fails")
end
local c = Comp:New()
c:AddChild(Bad:New())
c:AddChild(BTActionUniversal:New(nil, function() error("universal fails") end))
c:AddChild(BTCoroutine:New(function() error("coroutine fails") end))
local prio = BTPrioritySelector:New()
prio:AddChild(Bad:New())
c:AddChild(prio)
return c
`)
			le := tickErr(t, lib, tr)
			if got := le.Error(); got != "test.lua:10: composite fails (task comp)" {
				t.Errorf("error = %q, want the composite's", got)
			}
			if !strings.HasPrefix(out.String(), "false\ttest.lua:") {
				t.Errorf("pcall printed %q, want the child's error", out.String())
			}
		})
	}
}

// A Lua OnUpdate that raises inside a pcall does not leave its task
// marked as updating: the next tick of the task from its parent is a
// tick, not a "ticks itself" error.
func TestCaughtErrorEndsUpdate(t *testing.T) {
	lib, L, out := testLib(t)
	tr := treeOf(t, lib, L, `
Flaky = BTAction:New()
Flaky.name = "flaky"
function Flaky:OnUpdate()
    self.n = (self.n or 0) + 1
    if self.n == 1 then error("first tick fails") end
    return BTTaskStatus.Success
end
Comp = BTComposite:New()
function Comp:OnUpdate()
    print(pcall(function() return self.childTasks[1]:Tick() end))
    return BTTaskStatus.Running
end
local c = Comp:New()
c:AddChild(Flaky:New())
return c
`)
	for tick, want := range []string{"false\ttest.lua:6: first tick fails\n", "true\t2\n"} {
		out.Reset()
		if _, err := lib.TickTree(tr, 1.0/60); err != nil {
			t.Fatalf("tick %d: %v", tick+1, err)
		}
		if out.String() != want {
			t.Errorf("tick %d: output %q, want %q", tick+1, out.String(), want)
		}
	}
}

// A tree ticked from Lua whose tick raises inside a pcall is no longer
// "ticking" afterwards: ticking it again in the same tick works.
func TestCaughtErrorEndsTreeTick(t *testing.T) {
	lib, L, out := testLib(t)
	tr := treeOf(t, lib, L, `
Flaky = BTAction:New()
function Flaky:OnUpdate()
    self.n = (self.n or 0) + 1
    if self.n == 1 then error("inner fails") end
    return BTTaskStatus.Success
end
local inner = BTBehaviorTree:New()
inner:SetStartTask(Flaky:New())
return BTActionUniversal:New(nil, function()
    print(pcall(inner.Tick, inner, 0.5))
    print(pcall(inner.Tick, inner, 0.5))
    return BTTaskStatus.Success
end)
`)
	if _, err := lib.TickTree(tr, 1.0/60); err != nil {
		t.Fatal(err)
	}
	if want := "false\ttest.lua:5: inner fails\ntrue\t2\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

// panicky is a Go task with a bug: its OnUpdate writes to a nil map.
type panicky struct {
	bt.Action
	m map[string]int
}

func (p *panicky) OnUpdate() bt.Status {
	p.m["x"]++
	return bt.Success
}

// A Go panic in a Go task is reported as a Go panic, with the value, the
// Go stack of the panic and the task's path, not as a script error.
func TestGoPanicInGoTask(t *testing.T) {
	lib, L, _ := testLib(t)
	boom, err := lib.WrapTask(&panicky{}, "BTAction")
	if err != nil {
		t.Fatal(err)
	}
	L.SetGlobal("boom", boom)
	tr := treeOf(t, lib, L, `
Wrapper = BTAction:New()
Wrapper.name = "wrapper"
function Wrapper:OnUpdate() return boom:Tick() end
local seq = BTSequence:New()
seq.name = "seq"
seq:AddChild(Wrapper:New())
local tree = BTBehaviorTree:New()
tree.name = "guard"
tree:SetStartTask(seq)
return tree
`)
	_, err = lib.TickTree(tr, 1.0/60)
	var gp *luaerr.GoPanic
	if !errors.As(err, &gp) {
		t.Fatalf("err = %v (%T), want a *luaerr.GoPanic", err, err)
	}
	if gp.Task != "boom" || gp.Tree != "guard" {
		t.Errorf("task %q, tree %q; want boom in guard", gp.Task, gp.Tree)
	}
	if v, ok := gp.Value.(error); !ok || v.Error() != "assignment to entry in nil map" {
		t.Errorf("value = %#v", gp.Value)
	}
	if !strings.Contains(string(gp.Stack), "btlib.(*panicky).OnUpdate(") {
		t.Errorf("stack does not show the panicking function:\n%s", gp.Stack)
	}
	if first, _, _ := strings.Cut(err.Error(), "\n"); first != "Go panic: assignment to entry in nil map (tree guard, task boom)" {
		t.Errorf("first line = %q", first)
	}
	if _, again := lib.TickTree(tr, 1.0/60); again != err {
		t.Errorf("next tick: %v, want the same error", again)
	}
}

// A script's pcall around a Go task that panics catches the panic, as
// gopher-lua's pcall catches any Go panic: it gets the GoPanic's text and
// the tree goes on.
func TestGoPanicCaughtByPcall(t *testing.T) {
	lib, L, out := testLib(t)
	boom, err := lib.WrapTask(&panicky{}, "BTAction")
	if err != nil {
		t.Fatal(err)
	}
	L.SetGlobal("boom", boom)
	tr := treeOf(t, lib, L, `
return BTActionUniversal:New(nil, function()
    local ok, msg = pcall(boom.Tick, boom)
    print(ok, (msg:gsub("\n.*", "")))
    return BTTaskStatus.Success
end)
`)
	if s, err := lib.TickTree(tr, 1.0/60); err != nil || s != bt.Success {
		t.Fatalf("tick: %v %v", s, err)
	}
	if want := "false\tGo panic: assignment to entry in nil map (task boom)\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}
