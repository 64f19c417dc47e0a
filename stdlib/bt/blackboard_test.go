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
