package host

import (
	"strings"
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

// chunkLocalsAfter loads src, takes the baseline of its chunk locals,
// ticks it n times and returns Changed's error.
func chunkLocalsAfter(t *testing.T, src string, n int) (path string, err error) {
	t.Helper()
	h, err := New(Options{Stdout: new(strings.Builder)})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	path = writeScript(t, src)
	if _, err := h.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	base, err := h.ChunkLocals()
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := h.Tick(0.1); err != nil {
			t.Fatal(err)
		}
	}
	return path, base.Changed()
}

// patrolClass is docs/saving.md's Patrol: a callback in a field its
// saveSkip lists, a local of Patrol:New (steps) that the callback
// changes, and OnSave/OnLoad; EXTRA goes after the class.
const patrolClass = `Patrol = BTAction:New()
Patrol.saveSkip = {"onArrive"}
function Patrol:New(points)
    local steps = 0
    local o = {points = points, at = 1, onArrive = function() steps = steps + 1 end}
    setmetatable(o, self)
    self.__index = self
    return o
end
function Patrol:OnSave() return {at = self.at} end
function Patrol:OnLoad(data) self.at = data.at end
`

// A closure held in a field that saveSkip lists (the script builds it
// again), or in a task whose class saves it with OnSave/OnLoad, is not a
// method: the locals it changes (steps, a local of the constructor) are
// not chunk locals the class reads, and Changed is nil.
func TestChunkLocalsSkipCallback(t *testing.T) {
	for _, c := range []struct{ name, class string }{
		{"saveSkip and OnSave", patrolClass},
		{"saveSkip", strings.Replace(patrolClass, "function Patrol:OnSave", "function Patrol:Unused", 1)},
		{"OnSave", strings.Replace(patrolClass, `Patrol.saveSkip = {"onArrive"}`, "", 1)},
	} {
		_, err := chunkLocalsAfter(t, c.class+`function Patrol:OnUpdate()
    self.onArrive()
    self.at = self.at % #self.points + 1
    return BTTaskStatus.Running
end
local tree = BTBehaviorTree:New()
tree:SetStartTask(Patrol:New({"gate", "tower", "well"}))
return tree`, 3)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// A chunk local that a method of such a class reads is still watched,
// and named with that method alone (not the skipped callback).
func TestChunkLocalsSkipCallbackMethodStillWatched(t *testing.T) {
	path, err := chunkLocalsAfter(t, "local laps = 0\n"+patrolClass+`function Patrol:OnUpdate()
    self.onArrive()
    self.at = self.at % #self.points + 1
    if self.at == 1 then laps = laps + 1 end
    return BTTaskStatus.Running
end
local tree = BTBehaviorTree:New()
tree:SetStartTask(Patrol:New({"gate", "tower", "well"}))
return tree`, 3)
	want := "the script keeps state in chunk locals, which a save does not hold, so a restore would start them again from the script: laps (" + path + "), read by Patrol:OnUpdate (line 13), went from 0 (a number) to 1 (a number); keep such state in a task field or a variable (docs/saving.md)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
