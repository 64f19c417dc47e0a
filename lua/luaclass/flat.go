package luaclass

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// This file makes a method call from Lua (self:GetVariable(...)) resolve
// in one hop past the instance while a batch of trees ticks (issue 23).
// gopher-lua looks self.M up along the chain: the instance, its class,
// the base class, the built-in class: two string-map reads per class
// (the miss, then the metatable's __index). Flatten copies, into each
// class whose tasks run Lua code (override a hook, see RegisterClass),
// the methods it inherits (the function-valued fields of the tables up
// its chain that it lacks), so that the lookup stops at the class.
// Unflatten removes them again.
//
// What scripts see does not change:
//
//   - a copy is a string-map entry that is not in gopher-lua's key list
//     (as SetUnlisted's fields): next and pairs never list it; rawget, as
//     OpenFlatLookups makes it, does not see it;
//   - an instance's own field shadows a copy as it shadows the method:
//     the instance is read first;
//   - a script that assigns the copied name in the class makes it a
//     field of the class (listed, kept by Unflatten); one that assigns
//     nil removes the copy, and the lookup goes on up the chain;
//   - setmetatable on a table of a flattened chain removes every copy at
//     once, before it returns: the rest of the batch looks up as gopher-
//     lua does;
//   - the copies are made again at the start of every batch from the
//     class tables as they are then, and removed at its end, so that code
//     running between batches (saves, hot reload, a failed reload's
//     snapshot, the inspector) sees the tables as the scripts wrote them;
//   - a method written into a table up a flattened chain while a batch
//     runs (replaced in a base class, or defined anew in a class between
//     a subclass and the one it was copied from) removes every copy at
//     once, as setmetatable does (method_writes.go): the next call finds
//     it, as in PUC Lua.
//
// Metamethods ("__" names) are never copied: Lua reads them from the
// metatable itself, not through __index.

// flatCopy is one method copied into a class.
type flatCopy struct {
	name string
	fn   lua.LValue
}

// flatClass is a class whose inherited methods Flatten copies once its
// tasks are many enough.
type flatClass struct {
	table  *lua.LTable
	copies []flatCopy
	// tasks counts RegisterClass calls (a task's hooks looked up).
	tasks int
}

// flatState is the State's record of the classes to flatten.
type flatState struct {
	// classes are the registered classes with FlatMinTasks tasks or more,
	// the ones Flatten copies into; index holds every registered class.
	classes []*flatClass
	index   map[*lua.LTable]*flatClass
	// walks maps a Go __index function that looks keys up along a class
	// chain with raw reads to the table it starts at (IndexWalk).
	walks map[*lua.LFunction]*lua.LTable
	// on is set while copies are in place; chain holds every table of
	// the flattened chains then.
	on    bool
	chain map[*lua.LTable]bool
}

// FlatMinTasks is how many tasks of a class RegisterClass must see before
// Flatten copies into it: the copies cost each batch about a microsecond a
// class, which a class of one agent's task does not win back (a script
// loaded per agent with local classes), and one shared by a crowd's tasks
// does many times over.
const FlatMinTasks = 8

// maxFlatClasses bounds the classes one state records and flattens.
const maxFlatClasses = 1 << 14

// RegisterClass records that a task looks methods up in class. From the
// FlatMinTasks-th task on, Flatten copies the class's inherited methods
// into it. Hooks.Refresh registers the class of every task that overrides
// a hook (whose Lua code runs, and calls methods on self), once per
// epoch; the classes of tasks that run only Go code cost the batches
// nothing.
func (s *State) RegisterClass(class *lua.LTable) {
	f := &s.flat
	if class == nil || !layout.ok {
		return
	}
	c := f.index[class]
	if c == nil {
		if len(f.index) >= maxFlatClasses {
			return
		}
		if f.index == nil {
			f.index = map[*lua.LTable]*flatClass{}
		}
		c = &flatClass{table: class}
		f.index[class] = c
	}
	if c.tasks++; c.tasks == FlatMinTasks {
		f.classes = append(f.classes, c)
	}
}

// IndexWalk declares fn, a Go __index function, as one that answers a
// key with the first value found by raw reads along the chain of start
// (start, Of(start), ...): Flatten walks on through it.
func (s *State) IndexWalk(fn *lua.LFunction, start *lua.LTable) {
	if s.flat.walks == nil {
		s.flat.walks = map[*lua.LFunction]*lua.LTable{}
	}
	s.flat.walks[fn] = start
}

// Flatten copies into every registered class the methods it inherits (see
// the top of this file). It does nothing when the copies are in place.
func (s *State) Flatten() {
	f := &s.flat
	if f.on || len(f.classes) == 0 {
		return
	}
	f.on = true
	if f.chain == nil {
		f.chain = map[*lua.LTable]bool{}
	}
	for _, c := range f.classes {
		s.flattenClass(c)
	}
}

