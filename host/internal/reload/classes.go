package reload

import (
	"fmt"
	"strings"

	"github.com/btlua/btlua/lua/btlib"
	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// Classes is what a file had defined before a reload ran it again: the
// task classes among its global tables (Names, in definition order), and
// the value of its module in package.loaded (Module; lua.LNil for a file
// that is not a module).
type Classes struct {
	Names  []string
	Module lua.LValue
}

// ClassesOf returns the task classes among the global tables names (a
// file's, in definition order) and the value of module in package.loaded
// ("" for a file that is not a module).
func ClassesOf(L *lua.LState, lib *btlib.Lib, names []string, module string) Classes {
	c := Classes{Module: lua.LNil}
	G := L.G.Global
	for _, n := range names {
		if tbl, ok := G.RawGetString(n).(*lua.LTable); ok && lib.IsTaskClass(tbl) {
			c.Names = append(c.Names, n)
		}
	}
	if module != "" {
		c.Module = Loaded(L).RawGetString(module)
	}
	return c
}

// Vanished returns how the staged run drops task classes the file defined
// before (running tasks may use them, so such a reload is refused): a
// class it no longer assigns, a class global it assigns a value that is
// not a table (Counter = 5, Counter = nil), and a module (named module)
// that returned a class and now returns something else. Empty when none.
func (st *Staged) Vanished(lib *btlib.Lib, before Classes, module string) []string {
	assigned := map[string]bool{}
	for _, n := range st.Names {
		assigned[n] = true
	}
	var gone, out []string
	for _, n := range before.Names {
		switch v := st.Value(n); {
		case !assigned[n]:
			gone = append(gone, n)
		case v.Type() != lua.LTTable:
			out = append(out, fmt.Sprintf("%s is now %s, not a class", n, luaerr.Describe(v)))
		}
	}
	if len(gone) == 1 {
		out = append([]string{gone[0] + " is no longer defined here"}, out...)
	} else if len(gone) > 1 {
		out = append([]string{strings.Join(gone, ", ") + " are no longer defined here"}, out...)
	}
	if old, ok := before.Module.(*lua.LTable); ok && lib.IsTaskClass(old) && len(st.Rets) > 0 {
		if nv := st.Rets[0]; nv != lua.LNil && nv.Type() != lua.LTTable {
			out = append(out, fmt.Sprintf("module %s now returns %s, not its class", module, luaerr.Describe(nv)))
		}
	}
	return out
}

// Loaded returns package.loaded of L (the registry's _LOADED table; a new
// empty table when there is none).
func Loaded(L *lua.LState) *lua.LTable {
	t, _ := L.G.Registry.RawGetString("_LOADED").(*lua.LTable)
	if t == nil {
		t = L.NewTable()
	}
	return t
}

// CommitModule applies the value the reloaded module named module
// returned to package.loaded of L: a table is merged into the module
// table in place; any other value (a function, a number) replaces the
// module's value and is described in the result ("name (a function)",
// for Report.Replaced; "" otherwise). A module that returned nothing
// keeps its value.
func (st *Staged) CommitModule(L *lua.LState, module string) (replaced string) {
	if len(st.Rets) == 0 || st.Rets[0] == lua.LNil {
		return ""
	}
	loaded := Loaded(L)
	nv, ov := st.Rets[0], loaded.RawGetString(module)
	ot, oldIsTable := ov.(*lua.LTable)
	nt, newIsTable := nv.(*lua.LTable)
	if oldIsTable && newIsTable {
		st.Merge(L, module, ot, nt)
		return ""
	}
	if nv == ov {
		return ""
	}
	loaded.RawSetString(module, nv)
	return fmt.Sprintf("%s (a %s)", module, nv.Type())
}
