package host

import (
	"fmt"
	"io"
	"testing"
	"testing/fstest"
)

// Under FailTick, a table global changed in place on a sharded host ends
// the tick strictly: Tick returns a *StrictError (IsStrict true, so
// btlua --strict fails) with no Agent (the changer is not known), the
// same for 1 and 3 shards; a failing agent's own StrictError in the same
// frame comes first, as the first failure in agent order.
func TestShardsLentTableChangeIsStrict(t *testing.T) {
	const script = `local bt = require("bt")
bt.SetGlobalVariable("cfg", { a = 1, nested = { b = 2 } })
M = BTAction:New()
function M:OnUpdate()
  self.n = (self.n or 0) + 1
  local t = bt.GetGlobalVariable("cfg")
  if self.idx == 1 and self.n == 1 then t.nested.b = 99 end
  if self.idx == 3 and self.n == 2 then t.a = 5; error("broken") end
  return BTTaskStatus.Running
end
return function(args) local t = BTBehaviorTree:New(); t.name = "m" .. args.index; local m = M:New(); m.idx = args.index; t:SetStartTask(m); return t end
`
	changed := `host: global variable "cfg": a table read from it was changed in place; on a sharded host (Options.Shards >= 1) each shard reads its own copy, so a table read from a global variable is read-only: write a new table with bt.SetGlobalVariable (the change was undone)`
	want := []string{
		"strict true, agent <none>: " + changed,
		"strict true, agent m3: w.lua:8: broken (tree m3, task M)",
		"strict false, agent <none>: <nil>",
	}
	for _, shards := range []int{1, 3} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Stdout: io.Discard, Shards: shards, FS: fstest.MapFS{"w.lua": {Data: []byte(script)}},
				ErrorPolicy: ErrorPolicy{Action: FailTick}})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			for i := 1; i <= 3; i++ {
				if _, err := h.Spawn("w.lua", map[string]any{"index": i}); err != nil {
					t.Fatal(err)
				}
			}
			for tick, w := range want {
				err := h.Tick(0.1)
				who := "<none>"
				if se, ok := err.(*StrictError); ok && se.Agent != nil {
					who = se.Agent.Name()
				}
				if got := fmt.Sprintf("strict %v, agent %s: %v", IsStrict(err), who, err); got != w {
					t.Errorf("tick %d: %s\nwant %s", tick+1, got, w)
				}
			}
			if g := fmt.Sprint(h.Globals().Get("cfg")); g != "map[a:1 nested:map[b:2]]" {
				t.Errorf("cfg = %s", g)
			}
		})
	}
}
