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

// Get returns the value of the variable name as a Go value, or nil when
// it is not set. A tree's variable not set in the tree is looked up in
// the global variables, as a task's self:GetVariable(name) does. A value
// a script set is converted: Lua numbers are float64, strings string,
// booleans bool, tables []any (keys 1..n) or map[string]any at every
// depth, and Go values that reached Lua through gopher-luar come back as
// themselves; a function is returned as its lua.LValue. A value set from
// Go with Set is returned as it was given (an int stays an int, a pointer
// the same pointer).
func (a *Agent) Get(name string) any { return agentctl.Get(a.core(), name) }

// Set sets the variable name to value, as a task's self:SetVariable(name,
// value) does: in the tree, unless only the global variables have name,
// then there. The value is stored as it is, so Get returns it unchanged;
// scripts read numbers, strings and booleans as Lua's, and other Go values
// (structs, pointers, maps, slices) through gopher-luar, with their fields
// and methods. A global variable is the exception for a Go map, slice or
// array: it is stored as a Lua table made from it (see vm.LuaValue), as a
// script's table would be, so scripts index it and ipairs it as a table,
// Get gives its Go form ([]any or map[string]any, a copy: the map given
// is neither written nor read again), and a value Get gave, written back,
// is a table again; on a sharded host it is copied into every shard and
// read-only there (host/internal/shards/globals.go), where one Go map shared by shards
// ticking in parallel would be written concurrently. A Go value given to
// agents of different shards is used by their scripts in parallel: give
// each agent its own map or slice, or a value safe for concurrent use.
// A nil value (or lua.LNil) deletes the variable. Set calls
// the OnChange function of the scope written to when the value changed,
// and listeners of the event stream (Subscribe) hear an EventVariable
// without a writer.
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

// OnChange makes fn hear every change of a variable in this scope, made
// by a script (self:SetVariable, tree:SetVariable, bt.SetGlobalVariable)
// or from Go (Set): its name, and its values before and after as Get
// returns them (nil for unset). A write of the value the variable has
// (the same number, string, boolean, table or Go value) is not a change.
// A tree's OnChange hears the tree's own variables: a write that lands in
// the global variables is the Globals' change. fn is called on the
// ticking goroutine right after the write, so during a tick when a task
// writes: it must not tick or reload the host. An agent's fn stays when a
// reload rebuilds its tree, and then hears the variables the new tree has
// that the old one did not. Nil removes it; a second call replaces fn.
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
// Agent.OnChange for the rules). On a sharded host (Options.Shards
// >= 1) the changes scripts make during a tick are heard at the frame
// boundary, in agent order (see host/internal/shards/globals.go); nil removes fn.
func (g *Globals) OnChange(fn func(name string, old, new any)) { g.core().OnChange(fn) }

// SetVariable writes a blackboard variable from Go, between ticks: a
// variable of agent a's tree (see Agent.Set), or a global variable when a
// is nil (see Globals.Set). v is a Go value as Set takes it, or a
// lua.LValue as scripts see it; nil or lua.LNil deletes the name.
// Listeners of the event stream hear an EventVariable without a writer.
// Debuggers use it to edit the blackboard.
// An agent of another host is refused with an error naming it, nothing
// written. After Close it does nothing and returns nil, as Agent.Set and
// Globals.Set.
func (h *Host) SetVariable(a *Agent, name string, v any) error {
	c := a.core()
	if a != nil && c == nil {
		c = &state.Agent{} // a zero Agent: refused as no agent of this host
	}
	return h.core().SetVariable(c, name, v)
}
