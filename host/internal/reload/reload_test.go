package reload

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// newState opens a Lua state with the bt library, closed with the test.
func newState(t *testing.T) (*lua.LState, *btlib.Lib) {
	t.Helper()
	L := lua.NewState()
	t.Cleanup(L.Close)
	lib, err := btlib.Open(L, btlib.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return L, lib
}

// compile compiles text as the file name.
func compile(t *testing.T, L *lua.LState, name, text string) *lua.FunctionProto {
	t.Helper()
	fn, err := L.Load(strings.NewReader(text), name)
	if err != nil {
		t.Fatal(err)
	}
	return fn.Proto
}

// tree runs text and returns the tree of the value it returns.
func tree(t *testing.T, L *lua.LState, lib *btlib.Lib, text string) *btlib.Tree {
	t.Helper()
	if err := L.DoString(text); err != nil {
		t.Fatal(err)
	}
	v := L.Get(-1)
	L.Pop(1)
	tr, err := lib.TreeOf(v)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// A committed run merges a class into the table already in use: the
// same table gets the new and changed methods, and the report names them.
func TestStageCommitMergesInPlace(t *testing.T) {
	L, lib := newState(t)
	if err := L.DoString("Walker = BTAction:New()\nfunction Walker:OnUpdate() return 1 end\nfunction Walker:Gone() end"); err != nil {
		t.Fatal(err)
	}
	live := L.GetGlobal("Walker")
	proto := compile(t, L, "walker.lua", "Walker = BTAction:New()\nfunction Walker:OnUpdate() return 2 end\nfunction Walker:OnStart() end\nSpeed = 3")
	st, err := Stage(L, proto, Take(L, lib, &Hint{}))
	if err != nil {
		t.Fatal(err)
	}
	if L.GetGlobal("Speed") != lua.LNil {
		t.Fatal("a staged global is visible before Commit")
	}
	st.Commit(L, lib)
	if got := fmt.Sprint(st.Names, st.Merged, st.Added, st.Changed); got != "[Walker Speed] [Walker] [Speed] [Walker.Gone Walker.OnStart Walker.OnUpdate]" {
		t.Fatalf("names, merged, added, changed: %s", got)
	}
	if L.GetGlobal("Walker") != live {
		t.Fatal("the class table was replaced, not merged in place")
	}
	if L.GetGlobal("Speed") != lua.LNumber(3) {
		t.Fatalf("Speed = %v, want 3", L.GetGlobal("Speed"))
	}
}

// A run that fails is undone by the snapshot: the live table it wrote
// into gets its fields back, and its new field goes.
func TestSnapshotRestoresFailedRun(t *testing.T) {
	L, lib := newState(t)
	if err := L.DoString("State = {n = 1}"); err != nil {
		t.Fatal(err)
	}
	snap := Take(L, lib, &Hint{})
	_, err := Stage(L, compile(t, L, "bad.lua", "State.n = 2\nState.extra = true\nerror('boom')"), snap)
	if err == nil || !strings.Contains(err.Error(), "bad.lua:3: boom") {
		t.Fatalf("err %v, want bad.lua:3: boom", err)
	}
	snap.Restore()
	if err := L.DoString("assert(State.n == 1 and State.extra == nil, 'not restored: ' .. tostring(State.n))"); err != nil {
		t.Fatal(err)
	}
}

// A class the file defined and no longer defines, or sets to a number,
// refuses the reload with a reason per class.
func TestVanished(t *testing.T) {
	L, lib := newState(t)
	if err := L.DoString("A = BTAction:New()\nB = BTAction:New()"); err != nil {
		t.Fatal(err)
	}
	before := ClassesOf(L, lib, []string{"A", "B"}, "")
	st, err := Stage(L, compile(t, L, "ab.lua", "B = 5"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(st.Vanished(lib, before, "")); got != "[A is no longer defined here B is now 5 (a number), not a class]" {
		t.Fatalf("vanished: %s", got)
	}
}

// PlanLoads keeps the loads whose trees have the fresh structures and
// gives the first changed load the run's trees, each further one a run
// of its own.
func TestPlanLoads(t *testing.T) {
	L, lib := newState(t)
	seq := func() *btlib.Tree {
		return tree(t, L, lib, "local s = BTSequence:New()\ns:AddChild(BTIdle:New())\nreturn s")
	}
	idle := func() *btlib.Tree { return tree(t, L, lib, "return BTIdle:New()") }
	first := []*btlib.Tree{seq()}
	runs := 0
	plans, err := PlanLoads([][]*btlib.Tree{{seq()}, {idle()}, {idle()}, {seq(), seq()}}, first, func() ([]*btlib.Tree, error) {
		runs++
		return []*btlib.Tree{seq()}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(plans) != 3 || plans[0].Load != 1 || plans[1].Load != 2 || plans[2].Load != 3 || plans[0].Fresh[0] != first[0] || plans[1].Fresh[0] == first[0] || runs != 2 {
		t.Fatalf("plans %+v after %d more runs; want loads 1, 2, 3, the first with the run's trees, 2 more runs", plans, runs)
	}
	if Of(first[0]) == Of(idle()) || Of(first[0]) != Of(seq()) {
		t.Fatal("signatures do not tell a sequence from an idle, or differ for the same structure")
	}
}

// PlanReferences rebuilds the references to a file found under the roots
// and plans a swap only where the structure changed; the instances it
// drops and the references of trees no longer among the roots are
// forgotten. Apply swaps the subtree in.
func TestPlanReferences(t *testing.T) {
	dir := t.TempDir()
	flee := filepath.Join(dir, "flee.lua")
	write := func(text string) {
		if err := os.WriteFile(flee, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("return BTIdle:New()")
	L, lib := newState(t)
	build := fmt.Sprintf("local s = BTParallel:New()\ns:AddChild(BTBehaviorTreeReference:New(%q))\nreturn s", flee)
	live := tree(t, L, lib, build)
	tree(t, L, lib, build) // a tree the host does not run: its reference is forgotten
	roots := []bt.Task{live.Root()}

	swaps, warnings := PlanReferences(lib, roots, flee)
	if len(swaps) != 0 || len(warnings) != 0 || len(lib.ReferencesTo(flee)) != 1 {
		t.Fatalf("same structure: swaps %v, warnings %v, %d references; want none, none, 1", swaps, warnings, len(lib.ReferencesTo(flee)))
	}
	write("local s = BTSequence:New()\ns:AddChild(BTIdle:New())\nreturn s")
	swaps, warnings = PlanReferences(lib, roots, flee)
	if len(swaps) != 1 || len(warnings) != 0 || swaps[0].Path != "BTParallel/BTBehaviorTreeReference[1]@"+flee {
		t.Fatalf("changed structure: swaps %+v, warnings %v; want one at the reference", swaps, warnings)
	}
	if err := swaps[0].Apply(lib); err != nil {
		t.Fatal(err)
	}
	if got := bt.Kind(swaps[0].Ref.Child()); got != "BTSequence" {
		t.Fatalf("the reference runs a %s, want the new BTSequence", got)
	}
	if n := len(lib.ReferencesTo(flee)); n != 1 {
		t.Fatalf("%d references to the file after the swap, want 1", n)
	}
	write("return BTIdle:New(")
	if swaps, warnings = PlanReferences(lib, roots, flee); len(swaps) != 0 || len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "keeps its subtree") {
		t.Fatalf("syntax error: swaps %v, warnings %v; want none and one warning", swaps, warnings)
	}
}
