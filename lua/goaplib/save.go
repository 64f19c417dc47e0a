package goaplib

import (
	"github.com/btlua/btlua/stdlib/bt"
	"github.com/btlua/btlua/stdlib/goap"
	lua "github.com/yuin/gopher-lua"
)

// AgentParts is a GOAP agent of a script, for saving its run state: the
// agent table (goap.Agent:New's result), the Go agent, the provider's
// table and the action tables in the order of Agent.Actions (nil for an
// action without a Lua table).
type AgentParts struct {
	Table    *lua.LTable
	Agent    *goap.Agent
	Provider *lua.LTable
	Actions  []*lua.LTable
}

func (la *luaAgent) parts() AgentParts {
	p := AgentParts{Table: la.self, Agent: la.ag, Provider: la.prov.self}
	for _, a := range la.ag.Actions {
		t, _ := selfOf(a).(*lua.LTable)
		p.Actions = append(p.Actions, t)
	}
	return p
}

// TaskAgentParts returns the agent that t, a BTGoapAgentTask (or a task
// wrapping one), runs.
func TaskAgentParts(t bt.Task) (AgentParts, bool) {
	for n := 0; t != nil && n < 8; n++ {
		if at, ok := t.(*agentTask); ok {
			return at.agent.parts(), true
		}
		w, ok := t.(interface{ Unwrap() bt.Task })
		if !ok {
			break
		}
		t = w.Unwrap()
	}
	return AgentParts{}, false
}

// TableAgent returns the agent whose table is v.
func TableAgent(v lua.LValue) (AgentParts, bool) {
	la, ok := agentOf(v)
	if !ok {
		return AgentParts{}, false
	}
	return la.parts(), true
}

// StepDone reports the done flag of the step under way (goap.StepBehavior).
func (la *luaAction) StepDone() bool { return la.done }

// SetStepDone sets the done flag of the step under way.
func (la *luaAction) SetStepDone(done bool) { la.done = done }
