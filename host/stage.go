package host

import (
	"sort"

	"github.com/btlua/btlua/lua/luaclass"
	"github.com/btlua/btlua/lua/luaerr"
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
	// snap is the state before the reload (nil for a LoadFile), for the
	// methods a run wrote straight into a live table (M = M or {}).
	snap *snapshot
}

// merge merges the staged table nt into ot once, recording it under name.
// When nt is ot (a file written as M = M or {} got the live table and
// wrote its methods into it), the changed methods are found by comparing
// with the snapshot.
func (st *staged) merge(L *lua.LState, name string, ot, nt *lua.LTable) {
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
		st.changed = append(st.changed, name+"."+m)
	}
	st.merged = append(st.merged, name)
}

// stage runs a new closure of the compiled file proto with a private
// global table whose reads fall through to _G. Global assignments stay in
// the private table until commit; on error the staged run is dropped.
// Writes into live tables that the run reads (and every other change of
// live state) are undone by the caller's snapshot when the reload fails.
func (h *state) stage(proto *lua.FunctionProto, snap *snapshot) (*staged, error) {
	L := h.vm.L
	fn := L.NewFunctionFromProto(proto)
	st := &staged{env: L.NewTable(), meta: L.NewTable(), into: map[*lua.LTable]*lua.LTable{}, snap: snap}
	G := L.Get(lua.GlobalsIndex).(*lua.LTable)
	assigned := map[string]bool{}
	st.meta.RawSetString("__index", G)
	st.meta.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		k, v := L.Get(2), L.Get(3)
		if s, ok := k.(lua.LString); ok && !assigned[string(s)] {
			assigned[string(s)] = true
			st.names = append(st.names, string(s))
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
		st.rets = append(st.rets, L.Get(i))
	}
	L.SetTop(top)
	return st, nil
}

// value returns what the staged run assigned to the global name last (nil
// when it assigned nil).
func (st *staged) value(name string) lua.LValue { return st.env.RawGetString(name) }

// commit applies a staged run: each global it assigned is written to _G,
// except that a table assigned over an existing table (a class or module
// reloaded) is merged into the existing one in place, and the staged table
// then forwards to it, so that everything made during the staged run
// (instances, trees) inherits from the class already in use. Afterwards
// the staged functions see _G directly, and Go caches are dropped.
func (h *state) commit(st *staged) {
	L := h.vm.L
	G := L.Get(lua.GlobalsIndex).(*lua.LTable)
	for _, name := range st.names {
		v := st.value(name)
		old := G.RawGetString(name)
		ot, oldIsTable := old.(*lua.LTable)
		nt, newIsTable := v.(*lua.LTable)
		if oldIsTable && newIsTable {
			st.merge(L, name, ot, nt)
			continue
		}
		if old == lua.LNil && v != lua.LNil {
			st.added = append(st.added, name)
		}
		G.RawSetString(name, v)
	}
	// The staged functions now read and write the real globals.
	luaclass.Clear(st.env)
	st.meta.RawSetString("__newindex", G)
	sort.Strings(st.added)
	// Method lookups and class names cached in Go (some made during the
	// staged run, when the new tables were not merged yet) are dropped.
	h.vm.Lib.Invalidate() // one epoch for every binding (luaclass.State)
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
