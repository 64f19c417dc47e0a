package state

import (
	"github.com/btlua/btlua/host/internal/scope"
	"github.com/btlua/btlua/stdlib/bt"
)

// agentScope is an agent as the owner of its tree's variables
// (scope.Owner), without those methods on Agent's API.
type agentScope Agent

func (s *agentScope) Board() *bt.Blackboard  { return s.tree.BT.Blackboard }
func (s *agentScope) Scope() string          { return "tree " + (*Agent)(s).Name() }
func (s *agentScope) Closed(op string) error { return s.State.Shared.RefuseClosed(op) }
func (s *agentScope) Hooked()                {} // an agent's tree has no spreading hook

// Enter lets op in through the agent's state's guard.
func (s *agentScope) Enter(op string) (scope.Leaver, error) {
	st, err := (*Agent)(s).TryUse(op)
	return st, err
}

// Write is Set on the agent's tree: name lands in the global variables
// when only they have it (WriteVariable).
func (s *agentScope) Write(name string, v any) {
	s.State.WriteVariable(s.tree.BT.Blackboard, name, v)
}
