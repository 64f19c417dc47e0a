package state

import (
	"sort"

	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/vars"
	"github.com/btlua/btlua/host/internal/vm"
	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// ErrNoVariable is wrapped by the errors of GetFloat, GetString and
// GetBool for a variable that is not set.
var ErrNoVariable = vars.ErrNotSet

// variables is a scope of blackboard variables (Behavior Designer's
// shared variables) seen from Go, with Go values: an agent's tree's
// variables (embedded in Agent) or the global variables (Globals). Its
// methods are the agent's and the Globals' own.
type variables struct {
	Host     GlobalHost     // the Globals' host; nil for an agent's
	agent    *Agent         // the variables of this agent's current tree, or
	Global   *bt.Blackboard // the global variables
	onChange func(name string, old, new any)
}

// board returns the blackboard of the scope now (an agent's tree changes
// when a reload rebuilds it).
func (v *variables) board() *bt.Blackboard {
	if v.agent != nil {
		return v.agent.tree.BT.Blackboard
	}
	return v.Global
}

// scope names the scope in errors.
func (v *variables) scope() string {
	if v.agent != nil {
		return "tree " + v.agent.Name()
	}
	return "global variables"
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
func (v *variables) Get(name string) any {
	defer v.use("Get").Leave()

	raw, _ := v.board().Get(name)
	return fromBoard(raw)
}

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
func (v *variables) Set(name string, value any) {
	defer v.use("Set").Leave()

	if v.common().RefuseClosed("Set") != nil {
		return
	}
	if value == lua.LNil {
		value = nil
	}
	if v.agent != nil {
		v.agent.State.WriteVariable(v.board(), name, value)
		return
	}
	v.Host.WriteGlobal(name, value)
}

// GetFloat returns the variable name as a number: a Lua number, or a Go
// value of any integer or floating-point type. The error names the scope,
// the variable and the value it has; it wraps ErrNoVariable when the
// variable is not set.
func (v *variables) GetFloat(name string) (float64, error) {
	h, err := v.tryUse("GetFloat")
	if err != nil {
		return 0, err
	}
	defer h.Leave()

	raw, ok := v.board().Get(name)
	if x, is := vars.Float(raw, ok); is {
		return x, nil
	}
	return 0, vars.TypeError(v.scope(), name, raw, ok, "a number")
}

// GetString returns the variable name as a string (a Lua string or a Go
// string; numbers are not converted). Errors as GetFloat's.
func (v *variables) GetString(name string) (string, error) {
	h, err := v.tryUse("GetString")
	if err != nil {
		return "", err
	}
	defer h.Leave()

	raw, ok := v.board().Get(name)
	if x, is := vars.String(raw); is {
		return x, nil
	}
	return "", vars.TypeError(v.scope(), name, raw, ok, "a string")
}

// GetBool returns the variable name as a boolean (a Lua or a Go
// boolean; other values are not converted, nil and false alike). Errors
// as GetFloat's.
func (v *variables) GetBool(name string) (bool, error) {
	h, err := v.tryUse("GetBool")
	if err != nil {
		return false, err
	}
	defer h.Leave()

	raw, ok := v.board().Get(name)
	if x, is := vars.Bool(raw); is {
		return x, nil
	}
	return false, vars.TypeError(v.scope(), name, raw, ok, "a boolean")
}

// Names returns the names of the variables set in this scope (for a tree,
// not the global variables), sorted.
func (v *variables) Names() []string {
	defer v.use("Names").Leave()

	names := v.board().Names()
	sort.Strings(names)
	return names
}

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
func (v *variables) OnChange(fn func(name string, old, new any)) {
	defer v.use("OnChange").Leave()

	v.onChange = fn
	v.attach()
	if v.agent == nil {
		v.Host.HearGlobals() // a sharded host's spreading hook, put back
	}
}

// attach installs the scope's hook on its blackboard now.
func (v *variables) attach() {
	if v.onChange == nil {
		v.board().OnSet(nil)
		return
	}
	v.board().OnSet(v.Heard)
}

// Heard is the blackboard's hook: it reports a write that changed the
// value.
func (v *variables) Heard(name string, old, new any) {
	if v.onChange != nil && !same(old, new) {
		v.onChange(name, fromBoard(old), fromBoard(new))
	}
}

// rebound attaches the hook to the agent's new tree after a reload rebuilt
// it, and reports the variables the new tree has that before, the old
// tree's blackboard, did not.
func (v *variables) rebound(before *bt.Blackboard) {
	v.attach()
	if v.onChange == nil {
		return
	}
	had := map[string]bool{}
	for _, name := range before.Names() {
		had[name] = true
	}
	now := v.board()
	for _, name := range v.Names() {
		if !had[name] {
			val, _ := now.Get(name)
			v.onChange(name, nil, fromBoard(val))
		}
	}
}

// fromBoard returns a stored blackboard value as a Go value (see Get).
func fromBoard(raw any) any { return vars.FromBoard(raw) }

// same reports whether two stored values are the same value: == for
// comparable values; values of types that cannot be compared (a Go slice
// or map) are never the same.
func same(a, b any) bool { return shards.Same(a, b) }

// GlobalHost is the host of the Globals' variables, as they reach it
// (the Runtime): its guard, the global variables' writes and hook, and
// what it shares with its states.
type GlobalHost interface {
	Entered
	// TryUse lets op in (nil, then done ends it) or refuses it.
	TryUse(op string) error
	// WriteGlobal is Globals.Set of name to v after the checks, and
	// hearGlobals puts back the hook Globals.OnChange replaced.
	WriteGlobal(name string, v any)
	HearGlobals()
	// Common is what the host shares with its states.
	Common() *Shared
}

// Globals are the global variables (Behavior Designer's global
// variables): the parent scope of every tree's blackboard, which scripts
// use with bt.GetGlobalVariable and bt.SetGlobalVariable. Its methods are
// those of an agent's variables: Get, Set, GetFloat, GetString, GetBool,
// Names and OnChange.
type Globals struct {
	variables
}

// WriteVariable sets name to v in b (landing in the global variables when
// only they have the name, as bt.Blackboard.Set does) and tells the event
// stream's listeners, if any.
func (h *State) WriteVariable(b *bt.Blackboard, name string, v any) {
	if g := h.VM.Lib.Globals; shards.GoTable(v) && (b == g || b.Owner(name) == g) {
		// A Go map, slice or array as a global variable is a Lua table
		// (Globals.Set): a shard's hook spreads it (host/internal/shards).
		v = vm.LuaValue(h.VM.L, v)
	}
	e := h.Shared.Stream()
	if e == nil {
		b.Set(name, v)
		return
	}
	old, _ := b.Get(name)
	owner := b.Owner(name)
	if owner == nil {
		owner = b
	}
	b.Set(name, v)
	var nv lua.LValue = lua.LNil
	if v != nil {
		nv = vm.LuaValue(h.VM.L, v)
	}
	h.Shared.WriteIn(h, btlib.VariableWrite{Blackboard: owner, Name: name, Old: old, New: nv})
}

// common returns what the scope's host shares with its states: the
// agent's state's, or the Globals' host's.
func (v *variables) common() *Shared {
	if v.agent != nil {
		return v.agent.State.Shared
	}
	return v.Host.Common()
}
