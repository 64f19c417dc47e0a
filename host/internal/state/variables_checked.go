package state

import "fmt"

// This file holds the variable methods of Agent and Globals. Both embed
// variables (variables.go), whose methods hold the one body of each;
// promoted, they would dereference a nil *Agent or *Globals before any
// check, so each type has its own methods, every one a line that goes
// through the one checked wrapper (scopeOf): a nil or zero Agent or
// Globals is refused with ErrNotMade, naming the method, before anything
// is dereferenced.

// scope is an Agent or a Globals: its variables, or the refusal of op
// when it was not made by the host (nil or zero).
type scope interface {
	vars(op string) (*variables, error)
}

func (a *Agent) vars(op string) (*variables, error) {
	if !a.made() {
		return nil, notMadeAgent(op)
	}
	return &a.variables, nil
}

func (g *Globals) vars(op string) (*variables, error) {
	if g == nil {
		return nil, notMadeGlobals(op) // a zero Globals: its variables' guard
	}
	return &g.variables, nil
}

// scopeOf is s's variables for op; it panics with the refusal for
// methods without an error result.
func scopeOf(s scope, op string) *variables {
	v, err := s.vars(op)
	if err != nil {
		panic(err)
	}
	return v
}

// typed is a typed getter (GetFloat, GetString, GetBool) of s: the
// refusal, or get's result.
func typed[T any](s scope, op, name string, get func(*variables, string) (T, error)) (T, error) {
	v, err := s.vars(op)
	if err != nil {
		var zero T
		return zero, err
	}
	return get(v, name)
}

// notMadeGlobals is the refusal of op on a nil Globals.
func notMadeGlobals(op string) error {
	return &useError{fmt.Sprintf("host: %s called on variables not made by a Host (a nil or zero Agent or Globals)", op), ErrNotMade}
}

// Get is host.Agent.Get.
func (a *Agent) Get(name string) any { return scopeOf(a, "Get").Get(name) }

// Set is host.Agent.Set.
func (a *Agent) Set(name string, value any) { scopeOf(a, "Set").Set(name, value) }

// GetFloat is variables.GetFloat on the agent's tree.
func (a *Agent) GetFloat(name string) (float64, error) {
	return typed(a, "GetFloat", name, (*variables).GetFloat)
}

// GetString is variables.GetString on the agent's tree.
func (a *Agent) GetString(name string) (string, error) {
	return typed(a, "GetString", name, (*variables).GetString)
}

// GetBool is variables.GetBool on the agent's tree.
func (a *Agent) GetBool(name string) (bool, error) {
	return typed(a, "GetBool", name, (*variables).GetBool)
}

// Names is host.Agent.Names.
func (a *Agent) Names() []string { return scopeOf(a, "Names").Names() }

// OnChange is host.Agent.OnChange.
func (a *Agent) OnChange(fn func(name string, old, new any)) { scopeOf(a, "OnChange").OnChange(fn) }

// Get is variables.Get on the global variables.
func (g *Globals) Get(name string) any { return scopeOf(g, "Get").Get(name) }

// Set is variables.Set on the global variables (nil deletes name).
func (g *Globals) Set(name string, value any) { scopeOf(g, "Set").Set(name, value) }

// GetFloat is variables.GetFloat on the global variables.
func (g *Globals) GetFloat(name string) (float64, error) {
	return typed(g, "GetFloat", name, (*variables).GetFloat)
}

// GetString is variables.GetString on the global variables.
func (g *Globals) GetString(name string) (string, error) {
	return typed(g, "GetString", name, (*variables).GetString)
}

// GetBool is variables.GetBool on the global variables.
func (g *Globals) GetBool(name string) (bool, error) {
	return typed(g, "GetBool", name, (*variables).GetBool)
}

// Names is variables.Names on the global variables.
func (g *Globals) Names() []string { return scopeOf(g, "Names").Names() }

// OnChange is host.Globals.OnChange.
func (g *Globals) OnChange(fn func(name string, old, new any)) { scopeOf(g, "OnChange").OnChange(fn) }
