package tests

import (
	"io"
	"testing"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/tests/conformance"
	lua "github.com/yuin/gopher-lua"
)

// The scripted leaves of the conformance suite as Lua classes in the
// series' style: OnStart and OnEnd log through a Go function, OnUpdate
// reads the status for the tree's current tick from a Lua array.
const luaLeaves = `
ScriptedAction = BTAction:New()
function ScriptedAction:New(name, script, log)
    local o = {}
    setmetatable(o, self)
    self.__index = self
    o.name, o.script, o.log = name, script, log
    return o
end
function ScriptedAction:OnStart() self.log("start " .. self.name) end
function ScriptedAction:OnEnd() self.log("end " .. self.name) end
function ScriptedAction:At()
    local n = #self.script
    if n == 0 then return nil end
    local i = math.max(1, math.min(self:GetTickCount(), n))
    return self.script[i]
end
function ScriptedAction:OnUpdate() return self:At() or BTTaskStatus.Success end

-- CallScriptedAction indexes its script by its own OnUpdate calls.
CallScriptedAction = ScriptedAction:New()
function CallScriptedAction:OnUpdate()
    self.calls = (self.calls or 0) + 1
    local n = #self.script
    if n == 0 then return BTTaskStatus.Success end
    return self.script[math.min(self.calls, n)]
end

ScriptedConditional = BTConditional:New()
ScriptedConditional.New = ScriptedAction.New
ScriptedConditional.OnStart = ScriptedAction.OnStart
ScriptedConditional.OnEnd = ScriptedAction.OnEnd
ScriptedConditional.At = ScriptedAction.At
function ScriptedConditional:OnUpdate()
    local v = self:At()
    if v == nil or v then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end
`

type luaLeafFactory struct {
	t   *testing.T
	lib *btlib.Lib
}

func (f luaLeafFactory) make(class, name string, script lua.LValue, log *[]string) bt.Task {
	L := f.lib.L
	logFn := L.NewFunction(func(L *lua.LState) int {
		*log = append(*log, L.CheckString(1))
		return 0
	})
	cls := L.GetGlobal(class)
	if err := L.CallByParam(lua.P{Fn: L.GetField(cls, "New"), NRet: 1, Protect: true}, cls, lua.LString(name), script, logFn); err != nil {
		f.t.Fatal(err)
	}
	obj := L.Get(-1)
	L.Pop(1)
	task, err := f.lib.TaskOf(obj)
	if err != nil {
		f.t.Fatal(err)
	}
	return task
}

func (f luaLeafFactory) Action(name string, script []bt.Status, log *[]string) bt.Task {
	arr := f.lib.L.NewTable()
	for _, s := range script {
		arr.Append(f.lib.Status(s))
	}
	return f.make("ScriptedAction", name, arr, log)
}

func (f luaLeafFactory) CallAction(name string, script []bt.Status, log *[]string) bt.Task {
	arr := f.lib.L.NewTable()
	for _, s := range script {
		arr.Append(f.lib.Status(s))
	}
	return f.make("CallScriptedAction", name, arr, log)
}

func (f luaLeafFactory) Conditional(name string, script []bool, log *[]string) bt.Task {
	arr := f.lib.L.NewTable()
	for _, b := range script {
		arr.Append(lua.LBool(b))
	}
	return f.make("ScriptedConditional", name, arr, log)
}

// Every conformance case runs with its leaves written as Lua classes and
// must give exactly what it gives with Go leaves.
func TestConformanceLuaLeaves(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	lib, err := btlib.Open(L, btlib.Options{Stdout: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	if err := L.DoString(luaLeaves); err != nil {
		t.Fatal(err)
	}
	conformance.Run(t, luaLeafFactory{t: t, lib: lib})
}
