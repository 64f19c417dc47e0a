package host

import (
	"sort"

	"github.com/btlua/btlua/lua/luaclass"
	lua "github.com/yuin/gopher-lua"
)

// staged is a file that was compiled and run in a staging environment:
// its global writes are held back until commit.
type staged struct {
	env     *lua.LTable  // the chunk's globals: reads fall through to _G
	meta    *lua.LTable  // env's metatable
	names   []string     // globals the chunk assigned, in order
	rets    []lua.LValue // the chunk's return values
	merged  []string     // classes merged in place by commit
	added   []string     // globals that did not exist before
	changed []string     // "Class.Method" for each method whose code changed
	// into maps each staged table merged so far to the table it was
	// merged into: a module table that is also a global is merged once.
	into map[*lua.LTable]*lua.LTable
}

// merge merges the staged table nt into ot once, recording it under name.
func (st *staged) merge(L *lua.LState, name string, ot, nt *lua.LTable) {
	if st.into[nt] != nil || ot == nt {
		return
	}
	st.into[nt] = ot
	for _, m := range luaclass.Merge(L, ot, nt) {
		st.changed = append(st.changed, name+"."+m)
	}
	st.merged = append(st.merged, name)
}

// stage compiles path (a syntax error stops there, with nothing run) and
// runs it with a private global table whose reads fall through to _G.
// Nothing in _G changes until commit; on error the staged run is dropped.
func (h *Host) stage(path string) (*staged, error) {
	L := h.L
	fn, err := loadFile(L, path)
	if err != nil {
		return nil, err
	}
	st := &staged{env: L.NewTable(), meta: L.NewTable(), into: map[*lua.LTable]*lua.LTable{}}
	G := L.Get(lua.GlobalsIndex).(*lua.LTable)
	st.meta.RawSetString("__index", G)
	st.meta.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		k, v := L.Get(2), L.Get(3)
		if s, ok := k.(lua.LString); ok && st.env.RawGet(k) == lua.LNil {
			st.names = append(st.names, string(s))
		}
		st.env.RawSet(k, v)
		return 0
	}))
	st.env.Metatable = st.meta
	fn.Env = st.env
	top := L.GetTop()
	L.Push(fn)
	if err := L.PCall(0, lua.MultRet, nil); err != nil {
		return nil, err
	}
	for i := top + 1; i <= L.GetTop(); i++ {
		st.rets = append(st.rets, L.Get(i))
	}
	L.SetTop(top)
	return st, nil
}

// commit applies a staged run: each global it assigned is written to _G,
// except that a table assigned over an existing table (a class or module
// reloaded) is merged into the existing one in place, and the staged table
// then forwards to it, so that everything made during the staged run
// (instances, trees) inherits from the class already in use. Afterwards
// the staged functions see _G directly.
func (h *Host) commit(st *staged) {
	L := h.L
	G := L.Get(lua.GlobalsIndex).(*lua.LTable)
	for _, name := range st.names {
		v := st.env.RawGetString(name)
		old := G.RawGetString(name)
		ot, oldIsTable := old.(*lua.LTable)
		nt, newIsTable := v.(*lua.LTable)
		if oldIsTable && newIsTable {
			st.merge(L, name, ot, nt)
			continue
		}
		if old == lua.LNil {
			st.added = append(st.added, name)
		}
		G.RawSetString(name, v)
	}
	// The staged functions now read and write the real globals.
	luaclass.Clear(st.env)
	st.meta.RawSetString("__newindex", G)
	sort.Strings(st.added)
}
