package host

import (
	"bytes"
	"fmt"
	"testing"
	"testing/fstest"
)

// A table written to a global variable of a sharded host crosses to every
// shard as a copy, a cycle in it kept (t.self is t again); a table that
// holds a function, at any depth, is refused with a Lua error naming the
// variable and the function, and the variable keeps its value.
func TestShardsGlobalTableCopy(t *testing.T) {
	const script = `local bt = require("bt")
T = BTAction:New()
function T:OnUpdate()
    local who = self:GetVariable("who")
    local cfg = bt.GetGlobalVariable("cfg")
    print(who .. " " .. (cfg and tostring(cfg.self.self.speed) .. " " .. tostring(cfg.self == cfg) or "none"))
    if who == "a" then local t = { speed = 3 }; t.self = t; bt.SetGlobalVariable("cfg", t) end
    if who == "f" then bt.SetGlobalVariable("cfg", { speed = 4, deep = { { f = function() end } } }) end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree:SetVariable("who", args.name)
    tree:SetStartTask(T:New())
    return tree
end
`
	for _, shards := range []int{1, 2} {
		t.Run(fmt.Sprintf("shards=%d", shards), func(t *testing.T) {
			var out bytes.Buffer
			h := shardedHost(t, shards, &out, fstest.MapFS{"v.lua": {Data: []byte(script)}})
			for _, name := range []string{"a", "b", "f"} {
				if _, err := h.Spawn("v.lua", map[string]any{"name": name}); err != nil {
					t.Fatal(err)
				}
			}
			err := h.Tick(0.1)
			want := `v.lua:8: global variable "cfg": the table holds a function, which cannot be shared between shards (Options.Shards >= 1); store numbers, strings, booleans, tables of them or Go values (agent 3, task T)`
			if err == nil || err.Error() != want {
				t.Fatalf("tick 1: got\n%v\nwant\n%s", err, want)
			}
			if got := out.String(); got != "a none\nb none\nf none\n" {
				t.Fatalf("tick 1: %q", got)
			}
			out.Reset()
			if got := tickOut(t, h, &out); got != "a 3 true\nb 3 true\n" {
				t.Fatalf("tick 2: %q", got)
			}
		})
	}
}
