package tests

import (
	"fmt"
	"testing"
)

// bindingMain builds a tree of task tables bound before they had keys
// (Show:New(), the tree, the class Show itself) and keeps an unbound empty
// table whose class chain reaches a task class (SPARE: a script's own
// task table, bound on first use). KEYS lists a table's keys as pairs
// visits them, sorted, one entry per visit.
const bindingMain = `require("m")
function KEYS(t)
    local ks = {}
    for k in pairs(t) do ks[#ks + 1] = type(k) == "string" and k or type(k) end
    table.sort(ks)
    return table.concat(ks, ",")
end
Show = BTAction:New()
function Show:OnUpdate() print("v1", self.label) return BTTaskStatus.Running end
LEAF = Show:New()
LEAF.label = "guard"
EMPTY = Show:New()
SPARE = setmetatable({}, { __index = Show })
TREE = BTBehaviorTree:New()
TREE:SetStartTask(LEAF)
return TREE
`

// bindingProbe is what the test reads of the state: the keys pairs lists
// for each table, the hidden field a script could read, and whether SPARE
// is the child of a composite.
const bindingProbe = `return KEYS(LEAF) .. " | " .. KEYS(EMPTY) .. " | " .. KEYS(TREE) .. " | " .. KEYS(Show) .. " | " ..
    tostring(rawget(LEAF, "__go")) .. " " .. tostring(rawget(EMPTY, "__go"))`

func probe(t *testing.T, r *reloadHarness) string {
	t.Helper()
	out, err := r.h.DoString(bindingProbe)
	if err != nil || len(out) != 1 {
		t.Fatalf("probe: %v, %v", out, err)
	}
	return fmt.Sprint(out[0])
}

// A reload that fails after a script changed bound task tables (string,
// number, table and "__go" keys) and used an unbound table as a task puts
// everything back: pairs lists the same keys as before, each once and
// never the binding, the tables keep their Go tasks (the tree runs, the
// class's methods are found), and the table first used during the run is
// unbound again (its task, made anew, has no parent). A good reload then
// merges the class without listing or losing the binding.
func TestReloadFailedRunKeepsBindings(t *testing.T) {
	r := newReloadHarness(t, map[string]string{"m.lua": "return {}\n", "main.lua": bindingMain}, "main.lua")
	if got := r.tick(); got != "v1\tguard\n" {
		t.Fatalf("before reload: %q", got)
	}
	const want = "label |  |  | OnUpdate,__index | nil nil"
	if got := probe(t, r); got != want {
		t.Fatalf("before reload: %q, want %q", got, want)
	}
	r.write("m.lua", `LEAF.extra = 1; LEAF[2] = true; LEAF[LEAF] = 3; LEAF[1.5] = "h"
rawset(LEAF, "__go", "x")
EMPTY.name2 = "n"
TREE.name = "t"
local seq = BTSequence:New()
seq:AddChild(SPARE)
assert(SPARE:GetParent() == seq)
error("x")
`)
	if printed, err := r.waitReload(); err == nil || printed != "v1\tguard\n" {
		t.Fatalf("err %v, printed %q; want an error and the tree as it was", err, printed)
	}
	r.stderr()
	if got := probe(t, r); got != want {
		t.Errorf("after the failed reload: %q, want %q", got, want)
	}
	out, err := r.h.DoString(`return tostring(SPARE:GetParent()) .. " " .. KEYS(SPARE) .. " " .. tostring(EMPTY:GetParent() == nil)`)
	if err != nil || fmt.Sprint(out) != "[nil  true]" {
		t.Errorf("SPARE's parent and keys, EMPTY without parent: %v, %v; want [nil  true]", out, err)
	}

	r.write("m.lua", `function Show:OnUpdate() print("v2", self.label) return BTTaskStatus.Running end
return {}
`)
	if printed, err := r.waitReload(); err != nil || printed != "v2\tguard\n" {
		t.Fatalf("good reload: err %v, printed %q", err, printed)
	}
	r.stderr()
	if got := probe(t, r); got != want {
		t.Errorf("after the good reload: %q, want %q", got, want)
	}
}
