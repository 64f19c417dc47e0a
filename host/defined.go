package host

import (
	"github.com/btlua/btlua/host/internal/reload"
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

// classesOf records the task classes src defines now (see
// reload.Classes).
func (h *state) classesOf(src *source) reload.Classes {
	module := ""
	if src.kind == moduleSource {
		module = src.module
	}
	return reload.ClassesOf(h.vm.L, h.vm.Lib, src.defined, module)
}
