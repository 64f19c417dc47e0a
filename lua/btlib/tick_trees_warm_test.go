package btlib

import (
	"reflect"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
)

// warmScript defines Guarded(name, limit): a selector over a sequence
// guarded by hp < limit running Counter name, and a Counter "idle".
const warmScript = tickTreesScript + `
function Guarded(name, limit)
    local seq = BTSequence:New()
    seq:AddCondition("hp", "<", limit)
    seq:AddChild(Counter:New(name, 0))
    local root = BTSelector:New()
    root:AddChild(seq)
    root:AddChild(Counter:New("idle", 0))
    local tree = BTBehaviorTree:New()
    tree:SetStartTask(root)
    tree:SetVariable("hp", 80)
    return tree
end
`

// tickWarm ticks three guarded trees four times through TickTrees, with
// "hp" set to 95 in the second tree before tick 3 (b gives way to idle), and returns the output
// and the statuses of every tick.
func tickWarm(t *testing.T) (string, [][]bt.Status) {
	t.Helper()
	lib, L, out := testLib(t)
	if err := L.DoString(warmScript); err != nil {
		t.Fatal(err)
	}
	trees := []*Tree{
		treeOf(t, lib, L, `return Guarded("a", 50)`),
		treeOf(t, lib, L, `return Guarded("b", 90)`),
		treeOf(t, lib, L, `return Guarded("c", 10)`),
	}
	var all [][]bt.Status
	for tick := 1; tick <= 4; tick++ {
		if tick == 3 {
			trees[1].BT.Blackboard.Set("hp", 95.0)
		}
		status := make([]bt.Status, len(trees))
		if err := lib.TickTrees(trees, 0.1, status); err != nil {
			t.Fatal(err)
		}
		all = append(all, status)
	}
	return out.String(), all
}

// A batch that warms each next tree and the bookkeeping of the one after
// (warmBytes and headBytes 0: every batch of two or more) ticks exactly
// as one that does not.
func TestTickTreesWarmSame(t *testing.T) {
	defer func(b, h int) { warmBytes, headBytes = b, h }(warmBytes, headBytes)
	warmBytes = 1 << 62
	wantOut, wantStatus := tickWarm(t)
	warmBytes, headBytes = 0, 0
	gotOut, gotStatus := tickWarm(t)
	if gotOut != wantOut || !reflect.DeepEqual(gotStatus, wantStatus) {
		t.Errorf("warmed: output %q, statuses %v; not warmed: %q, %v", gotOut, gotStatus, wantOut, wantStatus)
	}
	if want := "idle\t1\nb\t1\nidle\t1\nidle\t2\nb\t2\nidle\t2\nidle\t3\nidle\t1\nidle\t3\nidle\t4\nidle\t2\nidle\t4\n"; wantOut != want {
		t.Errorf("output %q, want %q", wantOut, want)
	}
}
