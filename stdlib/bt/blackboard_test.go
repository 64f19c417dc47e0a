package bt

import (
	"fmt"
	"strings"
	"testing"
)

// OnSet hears every write into its own scope, with the values before and
// after; a write that lands in the parent scope is the parent's.
func TestBlackboardOnSet(t *testing.T) {
	globals := NewBlackboard(nil)
	b := NewBlackboard(globals)
	var log []string
	hook := func(scope string) func(string, any, any) {
		return func(name string, old, new any) {
			log = append(log, fmt.Sprintf("%s %s: %v -> %v", scope, name, old, new))
		}
	}
	globals.Set("difficulty", 1)
	b.OnSet(hook("tree"))
	globals.OnSet(hook("globals"))
	b.Set("hp", 10)
	b.Set("hp", 10)
	b.Set("hp", 7)
	b.Set("difficulty", 2) // exists only in the parent: written there
	b.Set("hp", nil)
	b.OnSet(nil)
	b.Set("hp", 3)
	want := "tree hp: <nil> -> 10\ntree hp: 10 -> 10\ntree hp: 10 -> 7\nglobals difficulty: 1 -> 2\ntree hp: 7 -> <nil>"
	if got := strings.Join(log, "\n"); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

// Writes through slots (what compiled tasks and the Lua binding use) are
// heard by OnSet too, in the scope they land in, with values as Get
// returns them; without a hook a slot write allocates nothing.
func TestBlackboardOnSetSlots(t *testing.T) {
	globals := NewBlackboard(nil)
	b := NewBlackboard(globals)
	var log []string
	hook := func(scope string) func(string, any, any) {
		return func(name string, old, new any) {
			log = append(log, fmt.Sprintf("%s %s: %v -> %v", scope, name, old, new))
		}
	}
	globals.Set("alarm", false)
	hp, alarm, name := b.Slot("hp"), b.Slot("alarm"), b.Slot("name")
	if n := testing.AllocsPerRun(100, func() { b.SetNumber(hp, 4); b.SetBool(alarm, true) }); n != 0 {
		t.Errorf("slot writes without a hook: %v allocations", n)
	}
	b.SetValue(hp, nil)
	globals.SetBool(globals.Slot("alarm"), false)
	b.OnSet(hook("tree"))
	globals.OnSet(hook("globals"))
	b.SetNumber(hp, 10)
	b.SetBoxedNumber(hp, 7, "seven")
	b.SetBool(alarm, true) // set only in the parent: written there
	b.SetBoxedBool(alarm, false, "no")
	b.SetValue(name, "guard")
	b.SetValue(name, nil)
	want := "tree hp: <nil> -> 10\ntree hp: 10 -> seven\nglobals alarm: false -> true\nglobals alarm: true -> no\n" +
		"tree name: <nil> -> guard\ntree name: guard -> <nil>"
	if got := strings.Join(log, "\n"); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}
