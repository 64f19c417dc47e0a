package sandbox

import (
	"slices"

	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// This file makes the library tables read-only to sandboxed scripts
// (sandbox.go): the BT* classes, the bt, goap and btai modules and every
// other table the libraries put in the globals (BTTaskStatus, BT, ...),
// and the tables they hold. One mod writing BTSequence.New = nil or
// bt.Selector = 5 would otherwise break every script of its state.
//
// A script sees each such table as a proxy: an empty table whose
// metatable reads through to the library table and refuses writes with
// "cannot set BTSequence.New: the BTSequence class is locked by the btlua
// sandbox (...)". Reads of a field holding another library table give that
// table's proxy, so bt.Sequence == BTSequence. A class's instances keep
// the class table itself as their metatable (the class's New, a Go
// function, unseals the proxy it is called on: luaclass.State.Unseal), so
// that the Go layer finds its classes as before; the sandbox's
// getmetatable gives the proxy instead, and a class whose __index was
// itself gets its proxy in its place: instances read through the proxy to
// the class (one more table on the chain, walked by the VM), and an
// instance's __index is the proxy, not the class table. setmetatable takes
// a proxy for the class table it stands for and refuses to change a
// proxy's metatable; rawget reads through a proxy, rawset refuses it.
// Writing a class's __index to the class itself (the series' New,
// "self.__index = self", called on a locked class) changes nothing and is
// allowed. Subclassing works as before: X = BTAction:New(), or
// setmetatable(o, {__index = BTAction}), then methods on X.

// sealer is the sandbox's record of the library tables and their proxies.
type sealer struct {
	st    *luaclass.State
	proxy map[*lua.LTable]*lua.LTable // library table -> its proxy
	real  map[*lua.LTable]*lua.LTable // proxy -> library table
	name  map[*lua.LTable]string      // library table -> its name in messages
	class map[*lua.LTable]bool        // library tables that are classes
	skip  map[*lua.LTable]bool        // tables never sealed (_G, package, the stdlib proxies)
}

// sealLibraries seals every table-valued global of L but those in skip
// (and the tables they hold) and the BTAI node classes nodeClasses, and
// wraps the preloaded modules so that require returns their proxies.
func sealLibraries(L *lua.LState, skip map[*lua.LTable]bool, nodeClasses map[string]*lua.LTable) *sealer {
	s := &sealer{st: luaclass.For(L), proxy: map[*lua.LTable]*lua.LTable{}, real: map[*lua.LTable]*lua.LTable{},
		name: map[*lua.LTable]string{}, class: map[*lua.LTable]bool{}, skip: skip}
	g := L.Get(lua.GlobalsIndex).(*lua.LTable)
	var names []string
	g.ForEach(func(k, v lua.LValue) {
		if _, ok := v.(*lua.LTable); ok {
			if name, ok := k.(lua.LString); ok {
				names = append(names, string(name))
			}
		}
	})
	slices.Sort(names)
	for _, name := range names { // a table's name is its global's, wherever it is met
		if t := g.RawGetString(name).(*lua.LTable); s.name[t] == "" {
			s.name[t] = name
		}
	}
	for _, name := range names {
		t := g.RawGetString(name).(*lua.LTable)
		if skip[t] {
			continue
		}
		g.RawSetString(name, s.seal(L, t, name))
	}
	for _, name := range []string{"BT node", "BT branch", "BT.Root"} { // reached through getmetatable of a node
		if t := nodeClasses[name]; t != nil {
			s.seal(L, t, name)
		}
	}
	if loaded, ok := L.G.Registry.RawGetString("_LOADED").(*lua.LTable); ok {
		for _, name := range []string{"bt", "goap", "btai"} {
			if t, ok := loaded.RawGetString(name).(*lua.LTable); ok && !skip[t] {
				loaded.RawSetString(name, s.seal(L, t, name))
			}
		}
	}
	if pkg, ok := g.RawGetString("package").(*lua.LTable); ok {
		if pre, ok := pkg.RawGetString("preload").(*lua.LTable); ok {
			for _, name := range []string{"bt", "goap", "btai"} {
				if fn, ok := pre.RawGetString(name).(*lua.LFunction); ok {
					pre.RawSetString(name, s.sealedModule(L, name, fn))
				}
			}
		}
	}
	return s
}

// sealedModule wraps the preload function of module name: require gets
// the proxy of the module's table.
func (s *sealer) sealedModule(L *lua.LState, name string, load *lua.LFunction) *lua.LFunction {
	return L.NewFunction(func(L *lua.LState) int {
		L.Push(load)
		L.Push(L.Get(1))
		L.Call(1, 1)
		if t, ok := L.Get(-1).(*lua.LTable); ok && !s.skip[t] {
			L.Replace(-1, s.seal(L, t, name))
		}
		return 1
	})
}

// seal returns the proxy of the library table t (made on first sight,
// with the tables t holds and its metatable), named name in messages.
func (s *sealer) seal(L *lua.LState, t *lua.LTable, name string) *lua.LTable {
	if p, ok := s.proxy[t]; ok {
		return p
	}
	if _, ok := s.real[t]; ok {
		return t // a proxy already
	}
	if n := s.name[t]; n != "" {
		name = n
	}
	p := L.NewTable()
	s.proxy[t], s.real[p], s.name[t] = p, t, name
	s.st.Seal(t, p)
	mt := L.NewTable()
	switch idx := t.RawGetString("__index").(type) {
	case *lua.LTable:
		if idx == t {
			s.class[t] = true
			t.RawSetString("__index", p) // an instance's __index is the proxy, no way to t
			mt.RawSetString("__index", t)
		}
	case *lua.LFunction:
		s.class[t] = true // a built-in parent class (its __index finds the lazy childTasks)
		mt.RawSetString("__index", t)
	case *lua.LNilType:
		if _, ok := s.lookup(t, lua.LString("New")).(*lua.LFunction); ok {
			// A class whose New sets __index at the first call (bt.lua's
			// BTPrecondition): it gets its proxy now, as a class.
			s.class[t] = true
			t.RawSetString("__index", p)
			mt.RawSetString("__index", t)
		}
	}
	if mt.RawGetString("__index") == lua.LNil {
		mt.RawSetString("__index", s.reader(L, t)) // a module: its tables come out as proxies
	}
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		k, v := L.Get(2), L.Get(3)
		if lk, ok := k.(lua.LString); ok && lk == "__index" && s.in(v) == t {
			return 0 // self.__index = self on a class: what it does already
		}
		L.RaiseError("cannot set %s.%s: %s", name, L.ToStringMeta(k).String(), s.locked(t))
		return 0
	}))
	p.Metatable = mt
	t.ForEach(func(k, v lua.LValue) {
		if sub, ok := v.(*lua.LTable); ok && !s.skip[sub] {
			if _, sealed := s.proxy[sub]; !sealed {
				s.seal(L, sub, name+"."+L.ToStringMeta(k).String())
			}
		}
	})
	if base, ok := t.Metatable.(*lua.LTable); ok && !s.skip[base] {
		s.seal(L, base, "the metatable of "+name)
	}
	return p
}

