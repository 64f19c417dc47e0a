package state

import "github.com/btlua/btlua/host/internal/scope"

// This file holds the variable methods of Agent: each goes through the
// checked wrappers of package host/internal/scope (scope.Of, scope.Typed),
// so that a nil or zero Agent is refused with ErrNotMade, naming the
// method, before anything is dereferenced.

// Vars is a's variables, or the refusal of op for an Agent not made by
// the host (nil or zero).
func (a *Agent) Vars(op string) (*scope.Variables, error) {
	if !a.made() {
		return nil, notMadeAgent(op)
	}
	return &a.Variables, nil
}

// Get is host.Agent.Get.
func (a *Agent) Get(name string) any { return scope.Of(a, "Get").Get(name) }

// Set is host.Agent.Set.
func (a *Agent) Set(name string, value any) { scope.Of(a, "Set").Set(name, value) }

// GetFloat is scope.Variables.GetFloat on the agent's tree.
func (a *Agent) GetFloat(name string) (float64, error) {
	return scope.Typed(a, "GetFloat", name, (*scope.Variables).GetFloat)
}

// GetString is scope.Variables.GetString on the agent's tree.
func (a *Agent) GetString(name string) (string, error) {
	return scope.Typed(a, "GetString", name, (*scope.Variables).GetString)
}

// GetBool is scope.Variables.GetBool on the agent's tree.
func (a *Agent) GetBool(name string) (bool, error) {
	return scope.Typed(a, "GetBool", name, (*scope.Variables).GetBool)
}

// Names is host.Agent.Names.
func (a *Agent) Names() []string { return scope.Of(a, "Names").Names() }

// OnChange is host.Agent.OnChange.
func (a *Agent) OnChange(fn func(name string, old, new any)) { scope.Of(a, "OnChange").OnChange(fn) }
