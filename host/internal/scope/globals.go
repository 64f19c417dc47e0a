package scope

import (
	"fmt"

	"github.com/btlua/btlua/host/internal/entry"
	"github.com/btlua/btlua/host/internal/vars"
)

// This file holds the variable methods of Globals, and the checked
// wrappers (Of, Typed) that state.Agent's go through too. Both embed
// Variables, whose methods hold the one body of each; promoted, they
// would dereference a nil *Agent or *Globals before any check, so each
// type has its own methods, every one a line that goes through the one
// checked wrapper (Of): a nil or zero Agent or Globals is refused with
// entry.ErrNotMade, naming the method, before anything is dereferenced.

// ErrNoVariable is wrapped by the errors of GetFloat, GetString and
// GetBool for a variable that is not set.
var ErrNoVariable = vars.ErrNotSet

// Scoped is an Agent or a Globals: Vars returns its variables, or the
// refusal of op when it was not made by the host (nil or zero).
type Scoped interface {
	Vars(op string) (*Variables, error)
}

// Of is s's variables for op; it panics with the refusal for methods
// without an error result.
func Of(s Scoped, op string) *Variables {
	v, err := s.Vars(op)
	if err != nil {
		panic(err)
	}
	return v
}

// Typed is a typed getter (GetFloat, GetString, GetBool) of s: the
// refusal, or get's result.
func Typed[T any](s Scoped, op, name string, get func(*Variables, string) (T, error)) (T, error) {
	v, err := s.Vars(op)
	if err != nil {
		var zero T
		return zero, err
	}
	return get(v, name)
}

// notMadeGlobals is the refusal of op on a nil Globals.
func notMadeGlobals(op string) error {
	return entry.Refusal(fmt.Sprintf("host: %s called on variables not made by a Host (a nil or zero Agent or Globals)", op), entry.ErrNotMade)
}

// Globals are the global variables (Behavior Designer's global
// variables): the parent scope of every tree's blackboard, which scripts
// use with bt.GetGlobalVariable and bt.SetGlobalVariable. Its methods are
// those of an agent's variables: Get, Set, GetFloat, GetString, GetBool,
// Names and OnChange.
type Globals struct {
	Variables
}

// Vars is g's variables, or the refusal of op for a nil Globals.
func (g *Globals) Vars(op string) (*Variables, error) {
	if g == nil {
		return nil, notMadeGlobals(op) // a zero Globals: its variables' guard
	}
	return &g.Variables, nil
}

// Get is Variables.Get on the global variables.
func (g *Globals) Get(name string) any { return Of(g, "Get").Get(name) }

// Set is Variables.Set on the global variables (nil deletes name).
func (g *Globals) Set(name string, value any) { Of(g, "Set").Set(name, value) }

// GetFloat is Variables.GetFloat on the global variables.
func (g *Globals) GetFloat(name string) (float64, error) {
	return Typed(g, "GetFloat", name, (*Variables).GetFloat)
}

// GetString is Variables.GetString on the global variables.
func (g *Globals) GetString(name string) (string, error) {
	return Typed(g, "GetString", name, (*Variables).GetString)
}

// GetBool is Variables.GetBool on the global variables.
func (g *Globals) GetBool(name string) (bool, error) {
	return Typed(g, "GetBool", name, (*Variables).GetBool)
}

// Names is Variables.Names on the global variables.
func (g *Globals) Names() []string { return Of(g, "Names").Names() }

// OnChange is host.Globals.OnChange.
func (g *Globals) OnChange(fn func(name string, old, new any)) { Of(g, "OnChange").OnChange(fn) }