// reader returns the function that reads key k of the library table t
// as a lookup in t would (its own fields, then its class chain), giving
// a library table's proxy for a library table.
func (s *sealer) reader(L *lua.LState, t *lua.LTable) *lua.LFunction {
	return L.NewFunction(func(L *lua.LState) int {
		L.Push(s.out(s.lookup(t, L.Get(2))))
		return 1
	})
}

// lookup finds key k in t's own fields, then up its class chain.
func (s *sealer) lookup(t *lua.LTable, k lua.LValue) lua.LValue {
	for cur, n := t, 0; cur != nil && n < luaclass.MaxDepth; n++ {
		if v := cur.RawGet(k); v != lua.LNil {
			return v
		}
		cur = luaclass.Of(cur)
	}
	return lua.LNil
}

// locked says what t is, for the refusals: "the BTSequence class is
// locked by the btlua sandbox (...)" or "the bt library is locked ...".
func (s *sealer) locked(t *lua.LTable) string {
	name := s.name[t]
	if s.class[t] {
		if s.lookup(t, lua.LString("New")) == lua.LNil {
			return "the " + name + " class is " + lockedMessage
		}
		return "the " + name + " class is " + lockedMessage + " (derive a class of your own: local X = " + name + ":New())"
	}
	return "the " + name + " library is " + lockedMessage
}

// out is v as scripts see it: a library table's proxy for the table.
func (s *sealer) out(v lua.LValue) lua.LValue {
	if t, ok := v.(*lua.LTable); ok {
		if p, ok := s.proxy[t]; ok {
			return p
		}
	}
	return v
}

// in is v as the Go layer sees it: the library table for its proxy.
func (s *sealer) in(v lua.LValue) lua.LValue {
	if t, ok := v.(*lua.LTable); ok {
		if r, ok := s.real[t]; ok {
			return r
		}
	}
	return v
}

// sealedTable returns the library table of proxy v, or nil when v is
// not one.
func (s *sealer) sealedTable(v lua.LValue) *lua.LTable {
	if t, ok := v.(*lua.LTable); ok {
		return s.real[t]
	}
	return nil
}
