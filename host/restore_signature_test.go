package host

import (
	"bytes"
	"testing"
	"testing/fstest"
)

// The signatures a restore takes once per tree shape are those of each
// tree: agents of one factory whose trees differ in a task's class, a
// task's name, a constructor argument, the children, or in a task table
// that is itself a global, each get their own tree's signature.
func TestRestoreShapeSignatures(t *testing.T) {
	files := fstest.MapFS{"fac.lua": {Data: []byte(`
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
`)}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	args := []map[string]any{
		{"cls": "A"}, {"cls": "B"}, {"cls": "A"}, {"cls": "A", "name": "x"},
		{"cls": "A", "wait": 1}, {"cls": "A", "wait": 2}, {"cls": "B", "wait": 2},
		{"cls": "A", "global": true}, {"cls": "B"},
	}
	for _, a := range args {
		if _, err := h.Spawn("fac.lua", a); err != nil {
			t.Fatal(err)
		}
	}
	var c shapeSigs
	distinct := map[treeSignature]bool{}
	for i, a := range h.Agents() {
		want := signature(a.tree)
		if got := c.of(a.host.vm.L, a.tree); got != want {
			t.Fatalf("agent %d (%v): shape signature %x, want %x", i+1, args[i], got, want)
		}
		distinct[want] = true
	}
	if len(distinct) != 7 || len(c.bySig) != 7 {
		t.Fatalf("%d distinct signatures, %d shapes, want 7 and 7", len(distinct), len(c.bySig))
	}
}

// A kind edited in the second of two agents of one shape is refused, as
// in the first: the kinds a restore keeps per shape are the tree's, not
// the save's.
func TestRestoreAllRefusesEditedKindOfSameShape(t *testing.T) {
	files := fstest.MapFS{"fac.lua": {Data: []byte(`
A = BTAction:New()
function A:OnUpdate() return BTTaskStatus.Running end
return function(args)
  local s = BTSequence:New()
  s:AddChild(A:New())
  local tree = BTBehaviorTree:New()
  tree.name = "t" .. args.i
  tree:SetStartTask(s)
  return tree
end
`)}}
	var out bytes.Buffer
	h := saveHost(t, files, &out)
	for i := 1; i <= 2; i++ {
		if _, err := h.Spawn("fac.lua", map[string]any{"i": i}); err != nil {
			t.Fatal(err)
		}
	}
	ticks(t, h, 2)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.LastIndex(data, []byte(`"kind":"A"`))
	if at < 0 || bytes.Count(data, []byte(`"kind":"A"`)) != 2 {
		t.Fatalf("the save has not two tasks of kind A: %s", data)
	}
	bad := append(append(append([]byte(nil), data[:at]...), `"kind":"B"`...), data[at+len(`"kind":"A"`):]...)
	h2 := saveHost(t, files, &out)
	_, err = h2.RestoreAll(resealed(bad))
	const want = "host: restoring agent t2: bad save: BTSequence/A[1]: the save's task 2 is a B, the tree's a A"
	if err == nil || err.Error() != want {
		t.Fatalf("RestoreAll: %v\nwant %s", err, want)
	}
	if n := len(h2.Agents()); n != 0 {
		t.Fatalf("the host has %d agents after the refusal", n)
	}
}
