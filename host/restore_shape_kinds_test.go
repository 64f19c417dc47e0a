package host

import (
	"bytes"
	"testing"
	"testing/fstest"
)

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
