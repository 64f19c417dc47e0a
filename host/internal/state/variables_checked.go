package state

import "github.com/btlua/btlua/host/internal/scope"

// This file holds an Agent as a scope.Scoped: the checked wrappers of
// package host/internal/scope (scope.Of, scope.Typed), which
// host/internal/agentctl calls, refuse a nil or zero Agent with
// ErrNotMade, naming the method, before anything is dereferenced.

// Vars is a's variables, or the refusal of op for an Agent not made by
// the host (nil or zero).
func (a *Agent) Vars(op string) (*scope.Variables, error) {
	if !a.made() {
		return nil, notMadeAgent(op)
	}
	return &a.Variables, nil
}
