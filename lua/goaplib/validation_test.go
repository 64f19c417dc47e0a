package goaplib

import (
	"bytes"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// runErr runs src as chunk "test.lua" with goap bound to the library and
// returns the error it raises, or, when it returns nil, err (a planner's
// answer to malformed input), err.message; "" when neither.
func runErr(t *testing.T, src string) string {
	t.Helper()
	L, _ := openLib(t)
	fn, err := L.Load(bytes.NewBufferString(`local goap = require("goap")
`+src), "test.lua")
	if err != nil {
		t.Fatal(err)
	}
	L.Push(fn)
	if err := L.PCall(0, 2, nil); err != nil {
		return err.(*lua.ApiError).Object.String()
	}
	if e, ok := L.Get(-1).(*lua.LTable); ok && L.Get(-2) == lua.LNil {
		return e.RawGetString("message").String()
	}
	return ""
}

// NaN, and infinities where no finite number is meant, are refused where
// they are given, naming the action or goal and the value.
func TestNonFiniteNumbersRefused(t *testing.T) {
	const act = `local a = goap.Action:New{name = "Chop", effects = {logs = 1}}
`
	cases := []struct{ src, want string }{
		{`goap.Planner:New{weight = 0/0}`, `test.lua:2: goap: Planner:New: weight must be a finite number >= 1, got NaN (a number)`},
		{`goap.Planner:New{weight = math.huge}`, `test.lua:2: goap: Planner:New: weight must be a finite number >= 1, got math.huge (a number)`},
		{`goap.Action:New{name = "Chop", cost = math.huge}`, `test.lua:2: goap: Chop:New: cost must be a finite number >= 0, got math.huge (a number)`},
		{`goap.Action:New{name = "Chop", cost = 0/0}`, `test.lua:2: goap: Chop:New: cost must be a finite number >= 0, got NaN (a number)`},
		{`goap.Action:New{name = "Chop", cost = function() return 1 end, minCost = 0/0}`, `test.lua:2: goap: Chop:New: minCost must be a finite number >= 0, got NaN (a number)`},
		{`goap.Action:New{name = "Chop", effects = {logs = 0/0}}`, `test.lua:2: goap: Chop:New: effects: value of "logs" is NaN (NaN compares false with every value)`},
		{`goap.Action:New{name = "Chop", pre = {{"logs", "<", 0/0}}}`, `test.lua:2: goap: Chop:New: pre[1]: value of "logs" is NaN (NaN compares false with every value)`},
		{act + `a:AddEffect("logs", "+", 0/0)`, `test.lua:3: goap: Chop:AddEffect: "logs" + needs a finite number, got NaN (a number)`},
		{act + `a:AddEffect("logs", "-", -math.huge)`, `test.lua:3: goap: Chop:AddEffect: "logs" - needs a finite number, got -math.huge (a number)`},
		{act + `a:AddPrecondition("logs", "<", 0/0)`, `test.lua:3: goap: Chop:AddPrecondition: value of "logs" is NaN (NaN compares false with every value)`},
		{act + `return goap.Planner:New():Plan({logs = 0}, {logs = 0/0}, {a})`, `test.lua:3: goap: Planner:Plan: goal.logs is NaN (NaN compares false with every value)`},
		{act + `return goap.Planner:New():PlanGoals({logs = 0}, {{name = "stock", priority = 0/0, conditions = {logs = 1}}}, {a})`,
			`test.lua:3: goap: Planner:PlanGoals: goals[1] ("stock").priority must be a number (not NaN) or a function(state), got NaN (a number)`},
		{act + `return goap.Planner:New():PlanGoals({logs = 0}, {{name = "stock", priority = 1, conditions = {logs = 0/0}}}, {a})`,
			`test.lua:3: goap: Planner:PlanGoals: goals[1] ("stock").conditions.logs is NaN (NaN compares false with every value)`},
		{`goap.Planner:New{weight = 1/0}`, `test.lua:2: goap: Planner:New: weight must be a finite number >= 1, got +Inf (a number)`},
		{`goap.Planner:New{maxNodes = -1}`, `test.lua:2: goap: Planner:New: maxNodes must be a whole number >= 0, got -1 (a number)`},
		{`goap.Agent:New({GetWorldState = function() return {} end, CreateGoalState = function() return {} end}, {}, {maxNodes = -5})`,
			`test.lua:2: goap: Agent:New: maxNodes must be a whole number >= 0, got -5 (a number)`},
	}
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			if got := runErr(t, c.src); got != c.want {
				t.Errorf("error %q\nwant  %q", got, c.want)
			}
		})
	}
}
