package luaerr

import "testing"

// An error whose message names its agent in the parentheses it ends with
// (Named) reads with one level of parentheses: the task goes first in
// them; an agent named with parentheses of its own is matched across
// them; AgentApart leaves the agent's number out.
func TestNamedOneLevel(t *testing.T) {
	for _, c := range []struct {
		e          Error
		want, text string
	}{
		{Error{File: "f.lua", Line: 9, Msg: "CPU budget of 500ms exceeded (tick of agent t500, f.lua return value 1[100])", Task: "Loop", Named: true},
			"f.lua:9: CPU budget of 500ms exceeded (task Loop; tick of agent t500, f.lua return value 1[100])", ""},
		{Error{File: "fac.lua", Line: 6, Msg: "CPU budget of 20ms exceeded (tick of agent 3, fac.lua factory return value 1)", Task: "A", Agent: "3", Named: true},
			"fac.lua:6: CPU budget of 20ms exceeded (task A; tick of agent 3, fac.lua factory return value 1)",
			"fac.lua:6: CPU budget of 20ms exceeded (task A; tick of agent *, fac.lua factory return value 1)"},
		{Error{File: "f.lua", Line: 2, Msg: "interrupted (tick of agent odd (1), f.lua return value 1)", Task: "T", Named: true},
			"f.lua:2: interrupted (task T; tick of agent odd (1), f.lua return value 1)", ""},
		{Error{File: "f.lua", Line: 2, Msg: "interrupted (tick of agent a, f.lua)", Named: true},
			"f.lua:2: interrupted (tick of agent a, f.lua)", ""},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("Error() = %q, want %q", got, c.want)
		}
		if text, _ := c.e.AgentApart(); text != c.text {
			t.Errorf("AgentApart() = %q, want %q", text, c.text)
		}
	}
}
