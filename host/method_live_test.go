package host_test

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/btlua/btlua/host"
)

// A class hook replaced by another task while the agents run (the new
// user's m2.lua) is called from the next call on, on a sharded host as on
// a single state: every agent's Bad tasks (8 of one class, so the batch's
// method copies are in play) print "new" from the tick of the swap.
func TestHookReplacedMidRunSharded(t *testing.T) {
	const script = `
Bad = BTAction:New()
function Bad:OnUpdate() print(self:GetVariable("me") .. " old") return BTTaskStatus.Running end
Swapper = BTAction:New()
function Swapper:OnUpdate()
  self.n = (self.n or 0) + 1
  if self.n == 2 then
    Bad.OnUpdate = function(self) print(self:GetVariable("me") .. " new") return BTTaskStatus.Running end
  end
  return BTTaskStatus.Running
end
return function(args)
  local p = BTParallel:New(); p:AddChild(Swapper:New())
  for i = 1, 8 do p:AddChild(Bad:New()) end
  local t = BTBehaviorTree:New(); t:SetVariable("me", args.name); t:SetStartTask(p); return t
end
`
	for _, shards := range []int{0, 2} {
		var out bytes.Buffer
		h, err := host.New(host.Options{Shards: shards, Stdout: &out,
			FS: fstest.MapFS{"m2.lua": {Data: []byte(script)}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"a1", "a2"} {
			if _, err := h.Spawn("m2.lua", map[string]any{"name": name}); err != nil {
				t.Fatal(err)
			}
		}
		var want strings.Builder
		for tick := 1; tick <= 3; tick++ {
			word := "old"
			if tick >= 2 {
				word = "new"
			}
			for _, name := range []string{"a1", "a2"} {
				want.WriteString(strings.Repeat(name+" "+word+"\n", 8))
			}
			if err := h.Tick(0.1); err != nil {
				t.Fatal(err)
			}
		}
		h.Close()
		if got := out.String(); got != want.String() {
			t.Errorf("shards %d: got\n%s\nwant\n%s", shards, got, want.String())
		}
	}
}
