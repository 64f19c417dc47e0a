package scope

import (
	"sort"

	"github.com/btlua/btlua/host/internal/shards"
	"github.com/btlua/btlua/host/internal/vars"
	"github.com/btlua/btlua/stdlib/bt"
	lua "github.com/yuin/gopher-lua"
)

// Variables is a scope of blackboard variables (Behavior Designer's
// shared variables) seen from Go, with Go values: an agent's tree's
// variables (embedded in state.Agent) or the global variables
// (Globals). Its methods are the agent's and the Globals' own; what it
// reads and writes is its owner's (Init).
type Variables struct {
	owner    Owner
	onChange func(name string, old, new any)
}

// Owner is what a scope of variables reaches: an agent (its tree's
// blackboard, its state) or the host of the global variables.
type Owner interface {
	// Board returns the scope's blackboard now (an agent's tree changes
	// when a reload rebuilds it), Scope names the scope in errors ("tree
	// guard", "global variables").
	Board() *bt.Blackboard
	Scope() string
	// Enter lets op in (the goroutine guard: Leave ends it) or refuses
	// it; Closed refuses op after Close (nil before).
	Enter(op string) (Leaver, error)
	Closed(op string) error
	// Write is Set of name to v after the checks (nil deletes it).
	Write(name string, v any)
	// Hooked is told that OnChange replaced the blackboard's hook (a
	// sharded host's global variables put their spreading hook back).
	Hooked()
}

// Leaver ends a call Owner.Enter let in.
type Leaver interface{ Leave() }

// Init makes v the scope of owner.
func (v *Variables) Init(owner Owner) { v.owner = owner }

// board returns the blackboard of the scope now.
func (v *Variables) board() *bt.Blackboard { return v.owner.Board() }

// scope names the scope in errors.
func (v *Variables) scope() string { return v.owner.Scope() }

// Get returns the value of the variable name as a Go value, or nil when
// it is not set. A tree's variable not set in the tree is looked up in
// the global variables, as a task's self:GetVariable(name) does. A value
// a script set is converted: Lua numbers are float64, strings string,
// booleans bool, tables []any (keys 1..n) or map[string]any at every
// depth, and Go values that reached Lua through gopher-luar come back as
// themselves; a function is returned as its lua.LValue. A value set from
// Go with Set is returned as it was given (an int stays an int, a pointer
// the same pointer).
func (v *Variables) Get(name string) any {
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
func (v *Variables) Set(name string, value any) {
	defer v.use("Set").Leave()

	if v.owner.Closed("Set") != nil {
		return
	}
	if value == lua.LNil {
		value = nil
	}
	v.owner.Write(name, value)
}

// GetFloat returns the variable name as a number: a Lua number, or a Go
// value of any integer or floating-point type. The error names the scope,
// the variable and the value it has; it wraps ErrNoVariable when the
// variable is not set.
func (v *Variables) GetFloat(name string) (float64, error) {
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
func (v *Variables) GetString(name string) (string, error) {
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
func (v *Variables) GetBool(name string) (bool, error) {
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
func (v *Variables) Names() []string {
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
func (v *Variables) OnChange(fn func(name string, old, new any)) {
	defer v.use("OnChange").Leave()

	v.onChange = fn
	v.attach()
	v.owner.Hooked() // a sharded host's spreading hook, put back
}

// attach installs the scope's hook on its blackboard now.
func (v *Variables) attach() {
	if v.onChange == nil {
		v.board().OnSet(nil)
		return
	}
	v.board().OnSet(v.Heard)
}

// Heard is the blackboard's hook: it reports a write that changed the
// value.
func (v *Variables) Heard(name string, old, new any) {
	if v.onChange != nil && !same(old, new) {
		v.onChange(name, fromBoard(old), fromBoard(new))
	}
}

// Rebound attaches the hook to the agent's new tree after a reload rebuilt
// it, and reports the variables the new tree has that before, the old
// tree's blackboard, did not.
func (v *Variables) Rebound(before *bt.Blackboard) {
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

// tryUse lets op in through the owner's guard: nil and the Leaver, or
// the refusal (ErrNotMade for a nil or zero scope).
func (v *Variables) tryUse(op string) (Leaver, error) {
	if v == nil || v.owner == nil {
		return nil, notMadeGlobals(op)
	}
	return v.owner.Enter(op)
}

// use is tryUse for methods without an error result: it panics with the
// refusal.
func (v *Variables) use(op string) Leaver {
	h, err := v.tryUse(op)
	if err != nil {
		panic(err)
	}
	return h
}
