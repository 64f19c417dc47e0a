package btlib

import (
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// The warrior seed's preconditions (bt.lua's BTPrecondition and
// BTPreconditionNOT) answer as their Lua Check methods say, tick by tick:
// the function's Lua truth (negated for NOT), false without a function,
// the function the table holds at each check (replaced after AddCondition
// included), a callable table, the copy constructor, and a class that overrides Check.
func TestStockPreconditions(t *testing.T) {
	lib, L, out := testLib(t)
	if err := L.DoString(`
flag, value = false, nil
local isFlag = function() return flag end
local yes, no = BTPrecondition:New(isFlag), BTPreconditionNOT:New(isFlag)
local swapped = BTPrecondition:New(isFlag)
local empty = BTPrecondition:New()
local callable = BTPrecondition:New()
callable.fn = setmetatable({}, { __call = function() return flag end })
local copy = BTPrecondition:New(BTPreconditionNOT:New(isFlag))
local valued = BTPrecondition:New(function() return value end)
Always = BTPrecondition:New()
function Always:Check() return true end
local always = Always:New(function() return false end)
Roots = {}
local function branch(name, cond)
    local seq = BTSequence:New()
    seq:AddCondition(cond)
    seq:AddChild(BTActionUniversal:New(nil, function()
        print(name)
        return BTTaskStatus.Success
    end))
    Roots[#Roots + 1] = seq
end
branch("yes", yes)
branch("no", no)
branch("swapped", swapped)
branch("empty", empty)
branch("callable", callable)
branch("copy", copy)
branch("valued", valued)
branch("always", always)
function Step(n)
    flag = n % 2 == 0
    value = ({ nil, 0, "x" })[n]
    swapped.fn = n == 3 and function() return true end or isFlag
end
`); err != nil {
		t.Fatal(err)
	}
	var trees []*Tree
	for i := 1; i <= 8; i++ {
		tr, err := lib.TreeOf(L.GetGlobal("Roots").(*lua.LTable).RawGetInt(i))
		if err != nil {
			t.Fatal(err)
		}
		tr.BT.RestartWhenComplete = true
		trees = append(trees, tr)
	}
	want := []string{
		"no\nalways\n",
		"yes\nswapped\ncallable\ncopy\nvalued\nalways\n",
		"no\nswapped\nvalued\nalways\n",
	}
	for i, w := range want {
		out.Reset()
		if err := L.DoString("Step(" + string(rune('1'+i)) + ")"); err != nil {
			t.Fatal(err)
		}
		if err := lib.TickTrees(trees, 0.1, nil); err != nil {
			t.Fatal(err)
		}
		if out.String() != w {
			t.Errorf("tick %d printed\n%s\nwant\n%s", i+1, out, w)
		}
	}
}

// An error raised by a precondition's function is blamed on the composite
// that checks it, at the function's line.
func TestStockPreconditionError(t *testing.T) {
	for _, class := range []string{"BTPrecondition", "BTPreconditionNOT"} {
		t.Run(class, func(t *testing.T) {
			lib, L, _ := testLib(t)
			tr := treeOf(t, lib, L, `
local seq = BTSequence:New()
seq.name = "guarded"
seq:AddCondition(`+class+`:New(function()
    error("no sight")
end))
seq:AddChild(BTIdle:New())
return seq
`)
			le := tickErr(t, lib, tr)
			if got, want := le.Error(), "test.lua:5: no sight (task guarded)"; got != want {
				t.Errorf("error %q, want %q", got, want)
			}
		})
	}
}
