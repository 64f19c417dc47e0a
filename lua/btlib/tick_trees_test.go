package btlib

import (
	"errors"
	"reflect"
	"testing"

	"github.com/btlua/btlua/lua/luaerr"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// tickTreesScript defines Counter, an action that prints its name and
// tick, fails with a Lua error on tick failAt (never when 0) and
// otherwise runs.
const tickTreesScript = `
Counter = BTAction:New()
function Counter:New(name, failAt)
    local o = BTAction.New(self)
    o.name, o.failAt, o.n = name, failAt, 0
    return o
end
function Counter:OnUpdate()
    self.n = self.n + 1
    print(self.name, self.n)
    if self.n == self.failAt then error(self.name .. " fails") end
    return BTTaskStatus.Running
end
`

// TickTrees ticks every tree in order; a Lua error stops only its own
// tree, with the error TickTree gives (blamed on the task that raised
// it), the trees after it still tick in the same call, and the stopped
// tree is skipped afterwards.
func TestTickTreesErrorStopsOneTree(t *testing.T) {
	lib, L, out := testLib(t)
	if err := L.DoString(tickTreesScript); err != nil {
		t.Fatal(err)
	}
	trees := []*Tree{
		treeOf(t, lib, L, `return Counter:New("a", 0)`),
		treeOf(t, lib, L, `return Counter:New("b", 2)`),
		treeOf(t, lib, L, `return Counter:New("c", 0)`),
	}
	status := make([]bt.Status, 3)
	if err := lib.TickTrees(trees, 0.1, status); err != nil {
		t.Fatal(err)
	}
	if want := []bt.Status{bt.Running, bt.Running, bt.Running}; !reflect.DeepEqual(status, want) {
		t.Errorf("tick 1 statuses %v, want %v", status, want)
	}
	err := lib.TickTrees(trees, 0.1, status)
	var le *luaerr.Error
	if !errors.As(err, &le) || le.Error() != "<string>:11: b fails (task b)" {
		t.Fatalf("tick 2: err = %v (%T), want b's error", err, err)
	}
	if trees[1].Err != err || trees[0].Err != nil || trees[2].Err != nil {
		t.Errorf("Err of the trees: %v, %v, %v; want only b's", trees[0].Err, trees[1].Err, trees[2].Err)
	}
	if want := []bt.Status{bt.Running, bt.Failure, bt.Running}; !reflect.DeepEqual(status, want) {
		t.Errorf("tick 2 statuses %v, want %v", status, want)
	}
	if err := lib.TickTrees(trees, 0.1, nil); err != nil {
		t.Errorf("tick 3: %v, want nil (b stopped before)", err)
	}
	want := "a\t1\nb\t1\nc\t1\na\t2\nb\t2\nc\t2\na\t3\nc\t3\n"
	if out.String() != want {
		t.Errorf("output\n%s\nwant\n%s", out, want)
	}
	if _, again := lib.TickTree(trees[1], 0.1); again != err {
		t.Errorf("TickTree of the stopped tree: %v, want its error", again)
	}
}

// A Go panic in one tree of a TickTrees call stops that tree as a
// *luaerr.GoPanic naming the task, as TickTree does; the next tree ticks.
func TestTickTreesGoPanic(t *testing.T) {
	lib, L, out := testLib(t)
	if err := L.DoString(tickTreesScript); err != nil {
		t.Fatal(err)
	}
	boom, err := lib.WrapTask(&panicky{}, "BTAction")
	if err != nil {
		t.Fatal(err)
	}
	L.SetGlobal("boom", boom)
	trees := []*Tree{
		treeOf(t, lib, L, `return boom`),
		treeOf(t, lib, L, `return Counter:New("c", 0)`),
	}
	err = lib.TickTrees(trees, 0.1, nil)
	var gp *luaerr.GoPanic
	if !errors.As(err, &gp) || gp.Task != "boom" {
		t.Fatalf("err = %v (%T), want a GoPanic in boom", err, err)
	}
	if out.String() != "c\t1\n" {
		t.Errorf("output %q, want c's tick", out)
	}
}

// TickTrees refuses a status slice of the wrong length and a call from
// inside a tree's tick, ticking nothing.
func TestTickTreesMisuse(t *testing.T) {
	lib, L, out := testLib(t)
	if err := L.DoString(tickTreesScript); err != nil {
		t.Fatal(err)
	}
	tr := treeOf(t, lib, L, `return Counter:New("a", 0)`)
	if err := lib.TickTrees([]*Tree{tr}, 0.1, make([]bt.Status, 2)); err == nil || err.Error() != "TickTrees: 2 statuses for 1 trees" {
		t.Errorf("err = %v", err)
	}
	var nested error
	L.SetGlobal("nested", L.NewFunction(func(*lua.LState) int {
		nested = lib.TickTrees([]*Tree{tr}, 0.1, nil)
		return 0
	}))
	outer := treeOf(t, lib, L, `return BTActionUniversal:New(nil, function() nested() return BTTaskStatus.Success end)`)
	if err := lib.TickTrees([]*Tree{outer}, 0.1, nil); err != nil {
		t.Fatal(err)
	}
	if nested != ErrTickTreesNested {
		t.Errorf("nested call: %v, want ErrTickTreesNested", nested)
	}
	if out.String() != "" {
		t.Errorf("output %q, want nothing ticked", out)
	}
}

// TickTrees allocates nothing when no tree raises an error.
func TestTickTreesNoAlloc(t *testing.T) {
	lib, L, _ := testLib(t)
	if err := L.DoString(`
Run = BTAction:New()
function Run:OnUpdate() return BTTaskStatus.Running end
`); err != nil {
		t.Fatal(err)
	}
	trees := []*Tree{treeOf(t, lib, L, `return Run:New()`), treeOf(t, lib, L, `return Run:New()`)}
	status := make([]bt.Status, 2)
	if err := lib.TickTrees(trees, 0.1, status); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() {
		if err := lib.TickTrees(trees, 0.1, status); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("%v allocations per call, want 0", n)
	}
}
