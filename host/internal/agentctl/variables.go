package agentctl

import (
	"github.com/btlua/btlua/host/internal/scope"
	"github.com/btlua/btlua/host/internal/state"
)

// This file holds the variable calls of an agent: each goes through the
// checked wrappers of package host/internal/scope (scope.Of, scope.Typed),
// so that a nil or zero agent is refused with ErrNotMade, naming the
// method, before anything is dereferenced (state.Agent.Vars).

// Get is host.Agent.Get: the variable name of a's tree as a Go value.
func Get(a *state.Agent, name string) any { return scope.Of(a, "Get").Get(name) }

// Set is host.Agent.Set: name set to value in a's tree (or the global
// variables, when only they have it).
func Set(a *state.Agent, name string, value any) { scope.Of(a, "Set").Set(name, value) }

// GetFloat is scope.Variables.GetFloat on a's tree.
func GetFloat(a *state.Agent, name string) (float64, error) {
	return scope.Typed(a, "GetFloat", name, (*scope.Variables).GetFloat)
}

// GetString is scope.Variables.GetString on a's tree.
func GetString(a *state.Agent, name string) (string, error) {
	return scope.Typed(a, "GetString", name, (*scope.Variables).GetString)
}

// GetBool is scope.Variables.GetBool on a's tree.
func GetBool(a *state.Agent, name string) (bool, error) {
	return scope.Typed(a, "GetBool", name, (*scope.Variables).GetBool)
}

// Names is host.Agent.Names: the names set in a's tree, sorted.
func Names(a *state.Agent) []string { return scope.Of(a, "Names").Names() }

// OnChange is host.Agent.OnChange: fn hears the changes of a's tree's
// variables.
func OnChange(a *state.Agent, fn func(name string, old, new any)) {
	scope.Of(a, "OnChange").OnChange(fn)
}
