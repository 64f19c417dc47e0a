package goaplib

import (
	"bytes"
	"testing"
)

// An error raised with a value that is not a string by a GOAP action's
// callback during a tree tick names the line of the error call, the agent
// task and a rendering of the value that is the same on every run.
func TestActionCallbackNonStringError(t *testing.T) {
	for _, c := range []struct{ hook, want string }{
		{"Perform", `test.lua:7: error raised with a table: {code = 42} (task Woodcutter)`},
		{"CheckProceduralPrecondition", `test.lua:7: error raised with a table: {code = 42} (task Woodcutter)`},
	} {
		t.Run(c.hook, func(t *testing.T) {
			L, lib := openLib(t)
			fn, err := L.Load(bytes.NewBufferString(`
local goap = require("goap")
local chop = goap.Action:New{name = "Chop", effects = {logs = true}}
function chop:IsDone() return false end
function chop:RequiresInRange() return false end
function chop:`+c.hook+`()
    error({code = 42})
end
if chop.Perform == nil or "`+c.hook+`" ~= "Perform" then
    function chop:Perform() return true end
end
local p = {}
function p:GetWorldState() return {logs = false} end
function p:CreateGoalState() return {logs = true} end
local agent = goap.Agent:New(p, {chop})
local tree = BTBehaviorTree:New()
tree:SetStartTask(BTGoapAgentTask:New(agent, "Woodcutter"))
return tree
`), "test.lua")
			if err != nil {
				t.Fatal(err)
			}
			L.Push(fn)
			if err := L.PCall(0, 1, nil); err != nil {
				t.Fatal(err)
			}
			tr, err := lib.BT.TreeOf(L.Get(-1))
			if err != nil {
				t.Fatal(err)
			}
			for range 5 {
				if _, err = lib.BT.TickTree(tr, 1.0/60); err != nil {
					break
				}
			}
			if err == nil || err.Error() != c.want {
				t.Errorf("error %v\nwant  %s", err, c.want)
			}
		})
	}
}
