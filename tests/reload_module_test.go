package tests

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/lua/luaerr"
)

// callerMain prints, each tick, what the module m's function returns
// when called through require.
const callerMain = `Caller = BTAction:New()
function Caller:OnUpdate()
    print(require("m")())
    return BTTaskStatus.Running
end
return Caller:New()
`

// A module whose value is a function, not a table, is replaced in
// package.loaded by a reload: require gives the new function, and the
// reload line says so.
func TestReloadModuleNotATable(t *testing.T) {
	r := newReloadHarness(t, map[string]string{
		"m.lua":    `return function() return "v1" end`,
		"main.lua": callerMain,
	}, "main.lua")
	if got := r.tick(); got != "v1\n" {
		t.Fatalf("before reload: %q", got)
	}
	r.write("m.lua", `return function() return "v2" end`)
	if printed, err := r.waitReload(); err != nil || printed != "v2\n" {
		t.Fatalf("err %v, printed %q; want require(\"m\")() to give v2", err, printed)
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/m.lua in T: modules replaced: m (a function); running trees kept\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	// A module value that became a table, then a number, is replaced too.
	r.write("m.lua", `return setmetatable({}, { __call = function() return "v3" end })`)
	if printed, err := r.waitReload(); err != nil || printed != "v3\n" {
		t.Fatalf("err %v, printed %q; want v3", err, printed)
	}
	r.stderr()
}

// isolationModule is a module in the M = M or {} style: a global table
// kept across reloads, with a closure that counts in an upvalue.
const isolationModule = `M = M or {}
local count = 0
function M.Say() return "v1" end
function M.Bump() count = count + 1 return count end
return M
`

// isolationMain prints the state a staged run could reach: a method of a
// live table, a live closure's upvalue, the live table's metatable,
// package.loaded, the string library (the strings' metatable).
const isolationMain = `local m = require("m")
Caller = BTAction:New()
function Caller:OnUpdate()
    print(M.Say(), m.Bump(), getmetatable(M), package.loaded.m == M, ("x").shout, rawget(_G, "Leak"))
    return BTTaskStatus.Running
end
return Caller:New()
`

// A reload whose run fails after writing into live state changes nothing:
// the new method the run put in the existing table M, the upvalue it
// advanced by calling a live closure, the metatable it set, the
// package.loaded entry and library field it replaced, the global it wrote
// through _G are all as they were. The next good save is merged, and
// reported as a change of M.Say although M is the same table.
func TestReloadFailedRunChangesNothing(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"m.lua": isolationModule, "main.lua": isolationMain}, "main.lua")
	if got := r.tick(); got != "v1\t1\tnil\ttrue\tnil\tnil\n" {
		t.Fatalf("before reload: %q", got)
	}
	r.write("m.lua", `M = M or {}
local count = 0
function M.Say() return "v2" end
M.Bump()
setmetatable(M, { __index = function() return "meta" end })
package.loaded.m = "hijacked"
string.shout = function() return "!" end
_G.Leak = true
error("x")
`)
	printed, err := r.waitReload()
	var le *luaerr.Error
	if !errors.As(err, &le) || filepath.Base(le.File) != "m.lua" || le.Line != 9 || le.Msg != "x" {
		t.Fatalf("err %v; want m.lua:9: x", err)
	}
	if printed != "v1\t2\tnil\ttrue\tnil\tnil\n" {
		t.Fatalf("after the failed reload printed %q; want the old M.Say, the upvalue at 1 before this tick, no metatable, package.loaded.m still M, no string.shout, no Leak", printed)
	}
	if got, want := r.stderr(), "btlua: reload of DIR/m.lua failed, the old code keeps running: DIR/m.lua:9: x\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}

	r.write("m.lua", `M = M or {}
local count = 0
function M.Say() return "v3" end
function M.Bump() count = count + 1 return count end
return M
`)
	if printed, err := r.waitReload(); err != nil || printed != "v3\t1\tnil\ttrue\tnil\tnil\n" {
		t.Fatalf("good save: err %v, printed %q", err, printed)
	}
	if got, want := r.stderr(), "btlua: reloaded DIR/m.lua in T: classes M (changed M.Say); running trees kept\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// A failed reload that required a module for the first time leaves it
// unloaded: package.loaded, the module's globals and the classes it
// defined are gone with the run.
func TestReloadFailedRunUnloadsNewModule(t *testing.T) {
	r := newReloadHarness(t, map[string]string{
		"extra.lua": "Extra = BTAction:New()\nExtraCount = (ExtraCount or 0) + 1\nreturn Extra\n",
		"main.lua":  "Probe = BTAction:New()\nfunction Probe:OnUpdate() print(package.loaded.extra, Extra, ExtraCount) return BTTaskStatus.Running end\nreturn Probe:New()\n",
	}, "main.lua")
	if got := r.tick(); got != "nil\tnil\tnil\n" {
		t.Fatalf("before reload: %q", got)
	}
	r.write("main.lua", "require(\"extra\")\nProbe = BTAction:New()\nfunction Probe:OnUpdate() print(package.loaded.extra, Extra, ExtraCount) return BTTaskStatus.Running end\nerror(\"late\")\n")
	if printed, err := r.waitReload(); err == nil || printed != "nil\tnil\tnil\n" {
		t.Fatalf("err %v, printed %q; want an error and nothing of extra.lua left", err, printed)
	}
	r.stderr()
}

// A failed reload also puts back what it changed through a tree a global
// holds: the tree's blackboard, the fields of its running task's table,
// and the global variables.
func TestReloadFailedRunKeepsTreeState(t *testing.T) {
	r := newReloadHarness(t, map[string]string{
		"m.lua": "return {}\n",
		"main.lua": `require("m")
Show = BTAction:New()
function Show:OnUpdate()
    print(self.label, self:GetVariable("hp"), require("bt").GetGlobalVariable("level"))
    return BTTaskStatus.Running
end
local leaf = Show:New()
leaf.label = "guard"
TREE = BTBehaviorTree:New()
TREE:SetStartTask(leaf)
TREE:SetVariable("hp", 42)
return TREE
`}, "main.lua")
	if got := r.tick(); got != "guard\t42\tnil\n" {
		t.Fatalf("before reload: %q", got)
	}
	r.write("m.lua", `TREE:SetVariable("hp", 0)
TREE:GetStartTask().label = "hijacked"
require("bt").SetGlobalVariable("level", 9)
error("x")
`)
	if printed, err := r.waitReload(); err == nil || printed != "guard\t42\tnil\n" {
		t.Fatalf("err %v, printed %q; want an error and the tree's state as it was", err, printed)
	}
}
