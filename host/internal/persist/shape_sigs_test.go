package persist

import (
	"testing"

	"github.com/btlua/btlua/host/internal/reload"
	"github.com/btlua/btlua/lua/btlib"
	lua "github.com/yuin/gopher-lua"
)

// The signatures a restore takes once per tree shape are those of each
// tree: agents of one factory whose trees differ in a task's class, a
// task's name, a constructor argument, the children, or in a task table
// that is itself a global, each get their own tree's signature.
func TestRestoreShapeSignatures(t *testing.T) {
	L := lua.NewState()
	t.Cleanup(L.Close)
	lib, err := btlib.Open(L, btlib.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := L.DoString(`
A = BTAction:New()
function A:OnUpdate() return BTTaskStatus.Running end
B = BTAction:New()
function B:OnUpdate() return BTTaskStatus.Running end
return function(args)
  local s = BTSequence:New()
  local leaf = (args.cls == "B" and B or A):New()
  if args.name then leaf.name = args.name end
  s:AddChild(leaf)
  if args.wait then s:AddChild(BTWait:New(args.wait)) end
  if args.global then Leaf = leaf end
  local tree = BTBehaviorTree:New()
  tree:SetStartTask(s)
  return tree
end
`); err != nil {
		t.Fatal(err)
	}
	factory := L.Get(-1)
	L.Pop(1)
	args := []map[string]any{
		{"cls": "A"}, {"cls": "B"}, {"cls": "A"}, {"cls": "A", "name": "x"},
		{"cls": "A", "wait": 1}, {"cls": "A", "wait": 2}, {"cls": "B", "wait": 2},
		{"cls": "A", "global": true}, {"cls": "B"},
	}
	var trees []*btlib.Tree
	for _, a := range args {
		at := L.NewTable()
		for k, v := range a {
			switch x := v.(type) {
			case string:
				at.RawSetString(k, lua.LString(x))
			case int:
				at.RawSetString(k, lua.LNumber(x))
			case bool:
				at.RawSetString(k, lua.LBool(x))
			}
		}
		if err := L.CallByParam(lua.P{Fn: factory, NRet: 1, Protect: true}, at); err != nil {
			t.Fatal(err)
		}
		tr, err := lib.TreeOf(L.Get(-1))
		L.Pop(1)
		if err != nil {
			t.Fatal(err)
		}
		trees = append(trees, tr)
	}
	var c shapeSigs
	distinct := map[reload.Signature]bool{}
	for i, tr := range trees {
		want := reload.Of(tr)
		if got := c.of(L, tr); got != want {
			t.Fatalf("agent %d (%v): shape signature %x, want %x", i+1, args[i], got, want)
		}
		distinct[want] = true
	}
	if len(distinct) != 7 || len(c.bySig) != 7 {
		t.Fatalf("%d distinct signatures, %d shapes, want 7 and 7", len(distinct), len(c.bySig))
	}
}
