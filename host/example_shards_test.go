package host_test

import (
	"fmt"
	"log"
	"testing/fstest"

	"github.com/btlua/btlua/host"
)

// Spread 4 agents over 2 Lua states ticked in parallel: the API is the
// same, the output comes in agent order, and a global variable written in
// one tick is read by every agent, in every shard, in the next.
func ExampleOptions_shards() {
	npc := `local bt = require("bt")
Count = BTAction:New()
function Count:OnUpdate()
    local me = self:GetVariable("me")
    print(me .. " reads alarm=" .. tostring(bt.GetGlobalVariable("alarm")))
    if me == "npc3" then bt.SetGlobalVariable("alarm", true) end
    return BTTaskStatus.Running
end
return function(args)
    local tree = BTBehaviorTree:New()
    tree:SetVariable("me", args.name)
    tree:SetStartTask(Count:New())
    return tree
end
`
	h, err := host.New(host.Options{Shards: 2, FS: fstest.MapFS{"npc.lua": {Data: []byte(npc)}}})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()
	for i := 1; i <= 4; i++ {
		a, err := h.Spawn("npc.lua", map[string]any{"name": fmt.Sprint("npc", i)})
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("npc%d in shard %d\n", i, h.ShardOf(a))
	}
	for range 2 {
		if err := h.Tick(1.0 / 60); err != nil {
			log.Print(err)
		}
	}
	// Output:
	// npc1 in shard 0
	// npc2 in shard 1
	// npc3 in shard 0
	// npc4 in shard 1
	// npc1 reads alarm=nil
	// npc2 reads alarm=nil
	// npc3 reads alarm=nil
	// npc4 reads alarm=nil
	// npc1 reads alarm=true
	// npc2 reads alarm=true
	// npc3 reads alarm=true
	// npc4 reads alarm=true
}
