package btlib

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// The warm set's Lua memory: a precondition names itself, its table and
// the input table its one-line function reads (a function precondition
// too); a Lua leaf names its table and the tables its fields hold (the
// agent's data its OnUpdate reads as self.world); a Go task wrapped by WrapTask nothing.
func TestWarmLinesLua(t *testing.T) {
	lib, L, _ := testLib(t)
	if err := L.DoString(`
		local input = { hp = 80 }
		Input = input
		local low = function() return input.hp < 50 end
		Leaf = BTAction:New()
		function Leaf:New(name) local o = {} setmetatable(o, self) self.__index = self o.name = name o.world = input return o end
		function Leaf:OnUpdate() return BTTaskStatus.Running end
		seq = BTSequence:New()
		seq:AddCondition(BTPrecondition:New(low))
		seq:AddCondition(low)
		leaf = Leaf:New("x")
		seq:AddChild(leaf)
	`); err != nil {
		t.Fatal(err)
	}
	seq := taskOf(t, lib, L.GetGlobal("seq"))
	input := L.GetGlobal("Input").(*lua.LTable)
	comp := seq.Impl.(interface{ Conditions() []bt.Condition })
	cs := comp.Conditions()
	if len(cs) != 2 {
		t.Fatalf("%d conditions, want 2", len(cs))
	}
	for i, cd := range cs {
		c := cd.(*luaCondition)
		got := c.AppendWarm(nil)
		if !slices.Contains(got, unsafe.Pointer(c)) || !slices.Contains(got, unsafe.Pointer(input)) {
			t.Errorf("condition %d: %v names not itself (%p) and the input table (%p)", i+1, got, c, input)
		}
		if c.self != nil && !slices.Contains(got, unsafe.Pointer(c.self)) {
			t.Errorf("condition %d: %v names not its table %p", i+1, got, c.self)
		}
	}
	leaf := taskOf(t, lib, L.GetGlobal("leaf"))
	if got := leaf.AppendWarm(nil); !slices.Contains(got, unsafe.Pointer(leaf.Self)) || !slices.Contains(got, unsafe.Pointer(input)) {
		t.Errorf("Lua leaf: %v names not its table %p and its world %p", got, leaf.Self, input)
	}
	g := &goLeaf{}
	g.Init(g, "go")
	v, err := lib.WrapTask(g, "BTAction")
	if err != nil {
		t.Fatal(err)
	}
	if got := taskOf(t, lib, v).AppendWarm(nil); len(got) != 0 {
		t.Errorf("wrapped Go task: %v, want nothing", got)
	}
}

// taskOf returns the task of v, failing the test when v is none.
func taskOf(t *testing.T, lib *Lib, v lua.LValue) *Task {
	t.Helper()
	task, err := lib.taskOf(v)
	if err != nil {
		t.Fatal(err)
	}
	return task
}

// goLeaf is a Go leaf for WrapTask.
type goLeaf struct{ bt.Action }
