package btlib

import (
	"errors"
	"testing"

	"github.com/btlua/btlua/lua/luaerr"
)

// A BTCoroutine ticks another tree; the inner tree's error, caught by the
// coroutine's pcall, leaves the main state intact: the next tick of the
// inner tree and the coroutine's own yields and result are right.
func TestTreeTickFromCoroutine(t *testing.T) {
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
return BTCoroutine:New(function()
    print(pcall(inner.Tick, inner, 0.5))
    coroutine.yield()
    print(pcall(inner.Tick, inner, 0.5))
    return BTTaskStatus.Failure
end)
`)
	for tick, want := range []struct{ out, status string }{
		{"false\ttest.lua:5: inner fails\n", "Running"},
		{"true\t2\n", "Failure"},
	} {
		out.Reset()
		s, err := lib.TickTree(tr, 1.0/60)
		if err != nil || s.String() != want.status || out.String() != want.out {
			t.Errorf("tick %d: %v %v, output %q; want %s, %q", tick+1, s, err, out.String(), want.status, want.out)
		}
	}
}

// A Go panic in a Go task that a coroutine ticks is reported as a Go
// panic naming the task.
func TestGoPanicFromCoroutine(t *testing.T) {
	lib, L, _ := testLib(t)
	boom, err := lib.WrapTask(&panicky{}, "BTAction")
	if err != nil {
		t.Fatal(err)
	}
	L.SetGlobal("boom", boom)
	tr := treeOf(t, lib, L, `return BTCoroutine:New(function() boom:Tick() end)`)
	_, err = lib.TickTree(tr, 1.0/60)
	var gp *luaerr.GoPanic
	if !errors.As(err, &gp) {
		t.Fatalf("err = %v (%T), want a *luaerr.GoPanic", err, err)
	}
	if gp.Task != "boom" || gp.Value.(error).Error() != "assignment to entry in nil map" {
		t.Errorf("task %q, value %v", gp.Task, gp.Value)
	}
}
