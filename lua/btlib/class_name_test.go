package btlib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// An unnamed tree is named after the global it is bound to, or else its
// nearest class bound to a global: a class or an instance bound to a new
// global after earlier trees were named, and a class global assigned a
// new class (as a reloaded script does) included.
func TestTreeNamedByGlobal(t *testing.T) {
	lib, L, _ := testLib(t)
	tick := func(script string) string {
		t.Helper()
		tr := treeOf(t, lib, L, script)
		if _, err := lib.TickTree(tr, 0.1); err != nil {
			t.Fatal(err)
		}
		return tr.BT.Name
	}
	steps := []struct{ script, want string }{
		{`local tr = BTBehaviorTree:New() tr:SetStartTask(BTIdle:New()) return tr`, "BTBehaviorTree"},
		{`Patrol = BTBehaviorTree:New() Patrol:SetStartTask(BTIdle:New()) return Patrol`, "Patrol"},
		{`GuardTree = BTBehaviorTree:New()
		  local tr = GuardTree:New() tr:SetStartTask(BTIdle:New()) return tr`, "GuardTree"},
		{`local tr = BTBehaviorTree:New() Alert = tr tr:SetStartTask(BTIdle:New()) return tr`, "Alert"},
		{`GuardTree = BTBehaviorTree:New()
		  local tr = GuardTree:New() tr:SetStartTask(BTIdle:New()) return tr`, "GuardTree"},
		{`local tr = BTBehaviorTree:New() tr:SetStartTask(BTIdle:New()) return tr`, "BTBehaviorTree"},
	}
	for i, s := range steps {
		if got := tick(s.script); got != s.want {
			t.Errorf("step %d: tree named %q, want %q", i+1, got, s.want)
		}
	}
	// A task's kind is its nearest class bound to a global the same way.
	if err := L.DoString(`Late = BTAction:New() LateTask = Late:New()`); err != nil {
		t.Fatal(err)
	}
	task, err := lib.taskOf(L.GetGlobal("LateTask").(*lua.LTable))
	if err != nil {
		t.Fatal(err)
	}
	if got := task.Kind(); got != "LateTask" {
		t.Errorf("kind %q, want LateTask", got)
	}
}
