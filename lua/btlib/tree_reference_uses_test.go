package btlib

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Forgetting the references of one agent after another (a host's Close,
// agents removed), each with a subtree of 13 parents, allocates nothing, and ReferencesTo still lists the
// references left, once each, in the order they were made: also one
// that was forgotten and then given its file again (SetTree with a
// path), which is listed last.
func TestForgetReferencesOneByOne(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"leaf.lua": `
return function()
  local root = BTSequence:New()
  for i = 1, 12 do
    local s = BTSequence:New(); s:AddChild(BTLog:New("leaf")); root:AddChild(s)
  end
  return root
end`,
		"main.lua": `
refs, roots = {}, {}
for i = 1, 300 do
  local s = BTSequence:New()
  refs[i] = BTBehaviorTreeReference:New("leaf.lua")
  s:AddChild(refs[i])
  roots[i] = s
end
return roots[1]
`})
	lib, L, _ := testLib(t)
	if _, err := loadTree(lib, L, filepath.Join(dir, "main.lua")); err != nil {
		t.Fatal(err)
	}
	leaf := filepath.Join(dir, "leaf.lua")
	roots := L.GetGlobal("roots").(*lua.LTable)
	refs := L.GetGlobal("refs").(*lua.LTable)
	task := func(tbl *lua.LTable, i int) bt.Task {
		tk, err := lib.taskOf(tbl.RawGetInt(i))
		if err != nil {
			t.Fatal(err)
		}
		return tk
	}
	if n := len(lib.ReferencesTo(leaf)); n != 300 {
		t.Fatalf("%d references, want 300", n)
	}
	next := 1
	allocs := testing.AllocsPerRun(250, func() {
		lib.ForgetReferences(task(roots, next))
		next++
	})
	if allocs != 0 {
		t.Errorf("ForgetReferences: %v allocations a call, want 0", allocs)
	}
	// Agents 1..251 are forgotten; give 5 its file again.
	if err := L.DoString(fmt.Sprintf("refs[5]:SetTree(%q)", leaf)); err != nil {
		t.Fatal(err)
	}
	got := lib.ReferencesTo(leaf)
	want := []*bt.TreeReference{}
	for i := 252; i <= 300; i++ {
		want = append(want, referenceOfTask(task(refs, i).(*Task)))
	}
	want = append(want, referenceOfTask(task(refs, 5).(*Task)))
	if len(got) != len(want) {
		t.Fatalf("%d references left, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("reference %d of ReferencesTo is %s, want %s", i+1, bt.Path(got[i]), bt.Path(want[i]))
		}
	}
}
