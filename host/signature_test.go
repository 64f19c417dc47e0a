package host

import (
	"strconv"
	"testing"
)

// loadOne loads script text and returns the signature of the one tree it
// returns.
func loadOne(t *testing.T, text string) treeSignature {
	t.Helper()
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	agents, err := h.LoadFile(writeScript(t, text))
	if err != nil {
		t.Fatal(err)
	}
	if len(agents) != 1 {
		t.Fatalf("%d trees", len(agents))
	}
	return signature(agents[0].tree())
}

// deepScript builds a chain of depth BTSequences over leaf.
func deepScript(depth int, leaf string) string {
	return "local t = " + leaf + "\nfor _ = 1, " + strconv.Itoa(depth) + " do\n    local p = BTSequence:New()\n    p:AddChild(t)\n    t = p\nend\nreturn t\n"
}

// The structure signature covers the whole tree, however deep: a change
// at depth 3,000 asks for a structure-level reload (it was cut at depth
// 256, so that reload kept the old structure).
func TestSignatureOfDeepTree(t *testing.T) {
	const depth = 3000
	a := loadOne(t, deepScript(depth, `BTLog:New("a")`))
	b := loadOne(t, deepScript(depth, `BTIdle:New()`))
	if a == b {
		t.Fatal("trees differing at depth 3,000 have the same signature")
	}
	if again := loadOne(t, deepScript(depth, `BTLog:New("a")`)); again != a {
		t.Error("the same deep tree loaded twice has two signatures")
	}
}
