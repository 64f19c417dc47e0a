package luaclass

import (
	"slices"
	"sort"

	lua "github.com/yuin/gopher-lua"
)

// Merge is hot reload's merge of a class or module table: it copies the
// methods and plain fields of nt (the table a reloaded file made) into ot
// (the table in use) in place, removes ot's methods that nt no longer has,
// turns nt into a table that forwards to ot, and drops every cached method
// lookup of the state (State.Invalidate). Fields holding tables in ot are
// kept: they are the class's state, not code. The Go object of ot (see
// Bind) stays ot's; nt keeps its own, so instances made from nt during the
// reloaded file's run still find their kind. ot keeps its metatable: a
// merge does not change a class's base class.
//
// It returns the names of the methods added, removed or whose code changed
// (by SameCode), sorted. ot's __index stays as it is, whatever nt holds:
// it is how ot's instances look fields up (a built-in class may have a Go
// function there), not one of its methods.
func Merge(L *lua.LState, ot, nt *lua.LTable) []string {
	For(L).Unflatten() // the tables as the scripts wrote them
	var changed []string
	var gone []lua.LValue
	var updates [][2]lua.LValue
	ot.ForEach(func(k, v lua.LValue) {
		if s, ok := k.(lua.LString); ok && s == "__index" {
			return // ot's lookup, not a method (a Go function on a built-in class)
		}
		if _, isFn := v.(*lua.LFunction); isFn && nt.RawGet(k) == lua.LNil {
			gone = append(gone, k)
		}
	})
	for _, k := range gone {
		ot.RawSet(k, lua.LNil)
		changed = append(changed, lua.LVAsString(k))
	}
	nt.ForEach(func(k, v lua.LValue) {
		if s, ok := k.(lua.LString); ok && (s == key || s == "__index") {
			return
		}
		cur := ot.RawGet(k)
		if _, isTable := v.(*lua.LTable); isTable && cur != lua.LNil {
			return
		}
		if fn, isFn := v.(*lua.LFunction); isFn {
			if old, ok := cur.(*lua.LFunction); !ok || !SameCode(old, fn) {
				changed = append(changed, lua.LVAsString(k))
			}
		}
		updates = append(updates, [2]lua.LValue{k, v})
	})
	for _, kv := range updates {
		ot.RawSet(kv[0], kv[1])
	}
	sort.Strings(changed)
	obj := nt.RawGetString(key)
	Clear(nt)
	if obj != lua.LNil {
		nt.RawSetString(key, obj)
	}
	nt.RawSetString("__index", ot)
	fwd := L.NewTable()
	fwd.RawSetString("__index", ot)
	fwd.RawSetString("__newindex", ot)
	nt.Metatable = fwd
	For(L).Invalidate()
	return changed
}

// SameCode reports whether two Lua functions have the same code: the same
// instructions, constants and nested functions. Line numbers are ignored,
// so a method that only moved is not counted as changed.
func SameCode(a, b *lua.LFunction) bool {
	if a.IsG || b.IsG {
		return a == b
	}
	return sameProto(a.Proto, b.Proto)
}

func sameProto(a, b *lua.FunctionProto) bool {
	if a == nil || b == nil {
		return a == b
	}
	if !slices.Equal(a.Code, b.Code) || len(a.Constants) != len(b.Constants) ||
		len(a.FunctionPrototypes) != len(b.FunctionPrototypes) ||
		a.NumParameters != b.NumParameters || a.IsVarArg != b.IsVarArg {
		return false
	}
	for i := range a.Constants {
		if a.Constants[i] != b.Constants[i] {
			return false
		}
	}
	for i := range a.FunctionPrototypes {
		if !sameProto(a.FunctionPrototypes[i], b.FunctionPrototypes[i]) {
			return false
		}
	}
	return true
}

// Clear removes every key of t.
func Clear(t *lua.LTable) {
	var keys []lua.LValue
	t.ForEach(func(k, _ lua.LValue) { keys = append(keys, k) })
	for _, k := range keys {
		t.RawSet(k, lua.LNil)
	}
}

// MergedInto returns the table nt was merged into by Merge (nt then
// forwards every read and write to it), or nil when nt is not such a
// forwarder.
func MergedInto(nt *lua.LTable) *lua.LTable {
	fwd, ok := nt.Metatable.(*lua.LTable)
	if !ok {
		return nil
	}
	ot, ok := fwd.RawGetString("__newindex").(*lua.LTable)
	if !ok || fwd.RawGetString("__index") != ot || nt.RawGetString("__index") != ot {
		return nil
	}
	return ot
}
