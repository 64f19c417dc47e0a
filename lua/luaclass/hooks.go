package luaclass

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"
)

// MethodSet names the Lua methods a kind of Go object calls on its table
// (a task's OnStart, a GOAP action's Perform), by index, and the Go
// functions that count as "not overridden": a class that inherits one of
// them has no override, and the Go object runs its own behaviour without
// calling into Lua.
type MethodSet struct {
	names []string
	// keys are names as Lua strings, made once: a lookup through an
	// __index function (a built-in parent class) boxes no string.
	keys     []lua.LValue
	aliases  map[int]string
	defaults map[*lua.LFunction]bool
}

// NewMethodSet returns the set of the given method names; index i of a
// Hooks cache is names[i]. A set holds at most 64 names.
func NewMethodSet(names ...string) *MethodSet {
	if len(names) > 64 {
		panic("luaclass: a MethodSet holds at most 64 methods")
	}
	keys := make([]lua.LValue, len(names))
	for i, name := range names {
		keys[i] = lua.LString(name)
		watchName(name, watchHook) // a write of it drops the caches (method_writes.go)
	}
	return &MethodSet{names: names, keys: keys, aliases: map[int]string{}, defaults: map[*lua.LFunction]bool{}}
}

// Alias makes name a second spelling of method i, looked up when the
// class defines no method under the first (the GOAP seed's
// CheckProcedualPrecondition).
func (m *MethodSet) Alias(i int, name string) {
	m.aliases[i] = name
	watchName(name, watchHook)
}

// Default marks fn as a built-in default: found on a class chain, it
// counts as no override.
func (m *MethodSet) Default(fn *lua.LFunction) { m.defaults[fn] = true }

// Name returns the name of method i.
func (m *MethodSet) Name(i int) string { return m.names[i] }

// Len returns the number of methods.
func (m *MethodSet) Len() int { return len(m.names) }

// IsDefault reports whether fn is one of the set's defaults.
func (m *MethodSet) IsDefault(fn *lua.LFunction) bool { return m.defaults[fn] }

// Hooks caches, for one Go object, the Lua overrides of a MethodSet found
// on its table's class chain. Lookups are made once per epoch of the
// State (see State.Invalidate), never on each call, so a tick allocates
// nothing; a script's write of a method's name into any table (an
// instance, a class, a base class) starts a new epoch (method_writes.go),
// so each call sees the method Lua's lookup would find. The zero value is
// an empty cache.
type Hooks struct {
	epoch uint64
	// set has bit i set when method i is overridden; fns is allocated only
	// then (most tasks override nothing, and a lookup of a method that is
	// not overridden reads no more than set).
	set uint64
	fns []*lua.LFunction
}

// Stale reports whether the cache must be refreshed (see Refresh) before
// its next use.
func (h *Hooks) Stale(s *State) bool { return h.epoch != s.epoch }

// Refresh looks every method of set up again on self's class chain, and
// registers self's class for Flatten when one is overridden (Lua code
// runs on self and calls its methods).
func (h *Hooks) Refresh(s *State, self *lua.LTable, set *MethodSet) {
	h.set = 0
	for i := range h.fns {
		h.fns[i] = nil
	}
	for i, key := range set.keys {
		fn := lookup(s.L, self, key, set)
		if fn == nil {
			if alias, ok := set.aliases[i]; ok {
				fn = lookup(s.L, self, lua.LString(alias), set)
			}
		}
		if fn == nil {
			continue
		}
		if len(h.fns) != len(set.names) {
			h.fns = make([]*lua.LFunction, len(set.names))
		}
		h.fns[i] = fn
		h.set |= 1 << i
	}
	h.epoch = s.epoch
	if h.set != 0 {
		s.RegisterClass(Of(self)) // Lua code runs on self
	}
}

// Get returns the Lua override of method i, or nil, refreshing the cache
// first when the epoch changed.
func (h *Hooks) Get(s *State, self *lua.LTable, set *MethodSet, i int) *lua.LFunction {
	if h.epoch != s.epoch {
		h.Refresh(s, self, set)
	}
	if h.set&(1<<i) == 0 {
		return nil
	}
	return h.fns[i]
}

// lookup returns the function under name on self's class chain (through
// __index, as a Lua read of self[name]), or nil when there is none or it
// is one of set's defaults. A value there that is no function stands as
// a call of it would in plain Lua: a callable table or userdata (__call)
// is called, anything else raises "ai.lua:2: OnUpdate is a number (5),
// not a function" when the method runs (notCallable), with the line of
// the write that set it when the write hooks saw it (hook_where.go).
func lookup(L *lua.LState, self *lua.LTable, name lua.LValue, set *MethodSet) *lua.LFunction {
	switch v := L.GetTable(self, name).(type) {
	case *lua.LFunction:
		if set.defaults[v] {
			return nil
		}
		return v
	case *lua.LNilType:
		return nil
	default:
		label := name.String()
		if n, ok := self.RawGetString("name").(lua.LString); ok && n != "" {
			label = string(n) + "." + label // a GOAP action's name, a task's
		}
		return notCallable(L, For(L).hookWhere(self, name.String()), label, v)
	}
}

// notCallable returns the function that stands for v, the value of the
// method name ("OnUpdate", or "FetchFlour.Perform" for a table with a
// name) that is no function: it calls v through its __call
// metamethod, or raises an error naming the method and the value, after
// where, "file:line" of the write that set it ("ai.lua:2: OnUpdate is a
// number (5), not a function"), when known.
func notCallable(L *lua.LState, where, name string, v lua.LValue) *lua.LFunction {
	if L.GetMetaField(v, "__call") != lua.LNil {
		return L.NewFunction(func(L *lua.LState) int {
			return PassOn(L, v)
		})
	}
	text := v.Type().String()
	switch v.Type() {
	case lua.LTNumber, lua.LTBool:
		text += " (" + v.String() + ")"
	case lua.LTString:
		text += fmt.Sprintf(" (%q)", v.String())
	}
	if where != "" {
		msg := lua.LString(fmt.Sprintf("%s: %s is a %s, not a function", where, name, text))
		return L.NewFunction(func(L *lua.LState) int {
			L.Error(msg, 0)
			return 0
		})
	}
	return L.NewFunction(func(L *lua.LState) int {
		L.RaiseError("%s is a %s, not a function", name, text)
		return 0
	})
}
