package host

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"
)

// A RestoreAll whose second agent fails in its OnLoad hook changes
// nothing: not the table the script shares between its agents (a chunk
// local of the factory), which the first agent's fields refill in place.
func TestRestoreFailedHookChangesNothing(t *testing.T) {
	files := fstest.MapFS{"fac.lua": {Data: []byte(`
local shared = {n = 0}
Act = BTAction:New()
function Act:New() local o = {shared = shared, own = 0}; setmetatable(o, self); self.__index = self; return o end
function Act:OnUpdate()
  self.shared.n = self.shared.n + 1
  self.own = self.own + 1
  print("shared " .. self.shared.n .. " own " .. self.own)
  return BTTaskStatus.Running
end
Hooked = BTAction:New()
function Hooked:New(i) local o = {i = i}; setmetatable(o, self); self.__index = self; return o end
function Hooked:OnSave() return self.i end
function Hooked:OnLoad(v) if v == 2 then error("agent 2 will not load") end; self.i = v end
function Hooked:OnUpdate() return BTTaskStatus.Running end
return function(args)
  local s = BTParallel:New()
  s:AddChild(Act:New())
  s:AddChild(Hooked:New(args.i))
  local tree = BTBehaviorTree:New()
  tree.name = "a" .. args.i
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
	ticks(t, h, 3)
	data, err := h.SnapshotAll()
	if err != nil {
		t.Fatal(err)
	}
	ticks(t, h, 2)
	_, err = h.RestoreAll(data)
	const want = `host: restoring agent a2: task BTParallel/Hooked[2] (Hooked): OnLoad: fac.lua:14: agent 2 will not load`
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("RestoreAll: %v, want %s...", err, want)
	}
	out.Reset()
	ticks(t, h, 1)
	if got := out.String(); len(h.Agents()) != 2 || got != "shared 11 own 6\nshared 12 own 6\n" {
		t.Fatalf("%d agents; after the failed restore the agents printed %q", len(h.Agents()), got)
	}
}
