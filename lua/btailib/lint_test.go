package btailib_test

import (
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/btailib"
)

// Lint finds, at build time, the BTAI trees that cannot end and the
// BT.Terminates a Block swallows (If, While and Repeat take Abort for
// Success), naming each node's file and line.
func TestLint(t *testing.T) {
	cases := []struct {
		name, src string
		start     bool
		want      []string
	}{
		{"ends", `local r = BT.Root()
r:OpenBranch(BT.Sequence():OpenBranch(BT.Call(print),
  BT.Terminate()))
return r`, true, nil},
		{"never ends", `local r = BT.Root()
r:OpenBranch(BT.Call(print), BT.Wait(1))
return r`, true, []string{
			"test.lua:1: BT.Root never ends: no BT.Terminate reaches it through Sequences and Selectors alone (a BTAI root loops for ever); it runs until the host stops it, or a function calls root:Terminate()",
		}},
		{"swallowed", `local r = BT.Root()
r:OpenBranch(BT.If(function() return true end):OpenBranch(
  BT.Call(print),
  BT.Terminate()))
return r`, true, []string{
			"test.lua:4: BT.Terminate never stops the tree: the BT.If at test.lua:2 above it takes its Abort for Success (as BT.While and BT.Repeat do); to stop when a test holds, use BT.Sequence():OpenBranch(BT.Condition(test), BT.Terminate())",
			"test.lua:1: BT.Root never ends: no BT.Terminate reaches it through Sequences and Selectors alone (a BTAI root loops for ever); it runs until the host stops it, or a function calls root:Terminate()",
		}},
		{"under repeat, one ends", `local r = BT.Root()
r:OpenBranch(BT.Repeat(2):OpenBranch(BT.Selector():OpenBranch(BT.Terminate())),
  BT.Terminate())
return r`, true, []string{
			"test.lua:2: BT.Terminate never stops the tree: the BT.Repeat at test.lua:2 above it takes its Abort for Success (as BT.If and BT.While do); to stop when a test holds, use BT.Sequence():OpenBranch(BT.Condition(test), BT.Terminate())",
		}},
		// A coroutine may yield Abort; a root a btlib tree runs inside
		// may end with its parent.
		{"coroutine", `local r = BT.Root()
r:OpenBranch(BT.RunCoroutine(function() coroutine.yield(BTState.Abort) end))
return r`, true, nil},
		{"nested", `local r = BT.Root()
r:OpenBranch(BT.Wait(1))
return r`, false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			task, err := e.lib.BT.TaskOf(e.run(c.src))
			if err != nil {
				t.Fatal(err)
			}
			got := btailib.Lint(task, c.start)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("Lint =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}