// flattenClass makes the copies of one class.
func (s *State) flattenClass(c *flatClass) {
	f := &s.flat
	cf := fieldsOf(c.table)
	c.copies = c.copies[:0]
	if len(*cf.keys) == 0 {
		return // next reads keys[0] once the string map has entries
	}
	f.chain[c.table] = true
	for cur, n := s.up(c.table), 0; cur != nil && n < MaxDepth; cur, n = s.up(cur), n+1 {
		if cur == c.table {
			return // a cycle
		}
		f.chain[cur] = true
		af := fieldsOf(cur)
		for name, v := range *af.strdict {
			if _, isFn := v.(*lua.LFunction); !isFn || strings.HasPrefix(name, "__") {
				continue
			}
			if _, listed := (*af.k2i)[lua.LString(name)]; !listed {
				continue // a copy of cur's, or a binding's unlisted field
			}
			if _, had := (*cf.k2i)[lua.LString(name)]; had {
				continue // the class's own, or once its own (next would list a copy)
			}
			if *cf.strdict == nil {
				*cf.strdict = make(map[string]lua.LValue, 8)
			}
			if _, has := (*cf.strdict)[name]; has {
				continue // a nearer table's copy, or an unlisted field
			}
			(*cf.strdict)[name] = v
			c.copies = append(c.copies, flatCopy{name: name, fn: v})
			watchName(name, watchFlat) // a write of it up the chain removes the copies
		}
	}
}

// up returns the table a lookup that misses in tbl goes on in: the
// metatable's __index when it is a table, the table an IndexWalk function
// starts at, else nil (no __index, or one Flatten cannot follow).
func (s *State) up(tbl *lua.LTable) *lua.LTable {
	mt, ok := tbl.Metatable.(*lua.LTable)
	if !ok {
		return nil
	}
	switch idx := mt.RawGetString("__index").(type) {
	case *lua.LTable:
		return idx
	case *lua.LFunction:
		return s.flat.walks[idx]
	}
	return nil
}

// Unflatten removes the copies Flatten made that are still in place (not
// replaced or removed by a script since).
func (s *State) Unflatten() {
	f := &s.flat
	if !f.on {
		return
	}
	f.on = false
	for _, c := range f.classes {
		cf := fieldsOf(c.table)
		for _, cp := range c.copies {
			if s.isCopy(cf, cp) {
				delete(*cf.strdict, cp.name)
			}
		}
		c.copies = c.copies[:0]
	}
	clear(f.chain)
}

// isCopy reports whether class fields cf still hold copy cp: the value is
// the copy's and the name is not in the key list.
func (s *State) isCopy(cf tableFields, cp flatCopy) bool {
	v, ok := (*cf.strdict)[cp.name]
	if !ok || v != cp.fn {
		return false
	}
	_, listed := (*cf.k2i)[lua.LString(cp.name)]
	return !listed
}

// Flattened reports whether Flatten's copies are in place.
func (s *State) Flattened() bool { return s.flat.on }

// inFlatChain reports whether tbl is a table of a flattened chain.
func (s *State) inFlatChain(tbl *lua.LTable) bool { return s.flat.on && s.flat.chain[tbl] }

// hidesCopy reports whether rawget(tbl, k) would read one of Flatten's
// copies.
func (s *State) hidesCopy(tbl *lua.LTable, k lua.LValue) bool {
	name, ok := k.(lua.LString)
	if !ok || !s.flat.on {
		return false
	}
	c := s.flat.index[tbl]
	if c == nil {
		return false
	}
	cf := fieldsOf(tbl)
	for _, cp := range c.copies {
		if cp.name == string(name) {
			return s.isCopy(cf, cp)
		}
	}
	return false
}

// OpenFlatLookups replaces rawget in L with one that does not see
// Flatten's copies: rawget(Class, "GetVariable") is nil while a batch
// runs, as it is outside one, when the class does not define the method
// itself. Arguments, results and errors are the original's.
func OpenFlatLookups(L *lua.LState) {
	orig, ok := L.GetGlobal("rawget").(*lua.LFunction)
	if !ok || !orig.IsG {
		return
	}
	s := For(L)
	g := orig.GFunction
	L.SetGlobal("rawget", L.NewFunction(func(L *lua.LState) int {
		if tbl, ok := L.Get(1).(*lua.LTable); ok && s.hidesCopy(tbl, L.Get(2)) {
			L.Push(lua.LNil)
			return 1
		}
		return g(L)
	}))
}
