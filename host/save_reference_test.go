package host

import (
	"bytes"
	"testing"
	"testing/fstest"
)

// The variables a tree reference owns (variables = { c = 0 }) are saved
// and restored with the agent: "run n ticks" prints what "run k, save,
// restore in a fresh host, run n-k" prints, for every k, both for the
// owned counter and for the remapped one (the parent's variable).
func TestSnapshotReferenceOwnVariables(t *testing.T) {
	files := fstest.MapFS{
		"counter.lua": {Data: []byte(`local Count = BTAction:New()
Count.name = "Count"
function Count:OnUpdate()
    local c = self:GetVariable("c") + 1
    self:SetVariable("c", c)
    print(self:GetVariable("who") .. " c=" .. c)
    if c >= 6 then return BTTaskStatus.Success end
    return BTTaskStatus.Running
end
return Count:New()
`)},
		"main.lua": {Data: []byte(`local bt = require("bt")
local both = BTParallel:New()
both:AddChild(BTBehaviorTreeReference:New("counter.lua", { who = "a", c = 0 }))
both:AddChild(BTBehaviorTreeReference:New("counter.lua", { who = "b", c = bt.Variable("pc") }))
local tree = BTBehaviorTree:New()
tree:SetStartTask(both)
tree:SetVariable("pc", 2)
return tree
`)},
	}
	const n = 6
	var full bytes.Buffer
	ref := saveHost(t, files, &full)
	if _, err := ref.LoadFile("main.lua"); err != nil {
		t.Fatal(err)
	}
	ticks(t, ref, n)
	for k := 1; k < n; k++ {
		var out bytes.Buffer
		data := snapshotAfter(t, files, "main.lua", k, &out)
		h2 := saveHost(t, files, &out)
		if _, err := h2.Restore(data); err != nil {
			t.Fatalf("k=%d: %v", k, err)
		}
		ticks(t, h2, n-k)
		if out.String() != full.String() {
			t.Fatalf("k=%d: output\n%s\nwant\n%s", k, out.String(), full.String())
		}
	}
}
