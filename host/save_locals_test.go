package host

import (
	"testing"
)

// ChunkLocals' Changed names a chunk local a task class reads that the run
// changed (a save would restore it wrong), and is nil while none changed;
// constants and tables are not reported.
func TestChunkLocalsChanged(t *testing.T) {
	h, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path := writeScript(t, `local seen = false
local SPEED = 3
local world = {}
local Look = BTConditional:New()
Look.name = "Look"
function Look:OnUpdate()
    world.n = SPEED
    if seen then return BTTaskStatus.Success end
    return BTTaskStatus.Failure
end
local Walk = BTAction:New()
Walk.name = "Walk"
local function step() seen = true end
function Walk:OnUpdate() step() return BTTaskStatus.Running end
local root = BTSelector:New()
root:AddChild(Look:New())
root:AddChild(Walk:New())
local tree = BTBehaviorTree:New()
tree:SetStartTask(root)
return tree`)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	base, err := h.ChunkLocals()
	if err != nil {
		t.Fatal(err)
	}
	if err := base.Changed(); err != nil {
		t.Fatalf("before a tick: %v", err)
	}
	if err := h.Tick(0.1); err != nil {
		t.Fatal(err)
	}
	want := "the script keeps state in chunk locals, which a save does not hold, so a restore would start them again from the script: seen (" + path + "), read by Look:OnUpdate (line 6) and Walk:OnUpdate (line 14), went from false (a boolean) to true (a boolean); keep such state in a task field or a variable (docs/saving.md)"
	if err := base.Changed(); err == nil || err.Error() != want {
		t.Errorf("after a tick: %v\nwant %s", err, want)
	}
}
