package host

import (
	"github.com/btlua/btlua/host/internal/agentctl"
	"github.com/btlua/btlua/host/internal/scope"
	"github.com/btlua/btlua/host/internal/state"
)

// ErrNoVariable is wrapped by the errors of GetFloat, GetString and
// GetBool for a variable that is not set.
var ErrNoVariable = scope.ErrNoVariable

// Globals are the global variables (Behavior Designer's global
// variables): the parent scope of every tree's blackboard, which scripts
// use with bt.GetGlobalVariable and bt.SetGlobalVariable. Its methods are
// those of an agent's variables: Get, Set, GetFloat, GetString, GetBool,
// Names and OnChange.
type Globals struct {
	g *scope.Globals // the engine's global variables; nil for a zero Globals
}

// core is the engine's global variables; nil for a nil or zero Globals,
// which its methods refuse (ErrNotMade).
func (g *Globals) core() *scope.Globals {
	if g == nil {
		return nil
	}
	return g.g
}

// Get returns the variable name as a Go value, or nil when it is not set
// (a tree's variable falls back to the global variables). A script's
// value comes back as float64, string, bool, []any or map[string]any, a
// Go value as itself, a function as its lua.LValue; a value set with Set
// as it was given. See docs/embedding.md, The blackboard from Go.
func (a *Agent) Get(name string) any { return agentctl.Get(a.core(), name) }

// Set sets the variable name to value, in the tree unless only the
// global variables have name; the value is stored as it is (Get returns
// it), and a nil value (or lua.LNil) deletes the variable. On the global
// variables a Go map, slice or array becomes a Lua table. It calls the
// scope's OnChange when the value changed, and listeners hear an
// EventVariable without a writer. See docs/embedding.md, The blackboard
// from Go.
func (a *Agent) Set(name string, value any) { agentctl.Set(a.core(), name, value) }

// GetFloat returns the variable name as a number: a Lua number, or a Go
// value of any integer or floating-point type. The error names the scope,
// the variable and the value it has; it wraps ErrNoVariable when the
// variable is not set.
func (a *Agent) GetFloat(name string) (float64, error) { return agentctl.GetFloat(a.core(), name) }

// GetString returns the variable name as a string (a Lua string or a Go
// string; numbers are not converted). Errors as GetFloat's.
func (a *Agent) GetString(name string) (string, error) { return agentctl.GetString(a.core(), name) }

// GetBool returns the variable name as a boolean (a Lua or a Go
// boolean; other values are not converted, nil and false alike). Errors
// as GetFloat's.
func (a *Agent) GetBool(name string) (bool, error) { return agentctl.GetBool(a.core(), name) }

// Names returns the names of the variables set in this scope (for a tree,
// not the global variables), sorted.
func (a *Agent) Names() []string { return agentctl.Names(a.core()) }

// OnChange makes fn hear every change of a variable in this scope, from a
// script or from Go: its name, and its values before and after as Get
// gives them (nil for unset). A write of the same value is not a change.
// fn is called on the ticking goroutine right after the write and must
// not tick or reload the host. It survives a reload that rebuilds the
// tree. Nil removes it; a second call replaces fn. See docs/embedding.md,
// The blackboard from Go.
func (a *Agent) OnChange(fn func(name string, old, new any)) { agentctl.OnChange(a.core(), fn) }

// Get is Agent.Get on the global variables.
func (g *Globals) Get(name string) any { return g.core().Get(name) }

// Set is Agent.Set on the global variables (nil deletes name).
func (g *Globals) Set(name string, value any) { g.core().Set(name, value) }

// GetFloat is Agent.GetFloat on the global variables.
func (g *Globals) GetFloat(name string) (float64, error) { return g.core().GetFloat(name) }

// GetString is Agent.GetString on the global variables.
func (g *Globals) GetString(name string) (string, error) { return g.core().GetString(name) }

// GetBool is Agent.GetBool on the global variables.
func (g *Globals) GetBool(name string) (bool, error) { return g.core().GetBool(name) }

// Names is Agent.Names on the global variables.
func (g *Globals) Names() []string { return g.core().Names() }

// OnChange makes fn hear every change of a global variable (see
// Agent.OnChange); on a sharded host, those scripts make during a tick at
// the frame boundary, in agent order. Nil removes fn.
func (g *Globals) OnChange(fn func(name string, old, new any)) { g.core().OnChange(fn) }

// SetVariable writes a blackboard variable from Go, between ticks: agent
// a's (see Agent.Set), or a global one when a is nil. v is a Go value or
// a lua.LValue; nil or lua.LNil deletes name. Listeners hear an
// EventVariable without a writer. An agent of another host is refused
// with an error naming it; after Close it does nothing and returns nil.
func (h *Host) SetVariable(a *Agent, name string, v any) error {
	c := a.core()
	if a != nil && c == nil {
		c = &state.Agent{} // a zero Agent: refused as no agent of this host
	}
	return h.core().SetVariable(c, name, v)
}
