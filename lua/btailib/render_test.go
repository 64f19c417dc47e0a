package btailib_test

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// tree:Render() and task:Render() list the nodes of the BTAI tree a
// BT.Root task runs below it: BTAI's text, the btai type and the state
// each node returned on its last tick (Inactive before its first).
func TestRenderExpandsBTAI(t *testing.T) {
	e := newEnv(t)
	v := e.run(`
		local root = BT.Root()
		root.name = "AI"
		root:OpenBranch(
			BT.Sequence():OpenBranch(
				BT.Condition(function() return true end),
				BT.Wait(0.25)),
			BT.Call(function() end))
		local seq = BTSequence:New()
		seq.name = "Seq"
		seq:AddChild(root)
		local tree = BTBehaviorTree:New()
		tree:SetStartTask(seq)
		local before = root:Render()
		tree:Tick(0.125)
		tree:Tick(0.125)
		return before .. "--\n" .. tree:Render()`)
	want := `AI (BTAction) Inactive
  Sequence : 0/2 (btai.Sequence) Inactive
    Condition (btai.Condition) Inactive
    Wait : 0 / 0.25 (btai.Wait) Inactive
  Action (btai.Action) Inactive
--
Seq (BTSequence) Running
  AI (BTAction) Running
    Sequence : 1/2 (btai.Sequence) Continue
      Condition (btai.Condition) Success
      Wait : 0 / 0.25 (btai.Wait) Continue
    Action (btai.Action) Inactive
`
	if s, ok := v.(lua.LString); !ok || string(s) != want {
		t.Errorf("Render:\n%s\nwant:\n%s", v, want)
	}
}

// A node the script named (its function's name, a name argument) renders
// under that name, in Render and --dot alike, its BTAI text after it.
func TestRenderNamedBTAI(t *testing.T) {
	e := newEnv(t)
	v := e.run(`
		local function IsHungry() return true end
		local root = BT.Root()
		root:OpenBranch(BT.Condition(IsHungry), BT.RunCoroutine(function() end, "Nap"), BT.Call(function() end))
		return root:Render()`)
	want := `BT.Root (BTAction) Inactive
  IsHungry (btai.Condition) Inactive
  Nap : coroutine (btai.Action) Inactive
  Action (btai.Action) Inactive
`
	if s, ok := v.(lua.LString); !ok || string(s) != want {
		t.Errorf("Render:\n%s\nwant:\n%s", v, want)
	}
}
