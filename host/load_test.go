package host

import (
	"os"
	"path/filepath"
	"testing"
)

const twoLogs = `local tree = BTBehaviorTree:New()
tree.name = "guard"
local seq = BTSequence:New()
seq:AddChild(BTWait:New(1))
tree:SetStartTask(seq)
`

// A tree returned twice would be ticked twice per frame, its clock at
// double speed: it is refused, as a task returned twice is, and nothing
// is loaded.
func TestSameTreeReturnedTwice(t *testing.T) {
	cases := []struct{ script, want string }{
		{twoLogs + "return tree, tree",
			"return value 2: the behavior tree guard is return value 1 already; a tree is ticked by one agent (returned twice it would tick twice per frame)"},
		{twoLogs + "return {tree, tree}",
			"return value 1[2]: the behavior tree guard is return value 1[1] already; a tree is ticked by one agent (returned twice it would tick twice per frame)"},
		{twoLogs + "return tree, {BTIdle:New(), tree}",
			"return value 2[2]: the behavior tree guard is return value 1 already; a tree is ticked by one agent (returned twice it would tick twice per frame)"},
		{"local t = BTBehaviorTree:New()\nt:SetStartTask(BTIdle:New())\nreturn t, t",
			"return value 2: the behavior tree BTBehaviorTree is return value 1 already; a tree is ticked by one agent (returned twice it would tick twice per frame)"},
	}
	for i, c := range cases {
		h, err := New(Options{})
		if err != nil {
			t.Fatal(err)
		}
		path := writeScript(t, c.script)
		agents, err := h.LoadFile(path)
		if want := path + ": " + c.want; err == nil || err.Error() != want {
			t.Errorf("case %d: err = %v\nwant %s", i, err, want)
		}
		if len(agents) != 0 || len(h.Agents()) != 0 {
			t.Errorf("case %d: %d agents loaded", i, len(h.Agents()))
		}
		h.Close()
	}
}

// A tree that an earlier LoadFile returned (kept in a global) is refused
// too, whichever script returns it again, the same script included.
func TestTreeReturnedByTwoLoads(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	dir := t.TempDir()
	first := filepath.Join(dir, "first.lua")
	second := filepath.Join(dir, "second.lua")
	if err := os.WriteFile(first, []byte("if not SHARED then\n"+twoLogs+"SHARED = tree\nend\nreturn SHARED"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(second, []byte("return SHARED"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := h.LoadFile(first); err != nil {
		t.Fatal(err)
	}
	_, err = h.LoadFile(second)
	want := second + ": return value 1: the behavior tree guard is ticked already, returned by " + first + "; a tree is ticked by one agent (returned twice it would tick twice per frame)"
	if err == nil || err.Error() != want {
		t.Errorf("second script: err = %v\nwant %s", err, want)
	}
	_, err = h.LoadFile(first)
	want = first + ": return value 1: the behavior tree guard is ticked already, returned by " + first + "; a tree is ticked by one agent (returned twice it would tick twice per frame)"
	if err == nil || err.Error() != want {
		t.Errorf("first script again: err = %v\nwant %s", err, want)
	}
	if len(h.Agents()) != 1 {
		t.Fatalf("%d agents, want 1", len(h.Agents()))
	}
	if err := h.Tick(0.25); err != nil {
		t.Fatal(err)
	}
	if got := h.Agents()[0].Time(); got != 0.25 {
		t.Errorf("tree clock %v after one tick of 0.25 s", got)
	}
}
