package reload

import (
	"sort"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// Staged is a file that was compiled and run in a staging environment
// (Stage): its global writes are held back until Commit.
type Staged struct {
	// Names lists the globals the chunk assigned, in order.
	Names []string
	// Rets holds the chunk's return values.
	Rets []lua.LValue
	// Merged lists the classes and modules merged in place (Commit,
	// Merge); Added the globals that did not exist before (sorted);
	// Changed "Class.Method" for each method added, removed or whose code
	// changed.
	Merged, Added, Changed []string

	env  *lua.LTable // the chunk's globals: reads fall through to _G
	meta *lua.LTable // env's metatable
	// into maps each staged table merged so far to the table it was
	// merged into: a module table that is also a global is merged once.
	into map[*lua.LTable]*lua.LTable
	// snap is the state before the reload (nil for a LoadFile), for the
	// methods a run wrote straight into a live table (M = M or {}).
	snap *Snapshot
}

// Merge merges the staged table nt into ot once, recording it under name.
// When nt is ot (a file written as M = M or {} got the live table and
// wrote its methods into it), the changed methods are found by comparing
// with the snapshot.
func (st *Staged) Merge(L *lua.LState, name string, ot, nt *lua.LTable) {
	if st.into[nt] != nil {
		return
	}
	st.into[nt] = ot
	var changed []string
	if ot == nt {
		if kv, ok := st.snap.before(ot); ok {
			changed = methodChanges(kv, ot)
		}
	} else {
		changed = luaclass.Merge(L, ot, nt)
	}
	for _, m := range changed {
		st.Changed = append(st.Changed, name+"."+m)
	}
	st.Merged = append(st.Merged, name)
}

// Stage runs a new closure of the compiled file proto in L with a private
// global table whose reads fall through to _G. Global assignments stay in
// the private table until Commit; on error (the run's Lua error) the
// staged run is dropped. Writes into live tables that the run reads (and
// every other change of live state) are undone by the caller's snapshot
// snap (nil for none) when the reload fails.
func Stage(L *lua.LState, proto *lua.FunctionProto, snap *Snapshot) (*Staged, error) {
	fn := L.NewFunctionFromProto(proto)
	st := &Staged{env: L.NewTable(), meta: L.NewTable(), into: map[*lua.LTable]*lua.LTable{}, snap: snap}
	G := L.Get(lua.GlobalsIndex).(*lua.LTable)
	assigned := map[string]bool{}
	st.meta.RawSetString("__index", G)
	st.meta.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		k, v := L.Get(2), L.Get(3)
		if s, ok := k.(lua.LString); ok && !assigned[string(s)] {
			assigned[string(s)] = true
			st.Names = append(st.Names, string(s))
		}
		st.env.RawSet(k, v)
		return 0
	}))
	st.env.Metatable = st.meta
	fn.Env = st.env
	top := L.GetTop()
	L.Push(fn)
	if err := luaerr.PCall(L, 0, lua.MultRet); err != nil {
		return nil, err
	}
	for i := top + 1; i <= L.GetTop(); i++ {
		st.Rets = append(st.Rets, L.Get(i))
	}
	L.SetTop(top)
	return st, nil
}

// Value returns what the staged run assigned to the global name last (nil
// when it assigned nil).
func (st *Staged) Value(name string) lua.LValue { return st.env.RawGetString(name) }

// Commit applies the staged run to L: each global it assigned is written
// to _G, except that a table assigned over an existing table (a class or
// module reloaded) is merged into the existing one in place, and the
// staged table then forwards to it, so that everything made during the
// staged run (instances, trees) inherits from the class already in use.
// Afterwards the staged functions see _G directly, and the Go caches of
// lib are dropped.
func (st *Staged) Commit(L *lua.LState, lib *btlib.Lib) {
	G := L.Get(lua.GlobalsIndex).(*lua.LTable)
	for _, name := range st.Names {
		v := st.Value(name)
		old := G.RawGetString(name)
		ot, oldIsTable := old.(*lua.LTable)
		nt, newIsTable := v.(*lua.LTable)
		if oldIsTable && newIsTable {
			st.Merge(L, name, ot, nt)
			continue
		}
		if old == lua.LNil && v != lua.LNil {
			st.Added = append(st.Added, name)
		}
		G.RawSetString(name, v)
	}
	// The staged functions now read and write the real globals.
	luaclass.Clear(st.env)
	st.meta.RawSetString("__newindex", G)
	sort.Strings(st.Added)
	// Method lookups and class names cached in Go (some made during the
	// staged run, when the new tables were not merged yet) are dropped.
	lib.Invalidate() // one epoch for every binding (luaclass.State)
}

// methodChanges compares the functions of t with its fields before (key,
// value pairs) and returns the names of the methods added, removed or
// whose code changed, sorted.
func methodChanges(before []lua.LValue, t *lua.LTable) []string {
	var changed []string
	had := map[lua.LValue]bool{}
	for i := 0; i < len(before); i += 2 {
		old, ok := before[i+1].(*lua.LFunction)
		if !ok {
			continue
		}
		had[before[i]] = true
		if cur, ok := t.RawGet(before[i]).(*lua.LFunction); !ok || (cur != old && !luaclass.SameCode(old, cur)) {
			changed = append(changed, lua.LVAsString(before[i]))
		}
	}
	t.ForEach(func(k, v lua.LValue) {
		if _, isFn := v.(*lua.LFunction); isFn && !had[k] {
			changed = append(changed, lua.LVAsString(k))
		}
	})
	sort.Strings(changed)
	return changed
}
