package host

import (
	"fmt"
	"strings"

	"github.com/btlua/btlua/lua/luaerr"
	lua "github.com/yuin/gopher-lua"
)

// globalTables returns the set of global names bound to tables.
func globalTables(L *lua.LState) map[string]bool {
	out := map[string]bool{}
	L.G.Global.ForEach(func(k, v lua.LValue) {
		if s, ok := k.(lua.LString); ok {
			if _, isTable := v.(*lua.LTable); isTable {
				out[string(s)] = true
			}
		}
	})
	return out
}

// runRecording calls fn with args (unprotected; errors propagate) and
// records in src the global tables the run defined (names that were not
// tables before and that no nested require or dofile claimed), which is
// how a reload later knows the classes a file defines. It returns the number of results left on the stack.
func (h *state) runRecording(src *source, fn *lua.LFunction, args ...lua.LValue) int {
	L := h.vm.L
	before := globalTables(L)
	top := L.GetTop()
	L.Push(fn)
	for _, a := range args {
		L.Push(a)
	}
	L.Call(len(args), lua.MultRet)
	for name := range globalTables(L) {
		if !before[name] && h.definer(name) == nil {
			src.define(name)
		}
	}
	return L.GetTop() - top
}

// definer returns the file that defined the global table name (a file
// required during another file's run claims its own globals first).
func (h *state) definer(name string) *source {
	for _, abs := range h.order {
		src := h.sources[abs]
		for _, n := range src.defined {
			if n == name {
				return src
			}
		}
	}
	return nil
}

// define records that the file defines the global table name.
func (s *source) define(name string) {
	for _, n := range s.defined {
		if n == name {
			return
		}
	}
	s.defined = append(s.defined, name)
}

// classes is what a file had defined before a reload ran it again: the
// task classes among its global tables, in definition order, and the
// value of its module in package.loaded.
type classes struct {
	names  []string
	module lua.LValue
}

// classesOf records the task classes src defines now (see classes).
func (h *state) classesOf(src *source) classes {
	var c classes
	G := h.vm.L.G.Global
	for _, n := range src.defined {
		if tbl, ok := G.RawGetString(n).(*lua.LTable); ok && h.vm.Lib.IsTaskClass(tbl) {
			c.names = append(c.names, n)
		}
	}
	c.module = lua.LNil
	if src.kind == moduleSource {
		c.module = h.loaded().RawGetString(src.module)
	}
	return c
}

// vanished returns how the staged run drops task classes the file defined
// before (running tasks may use them, so such a reload is refused): a
// class it no longer assigns, a class global it assigns a value that is
// not a table (Counter = 5, Counter = nil), and a module that returned a
// class and now returns something else. Empty when none.
func (h *state) vanished(src *source, before classes, st *staged) []string {
	assigned := map[string]bool{}
	for _, n := range st.names {
		assigned[n] = true
	}
	var gone, out []string
	for _, n := range before.names {
		switch v := st.value(n); {
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
	if old, ok := before.module.(*lua.LTable); ok && h.vm.Lib.IsTaskClass(old) && len(st.rets) > 0 {
		if nv := st.rets[0]; nv != lua.LNil && nv.Type() != lua.LTTable {
			out = append(out, fmt.Sprintf("module %s now returns %s, not its class", src.module, luaerr.Describe(nv)))
		}
	}
	return out
}
