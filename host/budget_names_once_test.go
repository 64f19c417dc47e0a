package host

import (
	"fmt"
	"testing"
	"testing/fstest"
	"time"
)

// budgetOnceScripts: spin.lua's agents run over the CPU budget; named.lua's
// tree is named "guard" and spins too.
var budgetOnceScripts = fstest.MapFS{
	"spin.lua": {Data: []byte(`return function(args)
  local a = BTAction:New()
  a.name = "Spin"
  function a:OnUpdate() while true do end end
  return a
end
`)},
	"named.lua": {Data: []byte(`local a = BTAction:New()
a.name = "Spin"
function a:OnUpdate() while true do end end
local tree = BTBehaviorTree:New()
tree.name = "guard"
tree:SetStartTask(a)
return tree
`)},
}

// The CPU budget's error names the agent once, in its own words ("tick
// of agent 2 (spin.lua, factory return value 1)"), then the task path:
// not again as "(agent 2, task Spin)" or "(tree guard, task Spin)".
// Classic and sharded hosts alike.
func TestBudgetErrorNamesAgentOnce(t *testing.T) {
	for _, shards := range []int{0, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			h, err := New(Options{Shards: shards, FS: budgetOnceScripts, Budget: 20 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			for i := 1; i <= 2; i++ {
				if _, err := h.Spawn("spin.lua", nil); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := h.LoadFile("named.lua"); err != nil {
				t.Fatal(err)
			}
			err = h.Tick(0.1)
			want := "spin.lua:4: CPU budget of 20ms exceeded (task Spin; tick of agent 1, spin.lua factory return value 1)\n" +
				"spin.lua:4: CPU budget of 20ms exceeded (task Spin; tick of agent 2, spin.lua factory return value 1)\n" +
				"named.lua:3: CPU budget of 20ms exceeded (task Spin; tick of agent guard, named.lua return value 1)"
			if err == nil || err.Error() != want {
				t.Errorf("got\n%v\nwant\n%s", err, want)
			}
			if got := h.Agents()[1].Err(); got == nil || got.Error() != "spin.lua:4: CPU budget of 20ms exceeded (task Spin; tick of agent 2, spin.lua factory return value 1)" {
				t.Errorf("agent 2's Err: %v", got)
			}
		})
	}
}
