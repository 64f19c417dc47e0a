package goaplib

import "testing"

// The goal of a provider's CreateGoalState is named "CreateGoalState" in
// errors and traces (it has no name of its own: the table it returns is
// the conditions).
func TestCreateGoalStateGoalName(t *testing.T) {
	L, _ := openLib(t)
	got := run(t, L, `
		local goap = require("goap")
		local msg
		local p = {}
		function p:GetWorldState() return {food = false} end
		function p:CreateGoalState() return {food = true} end
		function p:PlanFailed(goal, message) msg = message end
		local a = goap.Agent:New(p, {})
		a:Update()
		return msg`)
	if want := `goap: goal "CreateGoalState" {food == true}: no plan: condition food == true is unmet and no usable action changes "food" (expanded 0, visited 1)`; got[0].String() != want {
		t.Errorf("PlanFailed message %q\nwant %q", got[0].String(), want)
	}
}
